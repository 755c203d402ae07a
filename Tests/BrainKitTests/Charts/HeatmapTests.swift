import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct HeatmapLayoutTests {
    /// (year, week start, first column's first day, columns, a day, its row, its column).
    /// Worked by hand from a calendar: 1 Jan 2026 is a Thursday, 1 Jan 2024 a Monday, 29 Feb 2024
    /// a Thursday, 1 Jan 2022 a Saturday.
    static let cases: [(Int, Weekday, String, Int, String, Int, Int)] = [
        // 2026 starts mid-week: the first column starts on Mon 29 Dec 2025; 1 Jan is row 3 (Thu).
        (2026, .monday, "2025-12-29", 53, "2026-01-01", 3, 0),
        (2026, .monday, "2025-12-29", 53, "2026-02-01", 6, 4),
        (2026, .monday, "2025-12-29", 53, "2026-12-31", 3, 52),
        // Weeks from Sunday: the first column starts Sun 28 Dec 2025; 1 Jan is row 4.
        (2026, .sunday, "2025-12-28", 53, "2026-01-01", 4, 0),
        (2026, .sunday, "2025-12-28", 53, "2026-02-01", 0, 5),
        (2026, .sunday, "2025-12-28", 53, "2026-12-31", 4, 52),
        // Leap year 2024 starting on a Monday: 29 Feb is day 59 → column 8, row 3.
        (2024, .monday, "2024-01-01", 53, "2024-02-29", 3, 8),
        (2024, .monday, "2024-01-01", 53, "2024-12-31", 1, 52),
        (2024, .sunday, "2023-12-31", 53, "2024-02-29", 4, 8),
        (2024, .sunday, "2023-12-31", 53, "2024-12-31", 2, 52),
        // 2022 starts on a Saturday: 369 days from Mon 27 Dec 2021 to Sat 31 Dec 2022.
        (2022, .monday, "2021-12-27", 53, "2022-01-01", 5, 0),
        (2022, .monday, "2021-12-27", 53, "2022-12-31", 5, 52),
    ]

    @Test(arguments: cases)
    func placesDaysInWeekColumns(_ item: (Int, Weekday, String, Int, String, Int, Int)) throws {
        let (year, weekStart, firstColumn, columns, text, row, column) = item
        let layout = HeatmapLayout(year: year, weekStart: weekStart)
        #expect(layout.firstColumnStart == day(firstColumn))
        #expect(layout.columnCount == columns)
        let position = try #require(layout.position(of: day(text)))
        #expect(position.row == row)
        #expect(position.column == column)
        #expect(layout.day(row: row, column: column) == day(text))
    }

    @Test func cellsOutsideTheYearAreEmpty() {
        let layout = HeatmapLayout(year: 2026, weekStart: .monday)
        #expect(layout.day(row: 0, column: 0) == nil)  // Mon 29 Dec 2025
        #expect(layout.day(row: 2, column: 0) == nil)  // Wed 31 Dec 2025
        #expect(layout.day(row: 4, column: 52) == nil)  // Fri 1 Jan 2027
        #expect(layout.position(of: day("2025-12-31")) == nil)
    }

    @Test func rowsFollowTheWeekStart() {
        #expect(HeatmapLayout(year: 2026, weekStart: .monday).rowWeekdays.first == .monday)
        #expect(HeatmapLayout(year: 2026, weekStart: .sunday).rowWeekdays == [.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday])
    }

    @Test func monthLabelsSitOverTheColumnOfTheFirst() {
        // 2026, Monday weeks: 1 Feb and 1 Mar are Sundays in columns 4 and 8; 1 Dec (Tue) in column 48.
        let columns = HeatmapLayout(year: 2026, weekStart: .monday).monthColumns
        #expect(columns[0] == 0)
        #expect(columns[1] == 4)
        #expect(columns[2] == 8)
        #expect(columns[11] == 48)
    }

    @Test func rendersOneCharacterPerWeek() {
        let lines = HeatmapLayout(year: 2026, weekStart: .monday).lines(level: { _ in 4 }, cell: { ["·", "░", "▒", "▓", "█"][$0] })
        #expect(lines.count == 8)
        #expect(lines[0].hasPrefix("    Jan Feb Mar"))
        // Monday: column 0 is 29 Dec 2025 (blank), columns 1…52 are in 2026.
        #expect(lines[1] == "Mon  " + String(repeating: "█", count: 52))
        // Thursday: 1 Jan through 31 Dec, all 53 columns.
        #expect(lines[4] == "Thu " + String(repeating: "█", count: 53))
        // Friday: column 52 is 1 Jan 2027, trimmed.
        #expect(lines[5] == "Fri " + String(repeating: "█", count: 52))
    }
}

@Suite struct HeatmapLevelTests {
    let today = day("2026-11-10")

    /// Read 20 pages from Nov 1: each day's line and the level it gives.
    @Test func habitLevelsFromDonePartialAndSkip() throws {
        let habit = Habit(id: "read", target: 20)
        // Nov 1 done 25; 2 open 12 (≥ half); 3 open 5 (< half); 4 skipped; 5 rest; 6 no line;
        // 7 done with 10 (the checkbox is the record: [x] is done whatever the value); 8 plain [x];
        // 9 open, no amount; 10 today.
        let history = history(day("2026-11-01"), "xoo-r.xxo", values: [25, 12, 5, nil, nil, nil, 10])
        let schedule = try #require(Schedule(habit: habit, history: history, today: today))
        let expected: [Int?] = [4, 3, 2, 1, 1, 0, 4, 4, 0, 0]
        for (offset, level) in expected.enumerated() {
            #expect(HeatmapLevels.habit(schedule, on: day("2026-11-01").adding(days: offset)) == level, "day \(offset + 1)")
        }
        #expect(HeatmapLevels.habit(schedule, on: day("2026-11-11")) == nil)
        #expect(HeatmapLevels.habit(schedule, on: day("2026-10-31")) == nil)
    }

    static let bands: [(Int, Int, Int)] = [
        (0, 0, 0), (0, 3, 0), (1, 4, 1), (2, 7, 1), (1, 3, 2), (1, 2, 2), (5, 9, 2),
        (2, 3, 3), (6, 9, 3), (8, 9, 3), (3, 3, 4), (9, 9, 4),
    ]

    @Test(arguments: bands)
    func shareBands(_ item: (Int, Int, Int)) {
        // 0: nothing done; 1: below 1/3; 2: 1/3 up to 2/3; 3: 2/3 up to all; 4: all.
        #expect(HeatmapLevels.share(done: item.0, due: item.1) == item.2)
    }

    @Test func tallyCountsAHabitStillOpenTodayAsDue() throws {
        let start = day("2026-11-09")
        let a = try #require(Schedule(habit: Habit(id: "a"), history: history(start, "xx"), today: today))
        let b = try #require(Schedule(habit: Habit(id: "b"), history: history(start, "x."), today: today))
        let c = try #require(Schedule(habit: Habit(id: "c"), history: history(start, "oo"), today: today))
        let yesterday = HeatmapLevels.tally([a, b, c], on: start)
        #expect(yesterday.done == 2 && yesterday.due == 3)
        // Today: a done, b and c still open; "1 of 3 done", as `today` says it.
        let now = HeatmapLevels.tally([a, b, c], on: today)
        #expect(now.done == 1 && now.due == 3)
    }
}

@Suite struct SparklineTests {
    static let bars: [(Double, Character)] = [(1, "▁"), (2, "▃"), (3, "▅"), (4, "▆"), (5, "█"), (0, "▁"), (9, "█")]

    @Test(arguments: bars)
    func scoresMapToBars(_ item: (Double, Character)) {
        // index = round((v − 1) / 4 · 7): 0, 1.75 → 2, 3.5 → 4, 5.25 → 5, 7.
        #expect(Sparkline.bar(item.0) == item.1)
    }

    @Test func missingDaysAreGaps() {
        #expect(Sparkline.render([1, nil, 5, 3, nil]) == "▁ █▅ ")
        #expect(Sparkline.render([]) == "")
    }
}

@Suite struct CalendarGridTests {
    @Test(arguments: [(Weekday.monday, "2026-11-16"), (.sunday, "2026-11-22")])
    func weekDaysStartOnTheWeekStart(_ item: (Weekday, String)) {
        let days = WeekGrid.days(containing: day("2026-11-22"), weekStart: item.0)
        #expect(days.first == day(item.1))
        #expect(days.count == 7)
    }

    @Test func weekMarks() throws {
        // Daily habit from Nov 16: done, skipped, rest, no line, open; today Nov 21 no line (open).
        let schedule = try #require(Schedule(habit: Habit(id: "a"), history: history(day("2026-11-16"), "x-r.o"), today: day("2026-11-21")))
        let marks = WeekGrid.days(containing: day("2026-11-21"), weekStart: .monday).map { WeekGrid.mark(schedule, on: $0) }
        #expect(marks == [.done, .skipped, .skipped, .missed, .missed, .open, .none])
        #expect(marks.map(\.symbol).joined() == "✓––○○○·")
    }

    @Test func periodicHabitsHaveNoMissedDays() throws {
        let schedule = try #require(Schedule(habit: Habit(id: "a", frequency: .perWeek(3)), history: history(day("2026-11-16"), "x.."), today: day("2026-11-18")))
        #expect(WeekGrid.mark(schedule, on: day("2026-11-17")) == .none)
        #expect(WeekGrid.mark(schedule, on: day("2026-11-16")) == .done)
    }

    /// November 2026 starts on a Sunday and has 30 days.
    @Test(arguments: [(Weekday.monday, 6, 6), (.sunday, 5, 0)])
    func monthGrid(_ item: (Weekday, Int, Int)) throws {
        let grid = MonthGrid(containing: day("2026-11-22"), weekStart: item.0)
        #expect(grid.weeks.count == item.1)
        #expect(grid.weeks[0][item.2] == day("2026-11-01"))
        #expect(grid.weeks[0].compactMap { $0 }.count == 7 - item.2)
        #expect(grid.weeks.flatMap { $0 }.compactMap { $0 }.count == 30)
    }

    @Test func februaryOfALeapYear() {
        // Feb 2024: Thursday 1st, 29 days → Monday rows: Jan 29 week … Feb 26 week = 5 rows.
        let grid = MonthGrid(containing: day("2024-02-10"), weekStart: .monday)
        #expect(grid.weeks.count == 5)
        #expect(grid.weeks[4][3] == day("2024-02-29"))
        #expect(grid.weeks[4][4] == nil)
    }
}

@Suite struct HeatmapRangeLayoutTests {
    @Test func aRunOfDaysStartingOnTheLastDayOfAWeek() throws {
        // The report's year: 2025-11-23 (a Sunday) through 2026-11-22 (a Sunday), weeks from Monday.
        let from = try #require(Day("2025-11-23"))
        let through = try #require(Day("2026-11-22"))
        let layout = HeatmapLayout(from: from, through: through, weekStart: .monday)
        #expect(layout.firstColumnStart == Day("2025-11-17"))
        #expect(layout.columnCount == 53)
        #expect(layout.position(of: from)! == (6, 0))
        #expect(layout.position(of: through)! == (6, 52))
        #expect(layout.day(row: 0, column: 0) == nil)
        #expect(layout.position(of: through.adding(days: 1)) == nil)
        // Month labels: the 1sts from December 2025 through November 2026.
        #expect(layout.monthStarts.map(\.month) == [12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
        #expect(layout.monthStarts.first!.column == 2)
        // Every day has exactly one cell.
        var seen = Set<Day>()
        for column in 0..<layout.columnCount {
            for row in 0..<7 { if let day = layout.day(row: row, column: column) { #expect(seen.insert(day).inserted) } }
        }
        #expect(seen.count == from.distance(to: through) + 1)
    }

    @Test func aYearIsTheRangeOfItsDays() {
        let year = HeatmapLayout(year: 2026, weekStart: .sunday)
        let range = HeatmapLayout(from: Day("2026-01-01")!, through: Day("2026-12-31")!, weekStart: .sunday)
        #expect(year == range)
        #expect(year.monthStarts.map(\.month) == Array(1...12))
    }
}
