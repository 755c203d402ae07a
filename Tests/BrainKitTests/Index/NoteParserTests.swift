import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct NoteParserTests {
    static func parse(_ text: String, path: String = "habits/x.md", kind: NoteKind = .habit) -> NoteRecord {
        NoteParser.parse(Array(text.utf8), stamp: FileStamp(path: path, size: text.utf8.count, modified: 0), kind: kind)
    }

    /// Issue 15, fix 2: each unknown key's line was found by splitting the front-matter again, so
    /// 10,000 keys took over a minute. One table now serves every key; the lines are unchanged.
    @Test func everyUnknownKeyIsReportedAtItsLine() {
        var text = "---\ntitle: X\n"
        for index in 0..<20_000 { text += "k\(index): v\n" }
        text += "---\n"
        let record = NoteParserTests.parse(text)
        let unknown = record.diagnostics.filter { $0.message.hasPrefix("unknown key") }
        #expect(unknown.count == 20_000)
        #expect(unknown.enumerated().allSatisfy { $0.element.location.line == $0.offset + 3 })
    }

    @Test func keyLinesInACRLFFile() {
        let record = NoteParserTests.parse("---\r\ntitle: X\r\nevery: sometimes\r\nevry: day\r\n---\r\n")
        let lines = record.diagnostics.map(\.location.line)
        #expect(lines == [3, 4], "\(record.diagnostics)")
    }

    @Test func quotedAndOddKeysAreFound() {
        let lines = KeyLines("a: 1\n\"b c\": 2\n'd': 3\ne:f: 4\n  g: 5\n"[...], firstLine: 2)
        #expect(lines.location(of: "a").line == 2)
        #expect(lines.location(of: "b c").line == 3)
        #expect(lines.location(of: "d").line == 4)
        #expect(lines.location(of: "e:f").line == 5)
        #expect(lines.location(of: "g").line == 1)
    }
}
