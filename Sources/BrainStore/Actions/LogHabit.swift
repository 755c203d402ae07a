import Foundation
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
    /// Write even a line that moves the habit's first day back by more than `LogHabit.firstDayLeeway`
    /// days or lands more than `LogHabit.farBack` days before today (a `--date` typo, as `-400`
    /// for `-4`, would otherwise rewrite the habit's history); without it such a write is refused.
    package var confirmed = false

    /// Days a line may move a habit's first day back without being confirmed.
    package static let firstDayLeeway = 7
    /// Days back from today a line may be written without being confirmed.
    package static let farBack = 60

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
        /// An undo right after a check-off put the day's file back exactly as it was before it
        /// (`path` then gone when the check-off had created it).
        package var restored = false
        /// The daily file was deleted: the check-off undone had created it.
        package var removed = false
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
        let first = Schedule.startDay(habit: habit, history: journal.history(of: habit.id))
        if case .undo = change {} else if edit.after != nil, edit.action != .unchanged, !confirmed {
            try checkNotFarBack(habit: habit.id, path: path, created: created, first: first)
        }
        // A line before the habit's first day moves that day back (docs/ANALYTICS.md, section 1): say so.
        if edit.after != nil, let first, day < first {
            transaction.notices.append("\(habit.id) now starts on \(day) (it started on \(first)): "
                + "the days from then on count, due as `every: \(habit.frequency.description)` says")
        }
        if case .undo = change, let last = LastCheckOff.read(transaction.vault), last.habit == habit.id, last.day == day.description,
           last.path == path, !created, try transaction.document(ifExists: path)?.bytes == last.after {
            // Right after the check-off: the file goes back to its bytes before it, or away.
            if let before = last.before { try transaction.write(Document(bytes: before), to: path) } else { try transaction.remove(path) }
            outcome.restored = true
            outcome.removed = last.before == nil
        } else {
            try transaction.write(document, to: path)
        }
        outcome.path = path
        outcome.created = created
        outcome.result = edit.action
        outcome.before = edit.before
        outcome.after = edit.after
        outcome.text = edit.text
        return outcome
    }

    /// Refuses a line far back in the past, or one that moves the habit's first day far back,
    /// saying what it would do.
    private func checkNotFarBack(habit id: String, path: String, created: Bool, first: Day?) throws(ActionError) {
        let back = day.distance(to: today)
        let file = created ? "create \(path)" : "write to \(path)"
        if let first, first.adding(days: -LogHabit.firstDayLeeway) > day {
            throw ActionError(.refused, "\(day) is \(day.distance(to: first)) days before \(id)'s first day (\(first)): this would "
                + "\(file) and move the start of \(id)'s history back to \(day), so every day from then on counts", path: path,
                suggestion: .confirmWithForce)
        }
        if back > LogHabit.farBack {
            throw ActionError(.refused, "\(day) is \(back) days back (today is \(today)): this would \(file)", path: path,
                              suggestion: .confirmWithForce)
        }
    }

    /// After a check-off is written: keeps the day's file as it was before and after, so that an
    /// undo right after puts it back exactly (`.brain/cache/last-check-off.json`). A cache, not
    /// vault data: written atomically but not flushed to disk (the check-off's own write is), so a
    /// tap costs one file's flushes. A crash may lose it or leave it empty; an undo then finds no
    /// record, or one whose `after` is not the file's bytes, and writes the line back as usual.
    package func remember(_ result: ActionResult<Outcome>, contents: (before: [String: [UInt8]], after: [String: [UInt8]]), vault: Vault) {
        guard let file = try? vault.internalPath(LastCheckOff.path) else { return }
        if case .undo = change { try? vault.fileSystem.remove(file); return }
        guard let path = result.outcome.path, let after = contents.after[path] else { return }
        let last = LastCheckOff(habit: result.outcome.habit.id, day: day.description, path: path, before: contents.before[path], after: after)
        guard let bytes = try? JSONEncoder().encode(last) else { return }
        try? vault.fileSystem.makeDirectories(VaultPaths.directory(of: file))
        try? vault.fileSystem.writeAtomically(Array(bytes), to: file, durable: false)
    }
}

/// The last check-off's day file before and after, for an undo right after it. The bytes are
/// kept as base64 strings (`Data`'s JSON form): a day's file as an array of numbers took a
/// tenth of a tap's time to encode. A file in the older form does not decode, and the undo
/// then writes the line back as usual.
struct LastCheckOff: Codable {
    static let path = ".brain/cache/last-check-off.json"
    var habit: String
    var day: String
    var path: String
    private var beforeData: Data?
    private var afterData: Data

    enum CodingKeys: String, CodingKey {
        case habit, day, path
        case beforeData = "before"
        case afterData = "after"
    }

    init(habit: String, day: String, path: String, before: [UInt8]?, after: [UInt8]) {
        self.habit = habit
        self.day = day
        self.path = path
        beforeData = before.map { Data($0) }
        afterData = Data(after)
    }

    var before: [UInt8]? { beforeData.map { Array($0) } }
    var after: [UInt8] { Array(afterData) }

    static func read(_ vault: Vault) -> LastCheckOff? {
        guard let file = try? vault.internalPath(path), let bytes = try? vault.fileSystem.read(file) else { return nil }
        return try? JSONDecoder().decode(LastCheckOff.self, from: Data(bytes))
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
