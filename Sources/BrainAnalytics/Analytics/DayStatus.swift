import BrainFormat

/// How one habit stands on one day: the one answer `today`, `log`, `days`, `week`, `month` and the
/// heatmap all give, so a day is counted the same way in every view (docs/ANALYTICS.md, section 1).
package enum DayStatus: String, Hashable, Sendable, Codable, CaseIterable {
    /// Due and done: one due, one done.
    case done
    /// Done on a day it was not due (an off day, a rest or paused day, a quota already met):
    /// shown as done, counted in neither.
    case doneNotDue = "done, not due"
    /// Due on a day before today and not done: one due, none done.
    case missed
    /// Due today and not done yet: one due, none done, until the day is over.
    case open
    /// A `[-]` line: neither counts nor breaks.
    case skipped
    /// A rest day (`rest: true`) it was not done on.
    case rest
    /// Inside a `paused:` period.
    case paused
    /// Not one of its days: an off day, a day of an `N/week`, `N/month` or `N in M days` habit
    /// it was not done on before today (its quota is judged per period), or a quota already met.
    case notDue = "not due"
    /// Before the habit's first day, after it ended, or after today.
    case inactive

    /// True for the states a day's "done of due" counts as due.
    package var isDue: Bool { self == .done || self == .missed || self == .open }

    /// True for a day with the habit done, due or not.
    package var isDone: Bool { self == .done || self == .doneNotDue }
}

extension Schedule {
    /// The status of `day` as of the schedule's today.
    package func status(on day: Day) -> DayStatus {
        guard let index = index(of: day) else { return .inactive }
        let due = isDue(on: day)
        if done[index] { return due ? .done : (kinds[index] == .inactive ? .inactive : .doneNotDue) }
        switch kinds[index] {
        case .inactive: return .inactive
        case .paused: return .paused
        case .rest: return .rest
        case .skipped: return .skipped
        case .off: return .notDue
        case .due:
            guard due else { return .notDue }
            // Over the limit, a quit habit's day is lost even before it ends.
            if day == today && todayIsOpen && !isOver(on: day) { return .open }
            // A periodic habit's quota is judged per period (streaks and rates), not per day.
            return habit.frequency.isPeriodic ? .notDue : .missed
        }
    }
}
