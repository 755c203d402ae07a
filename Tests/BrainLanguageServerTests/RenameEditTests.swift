import BrainKit
import Foundation
import Testing
@testable import BrainLanguageServer

/// A rename's `WorkspaceEdit` as LSP 3.17 words it: `documentChanges` whose `TextDocumentEdit`s
/// name their file by an `OptionalVersionedTextDocumentIdentifier` — the version the client gave
/// for a file it has open, `null` (the key written) for one it has not — for a client that takes
/// them; plain `changes` for one that does not, when no file has to be renamed or created.
@Suite struct RenameEditTests {
    static let daily = "daily/2026-11-22.md"

    /// Types `text` at the end of an open file, as version `version`.
    static func type(_ text: String, into document: TextDocument, version: Int, _ client: TestClient) {
        let last = document.lineCount - 1
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(document.uri), "version": .int(version)],
                                                 "contentChanges": [["range": ["start": TestClient.position(last, 0), "end": TestClient.position(last, 0)],
                                                                     "text": .string(text)]]])
    }

    @Test func openFilesCarryTheirVersionsAndClosedOnesNull() throws {
        let client = TestClient()
        let daily = client.open(Self.daily)
        Self.type("Typed, not saved.\n", into: daily, version: 7, client)
        let walk = client.open("habits/walk.md")
        Self.type("An unsaved line.\n", into: walk, version: 4, client)
        let line = try #require((0..<daily.lineCount).first { daily.line($0).hasPrefix("- [ ] [[walk]]") })
        let edit = client.result("textDocument/rename", TestClient.at(Self.daily, line, 9).merging(["newName": "Walk more"]))
        let changes = try #require(edit["documentChanges"].array)
        #expect(edit["changes"] == .null)
        let textEdits = changes.filter { $0["kind"].isNull }
        #expect(textEdits.count > 10)
        for change in textEdits {
            let identifier = try #require(change["textDocument"].object)
            let uri = try #require(identifier["uri"]?.string)
            switch uri {
            case daily.uri: #expect(identifier["version"] == 7)
            case walk.uri: #expect(identifier["version"] == 4, "the renamed file's edits come before its rename, under its old name")
            default: #expect(identifier["version"] == .some(.null), "\(uri): a file the client has not opened is null")
            }
        }
        // The renamed file's edit keeps its unsaved line, and comes before the rename.
        let walkEdit = try #require(changes.firstIndex { $0["textDocument"]["uri"] == .string(walk.uri) })
        let rename = try #require(changes.firstIndex { $0["kind"] == "rename" })
        #expect(walkEdit < rename)
        let current = TextDocument(uri: walk.uri, version: 4, bytes: try #require(client.server.workspace.documents["habits/walk.md"]).bytes)
        #expect(apply(changes[walkEdit]["edits"].array ?? [], to: current).contains("An unsaved line."))
        // Written out, a closed file's version is `null`, never left out.
        let text = String(decoding: edit.encoded(), as: UTF8.self)
        #expect(text.contains(#""textDocument":{"uri":"file:///vault/areas/health.md","version":null}"#))
    }

    /// `brain rename` always gives the note the file name of its new title, so a rename needs a
    /// file operation: a client that cannot take one is told so, while the edits of code actions
    /// reach it as plain `changes`, or as versioned ones without file operations.
    @Test(arguments: [false, true])
    func clientsWithoutFileOperations(documentChanges: Bool) throws {
        let client = TestClient(capabilities: ["workspace": ["applyEdit": true, "workspaceEdit": ["documentChanges": .bool(documentChanges)]]])
        let daily = client.open(Self.daily)
        Self.type("Typed, not saved.\n", into: daily, version: 5, client)
        let line = try #require((0..<daily.lineCount).first { daily.line($0) == "- [ ] [[read]]" })
        let reply = client.request("textDocument/rename", TestClient.at(Self.daily, line, 9).merging(["newName": "Read more"]))
        #expect(reply["error"]["code"] == .int(-32803))
        #expect(reply["error"]["message"].string?.hasPrefix("the editor cannot rename habits/read.md to habits/read-more.md through an edit") == true)
        _ = client.request("workspace/executeCommand", ["command": "brain.skip", "arguments": [["habit": "read"]]])
        let edit = try #require(client.received.last { $0["method"] == "workspace/applyEdit" })["params"]["edit"]
        let current = TextDocument(uri: daily.uri, version: 5, bytes: try #require(client.server.workspace.documents[Self.daily]).bytes)
        if documentChanges {
            #expect(edit["changes"] == .null)
            let changes = try #require(edit["documentChanges"].array)
            #expect(changes.count == 1 && changes[0]["textDocument"] == ["uri": .string(daily.uri), "version": 5])
            #expect(apply(changes[0]["edits"].array ?? [], to: current).contains("- [-] [[read]]\n"))
        } else {
            #expect(edit["documentChanges"] == .null)
            let edits = try #require(edit["changes"][daily.uri].array)
            #expect(apply(edits, to: current).contains("- [-] [[read]]\n"))
        }
    }
}
