import BrainKit
import Foundation
import Testing
@testable import BrainLanguageServer
import BrainJSONRPC

/// The protocol's life cycle and its errors, in-process.
@Suite struct LanguageServerLifecycleTests {
    @Test func requestsBeforeInitializeAreRefusedAndNotificationsDropped() {
        let client = TestClient(initialize: false)
        client.notify("textDocument/didOpen", ["textDocument": ["uri": "file:///vault/notes/zk.md", "version": 1, "text": "x"]])
        #expect(client.drain().isEmpty)
        let reply = client.request("textDocument/hover", TestClient.at("notes/zk.md", 0, 0))
        #expect(reply["error"]["code"] == .int(-32002))
        let initialized = client.request("initialize", ["capabilities": [:]])
        #expect(initialized["result"]["serverInfo"]["name"] == "brain")
        #expect(client.request("initialize", ["capabilities": [:]])["error"]["code"] == .int(-32600))
    }

    @Test func unknownMethodsAndBadMessages() {
        let client = TestClient()
        #expect(client.request("textDocument/semanticTokens/full", [:])["error"]["code"] == .int(-32601))
        client.notify("$/somethingNew", [:])
        client.notify("workspace/didChangeConfiguration", ["settings": [:]])
        #expect(client.drain().isEmpty, "unknown notifications are ignored")
        client.server.receive(Array("{\"jsonrpc\":".utf8))
        #expect(client.drain().last?["error"]["code"] == .int(-32700))
        client.server.handle([1, 2])
        #expect(client.drain().last?["error"]["code"] == .int(-32600))
        client.server.handle(["jsonrpc": "2.0", "id": ["no": "object ids"], "method": "shutdown"])
        #expect(client.drain().last?["error"]["code"] == .int(-32600))
        client.server.handle(["jsonrpc": "2.0", "id": 99])
        #expect(client.drain().last?["error"]["code"] == .int(-32600))
        // Parameters of the wrong shape are an error reply, never a crash.
        #expect(client.request("textDocument/hover", ["textDocument": 3])["error"]["code"] == .int(-32602))
        #expect(client.request("textDocument/completion", ["textDocument": ["uri": "file:///vault/notes/zk.md"], "position": "top"])["error"]["code"] == .int(-32602))
        #expect(client.request("workspace/executeCommand", ["command": "brain.nothing"])["error"]["code"] == .int(-32602))
        // A change whose range cannot be read changes nothing (no range at all would replace the text).
        let document = client.open("notes/zk.md", text: "# zk\nbody\n")
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(document.uri), "version": 2],
                                                 "contentChanges": [["range": "everything", "text": "gone"]]])
        #expect(client.server.workspace.documents["notes/zk.md"]?.text == "# zk\nbody\n")
        // JSON nested beyond reason is refused, not followed down the stack.
        client.server.receive(Array(String(repeating: "[", count: 100_000).utf8) + Array(String(repeating: "]", count: 100_000).utf8))
        #expect(client.drain().last?["error"]["code"] == .int(-32700))
        // A document outside the vault has nothing to offer.
        #expect(client.result("textDocument/hover", TestClient.at("../etc/passwd", 0, 0)) == .null)
        #expect(client.result("textDocument/definition", ["textDocument": ["uri": "untitled:1"], "position": TestClient.position(0, 0)]) == .null)
    }

    @Test func shutdownThenExitIsZeroAndExitAloneIsOne() {
        let client = TestClient()
        #expect(client.result("shutdown", .null) == .null)
        #expect(client.request("textDocument/hover", TestClient.at("notes/zk.md", 0, 0))["error"]["code"] == .int(-32600))
        client.notify("exit", .null)
        #expect(client.server.exitCode == 0)
        let other = TestClient()
        other.notify("exit", .null)
        #expect(other.server.exitCode == 1)
    }

    @Test func encodingIsNegotiated() {
        let utf8 = TestClient(capabilities: TestClient.capabilities(encodings: ["utf-16", "utf-8"]), initialize: false)
        #expect(utf8.request("initialize", ["capabilities": TestClient.capabilities(encodings: ["utf-16", "utf-8"])])["result"]["capabilities"]["positionEncoding"] == "utf-8")
        let utf16 = TestClient(initialize: false)
        #expect(utf16.request("initialize", ["capabilities": TestClient.capabilities(encodings: ["utf-32", "utf-16"])])["result"]["capabilities"]["positionEncoding"] == "utf-16")
        let clangd = TestClient(initialize: false)
        let reply = clangd.request("initialize", ["capabilities": ["offsetEncoding": ["utf-8", "utf-16"]]])
        #expect(reply["result"]["offsetEncoding"] == "utf-8")
    }

    @Test func noVaultIsAnErrorReply() {
        let options = LanguageServer.Options(vault: nil, currentDirectory: "/nowhere", fileSystem: MemoryFileSystem(),
                                             today: { _ in Day("2026-11-22")! }, version: "test")
        var sent: [JSON] = []
        let server = LanguageServer(options: options) { sent.append($0) }
        server.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["rootUri": "file:///nowhere", "capabilities": [:]]])
        #expect(sent.last?["error"]["message"].string?.hasPrefix("no vault found from /nowhere") == true)
    }

    @Test func theServerDescribesWhatItHandles() {
        let client = TestClient()
        for method in LanguageServer.requests where method != "initialize" && method != "shutdown" {
            let reply = client.request(method, TestClient.at("notes/zk.md", 0, 0))
            #expect(reply["error"]["code"] != .int(-32601), "\(method) is listed but not handled")
        }
    }
}

/// Diagnostics as the file is typed, from the index in memory.
@Suite struct LanguageServerDiagnosticsTests {
    @Test func changesArePublishedWithoutReadingAFile() throws {
        let client = TestClient()
        let document = client.open("daily/2026-11-22.md")
        #expect(client.diagnostics("daily/2026-11-22.md") == [])
        client.counting.reset()
        // Type a broken link and a habit line naming no habit, at the end (line 24 is the last).
        let last = document.lineCount - 1
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": .string(document.uri), "version": 2],
            "contentChanges": [["range": ["start": TestClient.position(last, 0), "end": TestClient.position(last, 0)],
                                "text": "Café 😀 [[nowhere]]\n- [ ] [[raed]]\n"]],
        ])
        #expect(client.counting.operations == 0, "didChange read the vault")
        _ = client.drain()
        let published = try #require(client.received.last { $0["method"] == "textDocument/publishDiagnostics" })
        #expect(published["params"]["version"] == 2)
        let diagnostics = try #require(client.diagnostics("daily/2026-11-22.md"))
        #expect(diagnostics.count == 2)
        let broken = try #require(diagnostics.first { $0["message"].string?.hasPrefix("broken link to \"nowhere\"") == true })
        // After "Café 😀 ": 8 UTF-16 units; the range covers `[[nowhere]]`.
        #expect(broken["range"]["start"] == TestClient.position(last, 8))
        #expect(broken["range"]["end"] == TestClient.position(last, 19))
        #expect(broken["severity"] == 1 && broken["source"] == "brain")
        let habit = try #require(diagnostics.first { $0["message"].string?.hasPrefix("habit line names no habit: \"raed\"") == true })
        #expect(habit["range"]["start"] == TestClient.position(last + 1, 0))
        // Fixing it clears it.
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": .string(document.uri), "version": 3],
            "contentChanges": [["range": ["start": TestClient.position(last + 1, 8), "end": TestClient.position(last + 1, 12)], "text": "journal"]],
        ])
        #expect(client.diagnostics("daily/2026-11-22.md")?.count == 1)
        #expect(client.counting.operations == 0)
    }

    @Test func utf8PositionsWhenNegotiated() throws {
        let client = TestClient(capabilities: TestClient.capabilities(encodings: ["utf-8"]))
        _ = client.open("notes/zk.md", text: "# zk\nCafé 😀 [[nowhere]]\n")
        let broken = try #require(client.diagnostics("notes/zk.md")?.first)
        #expect(broken["range"]["start"] == TestClient.position(1, 11))
        #expect(broken["range"]["end"] == TestClient.position(1, 22))
    }

    @Test func everythingValidateReportsForTheFile() throws {
        let text = "---\nevery: fortnightly\nevry: day\n---\n# Swim\n[[nowhere]]\n"
        let client = TestClient()
        _ = client.open("habits/swim.md", text: text)
        let messages = try #require(client.diagnostics("habits/swim.md")).compactMap { $0["message"].string }
        let index = client.server.workspace.index
        let expected = index.diagnostics().filter { $0.path == "habits/swim.md" }.map(\.message)
        #expect(Set(messages) == Set(expected))
        #expect(messages.count == 3)
        #expect(messages.contains { $0.hasPrefix("unknown key \"evry\" for a habit; did you mean \"every\"?") })
    }

    @Test func aTitleChangeReachesOtherOpenFilesOnceSettled() throws {
        let client = TestClient()
        _ = client.open("notes/zk.md", text: "# zk\n[[Brand New Title]]\n")
        #expect(client.diagnostics("notes/zk.md")?.count == 1)
        client.counting.reset()
        _ = client.open("notes/tiny-habits.md", text: "# Brand New Title\n")
        #expect(client.counting.operations == 0)
        #expect(client.server.hasPendingWork)
        client.server.settle()
        #expect(client.diagnostics("notes/zk.md") == [])
        #expect(!client.server.hasPendingWork)
    }

    @Test func filesChangedOnDiskAndSavesAreFollowed() throws {
        let client = TestClient()
        _ = client.open("notes/zk.md", text: "# Buffer title\n[[made-elsewhere]]\n")
        #expect(client.diagnostics("notes/zk.md")?.count == 1)
        try client.fileSystem.writeAtomically(Array("# Made elsewhere\n".utf8), to: "/vault/notes/made-elsewhere.md")
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": "file:///vault/notes/made-elsewhere.md", "type": 1]]])
        #expect(client.diagnostics("notes/zk.md") == [])
        try client.fileSystem.remove("/vault/notes/made-elsewhere.md")
        // No watcher report this time: the save re-checks the vault.
        client.notify("textDocument/didSave", ["textDocument": ["uri": "file:///vault/notes/zk.md"]])
        #expect(client.diagnostics("notes/zk.md")?.count == 1)
        client.notify("textDocument/didClose", ["textDocument": ["uri": "file:///vault/notes/zk.md"]])
        #expect(client.diagnostics("notes/zk.md") == [])
        #expect(client.server.workspace.documents.isEmpty)
        // Closed without saving: the file on disk counts again.
        #expect(client.server.workspace.index.record(atPath: "notes/zk.md")?.title == "zk, a plain-text note-taking assistant")
    }

    @Test func settingsFileIsChecked() throws {
        let client = TestClient()
        _ = client.open(".brain/config.yml", text: "theme: plaid\nweek-start: monday\n")
        let diagnostics = try #require(client.diagnostics(".brain/config.yml"))
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["message"].string?.hasPrefix("theme must be one of ember, ocean, forest, aurora, sand") == true)
    }
}
