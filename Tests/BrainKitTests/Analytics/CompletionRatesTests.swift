import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct CompletionRatesTests {
    let start = day("2026-11-01")

    @Test func dailyRatesCountDueDaysOnly() {
        // Nov 1–12: x x x x . x - r x x . o(today, open)
        // Window 7 = Nov 6–12: 6 done, 7 skipped (out), 8 rest (out), 9 done, 10 done, 11 missed,
        // 12 today open (out) → 3 / 4.
        // All time: due Nov 1–6, 9–11 = 9 days, done 7 → 7 / 9.
        let history = history(start, "xxxx.x-rxx.o")
        let rates = CompletionRates(habit: Habit(id: "h"), history: history, today: day("2026-11-12"))
        #expect(rates.week == .init(done: 3, due: 4))
        #expect(rates.week.rate == 0.75)
        #expect(rates.allTime == .init(done: 7, due: 9))
        #expect(rates.month == rates.allTime)
        #expect(rates.year == rates.allTime)
    }

    @Test func todayDoneCounts() {
        let history = history(start, "x.x")
        let rates = CompletionRates(habit: Habit(id: "h"), history: history, today: day("2026-11-03"))
        #expect(rates.week == .init(done: 2, due: 3))
    }

    @Test func weekdayHabitLeavesWeekendsOut() {
        // Mon 2 – Sun 8 Nov, weekdays habit, all five weekdays done, weekend empty: 5 / 5.
        let history = history(day("2026-11-02"), "xxxxx")
        let rates = CompletionRates(habit: Habit(id: "h", frequency: .weekdays), history: history, today: day("2026-11-08"))
        #expect(rates.week == .init(done: 5, due: 5))
    }

    @Test func weeklyRatesUseRequiredPerPeriod() {
        // 3/week from Mon Nov 2: week 1 done 3 (met), week 2 done 1 (missed), week 3 open (left out).
        // All time: (3 + 1) / (3 + 3). Last 7 days (Nov 10–16) overlap week 2 and the open week 3: 1 / 3.
        let history = history(day("2026-11-02"), "x.x.x..x")
        let habit = Habit(id: "h", frequency: .perWeek(3))
        let rates = CompletionRates(habit: habit, history: history, today: day("2026-11-16"))
        #expect(rates.allTime == .init(done: 4, due: 6))
        #expect(rates.week == .init(done: 1, due: 3))
    }

    @Test func overdoneWeekCountsAtMostTheQuota() {
        // 2/week done on all 7 days: min(7, 2) / 2.
        let history = history(day("2026-11-02"), "xxxxxxx")
        let rates = CompletionRates(habit: Habit(id: "h", frequency: .perWeek(2)), history: history, today: day("2026-11-08"))
        #expect(rates.allTime == .init(done: 2, due: 2))
    }

    @Test func nothingDueHasNoRate() {
        let rates = CompletionRates(habit: Habit(id: "h"), history: HabitHistory(), today: start)
        #expect(rates.allTime.rate == nil)
    }
}
