import BrainTestSupport
import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Runs the scanner over 10,000 real-world-shaped notes (shared/corpora, not part of the package).
@Suite struct MarkdownScannerCorpusTests {
    static var corpusName: String { Corpus.name }
    static var corpus: URL? { Corpus.archive }

    /// `rg -o '\[\[[^\]]+\]\]'` on one line: leftmost, non-overlapping, no `]` inside.
    static func referenceCount(_ bytes: [UInt8]) -> Int {
        var count = 0
        var i = 0
        let n = bytes.count
        while i + 1 < n {
            guard bytes[i] == 0x5B, bytes[i + 1] == 0x5B else {
                i += 1
                continue
            }
            var j = i + 2
            while j < n && bytes[j] != 0x5D && bytes[j] != 0x0A { j += 1 }
            if j > i + 2, j + 1 < n, bytes[j] == 0x5D, bytes[j + 1] == 0x5D {
                count += 1
                i = j + 2
            } else {
                i += 1
            }
        }
        return count
    }

    @Test(.enabled(if: corpus != nil, "corpus \(corpusName) not found beside the package (../shared/corpora)"))
    func findsEveryWikilinkOfTheCorpus() throws {
        let unpacked = try Corpus.unpack("markdown-corpus")
        defer { unpacked.remove() }
        let notes = unpacked.notes
        let paths = try FileManager.default.contentsOfDirectory(atPath: notes.path)
            .filter { $0.hasSuffix(".md") }
            .sorted()
            .map { notes.appendingPathComponent($0).path }
        #expect(paths.count == 10_000)

        var wikilinks = 0
        var links = 0
        var tags = 0
        var tasks = 0
        var headings = 0
        var bytesRead = 0
        var buffers: [Data] = []
        buffers.reserveCapacity(paths.count)
        // One reused buffer and plain POSIX reads, so the figure is about I/O and scanning,
        // not about allocating 10,000 `Data` values.
        var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            for path in paths {
                let fd = open(path, O_RDONLY)
                try #require(fd >= 0)
                defer { close(fd) }
                var length = 0
                while true {
                    if length == buffer.count {
                        let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count * 2, alignment: 16)
                        bigger.copyMemory(from: UnsafeRawBufferPointer(buffer))
                        buffer.deallocate()
                        buffer = bigger
                    }
                    let got = read(fd, buffer.baseAddress! + length, buffer.count - length)
                    try #require(got >= 0)
                    if got == 0 { break }
                    length += got
                }
                let bytes = UnsafeBufferPointer(start: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: length)
                let scan = MarkdownScanner.scan(bytes)
                bytesRead += length
                wikilinks += scan.links.count { $0.kind == .wikilink || $0.kind == .embed }
                links += scan.links.count
                tags += scan.tags.count
                tasks += scan.tasks.count
                headings += scan.headings.count
            }
        }
        for path in paths { buffers.append(try Data(contentsOf: URL(fileURLWithPath: path))) }
        let scanOnly = clock.measure {
            for data in buffers { _ = data.withUnsafeBytes { MarkdownScanner.scan($0.bindMemory(to: UInt8.self)) } }
        }
        print("""
            Markdown corpus: \(paths.count) files, \(bytesRead) bytes; read + scan \(elapsed), scan only \(scanOnly); \
            \(wikilinks) wikilinks, \(links) links, \(tags) tags, \(tasks) tasks, \(headings) headings
            """)

        // Name the files where the scanner and the rg-style count differ, to explain a mismatch.
        var differing: [String] = []
        for (path, data) in zip(paths, buffers) {
            let bytes = [UInt8](data)
            let found = MarkdownScanner.scan(bytes).links.count { $0.kind == .wikilink || $0.kind == .embed }
            if found != Self.referenceCount(bytes) { differing.append((path as NSString).lastPathComponent) }
        }
        #expect(differing.isEmpty, "wikilink counts differ from rg in \(differing.prefix(10))")
        #expect(wikilinks == 189_172)
    }
}
