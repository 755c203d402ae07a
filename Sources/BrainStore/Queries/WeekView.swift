import BrainFormat
import BrainAnalytics

/// `brain week`: the habits of one calendar week day by day, with mood and energy.
package struct WeekView: Hashable, Sendable, Codable {
    /// One day of the week; days after `date` have no scores and count nothing.
    package struct DayEntry: Hashable, Sendable, Codable {
        package var date: Day
        /// Three-letter lower-case name (`mon`).
        package var weekday: String
        @Nullable package var mood: Int?
        @Nullable package var energy: Int?
        /// Habit-days done and due that day.
        package var done: Int
        package var due: Int
    }

    /// One habit's week.
    package struct HabitRow: Hashable, Sendable, Codable {
        package var id: String
        package var title: String
        /// One mark per day of the week.
        package var days: [WeekGrid.Mark]
        /// Due days done over the week through `date` (`DayTally`, as the day columns count them).
        package var done: Int
        package var due: Int
    }

    /// The day the week is computed as of.
    package var date: Day
    package var start: Day
    package var end: Day
    package var days: [DayEntry]
    /// Habits active on some day of the week, in the journal's order.
    package var habits: [HabitRow]

    /// The week holding `today`, as of `today`.
    package init(journal: Journal, today: Day) {
        date = today
        let week = WeekGrid.days(containing: today, weekStart: journal.weekStart)
        start = week[0]
        end = week[6]
        let schedules = journal.schedules(today: today)
        let ordered = journal.ordered(schedules)
        days = week.map { day in
            let checkIn = day > today ? nil : journal.checkIn(on: day)
            let tally = day <= today ? HeatmapLevels.tally(ordered, on: day) : (done: 0, due: 0)
            return DayEntry(date: day, weekday: day.weekday.shortName, mood: checkIn?.mood, energy: checkIn?.energy,
                            done: tally.done, due: tally.due)
        }
        habits = journal.habits.compactMap { habit in
            guard let schedule = schedules[habit.id.lowercased()] else { return nil }
            let statuses = week.map { schedule.status(on: $0) }
            guard statuses.contains(where: { $0 != .inactive }) else { return nil }
            // The same tally as the day columns, so the rows and the days add up to one total.
            var tally = DayTally()
            for status in statuses { tally.add(status) }
            return HabitRow(id: habit.id, title: habit.title, days: statuses.map(WeekGrid.Mark.init),
                            done: tally.done, due: tally.due)
        }
    }
}
