import Foundation
import Testing

/// `brain lsp` keeps its memory with documents of tens of megabytes: a real process opens one over
/// the size limit (diagnostics only, and it says so) and one under it dense with links, and is
/// asked for references, hover, completion and symbols in them. Its peak resident memory (VmHWM
/// in /proc) must stay within a small multiple of what it was given, and every request must be
/// answered in seconds. The figures are printed (docs/RELIABILITY.md has a release build's).
@Suite struct LanguageServerSizeTests {
    /// Peak resident memory of a process, in bytes (Linux only).
    static func peak(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return line.split(separator: " ").compactMap { Int($0) }.first.map { $0 * 1024 }
        }
        return nil
    }

    /// About `size` bytes of Markdown: headings, links to a note of the sample vault, a broken link
    /// and non-ASCII text in every block of four lines.
    static func document(size: Int, title: String) -> String {
        var text = "---\ntags: [big]\n---\n# \(title)\n"
        var block = 0
        while text.utf8.count < size {
            var chunk = ""
            for _ in 0..<2_000 {
                chunk += "## Part \(block)\nSee [[atomic-habits]] and [[read]], Ünïcödé 😀 \(block).\n"
                chunk += "Plain words about the garden and the days, line \(block).\n- [ ] [[missing-\(block % 1_000)]]\n"
                block += 1
            }
            text += chunk
        }
        return text
    }

    /// One link to `atomic-habits` per line: the most references a few megabytes can hold.
    static func denseDocument(size: Int) -> String {
        "# Dense\n" + String(repeating: "[[atomic-habits]] é\n", count: size / 21)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status"), "needs /proc (Linux)"))
    func largeDocumentsKeepTheServerSmallAndQuick() throws {
        let vault = try TestVault()
        let server = try LanguageServerProcess(vault: vault.root)
        defer { if server.process.isRunning { server.process.terminate() } }
        let pid = server.process.processIdentifier
        var figures: [String] = []
        var nextID = 1
        func request(_ method: String, _ params: [String: Any], seconds: Double = 120) -> (reply: [String: Any]?, seconds: Double) {
            let id = nextID
            nextID += 1
            let start = Date()
            server.send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
            let reply = server.reply(id, seconds: seconds)
            let elapsed = Date().timeIntervalSince(start)
            figures.append(String(format: "%@ %.2f s", method, elapsed))
            return (reply, elapsed)
        }
        func at(_ uri: String, _ line: Int, _ character: Int) -> [String: Any] {
            ["textDocument": ["uri": uri], "position": ["line": line, "character": character], "context": ["includeDeclaration": false]]
        }
        func diagnostics(_ uri: String, version: Int) -> [[String: Any]]? {
            let published = server.waitFor(seconds: 120) { message in
                let params = message["params"] as? [String: Any]
                return message["method"] as? String == "textDocument/publishDiagnostics" && params?["uri"] as? String == uri
                    && params?["version"] as? Int == version
            }
            return (published?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]
        }
        let capabilities: [String: Any] = [
            "workspace": ["applyEdit": true, "workspaceEdit": ["documentChanges": true, "resourceOperations": ["create", "rename", "delete"]]],
            "textDocument": ["documentSymbol": ["hierarchicalDocumentSymbolSupport": true]],
        ]
        #expect(request("initialize", ["processId": NSNull(), "rootUri": "file://" + vault.root, "capabilities": capabilities]).reply?["result"] != nil)
        let baseline = try #require(Self.peak(pid))

        // Over the limit: diagnostics only, a few of them, and a message saying why.
        let large = Self.document(size: 24 << 20, title: "Large")
        let largeURI = "file://" + vault.root + "/notes/large.md"
        var start = Date()
        server.send(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                     "params": ["textDocument": ["uri": largeURI, "languageId": "markdown", "version": 1, "text": large]]])
        let largeDiagnostics = try #require(diagnostics(largeURI, version: 1), "no diagnostics for the large document")
        figures.append(String(format: "didOpen (%d MB) → diagnostics %.2f s", large.utf8.count >> 20, Date().timeIntervalSince(start)))
        #expect(largeDiagnostics.count <= 1_002, "\(largeDiagnostics.count) diagnostics")
        let messages = largeDiagnostics.compactMap { $0["message"] as? String }
        let broken = messages.contains { $0.hasPrefix("broken link to \"missing-") }
        let saysWhy = messages.contains { $0.contains("diagnostics only") }
        #expect(broken)
        #expect(saysWhy)
        #expect(server.waitFor(seconds: 5) { message in
            message["method"] as? String == "window/showMessage"
                && ((message["params"] as? [String: Any])?["message"] as? String)?.contains("diagnostics only") == true
        } != nil, "no message says the file is too large")
        for method in ["textDocument/references", "textDocument/hover", "textDocument/completion", "textDocument/definition"] {
            let (reply, seconds) = request(method, at(largeURI, 5, 7))
            // Only a yes or no here: a failing reply can be megabytes long.
            let answeredNothing = reply?["result"] is NSNull
            #expect(answeredNothing, "\(method) on the large document: \(String(describing: reply).prefix(200))")
            #expect(seconds < 30)
        }
        // Typing in it still gives its diagnostics.
        start = Date()
        server.send(["jsonrpc": "2.0", "method": "textDocument/didChange",
                     "params": ["textDocument": ["uri": largeURI, "version": 2],
                                "contentChanges": [["range": ["start": ["line": 3, "character": 0], "end": ["line": 3, "character": 0]],
                                                    "text": "[[nowhere]] "]]]])
        let typed = diagnostics(largeURI, version: 2)?.contains { ($0["message"] as? String)?.hasPrefix("broken link to \"nowhere\"") == true }
        #expect(typed == true)
        figures.append(String(format: "didChange → diagnostics %.2f s", Date().timeIntervalSince(start)))

        // Under the limit: every request answers, each list bounded.
        let dense = Self.denseDocument(size: 6 << 20)
        let denseURI = "file://" + vault.root + "/notes/dense.md"
        server.send(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                     "params": ["textDocument": ["uri": denseURI, "languageId": "markdown", "version": 1, "text": dense]]])
        _ = diagnostics(denseURI, version: 1)
        let references = request("textDocument/references", at(denseURI, 1, 4))
        let locations = (references.reply?["result"] as? [[String: Any]] ?? []).count
        #expect(locations == 10_000, "references are listed up to 10,000")
        #expect(server.waitFor(seconds: 5) { message in
            ((message["params"] as? [String: Any])?["message"] as? String)?.contains("the first 10000") == true
        } != nil, "no message says the list was cut")
        #expect(references.seconds < 60)
        let hover = request("textDocument/hover", at(denseURI, 1, 4))
        let hovered = ((hover.reply?["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] is String
        #expect(hovered)
        // From the note itself, closed: its backlinks in both documents.
        let backlinks = request("textDocument/references", at("file://" + vault.root + "/notes/atomic-habits.md", 0, 0))
        let backlinkCount = (backlinks.reply?["result"] as? [Any])?.count
        #expect(backlinkCount == 10_000)
        let symbols = request("textDocument/documentSymbol", ["textDocument": ["uri": denseURI]]).reply?["result"] is [Any]
        #expect(symbols)

        let peak = try #require(Self.peak(pid))
        let given = large.utf8.count + dense.utf8.count
        #expect(request("shutdown", [:]).reply?["result"] is NSNull)
        server.send(["jsonrpc": "2.0", "method": "exit"])
        #expect(server.waitForExit() == 0)
        print(String(format: "brain lsp, %d MB + %d MB documents: peak %d MB (%d MB after initialize, %.1f× the documents' size above it); %@",
                     large.utf8.count >> 20, dense.utf8.count >> 20, peak >> 20, baseline >> 20,
                     Double(peak - baseline) / Double(given), figures.joined(separator: ", ")))
        #expect(peak - baseline < 12 * given, "peak \(peak >> 20) MB, \(baseline >> 20) MB after initialize, for \(given >> 20) MB of documents")
    }

    /// A document of empty lines: no table of every line's start (8 bytes a line) is kept.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status"), "needs /proc (Linux)"))
    func emptyLinesTakeNoTableOfTheirOwn() throws {
        let vault = try TestVault()
        let server = try LanguageServerProcess(vault: vault.root)
        defer { if server.process.isRunning { server.process.terminate() } }
        server.send(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [String: Any]()]])
        #expect(server.reply(1) != nil)
        let baseline = try #require(Self.peak(server.process.processIdentifier))
        let text = "# Empty\n" + String(repeating: "\n", count: 16 << 20) + "[[nowhere]]\n"
        let uri = "file://" + vault.root + "/notes/empty.md"
        let start = Date()
        server.send(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                     "params": ["textDocument": ["uri": uri, "languageId": "markdown", "version": 1, "text": text]]])
        let published = server.waitFor(seconds: 120) { ($0["params"] as? [String: Any])?["uri"] as? String == uri }
        let diagnostics = (published?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
        let broken = diagnostics.first { ($0["message"] as? String)?.hasPrefix("broken link to \"nowhere\"") == true }
        #expect(((broken?["range"] as? [String: Any])?["start"] as? [String: Int])?["line"] == (16 << 20) + 1)
        let seconds = Date().timeIntervalSince(start)
        let peak = try #require(Self.peak(server.process.processIdentifier))
        server.send(["jsonrpc": "2.0", "method": "exit"])
        _ = server.waitForExit()
        print(String(format: "brain lsp, %d MB of empty lines: peak %d MB (%d MB after initialize, %.1f× the document above it), diagnostics in %.2f s",
                     text.utf8.count >> 20, peak >> 20, baseline >> 20, Double(peak - baseline) / Double(text.utf8.count), seconds))
        #expect(peak - baseline < 5 * text.utf8.count, "peak \(peak >> 20) MB, \(baseline >> 20) MB after initialize")
    }
}
