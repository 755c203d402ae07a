import BrainKit
import Foundation
import Testing
@testable import BrainLanguageServer

/// What the server bounds (docs/EDITORS.md#limits): documents over the size limit get
/// diagnostics only, read again when the client pauses; diagnostics and references have a most.
@Suite struct LanguageServerLimitsTests {
    /// A note just over the size limit, a broken link near its start.
    static let large = "# Large\n[[nowhere]]\n" + String(repeating: "Some words about the garden and the days.\n",
                                                             count: LanguageServer.documentLimit / 42 + 10)

    @Test func aLargeDocumentGetsDiagnosticsOnly() throws {
        let client = TestClient()
        let path = "notes/large.md"
        _ = client.open(path, text: Self.large)
        let messages = client.drain().filter { $0["method"] == "window/showMessage" }.compactMap { $0["params"]["message"].string }
        #expect(messages.contains { $0.contains("notes/large.md is 8.0 MB, over brain lsp's limit of 8.0 MB: diagnostics only") }, "\(messages)")
        let diagnostics = try #require(client.diagnostics(path))
        #expect(diagnostics.first?["severity"] == 3 && diagnostics.first?["message"].string?.contains("diagnostics only") == true)
        #expect(diagnostics.contains { $0["message"].string?.hasPrefix("broken link to \"nowhere\"") == true })
        for method in ["textDocument/hover", "textDocument/definition", "textDocument/completion", "textDocument/references"] {
            #expect(client.result(method, TestClient.at(path, 1, 4)) == .null, "\(method)")
        }
        #expect(client.result("textDocument/documentSymbol", ["textDocument": ["uri": .string(TestClient.uri(path))]]) == [])
        // Its links still count for the rest of the vault.
        #expect(client.server.workspace.record(path) != nil)
    }

    @Test func typingInALargeDocumentIsReadWhenTheClientPauses() throws {
        let client = TestClient()
        let path = "notes/large.md"
        _ = client.open(path, text: Self.large)
        _ = client.drain()
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(TestClient.uri(path)), "version": 2],
                                                 "contentChanges": [["range": ["start": TestClient.position(1, 2), "end": TestClient.position(1, 9)],
                                                                     "text": "atomic-habits"]]])
        #expect(client.drain().isEmpty, "no diagnostics at each key")
        #expect(client.server.hasPendingWork)
        client.server.settle()
        let published = try #require(client.drain().last { $0["method"] == "textDocument/publishDiagnostics" })
        #expect(published["params"]["version"] == 2)
        #expect(!(published["params"]["diagnostics"].array ?? []).contains { $0["message"].string?.hasPrefix("broken link") == true })
        #expect(!client.server.hasPendingWork)
        // Shrunk under the limit, it is answered again.
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(TestClient.uri(path)), "version": 3],
                                                 "contentChanges": [["text": "# Large\n[[atomic-habits]]\n"]]])
        #expect(client.result("textDocument/hover", TestClient.at(path, 1, 4))["contents"]["value"].string?.contains("Atomic Habits") == true)
    }

    @Test func diagnosticsStopAtTheLimitAndSaySo() throws {
        let client = TestClient()
        let text = "# Broken\n" + (0..<(LanguageServer.diagnosticLimit + 5)).map { "[[nowhere-\($0)]]\n" }.joined()
        _ = client.open("notes/broken.md", text: text)
        let diagnostics = try #require(client.diagnostics("notes/broken.md"))
        #expect(diagnostics.count == LanguageServer.diagnosticLimit + 1)
        #expect(diagnostics.last?["message"] == "5 more problems in this file, not shown (brain lsp shows the first 1000); brain validate lists them all")
        #expect(diagnostics.last?["range"]["start"] == TestClient.position(LanguageServer.diagnosticLimit + 1, 0))
    }

    @Test func referencesStopAtTheLimitAndSaySo() throws {
        let client = TestClient()
        let text = "# Many\n" + String(repeating: "[[atomic-habits]]\n", count: LanguageServer.referenceLimit + 10)
        _ = client.open("notes/many.md", text: text)
        _ = client.drain()
        let references = client.result("textDocument/references", TestClient.at("notes/many.md", 1, 4))
        #expect(references.array?.count == LanguageServer.referenceLimit)
        let said = client.received.contains { $0["method"] == "window/showMessage" && $0["params"]["message"].string?.contains("the first 10000 are listed") == true }
        #expect(said)
    }

    /// Key completion in a front-matter of a long list looks for each line's key once, not once
    /// per line above it.
    @Test func keyCompletionAfterALongListIsQuick() throws {
        let client = TestClient()
        let text = "---\ntitle: Many tags\ntags:\n" + String(repeating: "  - some-tag\n", count: 200_000) + "ev\n---\n# Many\n"
        _ = client.open("habits/many.md", text: text)
        let start = Date()
        let keys = client.result("textDocument/completion", TestClient.at("habits/many.md", 200_003, 2))
        #expect((keys["items"].array ?? []).compactMap { $0["label"].string } == ["every"])
        #expect(Date().timeIntervalSince(start) < 20, "\(Date().timeIntervalSince(start)) s")
    }
}
