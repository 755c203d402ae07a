import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct StreaksTests {
    // 2026-11-02 is a Monday.
    let monday = day("2026-11-02")

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var habit: Habit
        var pattern: String
        /// Offset of today from the pattern's first day.
        var today: Int
        var current: Int
        var best: Int
        var testDescription: String { name }
    }

    static let start = day("2026-11-02")

    static let cases: [Case] = [
        // x x x r x x (today open, no line): 5 — the rest day neither counts nor breaks.
        Case(name: "rest day inside a streak", habit: Habit(id: "h"), pattern: "xxxrxx", today: 6, current: 5, best: 5),
        // x x - x x: 4 — the skipped day neither counts nor breaks.
        Case(name: "skipped day", habit: Habit(id: "h"), pattern: "xx-xx", today: 4, current: 4, best: 4),
        // x x . x x x: the missed third day breaks; 3 since, best 3 (ties).
        Case(name: "missed day breaks", habit: Habit(id: "h"), pattern: "xx.xxx", today: 5, current: 3, best: 3),
        // x x x x . (today has no line yet): still 4 until the day is over.
        Case(name: "today open", habit: Habit(id: "h"), pattern: "xxxx", today: 4, current: 4, best: 4),
        // Today with an open line `[ ]` is open too.
        Case(name: "today open line", habit: Habit(id: "h"), pattern: "xxxxo", today: 4, current: 4, best: 4),
        // The first day ever, done: 1.
        Case(name: "first day", habit: Habit(id: "h"), pattern: "x", today: 0, current: 1, best: 1),
        // The first day ever, open: 0 and nothing broken.
        Case(name: "first day open", habit: Habit(id: "h", created: start), pattern: "", today: 0, current: 0, best: 0),
        // weekdays: Mon–Fri done, weekend off, Monday done: 6.
        Case(name: "weekend off days", habit: Habit(id: "h", frequency: .weekdays), pattern: "xxxxx..x", today: 7, current: 6, best: 6),
        // every 3 days from Mon: due 0, 3, 6, 9; done 0, 3, missed 6, done 9: current 1, best 2.
        Case(name: "every 3 days", habit: Habit(id: "h", frequency: .everyNDays(3)), pattern: "x..x.....x", today: 10, current: 1, best: 2),
        // Paused Thu–Sat (days 3–5): x x x p p p x → 4.
        Case(name: "paused period", habit: {
            var habit = Habit(id: "h")
            habit.paused = [DayPeriod(start: day("2026-11-05"), end: day("2026-11-07"))]
            return habit
        }(), pattern: "xxx...x", today: 7, current: 4, best: 4),
        // Archived from day 4: done days 0–3, then nothing: frozen at 4.
        Case(name: "archived habit", habit: Habit(id: "h", archived: day("2026-11-06")), pattern: "xxxx", today: 9, current: 4, best: 4),
        // Quit habit, at most 3: 2, 2, 5 (over the maximum: not held), 1 → current 1, best 2.
        // The checkbox is the record: 2, 2 held, then `[ ] 5` (as `brain done` writes an amount over
        // the target) breaks, then 1 held.
        Case(name: "quit with at-most target", habit: Habit(id: "h", target: 3, kind: .quit), pattern: "xxox", today: 3, current: 1, best: 2),
        // A `[x]` line counts as held whatever its value.
        Case(name: "quit, [x] over the target", habit: Habit(id: "h", target: 3, kind: .quit), pattern: "xxxx", today: 3, current: 4, best: 4),
        // 3/week: week 1 met (Mon, Wed, Fri), week 2 met (Mon–Wed), week 3 open → 2 weeks.
        Case(name: "3/week", habit: Habit(id: "h", frequency: .perWeek(3)), pattern: "x.x.x..xxx", today: 14, current: 2, best: 2),
        // 3/week: week 1 only 2 → missed; week 2 met; today (week 3) open → 1.
        Case(name: "3/week missed week", habit: Habit(id: "h", frequency: .perWeek(3)), pattern: "x.x....xxx", today: 14, current: 1, best: 1),
        // 2/month: Nov met (2), Dec met (2): 2 months (today Jan 1, open).
        Case(name: "2/month", habit: Habit(id: "h", frequency: .perMonth(2)), pattern: "xx" + String(repeating: ".", count: 29) + "xx", today: 60, current: 2, best: 2),
        // 2 in 3 days, blocks from the first day: [x x .] met, [. x .] missed, [x x] open-met → 1.
        Case(name: "2 in 3 days", habit: Habit(id: "h", frequency: .inDays(times: 2, days: 3)), pattern: "xx..x.xx", today: 7, current: 1, best: 1),
    ]

    @Test(arguments: cases)
    func streaks(_ item: Case) {
        let values: [Double?] = item.name.hasPrefix("quit") ? [2, 2, 5, 1] : []
        let history = history(Self.start, item.pattern, values: values)
        let result = Streaks(habit: item.habit, history: history, today: Self.start.adding(days: item.today))
        #expect(result.current == item.current)
        #expect(result.best == item.best)
    }

    @Test func threeLinesOnOneMondayCountOnce() {
        // A 3/week habit "done 3 times on Monday" (three lines): the last line wins, 1 completion,
        // so the week is missed.
        let lines = (0..<3).map { HabitLine(habit: "gym", state: .done, line: 5 + $0) }
        let history = HabitHistory.build(habit: "gym", from: [CheckIn(day: monday, habitLines: lines)])
        let habit = Habit(id: "gym", frequency: .perWeek(3), created: monday)
        let streaks = Streaks(habit: habit, history: history, today: monday.adding(days: 7))
        #expect(streaks.current == 0 && streaks.best == 0 && streaks.unit == .weeks)
        let schedule = Schedule(habit: habit, history: history, today: monday.adding(days: 7))!
        #expect(schedule.periods().first?.done == 1)
        #expect(schedule.periods().first?.state == .missed)
    }

    @Test func habitCreatedMidWeekNeedsOnlyWhatFits() throws {
        // 3/week created Saturday: the first week has 2 days, so 2 are required; done Sat, Sun → met.
        let saturday = monday.adding(days: 5)
        let habit = Habit(id: "h", frequency: .perWeek(3), created: saturday)
        let history = history(saturday, "xx")
        let schedule = try #require(Schedule(habit: habit, history: history, today: saturday.adding(days: 2)))
        #expect(schedule.periods().first?.required == 2)
        #expect(Streaks(schedule: schedule).current == 1)
    }

    @Test func weekStartChangesWhichWeekADayBelongsTo() {
        // 2/week from Monday 2026-11-02, done Sat 7th and Sun 8th, today Tue 10th.
        let habit = Habit(id: "h", frequency: .perWeek(2), created: monday)
        let history = history(monday.adding(days: 5), "xx")
        let today = monday.adding(days: 8)
        // Monday weeks: Nov 2–8 holds both → met; Nov 9–15 open → 1.
        #expect(Streaks(habit: habit, history: history, today: today, weekStart: .monday).current == 1)
        // Sunday weeks: Nov 1–7 holds one (missed), Nov 8–14 holds one and is open → 0.
        let sunday = Streaks(habit: habit, history: history, today: today, weekStart: .sunday)
        #expect(sunday.current == 0 && sunday.best == 0)
    }

    @Test func leapDayCountsLikeAnyOther() {
        // 2028-02-28, 02-29, 03-01 all done: 3 days.
        let history = history(day("2028-02-28"), "xxx")
        let streaks = Streaks(habit: Habit(id: "h"), history: history, today: day("2028-03-01"))
        #expect(streaks.current == 3)
        #expect(streaks.currentSince == day("2028-02-28"))
    }
}
