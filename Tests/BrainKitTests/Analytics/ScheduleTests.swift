import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct ScheduleTests {
    // 2026-11-02 is a Monday.
    let monday = day("2026-11-02")

    @Test func weekdayFrequenciesAreDueOnTheirDays() {
        let history = history(monday, ".")
        let cases: [(Frequency, [Bool])] = [
            (.daily, [true, true, true, true, true, true, true]),
            (.weekdays, [true, true, true, true, true, false, false]),
            (.weekends, [false, false, false, false, false, true, true]),
            (.days([.monday, .wednesday, .friday]), [true, false, true, false, true, false, false]),
            (.everyNDays(3), [true, false, false, true, false, false, true]),
        ]
        for (frequency, expected) in cases {
            let habit = Habit(id: "h", frequency: frequency, created: monday)
            let due = (0..<7).map { isDue(habit, on: monday.adding(days: $0), history: history) }
            #expect(due == expected, "\(frequency)")
        }
    }

    @Test func notDueBeforeCreatedOrTheFirstLog() {
        let created = Habit(id: "h", created: monday)
        #expect(!isDue(created, on: monday.adding(days: -1), history: HabitHistory()))
        #expect(isDue(created, on: monday, history: HabitHistory()))
        // No `created`: the first logged day starts the habit.
        let logged = history(monday.adding(days: 2), "x")
        #expect(!isDue(Habit(id: "h"), on: monday.adding(days: 1), history: logged))
        #expect(isDue(Habit(id: "h"), on: monday.adding(days: 2), history: logged))
        #expect(!isDue(Habit(id: "h"), on: monday, history: HabitHistory()))
    }

    @Test func restSkipPausedAndArchivedDaysAreNotDue() {
        let history = history(monday, "xr-xxxx")
        var habit = Habit(id: "h", archived: monday.adding(days: 6), created: monday)
        habit.paused = [DayPeriod(start: monday.adding(days: 4), end: monday.adding(days: 4))]
        let due = (0..<8).map { isDue(habit, on: monday.adding(days: $0), history: history) }
        #expect(due == [true, false, false, true, false, true, false, false])
    }

    @Test func archivedWithoutDateEndsAfterTheLastLog() {
        let habit = Habit(id: "h", status: .archived, created: monday)
        let history = history(monday, "xx")
        #expect(isDue(habit, on: monday.adding(days: 1), history: history))
        #expect(!isDue(habit, on: monday.adding(days: 2), history: history))
    }

    @Test func archivedNeverLoggedIsNeverDue() {
        let habit = Habit(id: "h", status: .archived, created: monday)
        #expect(!isDue(habit, on: monday, history: HabitHistory()))
        #expect(!isDue(habit, on: monday.adding(days: 1), history: HabitHistory()))
    }

    @Test func openEndedPauseRunsOn() {
        var habit = Habit(id: "h", status: .paused, created: monday)
        habit.paused = [DayPeriod("2026-11-04..")!]
        #expect(isDue(habit, on: day("2026-11-03"), history: HabitHistory()))
        #expect(!isDue(habit, on: day("2027-05-01"), history: HabitHistory()))
    }

    @Test func weeklyQuotaIsDueUntilMet() {
        // 3/week done Mon, Tue, Wed: due Mon–Wed, not Thu–Sun; due again next Monday.
        let habit = Habit(id: "h", frequency: .perWeek(3), created: monday)
        let history = history(monday, "xxx")
        let due = (0..<8).map { isDue(habit, on: monday.adding(days: $0), history: history) }
        #expect(due == [true, true, true, false, false, false, false, true])
    }

    @Test func rollingWindowIsDueUntilMet() {
        // 2 in 5 days done on days 0 and 1: windows of the 4 days before days 2…5 hold 2, 2, 2, 1.
        let habit = Habit(id: "h", frequency: .inDays(times: 2, days: 5), created: monday)
        let history = history(monday, "xx")
        let due = (0..<7).map { isDue(habit, on: monday.adding(days: $0), history: history) }
        #expect(due == [true, true, false, false, false, true, true])
    }

    @Test func monthlyPeriodsFollowTheCalendarIncludingLeapFebruary() throws {
        let habit = Habit(id: "h", frequency: .perMonth(1), created: day("2028-02-01"))
        let history = history(day("2028-02-29"), "x")
        let schedule = try #require(Schedule(habit: habit, history: history, today: day("2028-03-02")))
        let periods = schedule.periods()
        #expect(periods.map(\.start) == [day("2028-02-01"), day("2028-03-01")])
        #expect(periods.map(\.end) == [day("2028-02-29"), day("2028-03-31")])
        #expect(periods.map(\.state) == [.met, .open])
        #expect(periods.first?.metDay == day("2028-02-29"))
    }

    @Test func historyKeepsTheLastLineOfADay() throws {
        let checkIn = CheckIn(day: monday, habitLines: [
            HabitLine(habit: "Gym", state: .done), HabitLine(habit: "gym", state: .done), HabitLine(habit: "gym", state: .skipped),
        ])
        let rest = CheckIn(day: monday.adding(days: 2), rest: true)
        let all = HabitHistory.build(from: [checkIn, rest])
        let gym = try #require(all["gym"])
        #expect(gym.mark(on: monday) == .skipped)
        #expect(gym.isRest(monday.adding(days: 2)))
        #expect(gym.firstLogged == monday && gym.lastLogged == monday)
        #expect(HabitHistory.build(habit: "GYM", from: [checkIn, rest]) == gym)
        #expect(HabitHistory.build(habit: "none", from: [checkIn, rest]).isRest(monday.adding(days: 2)))
    }

    @Test func aLineBeforeCreatedMovesTheFirstDayBack() throws {
        // Created Nov 20, a done line on Nov 17: the first day is Nov 17 and the line counts.
        let habit = Habit(id: "h", created: day("2026-11-20"))
        let schedule = try #require(Schedule(habit: habit, history: history(day("2026-11-17"), "x"), today: day("2026-11-20")))
        #expect(schedule.first == day("2026-11-17"))
        #expect(schedule.status(on: day("2026-11-17")) == .done)
        #expect(schedule.status(on: day("2026-11-18")) == .missed)
        // Step 16, point 6: every 3 days counts from the first day like everything else: Nov 16
        // (the backfilled line), 19, 22 …, so the line counts in streak and rate.
        let every = Habit(id: "e", frequency: .everyNDays(3), created: day("2026-11-20"))
        let rhythm = try #require(Schedule(habit: every, history: history(day("2026-11-16"), "x"), today: day("2026-11-20")))
        #expect((16...20).map { rhythm.kind(on: day("2026-11-\($0)")) } == [.due, .off, .off, .due, .off])
        #expect(rhythm.status(on: day("2026-11-16")) == .done)
        #expect(Streaks(schedule: rhythm).best == 1)
        #expect(CompletionRates(schedule: rhythm).allTime.done == 1)
    }

    @Test func aDayStatusForEveryCase() throws {
        // Daily from Mon Nov 16: done, skipped, rest, paused (Thu), no line; today Sat open.
        var habit = Habit(id: "d")
        habit.paused = [DayPeriod(start: day("2026-11-19"), end: day("2026-11-19"))]
        let daily = try #require(Schedule(habit: habit, history: history(day("2026-11-16"), "x-r."), today: day("2026-11-21")))
        #expect((16...22).map { daily.status(on: day("2026-11-\($0)")) } == [.done, .skipped, .rest, .paused, .missed, .open, .inactive])
        // 2/week: done Tue; Mon and Wed before today are not due (the week judges), today Thu is open.
        let weekly = try #require(Schedule(habit: Habit(id: "w", frequency: .perWeek(2), created: day("2026-11-16")), history: history(day("2026-11-16"), ".x"),
                                           today: day("2026-11-19")))
        #expect((16...19).map { weekly.status(on: day("2026-11-\($0)")) } == [.notDue, .done, .notDue, .open])
        // Done after the quota was met: shown, not counted.
        let met = try #require(Schedule(habit: Habit(id: "w", frequency: .perWeek(1)), history: history(day("2026-11-16"), "xx"),
                                        today: day("2026-11-17")))
        #expect(met.status(on: day("2026-11-17")) == .doneNotDue)
        var tally = DayTally()
        for status in DayStatus.allCases { tally.add(status) }
        #expect(tally == DayTally(done: 1, due: 3))
    }
}
