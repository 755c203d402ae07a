import BrainFormat
import BrainAnalytics

/// The terminal UI's grid: every habit due today or active in the window as a row, the last
/// `days` days as columns (today last), with each habit's streak, momentum and how many days it
/// can still go without a check-off before its streak or its period's quota is lost.
package struct HabitGridView: Sendable {
    package struct Row: Sendable, Equatable {
        package var id: String
        package var title: String
        /// One mark per day of `days`, oldest first.
        package var marks: [WeekGrid.Mark]
        /// Today's state, as `brain today` gives it.
        package var state: DayOverview.State
        package var value: Double?
        package var target: Double?
        package var unit: String?
        package var streak: Int
        /// The streak in its unit (`12 days`, `3 weeks`).
        package var streakText: String
        package var momentum: Momentum?
        /// Days left before the streak or the period's quota can no longer be kept: 0 means it
        /// must be done today; nil when nothing is at stake.
        package var atRisk: Int?
    }

    package var today: Day
    package var days: [Day]
    package var rest: Bool
    package var rows: [Row]

    /// The grid of `days` days through `today`.
    package init(journal: Journal, today: Day, days count: Int, config: VaultConfig? = nil) {
        self.today = today
        let count = max(1, count)
        let window = (0..<count).map { today.adding(days: $0 - count + 1) }
        days = window
        let overview = DayOverview(journal: journal, day: today)
        rest = overview.rest
        let today = today
        let schedules = journal.schedules(today: today)
        let entries = overview.entries
        rows = entries.compactMap { entry in
            guard let schedule = schedules[entry.id.lowercased()] else { return nil }
            let marks = window.map { WeekGrid.mark(schedule, on: $0) }
            var atRisk: Int?
            if let period = schedule.periods().last, period.start <= today, today <= period.end, period.done < period.required {
                // A periodic habit: the days left in the period less the check-offs still needed.
                atRisk = max(0, (period.end.ordinal - today.ordinal + 1) - (period.required - period.done))
            } else if entry.due, entry.state == .open, entry.streak.current > 0 {
                atRisk = 0
            }
            return Row(id: entry.id, title: entry.title, marks: marks, state: entry.state, value: entry.value,
                       target: entry.target, unit: entry.unit, streak: entry.streak.current,
                       streakText: entry.streak.current > 0 ? entry.streak.describe(entry.streak.current) : "",
                       momentum: entry.momentum, atRisk: atRisk)
        }
    }
}
