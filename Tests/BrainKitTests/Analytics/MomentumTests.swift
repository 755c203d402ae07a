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
        // 2/week from Monday Nov 16 (today Sun 22, open): done Mon and Tue, so each day Mon–Sat has
        // its pro-rata share in its window (2 × days so far / 7 ≤ 2) → 1.0, on fire; today, open,
        // counts for nothing yet: six days counted.
        let momentum = try #require(Momentum(schedules: [schedule(Habit(id: "w", frequency: .perWeek(2)), "xx", from: day("2026-11-16"))], today: today))
        #expect(momentum.value == 1)
        #expect(momentum.countedDays == 6)
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
        // On Nov 3, before November's day: each day's window is 31 days and holds Oct 5.
        let early = day("2026-11-03")
        let schedule = try #require(Schedule(habit: Habit(id: "m", frequency: .perMonth(1)), history: history(day("2026-09-01"), String(pattern.prefix(63))), today: early))
        #expect(schedule.momentumWindow?.days == 31)
        let midMonth = try #require(Momentum(schedules: [schedule], today: early))
        #expect(midMonth.value == 1 && midMonth.label == .onFire)
    }

    @Test func aLapsingWeeklyHabitDecaysDayByDay() throws {
        // 3/week done Nov 2, 4, 6, 9, 13, then nothing. Each day carries the completions of the 7 days
        // ending on it against 3: Nov 8 → 3 of 3 = 1, Nov 18 → 1 of 3, Nov 21 → 0; so momentum falls
        // a little every day from the first day behind, never by a whole week at once.
        let habit = Habit(id: "s", frequency: .perWeek(3))
        let history = history(day("2026-11-02"), "x.x.x..x...x.." + ".......")
        let sunday = try #require(Schedule(habit: habit, history: history, today: today))
        #expect(sunday.momentumValue(on: day("2026-11-08")) == 1)
        #expect(abs((sunday.momentumValue(on: day("2026-11-18")) ?? -1) - 1.0 / 3) < 1e-12)
        #expect(sunday.momentumValue(on: day("2026-11-21")) == 0)
        #expect(sunday.momentumValue(on: today) == nil, "today, open, counts for nothing yet")
        var previous: Double?
        var day = day("2026-11-12")
        while day <= today {
            let value = try #require(Momentum(schedules: [Schedule(habit: habit, history: history, today: day)!], today: day)).value
            if let previous {
                #expect(value <= previous + 1e-12, "\(day)")
                #expect(previous - value <= 0.2, "\(day): \(previous) → \(value)")
            }
            previous = value
            day = day.adding(days: 1)
        }
        #expect(Momentum(schedules: [sunday], today: today)!.label == .flowing, "nine days behind, below strong")
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
