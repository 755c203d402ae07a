import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct DayTests {
    @Test(arguments: [
        ("1970-01-01", 0, Weekday.thursday),
        ("2026-11-22", 20779, .sunday),
        ("2000-02-29", 11016, .tuesday),
        ("2024-12-31", 20088, .tuesday),
        ("1969-12-31", -1, .wednesday),
    ])
    func parsesAndNamesWeekday(text: String, ordinal: Int, weekday: Weekday) throws {
        let day = try #require(Day(text))
        #expect(day.ordinal == ordinal)
        #expect(day.weekday == weekday)
        #expect(day.description == text)
    }

    @Test(arguments: ["2026-02-29", "2026-13-01", "2026-00-10", "2026-1-01", "20261101", "2026-11-2x", "", "2100-02-29"])
    func rejectsNonDays(text: String) {
        #expect(Day(text) == nil)
    }

    @Test func roundTripsEveryDayOfFourHundredYears() {
        var day = Day(year: 1900, month: 1, day: 1)!
        let end = Day(year: 2300, month: 1, day: 1)!
        while day < end {
            let (y, m, d) = day.parts
            #expect(Day(year: y, month: m, day: d) == day)
            day = day.adding(days: 1)
        }
    }

    /// A day's text is written digit by digit: the same as the padded numbers, for every day of
    /// four hundred years and at the edges of four-digit years.
    @Test func textIsThePaddedNumbers() {
        func padded(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        let first = Day(year: 1, month: 1, day: 1)!, last = Day(year: 9999, month: 12, day: 31)!
        var days = [first, first.adding(days: -1), Day(year: 999, month: 12, day: 31)!, last, last.adding(days: 1)]
        var day = Day(year: 1900, month: 1, day: 1)!
        while day < Day(year: 2300, month: 1, day: 1)! {
            days.append(day)
            day = day.adding(days: 1)
        }
        for day in days {
            let (y, m, d) = day.parts
            #expect(day.description == "\(padded(y, 4))-\(padded(m, 2))-\(padded(d, 2))")
        }
        #expect(Day(year: 1, month: 2, day: 3)!.description == "0001-02-03")
    }

    @Test func startOfWeekFollowsWeekStart() {
        let sunday = Day("2026-11-22")!
        #expect(sunday.startOfWeek(.monday) == Day("2026-11-16"))
        #expect(sunday.startOfWeek(.sunday) == sunday)
        #expect(Day("2026-11-21")!.startOfWeek(.sunday) == Day("2026-11-15"))
    }
}
