import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore

/// Step 16, point 2: a quit habit reads one way everywhere (docs/ANALYTICS.md, "Quit habits").
/// `At most 2 cups` from Mon 2 Nov: `[x] 2`, `[x] 1`, three days with no line, `[ ] 4` (over the
/// limit), then today with no line. A finished day with no line is held (as Loop reads it: 0 cups),
/// a line over the limit is lost at once, today is `not logged` until it ends.
@Suite struct QuitHabitTests {
    static let start = day("2026-11-02")
    static let habit = Habit(id: "coffee", target: 2, kind: .quit, created: start)
    static let lines = history(start, "xx...o", values: [2, 1, nil, nil, nil, 4])

    func make(today offset: Int, clock: Int? = nil) throws -> Schedule {
        var lines = Self.lines
        lines.now = Self.start.adding(days: clock ?? offset)
        return try #require(Schedule(habit: Self.habit, history: lines, today: Self.start.adding(days: offset)))
    }

    @Test func unloggedFinishedDaysAreHeldAndOverTheLimitIsLost() throws {
        let schedule = try make(today: 6)
        let words = (0...6).map { schedule.quitWord(on: Self.start.adding(days: $0)) }
        #expect(words == ["held", "held", "held", "held", "held", "over the limit", "not logged"])
        // Streak, rate, momentum and strength read the same days.
        let streaks = Streaks(schedule: schedule)
        #expect(streaks.current == 0 && streaks.best == 5)
        let rates = CompletionRates(schedule: schedule)
        #expect(rates.allTime.done == 5 && rates.allTime.due == 6)
        let values = (0...5).map { schedule.momentumValue(on: Self.start.adding(days: $0)) }
        #expect(values == [1, 1, 1, 1, 1, 0])
        #expect(schedule.momentumValue(on: Self.start.adding(days: 6)) == nil, "today, not logged, counts for nothing yet")
        let strength = try #require(HabitStrength.scores(schedule).last)
        #expect(strength > 0.2, "strength reads the unlogged days as held too (0 cups)")
        // `log` says the same words and states.
        var lineMap: [Day: HabitLine] = [:]
        lineMap[Self.start.adding(days: 5)] = HabitLine(habit: "coffee", state: .open, value: 4, line: 1)
        let log = HabitLogEntry.entries(habit: Self.habit, schedule: schedule, lines: lineMap,
                                        from: Self.start, through: Self.start.adding(days: 6))
        #expect(log.map(\.word) == words.reversed())
        #expect(log.map(\.state) == [.open, .missed, .done, .done, .done, .done, .done])
    }

    @Test func overTheLimitTodayBreaksTheStreakAtOnce() throws {
        let schedule = try make(today: 5)
        #expect(schedule.status(on: Self.start.adding(days: 5)) == .missed)
        #expect(schedule.quitWord(on: Self.start.adding(days: 5)) == "over the limit")
        #expect(Streaks(schedule: schedule).current == 0)
        let entry = try #require(DayOverview.entry(Self.habit, schedule: schedule, line: HabitLine(habit: "coffee", state: .open, value: 4, line: 1),
                                                   day: Self.start.adding(days: 5)))
        #expect(entry.word == "over the limit" && entry.streak.current == 0)
        // Within the limit and not ticked, today is open: the streak of held days runs on.
        let open = try make(today: 4)
        #expect(open.status(on: Self.start.adding(days: 4)) == .open)
        #expect(open.quitWord(on: Self.start.adding(days: 4)) == "not logged")
        #expect(Streaks(schedule: open).current == 4)
        // The same day, once over, is held.
        let over = try make(today: 4, clock: 5)
        #expect(over.quitWord(on: Self.start.adding(days: 4)) == "held")
        #expect(Streaks(schedule: over).current == 5)
    }
}
