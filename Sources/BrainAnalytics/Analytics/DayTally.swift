import BrainFormat

/// Habits done of those due on one day, counted from `DayStatus`: the one count behind "3 of 11
/// done" in `today`, the habits column of `days`, the totals of `week` and `month`, and the
/// all-habits heatmap.
package struct DayTally: Hashable, Sendable, Codable {
    package var done: Int
    package var due: Int

    package init(done: Int = 0, due: Int = 0) {
        self.done = done
        self.due = due
    }

    /// The tally of `day` over `schedules` (each as of its own today).
    package init(_ schedules: some Sequence<Schedule>, on day: Day) {
        self.init()
        for schedule in schedules { add(schedule.status(on: day)) }
    }

    /// Counts one habit's status.
    package mutating func add(_ status: DayStatus) {
        if status.isDue { due += 1 }
        if status == .done { done += 1 }
    }

    /// Adds another tally (a week's days, a month's).
    package static func + (lhs: DayTally, rhs: DayTally) -> DayTally {
        DayTally(done: lhs.done + rhs.done, due: lhs.due + rhs.due)
    }

    /// done / due; nil when nothing was due.
    package var share: Double? { due > 0 ? Double(done) / Double(due) : nil }
}
