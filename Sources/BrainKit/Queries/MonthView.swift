/// `brain month`: a calendar month of habits done per day, with mood and energy.
public struct MonthView: Hashable, Sendable, Codable {
    /// One day of the month; days after `date` have no counts and no scores.
    public struct DayEntry: Hashable, Sendable, Codable {
        public var date: Day
        @Nullable public var done: Int?
        @Nullable public var due: Int?
        @Nullable public var mood: Int?
        @Nullable public var energy: Int?
    }

    /// The day the month is computed as of.
    public var date: Day
    public var year: Int
    public var month: Int
    /// The vault's week-start day by name (`monday`).
    public var weekStart: String
    /// Habit-days done and due over the month through `date`.
    public var done: Int
    public var due: Int
    public var days: [DayEntry]

    /// `weekStart` as a weekday.
    public var firstWeekday: Weekday { Weekday(name: weekStart) ?? .monday }

    /// The calendar grid of the month, weeks as rows from `weekStart`.
    public var grid: MonthGrid { MonthGrid(containing: date, weekStart: firstWeekday) }

    /// The month holding `today`, as of `today`.
    public init(journal: Journal, today: Day) {
        date = today
        year = today.year
        month = today.month
        weekStart = journal.weekStart.name
        let schedules = journal.ordered(journal.schedules(today: today))
        let first = today.startOfMonth
        var done = 0
        var due = 0
        days = (0..<Day.daysIn(month: today.month, year: today.year)).map { offset in
            let day = first.adding(days: offset)
            guard day <= today else { return DayEntry(date: day, done: nil, due: nil, mood: nil, energy: nil) }
            let tally = HeatmapLevels.tally(schedules, on: day)
            done += tally.done
            due += tally.due
            let checkIn = journal.checkIn(on: day)
            return DayEntry(date: day, done: tally.done, due: tally.due, mood: checkIn?.mood, energy: checkIn?.energy)
        }
        self.done = done
        self.due = due
    }
}
