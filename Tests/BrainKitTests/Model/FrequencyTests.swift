import Testing
import Foundation
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct FrequencyTests {
    @Test(arguments: [
        (YAMLValue.string("day"), Frequency.daily),
        (.string("daily"), .daily),
        (.string("Every Day"), .daily),
        (.string("weekdays"), .weekdays),
        (.string("weekends"), .weekends),
        (.list([.string("mon"), .string("Wednesday"), .string("FRI")]), .days([.monday, .wednesday, .friday])),
        (.string("mon, wed, fri"), .days([.monday, .wednesday, .friday])),
        (.string("[tue, thu]"), .days([.tuesday, .thursday])),
        (.string("sat"), .days([.saturday])),
        (.string("3/week"), .perWeek(3)),
        (.string("3 / week"), .perWeek(3)),
        (.string("3 per week"), .perWeek(3)),
        (.string("3x week"), .perWeek(3)),
        (.string("3 x week"), .perWeek(3)),
        (.string("3 times per week"), .perWeek(3)),
        (.string("3x/week"), .perWeek(3)),
        (.string("3 times a week"), .perWeek(3)),
        (.string("2/month"), .perMonth(2)),
        (.string("2 per month"), .perMonth(2)),
        (.string("2 in 5 days"), .inDays(times: 2, days: 5)),
        (.string("every 3 days"), .everyNDays(3)),
        (.string("every 1 day"), .daily),
        (.null, .daily),
    ])
    func parsesEveryContractForm(value: YAMLValue, expected: Frequency) throws {
        #expect(try Frequency(value) == expected)
    }

    @Test func spacesAndTabsAroundAreTrimmedAsFoundationTrimsWhitespace() throws {
        #expect(try Frequency(parsing: "\u{00A0} 3/week\t") == .perWeek(3))
        #expect(try Frequency(parsing: "\u{2003}[mon,  wed ]\u{3000}") == .days([.monday, .wednesday]))
        for text in ["", " \t ", "a b", "\u{00A0}x\u{00A0}", "é "] {
            #expect(Frequency.trimmed(text) == text.trimmingCharacters(in: .whitespaces), "\(text)")
        }
    }

    @Test func unknownFrequencyListsTheAcceptedForms() {
        #expect(throws: FrequencyError("unknown frequency \"fortnightly\": expected day, weekdays, weekends, [mon, wed], N/week, N/month, N in M days or every N days")) {
            try Frequency(.string("fortnightly"))
        }
    }

    @Test(arguments: ["0/week", "8/week", "0/month", "32/month", "0 in 5 days", "6 in 5 days", "every 0 days",
                      "every 2 weeks", "[mon, funday]", "[]", "3/fortnight", "-1/week", ""])
    func rejectsBadForms(text: String) {
        #expect(throws: FrequencyError.self) { try Frequency(.string(text)) }
    }

    /// Issue 15, fix 1: a number this large made `today` trap or allocate terabytes; every count
    /// and period is bounded when the file is read.
    @Test(arguments: ["every 9223372036854775807 days", "1 in 9223372036854775807 days", "every 100000000000 days",
                      "every 1000000000 days", "every 3651 days", "2 in 3651 days", "9223372036854775807/week"])
    func rejectsHugeNumbers(text: String) {
        #expect(throws: FrequencyError.self) { try Frequency(.string(text)) }
    }

    @Test func acceptsTheLongestPeriod() throws {
        #expect(try Frequency(.string("every 3650 days")) == .everyNDays(Frequency.maximumDays))
        #expect(try Frequency(.string("1 in 3650 days")) == .inDays(times: 1, days: 3650))
        let error = try #require(throws: FrequencyError.self) { try Frequency(.string("every 5000 days")) }
        #expect(error.message.contains("at most 3650 days"))
    }

    @Test func rejectsNonStringValues() {
        #expect(throws: FrequencyError.self) { try Frequency(.int(3)) }
        #expect(throws: FrequencyError.self) { try Frequency(.map(YAMLMap())) }
    }

    @Test func tooManyTimesInDaysSaysWhy() throws {
        let error = try #require(throws: FrequencyError.self) { try Frequency(.string("6 in 5 days")) }
        #expect(error.message.contains("6 times cannot fit in 5 days"))
    }

    static let fractions: [(Frequency, Double, String)] = [
        (Frequency.daily, 1.0, "day"),
        (Frequency.weekdays, 5.0 / 7.0, "weekdays"),
        (Frequency.weekends, 2.0 / 7.0, "weekends"),
        (Frequency.days([.friday, .monday, .wednesday]), 3.0 / 7.0, "[mon, wed, fri]"),
        (Frequency.perWeek(3), 3.0 / 7.0, "3/week"),
        (Frequency.perMonth(2), 2.0 / 30.0, "2/month"),
        (Frequency.inDays(times: 2, days: 5), 0.4, "2 in 5 days"),
        (Frequency.everyNDays(3), 1.0 / 3.0, "every 3 days"),
    ]

    @Test(arguments: fractions)
    func fractionAndCanonicalText(frequency: Frequency, fraction: Double, text: String) throws {
        #expect(abs(frequency.loopFraction - fraction) < 1e-12)
        #expect(frequency.description == text)
        #expect(try Frequency(parsing: text) == frequency)
    }

    @Test func codableUsesTheTextForm() throws {
        let data = try JSONEncoder().encode([Frequency.perWeek(3), .days([.monday, .sunday])])
        #expect(String(decoding: data, as: UTF8.self) == #"["3\/week","[mon, sun]"]"#)
        #expect(try JSONDecoder().decode([Frequency].self, from: data) == [.perWeek(3), .days([.monday, .sunday])])
    }
}
