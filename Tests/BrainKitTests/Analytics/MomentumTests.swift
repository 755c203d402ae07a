import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct MomentumTests {
    let today = day("2026-11-22")

    func schedule(_ habit: Habit, _ pattern: String, from start: Day) -> Schedule {
        Schedule(habit: habit, history: history(start, pattern), today: today)!
    }

    @Test func oneHabitWeighsRecentDaysMore() throws {
        // Days 2, 1, 0 ago: done (w 0.88² = 0.7744), missed (w 0.88), done (w 1).
        // (0.7744 + 1) / (0.7744 + 0.88 + 1) = 1.7744 / 2.6544 = 0.668475 → strong.
        let momentum = try #require(Momentum(schedules: [schedule(Habit(id: "a"), "x.x", from: today.adding(days: -2))], today: today))
        #expect(abs(momentum.value - 0.668475) < 1e-6)
        #expect(momentum.label == .strong)
        #expect(momentum.countedDays == 3)
    }

    @Test func openTodayIsLeftOut() throws {
        // Today open: 0.7744 / (0.7744 + 0.88) = 0.468085 → flowing.
        let momentum = try #require(Momentum(schedules: [schedule(Habit(id: "a"), "x..", from: today.adding(days: -2))], today: today))
        #expect(abs(momentum.value - 0.468085) < 1e-6)
        #expect(momentum.label == .flowing)
    }

    @Test func severalHabitsShareEachDay() throws {
        // Two daily habits since yesterday; yesterday one of two done (0.5, w 0.88), today both (1, w 1).
        // (0.44 + 1) / 1.88 = 0.765957.
        let start = today.adding(days: -1)
        let momentum = try #require(Momentum(schedules: [
            schedule(Habit(id: "a"), "xx", from: start),
            schedule(Habit(id: "b", created: start), ".x", from: start),
        ], today: today))
        #expect(abs(momentum.value - 0.765957) < 1e-6)
    }

    @Test func aMetWeekCountsOnEveryOneOfItsDays() throws {
        // 2/week from Monday Nov 16 (today Sun 22): done Mon and Tue, so the week is met and each of
        // its seven days carries 1 → 1.0, on fire, seven days counted.
        let momentum = try #require(Momentum(schedules: [schedule(Habit(id: "w", frequency: .perWeek(2)), "xx", from: day("2026-11-16"))], today: today))
        #expect(momentum.value == 1)
        #expect(momentum.countedDays == 7)
        #expect(momentum.label == .onFire)
    }

    @Test(arguments: [0, 1, 2, 3, 4, 5, 6])
    func aPerfectWeeklyHabitIsOnFireWhicheverDayItFallsOn(weekday: Int) throws {
        // 1/week kept every week since Monday Oct 26, always on the same weekday; today is Sunday Nov 22.
        // Done on Sunday (weekday 6) the current week is met today; on any other day it was met earlier.
        let start = day("2026-10-26")
        let pattern = (0..<28).map { $0 % 7 == weekday ? "x" : "." }.joined()
        let momentum = try #require(Momentum(schedules: [schedule(Habit(id: "w", frequency: .perWeek(1)), pattern, from: start)], today: today))
        #expect(momentum.value == 1)
        #expect(momentum.label == .onFire)
        // And midweek (Thursday), with the week still open, it is on fire too.
        let thursday = day("2026-11-19")
        let midweek = try #require(Momentum(schedules: [Schedule(habit: Habit(id: "w", frequency: .perWeek(1)),
                                                                 history: history(start, String(pattern.prefix(25))), today: thursday)!], today: thursday))
        #expect(midweek.label == .onFire)
    }

    @Test func aPerfectMonthlyHabitIsOnFire() throws {
        // 1/month done on the 5th of September, October and November; today Nov 22 (month met).
        var pattern = Array(repeating: Character("."), count: 83)
        for offset in [4, 34, 65] { pattern[offset] = "x" }
        let momentum = try #require(Momentum(schedules: [schedule(Habit(id: "m", frequency: .perMonth(1)), String(pattern), from: day("2026-09-01"))], today: today))
        #expect(momentum.value == 1)
        #expect(momentum.label == .onFire)
        // On Nov 3, before November's day, the 21 days hold nothing settled: October (met) still
        // counts, since momentum looks back over the current period and the one before.
        let early = day("2026-11-03")
        let schedule = try #require(Schedule(habit: Habit(id: "m", frequency: .perMonth(1)), history: history(day("2026-09-01"), String(pattern.prefix(63))), today: early))
        #expect(schedule.momentumDays == 34)
        let midMonth = try #require(Momentum(schedules: [schedule], today: early))
        #expect(midMonth.value == 1 && midMonth.label == .onFire)
    }

    @Test func aLapsingWeeklyHabitDecaysWeekByWeek() throws {
        // 3/week, met the week of Nov 2, 2 of 3 the week of Nov 9, nothing the week of Nov 16 (open on
        // Thursday Nov 19, so it counts for nothing yet; missed once it is over on Sunday Nov 22).
        let habit = Habit(id: "s", frequency: .perWeek(3))
        let history = history(day("2026-11-02"), "x.x.x..x...x.." + ".......")
        func value(_ today: Day, _ days: ClosedRange<Int>, _ values: [Double]) -> Double {
            // Σ 0.88^daysAgo · value over the days counted / Σ 0.88^daysAgo.
            var weighted = 0.0, weights = 0.0
            for (daysAgo, value) in zip(days, values) { weighted += pow(0.88, Double(daysAgo)) * value; weights += pow(0.88, Double(daysAgo)) }
            return weighted / weights
        }
        let thursday = day("2026-11-19")
        let before = try #require(Momentum(schedules: [Schedule(habit: habit, history: history, today: thursday)!], today: thursday))
        // Thursday: days 3–9 ago are the week of Nov 9 (2/3), days 10–16 ago the week of Nov 2 (1).
        let expectedThursday = value(thursday, 3...16, Array(repeating: 2.0 / 3, count: 7) + Array(repeating: 1, count: 7))
        #expect(abs(before.value - expectedThursday) < 1e-9)
        let sunday = try #require(Momentum(schedules: [Schedule(habit: habit, history: history, today: today)!], today: today))
        // Sunday: the week of Nov 16 cannot be met any more (0), days 0–6 ago.
        let expectedSunday = value(today, 0...20, Array(repeating: 0, count: 7) + Array(repeating: 2.0 / 3, count: 7) + Array(repeating: 1, count: 7))
        #expect(abs(sunday.value - expectedSunday) < 1e-9)
        #expect(sunday.value < before.value)
        #expect(before.label == .strong && sunday.label == .building)
    }

    @Test func onlyTheLast21DaysCount() throws {
        // Done 21+ days ago only, missed every day since: 0 → dormant.
        let pattern = "x" + String(repeating: ".", count: 24)
        let momentum = try #require(Momentum(schedules: [schedule(Habit(id: "a"), pattern, from: today.adding(days: -25))], today: today))
        #expect(momentum.value == 0)
        #expect(momentum.label == .dormant)
        #expect(momentum.countedDays == 20)
    }

    @Test(arguments: [(0.0, Momentum.Label.dormant), (0.19, .dormant), (0.2, .building), (0.4, .flowing), (0.6, .strong), (0.79, .strong), (0.8, .onFire), (1.0, .onFire)])
    func labelBounds(value: Double, label: Momentum.Label) {
        #expect(Momentum.Label(value) == label)
    }

    /// Step 16, point 5: the label is read from the value as printed. 0.6 computed as 0.5999… prints
    /// `60 %` and is `strong`, like 0.6; 0.1996 prints `20 %` and is `building`; 0.794 prints 79 %.
    @Test(arguments: [(0.3 + 0.3 - 1e-12, Momentum.Label.strong), (0.59999999, .strong), (0.1996, .building), (0.7949, .strong),
                      (0.795, .onFire), (0.594, .flowing)])
    func theLabelIsReadFromThePrintedPercent(value: Double, label: Momentum.Label) {
        #expect(Momentum.Label(value) == label, "\(Quantity.percent(value))")
        #expect(Momentum(value: value, countedDays: 1).label == label)
    }

    @Test func nothingDueHasNoMomentum() {
        #expect(Momentum(schedules: [], today: today) == nil)
    }
}
