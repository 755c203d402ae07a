import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct HabitStatsTests {
    @Test func gathersEveryAnalyticFromCheckIns() throws {
        // Read on Nov 20 and 21 (lines in check-ins), today Nov 22 not yet.
        let checkIns = [
            CheckIn(day: day("2026-11-20"), habitLines: [HabitLine(habit: "Read", state: .done)]),
            CheckIn(day: day("2026-11-21"), habitLines: [HabitLine(habit: "read", state: .done)]),
        ]
        let history = HabitHistory.build(habit: "read", from: checkIns)
        let stats = HabitStats(habit: Habit(id: "read"), history: history, today: day("2026-11-22"))
        #expect(stats.streaks.current == 2)
        #expect(stats.rates.week == .init(done: 2, due: 2))
        // Two done days then today with no line yet (value 0): (1 − m²)·m = 0.101149 · 0.948078 = 0.095897.
        #expect(abs(try #require(stats.strength) - 0.095897) < 1e-6)
        #expect(stats.dueToday && !stats.doneToday)
        #expect(stats.achievements.map(\.kind) == [.completions(count: 1)])
    }

    @Test func habitWithoutAFirstDayIsEmpty() {
        let stats = HabitStats(habit: Habit(id: "new"), history: HabitHistory(), today: day("2026-11-22"))
        #expect(stats.strength == nil && stats.streaks.current == 0 && !stats.dueToday && stats.achievements.isEmpty)
    }
}
