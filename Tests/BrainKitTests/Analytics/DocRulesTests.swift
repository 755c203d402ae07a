import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics

/// Step 16, points 6 and 7: each rule docs/ANALYTICS.md states about the edges, held by a test.
@Suite struct DocRulesTests {
    // 2026-11-02 is a Monday.
    static let monday = day("2026-11-02")

    @Test func aLineOnAPausedDayCountsTowardItsPeriodButNotTheDay() throws {
        // 2/week, paused Tue–Thu, done Tue and Wed: the week is met (the lines count toward it),
        // each of those days shows done and counts 0 of 0.
        var habit = Habit(id: "h", frequency: .perWeek(2), created: Self.monday)
        habit.paused = [DayPeriod(start: Self.monday.adding(days: 1), end: Self.monday.adding(days: 3))]
        let schedule = try #require(Schedule(habit: habit, history: history(Self.monday, ".xx"), today: Self.monday.adding(days: 7)))
        let week = try #require(schedule.periods().first)
        #expect(week.done == 2 && week.state == .met)
        #expect(schedule.status(on: Self.monday.adding(days: 1)) == .doneNotDue)
        #expect(DayTally([schedule], on: Self.monday.adding(days: 1)) == DayTally(done: 0, due: 0))
    }

    @Test func aDoneRestOrPausedDayCarriesNoMomentum() throws {
        // 1/week done only on Wednesday, a rest day: the completion counts (Thursday's window holds
        // it: 1), the rest day itself carries none — as a daily habit's done rest day carries none.
        let rest: Set<Day> = [Self.monday.adding(days: 2)]
        let weekly = Habit(id: "w", frequency: .perWeek(1), created: Self.monday)
        let schedule = try #require(Schedule(habit: weekly, history: history(Self.monday, "..x", extraRest: rest), today: Self.monday.adding(days: 7)))
        #expect(schedule.momentumValue(on: Self.monday.adding(days: 2)) == nil)
        #expect(schedule.momentumValue(on: Self.monday.adding(days: 3)) == 1)
        let daily = Habit(id: "d", created: Self.monday)
        let dailySchedule = try #require(Schedule(habit: daily, history: history(Self.monday, "xxx", extraRest: rest), today: Self.monday.adding(days: 3)))
        #expect(dailySchedule.momentumValue(on: Self.monday.adding(days: 2)) == nil)
    }

    @Test func aDueDayCountsForTheOffDaysItCovers() throws {
        // Point 4, `[mon, wed, fri]`: Monday done, Tuesday (off, done itself), Wednesday skipped,
        // Friday missed. Monday's 1 covers nothing more (Tuesday done counts for nothing), the
        // skipped Wednesday leaves Thursday with nothing, Friday's 0 covers Saturday and Sunday; on
        // the next Monday (open) those count, and on Saturday, open, Saturday counts nothing yet.
        let habit = Habit(id: "s", frequency: .days([.monday, .wednesday, .friday]), created: Self.monday)
        let lines = history(Self.monday, "xx-")
        let schedule = try #require(Schedule(habit: habit, history: lines, today: Self.monday.adding(days: 7)))
        let values = (0...7).map { schedule.momentumValue(on: Self.monday.adding(days: $0)) }
        #expect(values == [1, nil, nil, nil, 0, 0, 0, nil])
        let saturday = try #require(Schedule(habit: habit, history: lines, today: Self.monday.adding(days: 5)))
        #expect(saturday.momentumValue(on: Self.monday.adding(days: 5)) == nil, "today, open, counts for nothing yet")
        #expect(saturday.momentumValue(on: Self.monday.adding(days: 4)) == 0)
        // Without Tuesday's own line, Monday's 1 covers it.
        let plain = try #require(Schedule(habit: habit, history: history(Self.monday, "x"), today: Self.monday.adding(days: 3)))
        #expect(plain.momentumValue(on: Self.monday.adding(days: 1)) == 1)
    }

    @Test func inMDaysTodayNotDueIsNoDayLeft() throws {
        // 2 in 3 days, blocks Mon–Wed, Thu–Sat: done Tue, Wed; on Thursday the rolling rule says
        // not due (2 done in the 2 days before), so Thursday is no day left of its block, and the
        // block, still reachable on Friday and Saturday, counts nothing yet.
        let habit = Habit(id: "g", frequency: .inDays(times: 2, days: 3), created: Self.monday)
        let thursday = Self.monday.adding(days: 3)
        let schedule = try #require(Schedule(habit: habit, history: history(Self.monday, ".xx"), today: thursday))
        #expect(!schedule.isDue(on: thursday))
        #expect(schedule.status(on: thursday) == .notDue)
        #expect(schedule.momentumValue(on: thursday) == nil)
        #expect(schedule.momentumValue(on: Self.monday.adding(days: 2)) == 1)
    }

    @Test func streaksCountTheHabitsOwnUnit() throws {
        // Point 7: `every 3 days` done 5 times over 13 days: "5 times", not "5 days"; a weekly
        // habit counts weeks (Loop counts days: on purpose, docs/ANALYTICS.md section 2).
        let every = Habit(id: "e", frequency: .everyNDays(3), created: Self.monday)
        let schedule = try #require(Schedule(habit: every, history: history(Self.monday, "x..x..x..x..x"), today: Self.monday.adding(days: 12)))
        let streaks = Streaks(schedule: schedule)
        #expect(streaks.current == 5 && streaks.unit == .times)
        #expect(streaks.describe(streaks.current) == "5 times" && streaks.describe(1) == "1 time")
        #expect(streaks.span(on: Self.monday.adding(days: 12)) == 13)
        let weekly = Habit(id: "w", frequency: .perWeek(1), created: Self.monday)
        let weeks = Streaks(habit: weekly, history: history(Self.monday, "x......x......x"), today: Self.monday.adding(days: 15))
        #expect(weeks.current == 3 && weeks.describe(3) == "3 weeks")
    }
}
