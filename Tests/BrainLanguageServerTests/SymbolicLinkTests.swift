import BrainKit
import Foundation
import Testing
@testable import BrainLanguageServer

/// Notes that are symbolic links, on the real file system: a note linked to a file outside the
/// vault, and a note reached through a folder linked outside it, are never read, indexed, served
/// or edited through the server, as the library refuses them (`Vault.absolute`, and the index's
/// walk, which leaves links out).
@Suite struct SymbolicLinkTests {
    /// A folder holding `vault/` and, beside it, `outside/` with a secret note.
    final class Sandbox {
        let root: String
        var vault: String { root + "/vault" }
        var outside: String { root + "/outside" }

        static let secret = "# Secret\nThe secret text. ^key\n[[a]] and [[nowhere]]\n"

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("brain-lsp-links-\(UUID().uuidString)").path
            let manager = FileManager.default
            try manager.createDirectory(atPath: root + "/vault/.brain", withIntermediateDirectories: true)
            try manager.createDirectory(atPath: root + "/vault/notes", withIntermediateDirectories: true)
            try manager.createDirectory(atPath: root + "/outside", withIntermediateDirectories: true)
            try Data("week-start: monday\n".utf8).write(to: URL(fileURLWithPath: root + "/vault/.brain/config.yml"))
            try Data("# A\n[[secret]]\n".utf8).write(to: URL(fileURLWithPath: root + "/vault/notes/a.md"))
            try Data(Sandbox.secret.utf8).write(to: URL(fileURLWithPath: root + "/outside/secret.md"))
            // A note that is a link to the file outside, and a folder that is a link to the folder outside.
            try manager.createSymbolicLink(atPath: root + "/vault/notes/secret.md", withDestinationPath: "../../outside/secret.md")
            try manager.createSymbolicLink(atPath: root + "/vault/notes/out", withDestinationPath: "../../outside")
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func outsideFile() throws -> String { try String(contentsOfFile: outside + "/secret.md", encoding: .utf8) }
    }

    static let linked = ["notes/secret.md", "notes/out/secret.md"]

    @Test(arguments: linked)
    func aNoteLinkedOutsideIsNeitherReadNorServed(path: String) throws {
        let sandbox = try Sandbox()
        let client = TestClient(folder: sandbox.vault)
        #expect(client.server.workspace.record(path) == nil, "the index leaves links out")
        // Asked about without opening it: nothing is read through the link.
        #expect(client.result("textDocument/documentSymbol", ["textDocument": ["uri": .string(client.uri(path))]]).array ?? [] == [])
        #expect(client.result("textDocument/completion", client.at(path, 1, 3)) == .null)
        #expect(client.result("textDocument/definition", client.at(path, 2, 3)) == .null)
        // A report that it changed on disk does not bring it in.
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(client.uri(path)), "type": 2]]])
        #expect(client.server.workspace.record(path) == nil)

        // Opened in the editor: no buffer, no diagnostics, no answers.
        _ = client.open(path, text: Sandbox.secret)
        #expect(client.server.workspace.documents[path] == nil)
        #expect(client.server.workspace.record(path) == nil)
        #expect(client.diagnostics(path) == nil)
        #expect(client.result("textDocument/hover", client.at(path, 2, 3)) == .null)
        #expect(client.result("textDocument/references", client.at(path, 2, 3)) == .null)
        #expect(client.result("textDocument/codeAction", ["textDocument": ["uri": .string(client.uri(path))],
                                                          "range": ["start": TestClient.position(2, 3), "end": TestClient.position(2, 3)],
                                                          "context": ["diagnostics": []]]) == [])
        #expect(client.request("textDocument/rename", client.at(path, 0, 3).merging(["newName": "Leaked"]))["error"]["code"] == .int(-32803))

        // The note inside the vault: its link to `secret` stays broken, no reference comes from
        // outside, and a rename edits nothing through the link.
        _ = client.open("notes/a.md")
        let problems = (client.diagnostics("notes/a.md") ?? []).compactMap { $0["message"].string }
        #expect(problems.contains { $0.hasPrefix("broken link to \"secret\"") }, "\(problems)")
        let references = client.result("textDocument/references", client.at("notes/a.md", 0, 2)).array ?? []
        #expect(references.isEmpty, "\(references)")
        let edit = client.result("textDocument/rename", client.at("notes/a.md", 0, 2).merging(["newName": "Renamed"]))
        let touched = (edit["documentChanges"].array ?? []).compactMap { $0["textDocument"]["uri"].string ?? $0["oldUri"].string }
        #expect(!touched.contains { $0.contains("secret") }, "\(touched)")
        client.notify("textDocument/didClose", ["textDocument": ["uri": .string(client.uri(path))]])
        #expect(client.server.workspace.record(path) == nil)
        #expect(try sandbox.outsideFile() == Sandbox.secret)
    }

    /// A note that becomes a link after the server met it as a file is refused from then on.
    @Test func aNoteReplacedByALinkIsDroppedWhenReported() throws {
        let sandbox = try Sandbox()
        let manager = FileManager.default
        try Data("# B\n[[a]]\n".utf8).write(to: URL(fileURLWithPath: sandbox.vault + "/notes/b.md"))
        let client = TestClient(folder: sandbox.vault)
        #expect(client.server.workspace.record("notes/b.md") != nil)
        try manager.removeItem(atPath: sandbox.vault + "/notes/b.md")
        try manager.createSymbolicLink(atPath: sandbox.vault + "/notes/b.md", withDestinationPath: "../../outside/secret.md")
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(client.uri("notes/b.md")), "type": 2]]])
        #expect(client.server.workspace.record("notes/b.md") == nil)
        #expect(client.result("textDocument/documentSymbol", ["textDocument": ["uri": .string(client.uri("notes/b.md"))]]).array ?? [] == [])
    }
}
