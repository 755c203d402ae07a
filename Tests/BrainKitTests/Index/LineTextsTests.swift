import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// The lines backlinks print beside each link (`VaultIndex.lineTexts`).
@Suite struct LineTextsTests {
    @Test func linesAreCutAtNewlinesAndTrimmed() {
        func lines(_ text: String, _ wanted: [Int]) -> [String] {
            Array(text.utf8).withUnsafeBufferPointer { VaultIndex.lines(wanted, of: $0) }
        }
        #expect(lines("a\n  b [[x]]\t\nc", [1, 2, 3]) == ["a", "b [[x]]", "c"])
        #expect(lines("a\n  b [[x]]\t\nc", [2]) == ["b [[x]]"])
        #expect(lines("one\r\n two \r\nthree\r\n", [2, 3, 4]) == ["two", "three", ""])
        // A line past the end is not there; an empty file has one empty line.
        #expect(lines("a\nb", [5]) == [])
        #expect(lines("a\nb", [2, 5, 9]) == ["b"])
        #expect(lines("", [1, 2]) == [""])
        #expect(lines("\n\n\n", [2]) == [""])
        #expect(lines("é 日本\n\t👍 [[x]]", [2]) == ["👍 [[x]]"])
        // Bytes that are not UTF-8 are replaced, as reading a note does.
        #expect(Array([0x61, 0xFF, 0x0A, 0x62]).withUnsafeBufferPointer { VaultIndex.lines([1], of: $0) } == ["a\u{FFFD}"])
    }

    /// The lines a file is asked for, sorted and each once, whatever order they came in.
    @Test func linesAskedAreSortedOnce() {
        for (given, expected) in [([Int](), [Int]()), ([3], [3]), ([1, 1, 2, 5, 5, 5], [1, 2, 5]), ([5, 1, 5, 2, 1], [1, 2, 5]), ([2, 2], [2])] {
            var lines = given
            VaultIndex.ascendingOnce(&lines)
            #expect(lines == expected, "\(given)")
        }
    }

    /// Many files, read on any number of threads, give each place its line, in the order asked.
    @Test func theSameLinesWhateverTheThreads() {
        var files: [String: String] = [:]
        var places: [(path: String, line: Int)] = []
        for file in 0..<60 {
            let path = "notes/n\(file).md"
            files[path] = (1...20).map { "  line \($0) of \(file) [[n\(($0 + file) % 60)]]" }.joined(separator: "\n") + "\n"
            for line in stride(from: 20 - file % 7, through: 1, by: -3) { places.append((path, line)) }
            // Lines asked in order, twice over (two links on one line), and a file asked again
            // after others.
            if file % 4 == 0 { places += [(path, 2), (path, 2), (path, 5), ("notes/n0.md", file % 20 + 1)] }
        }
        places.append(("notes/gone.md", 1))
        places.append(("notes/n3.md", 99))
        let (vault, _) = MemoryVault.make(files)
        let index = VaultIndex.open(vault, save: false)
        let expected = places.map { place -> String in
            guard let text = files[place.path] else { return "" }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            return place.line <= lines.count ? lines[place.line - 1].trimmingCharacters(in: .whitespaces) : ""
        }
        for threads in [1, 2, 3, 8] {
            Workers.$limit.withValue(threads) { #expect(index.lineTexts(places) == expected, "\(threads) threads") }
        }
    }
}

/// The same lines read from the disk, where files are read with fewer calls (`readListed`).
@Suite struct LineTextsOnDiskTests {
    @Test func theDiskGivesTheSameLines() throws {
        var files: [String: String] = [:]
        var places: [(path: String, line: Int)] = []
        for file in 0..<40 {
            let path = "notes/n\(file).md"
            // Some files longer than one read of 64 KiB.
            let lines = file % 9 == 0 ? 3_000 : 20
            files[path] = (1...lines).map { "  line \($0) of \(file) [[n\(($0 + file) % 40)]]" }.joined(separator: "\n") + "\n"
            for line in stride(from: lines - file % 7, through: 1, by: -(lines / 7)) { places.append((path, line)) }
        }
        files["notes/empty.md"] = ""
        places += [("notes/empty.md", 1), ("notes/gone.md", 1), ("notes/n3.md", 99)]
        let scratch = try ScratchVault(files: files)
        let index = VaultIndex.open(Vault(root: scratch.root), save: false)
        let expected = places.map { place -> String in
            guard let text = files[place.path] else { return "" }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            return place.line <= lines.count ? lines[place.line - 1].trimmingCharacters(in: .whitespaces) : ""
        }
        for threads in [1, 2] {
            Workers.$limit.withValue(threads) { #expect(index.lineTexts(places) == expected, "\(threads) threads") }
        }
    }

    /// `readListed` reads a regular file whole, however long, and nothing else.
    @Test func readListedReadsRegularFilesOnly() throws {
        let scratch = try ScratchVault(files: ["empty.md": "", "big.md": String(repeating: "0123456789", count: 20_000), "small.md": "a\n"])
        #expect(POSIXFileSystem().readListed(scratch.root + "/empty.md") == [])
        #expect(POSIXFileSystem().readListed(scratch.root + "/small.md") == Array("a\n".utf8))
        #expect(POSIXFileSystem().readListed(scratch.root + "/big.md") == Array(String(repeating: "0123456789", count: 20_000).utf8))
        #expect(POSIXFileSystem().readListed(scratch.root + "/gone.md") == nil)
        #expect(mkfifo(scratch.root + "/pipe.md", 0o644) == 0)
        #expect(POSIXFileSystem().readListed(scratch.root + "/pipe.md") == nil)
        try FileManager.default.createSymbolicLink(atPath: scratch.root + "/link.md", withDestinationPath: scratch.root + "/small.md")
        #expect(POSIXFileSystem().readListed(scratch.root + "/link.md") == nil)
        #expect(POSIXFileSystem().readListed(scratch.root) == nil)
    }
}
