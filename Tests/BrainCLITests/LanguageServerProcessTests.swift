import Foundation
import Testing

/// `brain lsp` as editors run it: a process on pipes. Bad input gets an error reply or a clean
/// exit, never a crash or a hang; a whole session on a copy of the sample vault answers each request.
@Suite struct LanguageServerProcessTests {
    static var initialize: [String: Any] { ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [String: Any]()]] }
    static var shutdown: [String: Any] { ["jsonrpc": "2.0", "id": 99, "method": "shutdown"] }
    static var exit: [String: Any] { ["jsonrpc": "2.0", "method": "exit"] }

    static func code(_ message: [String: Any]?) -> Int? {
        (message?["error"] as? [String: Any])?["code"] as? Int
    }

    @Test func malformedJSONGetsAParseErrorAndTheServerGoesOn() throws {
        let vault = try TestVault()
        let server = try LanguageServerProcess(vault: vault.root)
        server.send(Self.initialize)
        server.write(Array("Content-Length: 5\r\n\r\n{bad}".utf8))
        server.send(Self.shutdown)
        server.send(Self.exit)
        #expect(server.waitForExit() == 0)
        let parseError = server.messages.first { Self.code($0) == -32700 }
        #expect(parseError != nil && parseError?["id"] is NSNull)
        #expect(server.messages.contains { ($0["id"] as? Int) == 99 && $0["result"] is NSNull })
    }

    @Test func requestsBeforeInitializeAndUnknownMethods() throws {
        let vault = try TestVault()
        let server = try LanguageServerProcess(vault: vault.root)
        server.send(["jsonrpc": "2.0", "id": 5, "method": "textDocument/hover", "params": [String: Any]()])
        server.send(Self.initialize)
        server.send(["jsonrpc": "2.0", "method": "$/unknownNotification", "params": [String: Any]()])
        server.send(["jsonrpc": "2.0", "id": 6, "method": "textDocument/unknownRequest", "params": [String: Any]()])
        server.send(Self.exit)
        // Exit without shutdown: status 1.
        #expect(server.waitForExit() == 1)
        #expect(Self.code(server.messages.first { ($0["id"] as? Int) == 5 }) == -32002)
        #expect(Self.code(server.messages.first { ($0["id"] as? Int) == 6 }) == -32601)
        #expect(server.messages.count == 3, "one reply each for 5, 1 and 6; none for the notification")
    }

    @Test(arguments: [
        ("Content-Length: abc\r\n\r\n{}", true),
        ("Content-Length: 1000\r\n\r\n{\"jsonrpc\":\"2.0\"}", false),
        ("Content-Length: 3\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"shutdown\"}", true),
        ("Content-Length: 2", false),
        ("no header at all\r\n\r\n", true),
    ])
    func wrongFramingEndsCleanly(input: String, errorReply: Bool) throws {
        let vault = try TestVault()
        let server = try LanguageServerProcess(vault: vault.root)
        server.send(Self.initialize)
        server.write(Array(input.utf8))
        server.closeInput()
        #expect(server.waitForExit() == 1)
        #expect(server.messages.contains { Self.code($0) == -32700 } == errorReply)
        #expect(!server.stderr.isEmpty, "the server says why it stopped")
    }

    @Test func endOfInputIsAnExit() throws {
        let vault = try TestVault()
        let gone = try LanguageServerProcess(vault: vault.root)
        gone.send(Self.initialize)
        gone.closeInput()
        #expect(gone.waitForExit() == 1)
        let shutDown = try LanguageServerProcess(vault: vault.root)
        shutDown.send(Self.initialize)
        shutDown.send(Self.shutdown)
        shutDown.closeInput()
        #expect(shutDown.waitForExit() == 0)
        let empty = try LanguageServerProcess(vault: vault.root)
        empty.closeInput()
        #expect(empty.waitForExit() == 1)
    }

    @Test func aClientThatStopsReadingEndsTheServer() throws {
        let vault = try TestVault()
        let server = try LanguageServerProcess(vault: vault.root)
        server.send(Self.initialize)
        #expect(server.reply(1) != nil)
        server.closeOutput()
        for id in 10..<20 { server.send(["jsonrpc": "2.0", "id": id, "method": "workspace/symbol", "params": ["query": ""]]) }
        server.closeInput()
        // Status 1 from an orderly exit, not a SIGPIPE.
        #expect(server.waitForExit() == 1)
    }

    // MARK: A whole session

    @Test func aSessionOnTheSampleVault() throws {
        let vault = try TestVault()
        let server = try LanguageServerProcess(vault: vault.root)
        defer { if server.process.isRunning { server.process.terminate() } }
        let capabilities: [String: Any] = [
            "workspace": ["applyEdit": true, "workspaceEdit": ["documentChanges": true, "resourceOperations": ["create", "rename", "delete"]]],
            "textDocument": ["documentSymbol": ["hierarchicalDocumentSymbolSupport": true]],
            "general": ["positionEncodings": ["utf-16"]],
        ]
        server.send(["jsonrpc": "2.0", "id": 1, "method": "initialize",
                     "params": ["processId": NSNull(), "rootUri": "file://" + vault.root, "capabilities": capabilities]])
        let initialized = try #require(server.reply(1)?["result"] as? [String: Any])
        #expect((initialized["capabilities"] as? [String: Any])?["positionEncoding"] as? String == "utf-16")
        server.send(["jsonrpc": "2.0", "method": "initialized", "params": [String: Any]()])

        let uri = "file://" + vault.root + "/daily/2026-11-22.md"
        let text = try vault.read("daily/2026-11-22.md")
        let lines = text.components(separatedBy: "\n")
        let readLine = try #require(lines.firstIndex(of: "- [ ] [[read]]"))
        let walkLine = try #require(lines.firstIndex { $0.hasPrefix("- [ ] [[walk]]") })
        let end = lines.count - 1
        server.send(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                     "params": ["textDocument": ["uri": uri, "languageId": "markdown", "version": 1, "text": text]]])
        server.send(["jsonrpc": "2.0", "method": "textDocument/didChange",
                     "params": ["textDocument": ["uri": uri, "version": 2],
                                "contentChanges": [["range": ["start": ["line": end, "character": 0], "end": ["line": end, "character": 0]],
                                                    "text": "Ünïcödé 😀 [[nowhere]]\n- [ ] [[re"]]]])
        let published = try #require(server.waitFor { message in
            let params = message["params"] as? [String: Any]
            return message["method"] as? String == "textDocument/publishDiagnostics" && params?["version"] as? Int == 2
        })
        let diagnostics = try #require((published["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]])
        let broken = try #require(diagnostics.first { ($0["message"] as? String)?.hasPrefix("broken link to \"nowhere\"") == true })
        let start = (broken["range"] as? [String: Any])?["start"] as? [String: Int]
        #expect(start == ["line": end, "character": 11], "after \"Ünïcödé 😀 \": 11 UTF-16 units")

        func request(_ id: Int, _ method: String, _ params: [String: Any]) -> [String: Any]? {
            server.send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
            return server.reply(id)
        }
        func at(_ line: Int, _ character: Int) -> [String: Any] {
            ["textDocument": ["uri": uri], "position": ["line": line, "character": character]]
        }

        let completion = try #require(request(2, "textDocument/completion", at(end + 1, 10))?["result"] as? [String: Any])
        let labels = (completion["items"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
        #expect(labels.first == "read" && labels.contains("review-budget"))

        let definition = try #require(request(3, "textDocument/definition", at(readLine, 9))?["result"] as? [[String: Any]])
        #expect(definition.first?["uri"] as? String == "file://" + vault.root + "/habits/read.md")

        var referencesParams = at(readLine, 9)
        referencesParams["context"] = ["includeDeclaration": false]
        let references = try #require(request(4, "textDocument/references", referencesParams)?["result"] as? [[String: Any]])
        #expect(references.count > 60 && references.contains { $0["uri"] as? String == "file://" + vault.root + "/daily/2026-11-21.md" })

        let hover = try #require(request(5, "textDocument/hover", at(readLine, 9))?["result"] as? [String: Any])
        let hoverText = (hover["contents"] as? [String: Any])?["value"] as? String ?? ""
        #expect(hoverText.contains("streak 20 days since 2026-11-02") && hoverText.contains("strength 89 %"))

        var renameParams = at(walkLine, 9)
        renameParams["newName"] = "Walk more"
        let rename = try #require(request(6, "textDocument/rename", renameParams)?["result"] as? [String: Any])
        let operations = rename["documentChanges"] as? [[String: Any]] ?? []
        #expect(operations.contains { $0["kind"] as? String == "rename" && ($0["newUri"] as? String)?.hasSuffix("/habits/walk-more.md") == true })
        #expect(operations.count > 10, "every file linking to walk is edited")
        #expect(vault.exists("habits/walk.md"), "the edit is the editor's to apply")

        let actions = try #require(request(7, "textDocument/codeAction",
                                           ["textDocument": ["uri": uri], "range": ["start": ["line": readLine, "character": 3], "end": ["line": readLine, "character": 3]],
                                            "context": ["diagnostics": [Any]()]])?["result"] as? [[String: Any]])
        let done = try #require(actions.first { $0["title"] as? String == "Mark Read 20 pages done today" })
        let command = try #require(done["command"] as? [String: Any])
        server.send(["jsonrpc": "2.0", "id": 8, "method": "workspace/executeCommand",
                     "params": ["command": command["command"]!, "arguments": command["arguments"]!]])
        let applyEdit = try #require(server.waitFor { $0["method"] as? String == "workspace/applyEdit" })
        let edit = (applyEdit["params"] as? [String: Any])?["edit"] as? [String: Any]
        let edits = ((edit?["documentChanges"] as? [[String: Any]])?.first?["edits"] as? [[String: Any]]) ?? []
        #expect(edits.first?["newText"] as? String == "- [x] [[read]]\n")
        server.send(["jsonrpc": "2.0", "id": applyEdit["id"]!, "result": ["applied": true]])
        let executed = try #require(server.reply(8)?["result"] as? [String: Any])
        #expect(executed["action"] as? String == "done")

        #expect(request(9, "shutdown", [:])?["result"] is NSNull)
        server.send(Self.exit)
        #expect(server.waitForExit() == 0)
        #expect(try vault.read("daily/2026-11-22.md") == text, "nothing was written behind the editor")
    }
}
