import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit
import BrainTestSupport

@Suite struct LineDiffTests {
    @Test func oneReplacedLine() {
        #expect(BrainKit.LineDiff.changes(from: "a\nb\nc\n", to: "a\nB\nc\n") == [LineChange(line: 2, before: "b", after: "B")])
    }

    @Test func addedAndRemovedLinesKeepTheirPlaces() {
        #expect(BrainKit.LineDiff.changes(from: "a\nc\n", to: "a\nb\nc\n") == [LineChange(line: 2, before: nil, after: "b")])
        #expect(BrainKit.LineDiff.changes(from: "a\nb\nc\n", to: "a\nc\n") == [LineChange(line: 2, before: "b", after: nil)])
        #expect(BrainKit.LineDiff.changes(from: "", to: "x\ny\n") == [LineChange(line: 1, before: nil, after: "x"),
                                                            LineChange(line: 2, before: nil, after: "y")])
    }

    @Test func changesApartAreReportedApart() {
        let before = "a\nb\nc\nd\ne\n"
        let after = "A\nb\nc\nd\nE\n"
        #expect(BrainKit.LineDiff.changes(from: before, to: after) == [LineChange(line: 1, before: "a", after: "A"),
                                                              LineChange(line: 5, before: "e", after: "E")])
    }

    @Test func aKeyThatStaysIsAReplacementEvenBesideARemoval() {
        let before = "---\nstart: 2026-09-07\ndue: 2026-12-31\n---\n"
        let after = "---\ndue: 2027-04-01\n---\n"
        #expect(BrainKit.LineDiff.changes(from: before, to: after) == [LineChange(line: 2, before: "start: 2026-09-07", after: nil),
                                                                       LineChange(line: 2, before: "due: 2026-12-31", after: "due: 2027-04-01")])
    }

    /// A rewrite of a long file: the removed and added lines of its one changed middle were
    /// paired by a walk of every removed line for each added one (20,000 lines: 200 million looks).
    /// The pairs are those of that walk, and the time grows with the lines.
    @Test func aRewriteOfALongFilePairsItsLinesByKey() {
        let count = 20_000
        let before = (0..<count).map { "- [x] [[habit-\($0 % 500)]] \($0)" }.joined(separator: "\n") + "\n"
        let after = (0..<count).map { "- [ ] [[habit-\($0 % 500)]] later \($0)" }.joined(separator: "\n") + "\n"
        var changes: [LineChange] = []
        let seconds = ThreadTime.measure { changes = BrainKit.LineDiff.changes(from: before, to: after) }
        #expect(changes.count == count)
        // Each added line takes the first removed line of its key not taken: line 501 has the
        // key of line 1 (habit-0), and the 2nd removed line of that key is line 501 itself.
        #expect(changes[0] == LineChange(line: 1, before: "- [x] [[habit-0]] 0", after: "- [ ] [[habit-0]] later 0"))
        #expect(changes[500] == LineChange(line: 501, before: "- [x] [[habit-0]] 500", after: "- [ ] [[habit-0]] later 500"))
        #expect(seconds < 5, "\(seconds) s of processor time")
    }

    /// Keys that come back in another order pair with the first removed line of their key, keyless
    /// lines with the removed lines left, in order.
    @Test func keysPairFirstComeFirstServed() {
        let changes = BrainKit.LineDiff.changes(from: "top\na: 1\nb: 2\na: 3\nplain\nend\n", to: "top\nb: 20\nnew\na: 10\na: 30\nend\n")
        #expect(changes == [
            LineChange(line: 2, before: "b: 2", after: "b: 20"),
            LineChange(line: 3, before: "plain", after: "new"),
            LineChange(line: 4, before: "a: 1", after: "a: 10"),
            LineChange(line: 5, before: "a: 3", after: "a: 30"),
        ])
    }

    @Test func lineEndingsAreNotPartOfTheText() {
        #expect(BrainKit.LineDiff.changes(from: "a\r\nb\r\n", to: "a\r\nc\r\n") == [LineChange(line: 2, before: "b", after: "c")])
        #expect(BrainKit.LineDiff.lines("a\rb\r\nc") == ["a", "b", "c"])
    }
}

@Suite struct JSONOutputTests {
    struct Sample: Encodable {
        var zebra = 1
        var apple = [1, 2]
        var middle = "m"
    }

    @Test func schemaVersionComesFirstAndTheOtherKeysAreSorted() throws {
        let text = try JSONOutput.string(Sample())
        let keys = text.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
        #expect(keys == ["schemaVersion", "apple", "middle", "zebra"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == 1)
        #expect(object["zebra"] as? Int == 1)
    }

    @Test func theLastKeyLosesItsComma() throws {
        struct Early: Encodable { var alpha = 1 }
        let text = try JSONOutput.string(Early())
        #expect(text == "{\n  \"schemaVersion\" : 1,\n  \"alpha\" : 1\n}\n")
    }
}
