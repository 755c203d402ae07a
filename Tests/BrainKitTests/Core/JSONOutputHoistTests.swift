import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit
import BrainTestSupport

/// Issue 15, fix 13: `show --json` on a note with 185,000 links spent most of its time splitting
/// the whole JSON text into lines to move one key. The key is now moved on bytes, with the same result.
@Suite struct JSONOutputHoistTests {
    /// The line-splitting version it replaced, kept as the reference.
    static func reference(_ json: String) -> String {
        var lines = json.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first == "{", let at = lines.firstIndex(where: { $0.hasPrefix("  \"schemaVersion\" : ") }), at > 1 else {
            return json
        }
        var line = lines.remove(at: at)
        if !line.hasSuffix(",") {
            line += ","
            if lines[at - 1].hasSuffix(",") { lines[at - 1].removeLast() }
        }
        lines.insert(line, at: 1)
        return lines.joined(separator: "\n")
    }

    @Test(arguments: [
        "{\n  \"a\" : 1,\n  \"schemaVersion\" : 1\n}",
        "{\n  \"schemaVersion\" : 1,\n  \"z\" : 2\n}",
        "{\n  \"a\" : [\n    1\n  ],\n  \"schemaVersion\" : 1,\n  \"z\" : {\n    \"schemaVersion\" : 9\n  }\n}",
        "{\n  \"a\" : {\n    \"schemaVersion\" : 9\n  },\n  \"schemaVersion\" : 1\n}",
        "{\n  \"a\" : 1\n}", "[]", "{}",
    ])
    func movesTheSameLineAsBefore(json: String) {
        #expect(JSONReference.hoistSchemaVersion(json) == JSONOutputHoistTests.reference(json))
    }

    @Test func aLargeResultIsMovedInOnePiece() throws {
        struct Many: Encodable { var items: [Int]; var zeta: String }
        let bytes = try JSONOutput.bytes(Many(items: Array(0..<200_000), zeta: "end"))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"schemaVersion\" : 1,\n  \"items\" : [\n"))
        #expect(text.hasSuffix("  \"zeta\" : \"end\"\n}\n"))
    }
}
