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

    @Test func startOfWeekFollowsWeekStart() {
        let sunday = Day("2026-11-22")!
        #expect(sunday.startOfWeek(.monday) == Day("2026-11-16"))
        #expect(sunday.startOfWeek(.sunday) == sunday)
        #expect(Day("2026-11-21")!.startOfWeek(.sunday) == Day("2026-11-15"))
    }
}
