import BrainFormat

/// The week view: habits as rows, the seven days of a calendar week as columns.
package enum WeekGrid {
    package enum Mark: String, Hashable, Sendable, Codable {
        /// ✓ done (due or not)
        case done
        /// – skipped, or a rest day
        case skipped
        /// ○ due on an earlier day and not done
        case missed
        /// ○ due today and not done yet
        case open
        /// · not due: an off day, paused, a periodic habit's day without it, inactive, or after today
        case none

        package var symbol: String {
            switch self {
            case .done: return "✓"
            case .skipped: return "–"
            case .missed, .open: return "○"
            case .none: return "·"
            }
        }

        /// The mark of a day's status.
        package init(_ status: DayStatus) {
            switch status {
            case .done, .doneNotDue: self = .done
            case .skipped, .rest: self = .skipped
            case .missed: self = .missed
            case .open: self = .open
            case .paused, .notDue, .inactive: self = .none
            }
        }
    }

    /// What the marks mean, for the line under the grid.
    package static let legend = "✓ done  ○ due, not done  – skipped or rest  · not due"

    /// The seven days of the week holding `day`, from `weekStart`.
    package static func days(containing day: Day, weekStart: Weekday) -> [Day] {
        let start = day.startOfWeek(weekStart)
        return (0..<7).map { start.adding(days: $0) }
    }

    /// How one habit stands on `day` (days after the schedule's today are `.none`).
    package static func mark(_ schedule: Schedule, on day: Day) -> Mark {
        Mark(schedule.status(on: day))
    }
}
