import BrainFormat
import BrainAnalytics

/// `brain heatmap [HABIT]`: a calendar year of levels 0–4, for one habit or for all habits together.
package struct HeatmapView: Hashable, Sendable, Codable {
    /// One day up to `date`.
    package struct DayEntry: Hashable, Sendable, Codable {
        package var date: Day
        /// 0–4 (`HeatmapLevels`).
        package var level: Int
        /// Habit-days done and due, for the all-habits map only.
        package var done: Int?
        package var due: Int?
    }

    /// The day the map is computed as of.
    package var date: Day
    package var year: Int
    /// The vault's week-start day by name (`monday`).
    package var weekStart: String
    /// The habit's id; null for all habits.
    @Nullable package var habit: String?
    /// From January 1 through `date` (or December 31), oldest first; empty for a year after `date`.
    package var days: [DayEntry]

    /// `weekStart` as a weekday.
    package var firstWeekday: Weekday { Weekday(name: weekStart) ?? .monday }

    /// The map of `habit` (all habits when nil) in `year`, as of `today`.
    package init(journal: Journal, habit: Habit? = nil, year: Int, today: Day) {
        date = today
        self.year = year
        weekStart = journal.weekStart.name
        self.habit = habit?.id
        let asOf = min(today, Day(year: year, month: 12, day: 31)!)
        let first = Day(year: year, month: 1, day: 1)!
        guard first <= asOf else {
            days = []
            return
        }
        let range = first.ordinal...asOf.ordinal
        if let habit {
            let schedule = Schedule(habit: habit, history: journal.history(of: habit.id), today: asOf, weekStart: journal.weekStart)
            days = range.map { ordinal in
                let day = Day(ordinal: ordinal)
                return DayEntry(date: day, level: schedule.flatMap { HeatmapLevels.habit($0, on: day) } ?? 0)
            }
        } else {
            let schedules = journal.ordered(journal.schedules(today: asOf))
            days = range.map { ordinal in
                let day = Day(ordinal: ordinal)
                let tally = HeatmapLevels.tally(schedules, on: day)
                return DayEntry(date: day, level: HeatmapLevels.share(done: tally.done, due: tally.due), done: tally.done, due: tally.due)
            }
        }
    }
}
