import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// `@Nullable` and `@Rounded`: the field rules every `--json` output follows.
@Suite struct JSONFieldTests {
    struct Sample: Codable, Equatable {
        @Nullable var note: String?
        @Rounded var share: Double?
        @Rounded var value: Double
    }

    func encoded(_ sample: Sample) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(sample), as: UTF8.self)
    }

    @Test func absentValuesAreWrittenAsNullNotLeftOut() throws {
        #expect(try encoded(Sample(note: nil, share: nil, value: 1)) == #"{"note":null,"share":null,"value":1}"#)
    }

    @Test func fractionsAreWrittenToFourDecimalsAndKeptWhole() throws {
        let sample = Sample(note: "x", share: 2.0 / 3.0, value: 0.123456)
        #expect(try encoded(sample) == #"{"note":"x","share":0.6667,"value":0.1235}"#)
        // The value in memory keeps its precision: text output rounds it its own way.
        #expect(sample.share == 2.0 / 3.0)
    }

    @Test func aNumberThatIsNotFiniteIsNull() throws {
        #expect(try encoded(Sample(note: nil, share: .nan, value: 0)) == #"{"note":null,"share":null,"value":0}"#)
    }

    @Test func missingKeysDecodeAsNil() throws {
        let sample = try JSONDecoder().decode(Sample.self, from: Data(#"{"value":2}"#.utf8))
        #expect(sample == Sample(note: nil, share: nil, value: 2))
        let nulls = try JSONDecoder().decode(Sample.self, from: Data(#"{"note":null,"share":null,"value":2}"#.utf8))
        #expect(nulls == sample)
    }

    @Test func frontMatterIsJSONWithDatesAsStrings() throws {
        let map = YAMLMap(["created": .date(Day("2026-11-22")!), "tags": .list([.string("a")]), "weight": .double(1.5),
                           "pinned": .bool(true), "parent": .null])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(map), as: UTF8.self)
        #expect(text == #"{"created":"2026-11-22","parent":null,"pinned":true,"tags":["a"],"weight":1.5}"#)
        let decoded = try JSONDecoder().decode(YAMLMap.self, from: Data(text.utf8))
        #expect(decoded["created"] == .date(Day("2026-11-22")!))
        #expect(decoded["weight"] == .double(1.5))
        #expect(decoded["parent"] == .null)
        #expect(decoded.count == 5)
    }
}
