import BrainTestSupport
import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// The index on 10,000 real-world-shaped notes agrees with a plain scan of the files.
@Suite struct CorpusIndexTests {
    @Test(.enabled(if: MarkdownScannerCorpusTests.corpus != nil, "corpus not found beside the package (../shared/corpora)"))
    func backlinksAgreeWithAPlainScan() throws {
        let unpacked = try Corpus.unpack("corpus-index")
        defer { unpacked.remove() }
        let root = unpacked.notes.path

        let index = VaultIndex.open(Vault(root: root))
        #expect(index.records.count == 10_000)
        #expect(index.records.reduce(0) { $0 + $1.links.count } == 189_172)

        // Plain scan: every `[[target]]`, target up to `|` or `#`, matched to file stems.
        var stems: [String: String] = [:]
        for record in index.records { stems[record.stem.lowercased()] = record.path }
        var expected: [String: Int] = [:]
        var unresolved = 0
        for record in index.records {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: root + "/" + record.path)))
            var i = 0
            while i + 1 < bytes.count {
                guard bytes[i] == 0x5B, bytes[i + 1] == 0x5B else { i += 1; continue }
                var j = i + 2
                while j < bytes.count && bytes[j] != 0x5D && bytes[j] != 0x0A { j += 1 }
                guard j > i + 2, j + 1 < bytes.count, bytes[j] == 0x5D, bytes[j + 1] == 0x5D else { i += 1; continue }
                var end = i + 2
                while end < j && bytes[end] != 0x7C && bytes[end] != 0x23 { end += 1 }
                let key = String(decoding: bytes[(i + 2)..<end], as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased()
                if let path = stems[key] { expected[path, default: 0] += 1 } else { unresolved += 1 }
                i = j + 2
            }
        }
        // Backlink counts from the index in one pass, and the query itself on a sample.
        var counted = [Int](repeating: 0, count: index.records.count)
        for links in index.resolutions {
            for resolution in links { if let target = resolution.note { counted[target] += 1 } }
        }
        for position in stride(from: 0, to: index.records.count, by: 500) {
            #expect(index.backlinks(of: position).count == counted[position])
        }
        var mismatches: [String] = []
        for (position, record) in index.records.enumerated() {
            let count = counted[position]
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
