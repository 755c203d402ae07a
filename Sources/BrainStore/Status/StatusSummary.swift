import BrainFormat
import BrainAnalytics

/// What `brain status` prints, in text or JSON, reduced to its values: every field of
/// `StatusField.all` and the numbers `--json` adds. `StatusLine` computes it; `StatusCache` keeps
/// the last one, so a prompt on an unchanged vault reads one small file.
package struct StatusSummary: Hashable, Sendable {
    package var day: Day
    /// Each field's value, in `StatusField.all`'s order ("" when it has none).
    package var values: [String]
    package var done: Int
    package var due: Int
    package var rest: Bool
    package var momentum: MomentumSummary?
    package var streak: StatusReport.Streak?
    /// The auto-tracked habits due on the day (`StatusLine.progress`).
    package var progress: [AutoProgress.Item]
    package var daysRead: Int

    package init(_ status: StatusLine) {
        day = status.day
        values = StatusField.all.map { $0.value(status) }
        done = status.overview.tally.done
        due = status.overview.tally.due
        rest = status.overview.rest
        momentum = status.overview.momentum.map(MomentumSummary.init)
        streak = status.lead.map {
            StatusReport.Streak(habit: $0.habit, title: $0.title, current: $0.current, unit: $0.unit, blockDays: $0.blockDays, since: $0.since)
        }
        progress = status.progress
        daysRead = status.daysRead
    }

    package init(day: Day, values: [String], done: Int, due: Int, rest: Bool, momentum: MomentumSummary?, streak: StatusReport.Streak?,
         progress: [AutoProgress.Item], daysRead: Int) {
        (self.day, self.values, self.done, self.due, self.rest) = (day, values, done, due, rest)
        (self.momentum, self.streak, self.progress, self.daysRead) = (momentum, streak, progress, daysRead)
    }

    /// The value of the field named `name`; nil for a name `StatusField.all` does not have.
    package func value(_ name: String) -> String? {
        StatusField.all.firstIndex { $0.name == name }.map { values[$0] }
    }

    /// The summary of `day`: the cached one when nothing it was computed from has changed since
    /// (`StatusCache`), else computed (`StatusLine.load`) and kept for next time.
    /// `now` is the clock's day: another day is computed afresh (a day that is over, or one that
    /// has not happened, reads differently from the day it was today).
    package static func load(vault: Vault, day: Day, now: Day? = nil) -> StatusSummary {
        StatusCache.summary(vault: vault, day: day, now: now)
    }
}
