/// The week view: habits as rows, the seven days of a calendar week as columns.
public enum WeekGrid {
    public enum Mark: String, Hashable, Sendable, Codable {
        /// ✓ done
        case done
        /// – skipped or rest
        case skipped
        /// ○ due (by today) and not done; never for periodic habits (`N/week` …), whose quota is per period
        case missed
        /// · not due: off, inactive, or a day after today
        case none

        public var symbol: String {
            switch self {
            case .done: return "✓"
            case .skipped: return "–"
            case .missed: return "○"
            case .none: return "·"
            }
        }
    }

    /// The seven days of the week holding `day`, from `weekStart`.
    public static func days(containing day: Day, weekStart: Weekday) -> [Day] {
        let start = day.startOfWeek(weekStart)
        return (0..<7).map { start.adding(days: $0) }
    }

    /// How one habit stands on `day` (days after the schedule's today are `.none`).
    public static func mark(_ schedule: Schedule, on day: Day) -> Mark {
        guard let index = schedule.index(of: day) else { return .none }
        if schedule.done[index] { return .done }
        switch schedule.kinds[index] {
        case .rest, .skipped: return .skipped
        case .inactive, .off: return .none
        // A periodic habit's quota is per period: a day without it is not a miss.
        case .due: return !schedule.habit.frequency.isPeriodic && schedule.isDue(on: day) ? .missed : .none
        }
    }
}
