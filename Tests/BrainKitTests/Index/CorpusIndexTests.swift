import Foundation
import Testing
@testable import BrainKit

/// The index on 10,000 real-world-shaped notes agrees with a plain scan of the files.
@Suite struct CorpusIndexTests {
    @Test(.enabled(if: MarkdownScannerCorpusTests.corpus != nil, "corpus not found beside the package (../shared/corpora)"))
    func backlinksAgreeWithAPlainScan() throws {
        let archive = try #require(MarkdownScannerCorpusTests.corpus)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("brain-corpus-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let tar = Process()
        tar.executableURL = URL(fileURLWithPath: "/usr/bin/tar")
        tar.arguments = ["xzf", archive.path, "-C", directory.path]
        try tar.run()
        tar.waitUntilExit()
        try #require(tar.terminationStatus == 0)
        let root = directory.appendingPathComponent("10000").path

        let index = VaultIndex.open(Vault(root: root))
        #expect(index.records.count == 10_000)
        #expect(index.records.reduce(0) { $0 + $1.links.count } == 189_172)

        // Plain scan: every `[[target]]`, target up to `|` or `#`, matched to file stems.
        var stems: [String: String] = [:]
        for record in index.records { stems[record.stem.lowercased()] = record.path }
        var expected: [String: Int] = [:]
        var unresolved = 0
        for record in index.records {
            let text = try String(contentsOfFile: root + "/" + record.path, encoding: .utf8)
            var rest = Substring(text)
            while let open = rest.range(of: "[[") {
                let after = rest[open.upperBound...]
                guard let close = after.range(of: "]]"), !after[..<close.lowerBound].contains("\n"),
                      !after[..<close.lowerBound].contains("]"), close.lowerBound > after.startIndex else {
                    rest = rest[rest.index(after: open.lowerBound)...]
                    continue
                }
                var target = after[..<close.lowerBound]
                if let cut = target.firstIndex(where: { $0 == "|" || $0 == "#" }) { target = target[..<cut] }
                let key = target.trimmingCharacters(in: .whitespaces).lowercased()
                if let path = stems[key] { expected[path, default: 0] += 1 } else { unresolved += 1 }
                rest = after[close.upperBound...]
            }
        }
        var mismatches: [String] = []
        for (position, record) in index.records.enumerated() {
            let count = index.backlinks(of: position).count
            if count != expected[record.path, default: 0] {
                mismatches.append("\(record.path): index \(count), scan \(expected[record.path, default: 0])")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        let missing = index.resolutions.joined().filter { $0 == .missing }.count
        #expect(missing == unresolved)

        // A second open reads nothing and answers the same.
        let again = VaultIndex.open(Vault(root: root))
        #expect(again.report.reread == 0)
        #expect(again.resolutions == index.resolutions)
    }
}
