import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct TextSearchTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var needle: String
        var text: String
        /// (line, column, length) of each matching line.
        var expected: [(Int, Int, Int)]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "ASCII, any case", needle: "WaLk", text: "a walk\nno\nWALKING home\n", expected: [(1, 3, 4), (3, 1, 4)]),
        Case(name: "Unicode upper finds lower", needle: "CAFÉ", text: "x\nthe café opens\n", expected: [(2, 5, 5)]),
        Case(name: "Unicode lower finds upper", needle: "ä", text: "Ärger\nnothing\n", expected: [(1, 1, 2)]),
        Case(name: "Unicode phrase with ASCII case differences", needle: "Über Mut", text: "so ÜBER MUT\n", expected: [(1, 4, 9)]),
        Case(name: "CRLF lines", needle: "end", text: "the end\r\nagain END\r\n", expected: [(1, 5, 3), (2, 7, 3)]),
        Case(name: "match at start of file", needle: "st", text: "start", expected: [(1, 1, 2)]),
        Case(name: "match at end without final newline", needle: "fin", text: "a\nb\nthe fin", expected: [(3, 5, 3)]),
        Case(name: "several on one line: reported once, first column", needle: "ab", text: "xxab ab AB\n", expected: [(1, 3, 2)]),
        Case(name: "column counts UTF-8 bytes", needle: "run", text: "é → run\n", expected: [(1, 8, 3)]),
        Case(name: "BOM not counted", needle: "title", text: "\u{FEFF}title\n", expected: [(1, 1, 5)]),
        Case(name: "BOM with a Unicode phrase", needle: "ÉTÉ", text: "\u{FEFF}été\n", expected: [(1, 1, 5)]),
        Case(name: "no match", needle: "zebra", text: "no stripes here\n", expected: []),
        Case(name: "partial at end of file is no match", needle: "abc", text: "xab", expected: []),
        Case(name: "does not cross lines", needle: "a b", text: "a\nb\n", expected: []),
        Case(name: "empty phrase matches nothing", needle: "", text: "abc\n", expected: []),
        Case(name: "rare anchor in the middle", needle: "x-ray", text: "an X-RAY\nx-rax\n", expected: [(1, 4, 5)]),
        Case(name: "non-letter bytes compare exactly", needle: "[[read]]", text: "- [x] [[Read]] 20\n- [[readme]]\n", expected: [(1, 7, 8)]),
        Case(name: "empty lines are counted", needle: "q", text: "\n\n\r\n\nq\n", expected: [(5, 1, 1)]),
    ]

    @Test(arguments: cases)
    func findsMatchingLines(_ example: Case) {
        let matches = Array(example.text.utf8).withUnsafeBufferPointer { TextSearch.search(example.needle, in: $0) }
        #expect(matches.map(\.line) == example.expected.map(\.0))
        #expect(matches.map(\.column) == example.expected.map(\.1))
        #expect(matches.map(\.length) == example.expected.map(\.2))
    }

    @Test func reportsTheLineWithoutItsEnding() {
        let matches = TextSearch("walk").matches(in: Array("\u{FEFF}morning walk\r\nevening Walk".utf8))
        #expect(matches.map(\.text) == ["morning walk", "evening Walk"])
    }

    @Test func occurrencesListEveryMatchInALine() {
        #expect(TextSearch("ab").occurrences(in: "ab xAB ab") == [0..<2, 4..<6, 7..<9])
        #expect(TextSearch("É").occurrences(in: "été") == [0..<2, 3..<5])
    }

    @Test func searchesFilesInOrder() throws {
        let folder = "/tmp/brain-textsearch-\(UInt32.random(in: 0...UInt32.max))"
        try POSIXFileSystem().makeDirectories(folder)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var paths: [String] = []
        for index in 0..<40 {
            let path = folder + "/\(index).md"
            try POSIXFileSystem().writeAtomically(Array((index % 3 == 0 ? "line\nhit \(index)\n" : "nothing\n").utf8), to: path)
            paths.append(path)
        }
        paths.append(folder + "/missing.md")
        let results = TextSearch("HIT").search(files: paths)
        #expect(results.count == 41)
        for index in 0..<40 {
            #expect(results[index].map(\.text) == (index % 3 == 0 ? ["hit \(index)"] : []))
        }
        #expect(results[40].isEmpty)
    }

    /// Files under a root, by relative path: a file larger than the reader's first buffer is read
    /// whole, a pipe and a folder named `.md` have no matches, and the order is `paths`'.
    @Test func searchesFilesUnderARoot() throws {
        let fileSystem = POSIXFileSystem()
        let root = "/tmp/brain-textsearch-root-\(UInt32.random(in: 0...UInt32.max))"
        try fileSystem.makeDirectories(root + "/notes/deep")
        defer { try? FileManager.default.removeItem(atPath: root) }
        // 300 KB of filler, then the hit on the last line: found only when the file is read whole.
        let filler = String(repeating: "filler line of the note\n", count: 12_500)
        try fileSystem.writeAtomically(Array((filler + "last hit\n").utf8), to: root + "/notes/deep/large.md")
        try fileSystem.writeAtomically(Array("a hit\nno\nhit again".utf8), to: root + "/notes/small.md")
        try fileSystem.makeDirectories(root + "/folder.md")
        #expect(mkfifo(root + "/pipe.md", 0o644) == 0)
        let paths = ["notes/small.md", "pipe.md", "notes/deep/large.md", "folder.md", "missing.md"]
        let results = TextSearch("HIT").search(files: paths, under: root)
        #expect(results.map { $0.map(\.text) } == [["a hit", "hit again"], [], ["last hit"], [], []])
        #expect(results[2].first?.line == 12_501)
        // The same files by absolute path, as before.
        let absolute = TextSearch("HIT").search(files: paths.map { root + "/" + $0 })
        #expect(absolute == results)
        // A plain search of the vault never lists the pipe.
        let vault = Vault(root: root)
        #expect(!vault.notePaths().contains("pipe.md"))
        #expect(vault.notePaths().contains("notes/deep/large.md"))
    }

    /// Against a plain reference (each line folded, its first occurrence taken), on random texts
    /// of a small alphabet where candidates abound: one-byte phrases (found with memchr) and
    /// longer ones (both rare bytes tested 16 places at a time), matches at every offset of the
    /// 16-byte blocks and in the tail.
    @Test func findsWhatAPlainSearchFinds() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abAB-_ \n\r@`[{".utf8)
        func fold(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        for round in 0..<400 {
            let length = Int.random(in: 0...200, using: &generator)
            let text = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
            let needleLength = round % 4 == 0 ? 1 : Int.random(in: 2...5, using: &generator)
            let needle = (0..<needleLength).map { _ in alphabet.filter { $0 != 10 && $0 != 13 }.randomElement(using: &generator)! }
            let found = TextSearch(String(decoding: needle, as: UTF8.self)).matches(in: text)
            var expected: [(line: Int, column: Int)] = []
            let folded = needle.map(fold)
            for (number, line) in text.split(separator: 10, omittingEmptySubsequences: false).enumerated() {
                let bytes = Array(line).map(fold)
                guard bytes.count >= folded.count else { continue }
                if let column = (0...(bytes.count - folded.count)).first(where: { Array(bytes[$0..<($0 + folded.count)]) == folded }) {
                    expected.append((number + 1, column + 1))
                }
            }
            #expect(found.map(\.line) == expected.map(\.line), "\(text) \(needle)")
            #expect(found.map(\.column) == expected.map(\.column), "\(text) \(needle)")
        }
    }
}
