import BrainFormat
import BrainAnalytics

/// Checks a habit off, undoes it, skips it, records an amount, or puts it on the day's list, on
/// one day: one line of the day's file (created from the daily template when missing).
public struct LogHabit: VaultAction {
    /// The habit as the person named it (id, title, alias or unique prefix).
    public var habit: String
    package var change: HabitChange
    public var day: Day
    /// The day it is now (after `day-starts-at`): later days are refused.
    public var today: Day

    package init(habit: String, change: HabitChange, day: Day, today: Day) {
        self.habit = habit
        self.change = change
        self.day = day
        self.today = today
    }

    public var name: String {
        switch change {
        case .done: return "done"
        case .undo: return "undo"
        case .skip: return "skip"
        case .open: return "add"
        }
    }

    /// The day's file and the habit's line as written.
    public struct Outcome: Codable, Sendable, Hashable {
        package var habit: HabitSummary
        public var date: Day
        /// The daily file (nil when an undo found no file).
        public var path: String?
        public var created: Bool
        package var result: HabitEdit.Action
        /// The habit's line before and after (nil when there was none).
        public var before: HabitLine?
        public var after: HabitLine?
        /// The habit's line as it stands after the action, without its line ending.
        public var text: String?
        /// Whether the habit is paused that day (logged all the same).
        public var paused: Bool
    }

    public func plan(_ transaction: VaultTransaction) throws(ActionError) -> Outcome {
        switch change {
        case .done(_, _, let note?): try LineText.check(note, as: "note")
        case .skip(let reason?): try LineText.check(reason, as: "reason")
        default: break
        }
        if case .done(let value?, _, _) = change, !(value.isFinite && abs(value) <= FieldReader.maximumNumber) {
            throw ActionError(.invalidArgument, "the value must be a number of at most 10^12")
        }
        try DailyFile.checkLoggable(day, today: today)
        let journal = transaction.journal
        let habit = try journal.activeHabit(named: self.habit, on: day)
        // The habit's id (its file name) is written into the line as `[[id]]`.
        try LineText.check(habit.id, as: "habit's file name")
        let paused = habit.status == .paused || habit.paused.contains { $0.contains(day) }
        // An error that drops a value of the habit or of the day is said here too, not only by validate.
        let files = [journal.paths[habit.id.lowercased()], journal.dailyPaths[day]].compactMap { $0 }
        for problem in journal.problems where problem.path.map(files.contains) ?? false {
            transaction.warnings.append("\(problem.path ?? ""):\(problem.location.line):\(problem.location.column): "
                + "\(problem.message) (ignored until fixed)")
        }
        var outcome = Outcome(habit: HabitSummary(habit), date: day, path: nil, created: false, result: .absent,
                              before: nil, after: nil, text: nil, paused: paused)
        if case .undo = change, journal.dailyPaths[day] == nil { return outcome }
        var (document, path, created) = try DailyFile.open(day, in: transaction)
        let edit = DailyEditor.apply(change, to: &document, habit: habit)
        if edit.action == .absent && created { return outcome }
        // A line before the habit's first day moves that day back (docs/ANALYTICS.md, section 1): say so.
        if edit.after != nil, let first = Schedule.startDay(habit: habit, history: journal.history(of: habit.id)), day < first {
            transaction.notices.append("\(habit.id) now starts on \(day) (it started on \(first)): "
                + "the days from then on count, due as `every: \(habit.frequency.description)` says")
        }
        try transaction.write(document, to: path)
        outcome.path = path
        outcome.created = created
        outcome.result = edit.action
        outcome.before = edit.before
        outcome.after = edit.after
        outcome.text = edit.text
        return outcome
    }
}

/// What results say about a habit: enough to describe a check-off.
package struct HabitSummary: Codable, Sendable, Hashable {
    package var id: String
    package var title: String
    package var kind: Habit.Kind
    package var target: Double?
    package var unit: String?

    package init(_ habit: Habit) {
        id = habit.id
        title = habit.title
        kind = habit.kind
        target = habit.target
        unit = habit.unit
    }
}
