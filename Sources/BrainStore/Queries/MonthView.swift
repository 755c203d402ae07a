import BrainFormat
import BrainAnalytics

/// `brain month`: a calendar month of habits done per day, with mood and energy.
package struct MonthView: Hashable, Sendable, Codable {
    /// One day of the month; days after `date` have no counts and no scores.
    package struct DayEntry: Hashable, Sendable, Codable {
        package var date: Day
        @Nullable package var done: Int?
        @Nullable package var due: Int?
        @Nullable package var mood: Int?
        @Nullable package var energy: Int?
    }

    /// The day the month is computed as of.
    package var date: Day
    package var year: Int
    package var month: Int
    /// The vault's week-start day by name (`monday`).
    package var weekStart: String
    /// Habit-days done and due over the month through `date`.
    package var done: Int
    package var due: Int
    package var days: [DayEntry]

    /// `weekStart` as a weekday.
    package var firstWeekday: Weekday { Weekday(name: weekStart) ?? .monday }

    /// The calendar grid of the month, weeks as rows from `weekStart`.
    package var grid: MonthGrid { MonthGrid(containing: date, weekStart: firstWeekday) }

    /// The month holding `today`, as of `today`: every habit, or the one `habit` (a habit's page).
    package init(journal: Journal, today: Day, habit: Habit? = nil) {
        date = today
        year = today.year
        month = today.month
        weekStart = journal.weekStart.name
        let all = journal.schedules(today: today)
        let schedules = habit.map { habit in all[habit.id.lowercased()].map { [$0] } ?? [] } ?? journal.ordered(all)
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
