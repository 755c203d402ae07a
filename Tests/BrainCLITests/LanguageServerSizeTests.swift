import Foundation
import Testing

/// `brain lsp` keeps its memory with documents of tens of megabytes: its peak resident memory
/// (VmHWM in /proc) must stay within a small multiple of what it was given. The figures are
/// printed (docs/RELIABILITY.md has a release build's).
@Suite struct LanguageServerSizeTests {
    /// Peak resident memory of a process, in bytes (Linux only).
    static func peak(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return line.split(separator: " ").compactMap { Int($0) }.first.map { $0 * 1024 }
        }
        return nil
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
