import BrainKit
import Foundation

/// What the logging commands share: which habit, which day, which file, and the locked edit.
enum DailyLog {
    static let dateOption = CommandSpec.Option.value(
        "date", "DAY", "the day: today, yesterday, -3, 2026-11-20 or a weekday name (default: today)")

    /// The day to log: `--date` or today (after `day-starts-at`); a day that has not begun is refused.
    static func day(_ session: Session) throws -> Day {
        let day = try session.day()
        let today = try session.day("today")
        if day > today {
            throw CLIError.failure("\(day) is in the future (today is \(today)); only days that have begun can be logged")
        }
        return day
    }

    /// The habit `name` means (stem, title, alias or unique prefix); archived habits are refused.
    static func habit(_ name: String, on day: Day, journal: Journal) throws -> Habit {
        switch HabitMatcher.match(name, in: journal.habits) {
        case .found(let habit):
            let archivedFrom = habit.archived.map { day >= $0 } ?? false
            if habit.status == .archived || archivedFrom {
                let since = habit.archived.map { " since \($0)" } ?? ""
                let path = journal.paths[habit.id.lowercased()] ?? "its habit file"
                throw CLIError.failure("habit \"\(habit.id)\" is archived\(since) and takes no check-offs; "
                    + "set status: active in \(path) (and remove archived:) to log it again")
            }
            return habit
        case .ambiguous(let habits):
            let list = habits.map { "  \($0.id)" + ($0.title == $0.id ? "" : " (\($0.title))") }.joined(separator: "\n")
            throw CLIError.failure("\"\(name)\" could be several habits:\n\(list)\nname one of them")
        case .none:
            let ids = journal.habits.map(\.id).sorted()
            var message = "no habit named \"\(name)\""
            if let suggestion = Suggestion.closest(to: name, in: ids) { message += "; did you mean \"\(suggestion)\"?" }
            message += "\nhabits: " + ids.joined(separator: ", ")
            throw CLIError.failure(message)
        }
    }

    /// The file of `day`: the one the index knows (anywhere under the vault), else `<daily folder>/YYYY-MM-DD.md`.
    static func path(of day: Day, journal: Journal, index: VaultIndex) -> String {
        if let known = journal.dailyPaths[day] { return known }
        if let record = index.records.first(where: { $0.kind == .daily && $0.day == day }) { return record.path }
        return index.vault.config.folders.daily + "/\(day).md"
    }

    /// The daily template rendered for `day` (the vault's `templates/daily.md` when there is one).
    static func template(for day: Day, vault: Vault) throws -> String {
        let text = try TemplateLibrary(vault: vault).template(named: "daily")?.text ?? BuiltinTemplates.all["daily"] ?? ""
        return TemplateRenderer.render(text, values: TemplateValues(title: day.description, date: day)).text
    }

    /// Edits the day's file under the vault lock, creating it from the daily template when missing.
    /// Returns the edit's result and whether the file was created.
    static func edit<T>(_ day: Day, _ session: Session, journal: Journal? = nil,
                        _ change: (inout Document) throws -> T) throws -> (result: T, path: String, created: Bool) {
        let index = try session.index()
        let journal = journal ?? Journal(index: index)
        let vault = try session.vault()
        let path = path(of: day, journal: journal, index: index)
        let initial = try template(for: day, vault: vault)
        var created = false
        var result: T?
        try vault.edit(path, creatingWith: {
            created = true
            return initial
        }) { document in
            result = try change(&document)
        }
        session.invalidateIndex()
        return (result!, path, created)
    }

    /// A number as typed: digits with `.` or `,` as the decimal separator.
    static func value(_ text: String) throws -> Double {
        guard let value = Double(text.replacingOccurrences(of: ",", with: ".")), value.isFinite else {
            throw CLIError.usage("VALUE must be a number, not \"\(text)\"")
        }
        guard value >= 0 else { throw CLIError.usage("VALUE must not be negative, not \"\(text)\"") }
        return value
    }

    /// `12/20 pages`: the amount against the target.
    static func amount(_ value: Double, _ habit: Habit, unit: String?) -> String {
        var text = HabitLine.format(value)
        if let target = habit.target { text += "/" + HabitLine.format(target) }
        if let unit = unit ?? habit.unit { text += " " + unit }
        return text
    }

    /// `daily/2026-11-22.md:14: - [x] [[read]] 25 pages`, the place an editor can jump to.
    static func place(_ path: String, _ edit: HabitEdit) -> String {
        "  \(path):\(edit.after?.line ?? 0): \(edit.text ?? "")"
    }

    static func logHabit(_ name: String, _ change: HabitChange, _ session: Session,
                         describe: (Habit, HabitEdit, Day) -> String) throws -> Int32 {
        let day = try day(session)
        let journal = Journal(index: try session.index())
        let habit = try habit(name, on: day, journal: journal)
        if case .undo = change, journal.dailyPaths[day] == nil {
            session.line("\(habit.id): nothing to undo on \(day) (no daily file)")
            return ExitCode.success
        }
        let outcome = try edit(day, session, journal: journal) { document in
            DailyEditor.apply(change, to: &document, habit: habit)
        }
        if outcome.created { session.line(session.style("created", .muted) + " \(outcome.path)") }
        var summary = describe(habit, outcome.result, day)
        if habit.status == .paused || habit.paused.contains(where: { $0.contains(day) }) {
            summary += session.style(" (the habit is paused)", .muted)
        }
        session.line(summary)
        if outcome.result.action != .absent { session.line(session.style(place(outcome.path, outcome.result), .muted)) }
        return ExitCode.success
    }
}

/// `brain done HABIT [VALUE]`: checks a habit off (or records progress) on a day.
enum DoneCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "done",
        summary: "check a habit off for today (or --date), with an optional amount",
        discussion: """
            Writes or updates the habit's line in the day's daily file (created from the daily template when
            missing). A second done on the same day updates the line. For a measurable habit (one with a
            target) a VALUE decides the checkbox: [x] when it meets the target (at least it; for a quit habit
            at most it), otherwise the line stays [ ] with the value as progress. --add adds VALUE to the
            amount already logged. A quit habit's done line records a day held.
            """,
        positionals: [
            .init(name: "HABIT", help: "habit id, title, alias or a unique prefix", completion: .habits),
            .init(name: "VALUE", help: "the amount (pages, minutes, cups…)", optional: true),
        ],
        options: [
            DailyLog.dateOption,
            .value("note", "TEXT", "a note at the end of the line (replaces the line's note)"),
            .flag("add", "add VALUE to the amount already logged that day"),
        ],
        examples: ["brain done meditate", "brain done read 12", "brain done read 8 --add",
                   "brain done coffee 3", "brain done run --date yesterday --note \"5 km, easy\""])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let value = try arguments.positional(1).map(DailyLog.value)
        let add = arguments.flag("add")
        if add, value == nil { throw CLIError.usage("--add needs a VALUE to add, e.g. brain done read 5 --add") }
        let change = HabitChange.done(value: value, add: add, note: arguments.value("note"))
        return try DailyLog.logHabit(arguments.positional(0)!, change, session) { habit, edit, day in
            describe(habit, edit, day, session.style)
        }
    }

    static func describe(_ habit: Habit, _ edit: HabitEdit, _ day: Day, _ style: Style) -> String {
        guard let line = edit.after else { return "\(habit.id): nothing changed" }
        let already = edit.action == .unchanged ? "already " : ""
        let name = style(habit.id, .strong)
        let quit = habit.kind == .quit
        if let value = line.value, habit.target != nil {
            let amount = DailyLog.amount(value, habit, unit: line.unit)
            if line.state == .done {
                return "\(name): \(amount), \(already)\(style(quit ? "held" : "done", .good)) on \(day)"
            }
            if quit {
                return "\(name): \(amount) on \(day), \(style("over the limit: not held", .bad))"
            }
            let left = HabitLine.format(habit.target! - value)
            return "\(name): \(amount) on \(day), \(style("\(left) to go", .warn))"
        }
        if line.state == .done {
            return "\(name): \(already)\(style(quit ? "held" : "done", .good)) on \(day)"
        }
        return "\(name): \(already)open on \(day)"
    }
}

/// `brain undo HABIT`: turns a habit's line back to open.
enum UndoCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "undo",
        summary: "turn a habit's line for today (or --date) back to open",
        discussion: """
            Rewrites the habit's line as - [ ] [[habit]]: the checkbox is cleared and the value dropped; the
            label and the note are kept. Nothing else in the file changes; a habit without a line that day is
            left alone.
            """,
        positionals: [.init(name: "HABIT", help: "habit id, title, alias or a unique prefix", completion: .habits)],
        options: [DailyLog.dateOption],
        examples: ["brain undo read", "brain undo run --date yesterday"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        try DailyLog.logHabit(arguments.positional(0)!, .undo, session) { habit, edit, day in
            switch edit.action {
            case .absent: return "\(habit.id): nothing to undo on \(day)"
            case .unchanged: return "\(session.style(habit.id, .strong)): already open on \(day)"
            case .added, .updated: return "\(session.style(habit.id, .strong)): back to open on \(day)"
            }
        }
    }
}

/// `brain skip HABIT [REASON…]`: marks a habit skipped on purpose.
enum SkipCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "skip",
        summary: "mark a habit skipped for today (or --date), with a reason",
        discussion: """
            Writes - [-] [[habit]] REASON. A skipped day keeps the streak without counting as done.
            Without a reason an existing note is kept.
            """,
        positionals: [
            .init(name: "HABIT", help: "habit id, title, alias or a unique prefix", completion: .habits),
            .init(name: "REASON", help: "why (the rest of the words)", optional: true, variadic: true),
        ],
        options: [DailyLog.dateOption],
        examples: ["brain skip run knee hurts", "brain skip guitar --date yesterday"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let words = Array(arguments.positionals.dropFirst())
        let reason = words.isEmpty ? nil : words.joined(separator: " ")
        return try DailyLog.logHabit(arguments.positional(0)!, .skip(reason: reason), session) { habit, edit, day in
            let already = edit.action == .unchanged ? "already " : ""
            let note = edit.after?.note.map { " — \($0)" } ?? ""
            return "\(session.style(habit.id, .strong)): \(already)\(session.style("skipped", .warn)) on \(day)\(note)"
        }
    }
}

/// `brain rest`: marks a day as a rest day (or not).
enum RestCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "rest",
        summary: "mark today (or --date) as a rest day: nothing is due, streaks pause",
        discussion: """
            Sets rest: true in the day's front-matter (and rest-reason with --reason). --off sets rest: false
            and removes rest-reason.
            """,
        options: [
            .flag("off", "the day is not a rest day after all"),
            .value("reason", "TEXT", "why (flu, travel)"),
            DailyLog.dateOption,
        ],
        examples: ["brain rest --reason flu", "brain rest --date yesterday", "brain rest --off"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let off = arguments.flag("off")
        let reason = arguments.value("reason")
        if off, reason != nil { throw CLIError.usage("--off and --reason do not go together") }
        let day = try DailyLog.day(session)
        let outcome = try DailyLog.edit(day, session) { document -> Bool in
            let before = document.text
            DailyEditor.setRest(!off, reason: reason, in: &document)
            return document.text != before
        }
        if outcome.created { session.line(session.style("created", .muted) + " \(outcome.path)") }
        let already = outcome.result ? "" : "already "
        if off {
            session.line("\(day) is \(already)not a rest day")
        } else {
            session.line("\(day) is \(already)a rest day" + (reason.map { " (\($0))" } ?? ""))
        }
        session.line(session.style("  \(outcome.path)", .muted))
        return ExitCode.success
    }
}
