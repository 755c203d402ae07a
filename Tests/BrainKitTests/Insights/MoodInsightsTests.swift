import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct MoodInsightsTests {
    let start = day("2026-10-01")

    /// A daily habit done on the first `done` days and open (missed) on the next `missed` days;
    /// moods alternate 5, 3 on done days (mean 4) and are 2 on missed days except a 5 on the last.
    func split(done: Int, missed: Int) throws -> MoodInsights.HabitMood {
        let pattern = String(repeating: "x", count: done) + String(repeating: "o", count: missed)
        var moods: [Day: Int] = [:]
        for offset in 0..<done { moods[start.adding(days: offset)] = offset % 2 == 0 ? 5 : 3 }
        for offset in 0..<missed { moods[start.adding(days: done + offset)] = offset == missed - 1 ? 5 : 2 }
        let today = start.adding(days: done + missed)  // no line, no mood
        let schedule = try #require(Schedule(habit: Habit(id: "walk"), history: history(start, pattern), today: today))
        return MoodInsights.habitMood(schedule, moods: moods)
    }

    @Test(arguments: [(10, 10, true), (9, 10, false), (10, 9, false), (12, 11, true)])
    func shownOnlyWithTenDaysOnEachSide(_ item: (Int, Int, Bool)) throws {
        let result = try split(done: item.0, missed: item.1)
        #expect(result.doneDays == item.0)
        #expect(result.missedDays == item.1)
        #expect(result.isShown == item.2)
    }

    @Test func meansAndDifference() throws {
        // Done: 5,3,5,3,5,3,5,3,5,3 → 4.0. Missed: nine 2s and a 5 → 23/10 = 2.3.
        let result = try split(done: 10, missed: 10)
        #expect(result.doneMood == 4.0)
        #expect(abs(result.missedMood! - 2.3) < 1e-12)
        #expect(abs(result.difference! - 1.7) < 1e-12)
    }

    @Test func openTodayIsNotAMissedDay() throws {
        let schedule = try #require(Schedule(habit: Habit(id: "a"), history: history(start, "xo"), today: start.adding(days: 1)))
        let result = MoodInsights.habitMood(schedule, moods: [start: 4, start.adding(days: 1): 1])
        #expect(result.doneDays == 1)
        #expect(result.missedDays == 0)
    }

    @Test func goodDayHabitsRankByDifference() {
        func item(_ id: String, _ done: Double, _ missed: Double, days: Int = 10) -> MoodInsights.HabitMood {
            .init(habit: id, doneDays: days, missedDays: 10, doneMood: done, missedMood: missed)
        }
        let ranked = MoodInsights.goodDayHabits([
            item("b", 3.5, 3.0), item("a", 4.0, 2.3), item("c", 5.0, 3.0, days: 9), item("d", 4.0, 3.5), item("e", 2.0, 3.0),
        ])
        #expect(ranked.map(\.habit) == ["a", "b", "d", "e"])
    }

    @Test(arguments: [(Weekday.monday, ["2026-11-16", "2026-11-23"], [3.0, 5.0]), (.sunday, ["2026-11-15", "2026-11-22"], [3.0, 4.0])])
    func weeklyMeans(_ item: (Weekday, [String], [Double])) {
        // Mon 16: 4, Tue 17: 2, Sun 22: 3, Mon 23: 5 (energy 1).
        var checkIns = [("2026-11-16", 4), ("2026-11-17", 2), ("2026-11-22", 3), ("2026-11-23", 5)].map {
            CheckIn(day: day($0.0), rest: false, habitLines: [], mood: $0.1)
        }
        checkIns[3].energy = 1
        let weeks = MoodInsights.weeks(checkIns: checkIns, from: day("2026-11-16"), through: day("2026-11-24"), weekStart: item.0)
        #expect(weeks.map(\.start) == item.1.map(day))
        #expect(weeks.map(\.mood) == item.2)
        #expect(weeks.last?.energy == 1)
        #expect(weeks.first?.energy == nil)
    }
}
