import BrainKit
import BrainTestSupport
import Foundation
import Testing
@testable import BrainLanguageServer
import BrainJSONRPC

/// Typing in a note of the 10,000-note corpus: each change publishes the note's diagnostics
/// without a single file-system call. The time each took is printed, never asserted (this
/// machine is shared); `bench/lsp.sh` measures a release build, docs/PERFORMANCE.md has the figures.
@Suite struct CorpusLanguageServerTests {
    static var corpus: URL? { Corpus.archive }

    @Test(.enabled(if: corpus != nil, "corpus not found beside the package (../shared/corpora)"))
    func typingReadsNoFile() throws {
        let unpacked = try Corpus.unpack("lsp-corpus")
        defer { unpacked.remove() }
        let root = unpacked.notes.path
        try FileManager.default.createDirectory(atPath: root + "/.brain", withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: root + "/.brain/config.yml"))

        let counting = CountingFileSystem(POSIXFileSystem())
        var sent: [JSON] = []
        let server = LanguageServer(options: LanguageServer.Options(vault: root, currentDirectory: root, fileSystem: counting,
                                                                    today: { _ in Day("2026-11-22")! }, version: "test")) { sent.append($0) }
        server.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]])
        #expect(server.workspace.index.records.count == 10_000)
        // The note with the most links.
        let index = server.workspace.index
        let note = try #require(index.records.indices.max { index.records[$0].links.count < index.records[$1].links.count })
        let path = index.records[note].path
        let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
        let uri = FileURI.uri(root + "/" + path)
        server.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                       "params": ["textDocument": ["uri": .string(uri), "languageId": "markdown", "version": 1, "text": .string(text)]]])
        let document = TextDocument(uri: uri, version: 1, bytes: Array(text.utf8))
        let last = document.lineCount - 1
        var column = document.lineEnd(last, .utf16).character
        counting.reset()
        sent.removeAll()
        var times: [Double] = []
        let typed = Array(" [[garden]] and [[nowhere at all]] x")
        for (step, character) in typed.enumerated() {
            let start = Date()
            server.handle(["jsonrpc": "2.0", "method": "textDocument/didChange",
                           "params": ["textDocument": ["uri": .string(uri), "version": .int(step + 2)],
                                      "contentChanges": [["range": ["start": ["line": .int(last), "character": .int(column)],
                                                                    "end": ["line": .int(last), "character": .int(column)]],
                                                          "text": .string(String(character))]]]])
            times.append(Date().timeIntervalSince(start) * 1000)
            column += String(character).utf16.count
            #expect(sent.last?["params"]["version"] == .int(step + 2), "no diagnostics for change \(step + 2)")
        }
        #expect(counting.operations == 0, "typing read the vault \(counting.operations) times")
        let diagnostics = sent.last?["params"]["diagnostics"].array ?? []
        #expect(diagnostics.contains { $0["message"].string == "broken link to \"nowhere at all\": no such note" })
        times.sort()
        print(String(format: "brain lsp on the 10k corpus, %@ (%d links): didChange → publishDiagnostics median %.1f ms, max %.1f ms in this build",
                     path, index.records[note].links.count, times[times.count / 2], times.last!))
    }
}
