import BrainKit
import Foundation

/// `brain log [HABIT] [--since D] [--date D] [--json]`: the history of one habit or of all.
enum LogCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "log",
        summary: "the history of a habit (or all habits): state, value and note per day",
        discussion: """
        Newest day first. States: ✓ done, – skipped, ○ open (not done yet, or an unused day of an N/week quota),
        ✗ missed (due, not done), r rest day, · a line on a day the habit was not due.
        Days without a line on which nothing was due are left out. For one habit the header
        gives its current and best streak and its completion rate over the days shown.
        --since defaults to 30 days before the last day; --date sets the last day ("as of").
        """,
        positionals: [.init(name: "HABIT", help: "habit id, title or alias", optional: true, completion: .habits)],
        options: [
            .value("since", "D", "first day shown (default: 30 days before)"),
            .value("date", "D", "last day shown, as of which streaks are computed (default: today)"),
            .flag("json", "print JSON (schemaVersion 1)"),
        ],
        examples: ["brain log read", "brain log --since -7", "brain log run --since 2026-11-01 --json"])

    /// The days a read command covers: `--since` through `--date`.
    static func range(_ arguments: Arguments, _ session: Session) throws -> (from: Day, through: Day) {
        let through = try session.day()
        var from = through.adding(days: -30)
        if let text = arguments.value("since") {
            guard let day = DayExpression.parse(text, today: try session.day("today")) else {
                throw CLIError.usage("--since takes today, yesterday, -N, YYYY-MM-DD or a weekday name, not \"\(text)\"")
            }
            from = day
        }
        guard from <= through else { throw CLIError.usage("--since \(from) is after \(through)") }
        return (from, through)
    }

    struct HabitSummary: Encodable {
        var id: String
        var title: String
        var path: String?
        var streak: TodayJSON.StreakJSON
        var rate: Rate

        struct Rate: Encodable {
            var done: Int
            var due: Int
            var value: Double?

            func encode(to encoder: Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(done, forKey: .done)
                try c.encode(due, forKey: .due)
                try c.encode(value, forKey: .value)
            }

            enum CodingKeys: String, CodingKey { case done, due, value }
        }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(title, forKey: .title)
            try c.encode(path, forKey: .path)
            try c.encode(streak, forKey: .streak)
            try c.encode(rate, forKey: .rate)
        }

        enum CodingKeys: String, CodingKey { case id, title, path, streak, rate }
    }

    struct EntryJSON: Encodable {
        var entry: HabitLogEntry

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(entry.day.description, forKey: .date)
            try c.encode(entry.habit, forKey: .habit)
            try c.encode(entry.state.rawValue, forKey: .state)
            try c.encode(entry.value, forKey: .value)
            try c.encode(entry.unit, forKey: .unit)
            try c.encode(entry.note, forKey: .note)
        }

        enum CodingKeys: String, CodingKey { case date, habit, state, value, unit, note }
    }

    struct Output: Encodable {
        var since: String
        var date: String
        var habit: HabitSummary?
        var entries: [EntryJSON]

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(1, forKey: .schemaVersion)
            try c.encode(since, forKey: .since)
            try c.encode(date, forKey: .date)
            try c.encode(habit, forKey: .habit)
            try c.encode(entries, forKey: .entries)
        }

        enum CodingKeys: String, CodingKey { case schemaVersion, since, date, habit, entries }
    }

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let index = try session.index()
        let (from, through) = try range(arguments, session)
        let journal = Journal(index: index)
        var habits = journal.habits.sorted { $0.id.lowercased() < $1.id.lowercased() }
        var summary: HabitSummary?
        if let name = arguments.positional(0) {
            let habit = try session.habit(name, in: journal)
            habits = habits.filter { $0.id.lowercased() == habit.id.lowercased() }
        }
        var lines: [String: [Day: HabitLine]] = [:]
        for checkIn in journal.checkIns where checkIn.day >= from && checkIn.day <= through {
            for (key, line) in checkIn.lines { lines[key, default: [:]][checkIn.day] = line }
        }
        var entries: [HabitLogEntry] = []
        for habit in habits {
            let schedule = Schedule(habit: habit, history: journal.history(of: habit.id), today: through, weekStart: journal.weekStart)
            entries += HabitLogEntry.entries(habit: habit, schedule: schedule, lines: lines[habit.id.lowercased()] ?? [:],
                                             from: from, through: through)
            if arguments.positional(0) != nil {
                let streaks = schedule.map(Streaks.init(schedule:)) ?? Streaks(current: 0, best: 0, unit: Streaks.unit(of: habit.frequency))
                let window = schedule.map { CompletionRates.window($0, days: from.distance(to: through) + 1) }
                    ?? CompletionRates.Window(done: 0, due: 0)
                summary = HabitSummary(id: habit.id, title: habit.title, path: journal.paths[habit.id.lowercased()],
                                       streak: .init(current: streaks.current, best: streaks.best, unit: streaks.unit.rawValue),
                                       rate: .init(done: window.done, due: window.due, value: Format.rounded(window.rate)))
            }
        }
        // Newest day first; within a day, habits by id.
        entries.sort { $0.day != $1.day ? $0.day > $1.day : $0.habit.lowercased() < $1.habit.lowercased() }
        if arguments.flag("json") {
            try session.json(Output(since: from.description, date: through.description, habit: summary, entries: entries.map(EntryJSON.init)))
            return ExitCode.success
        }
        let style = session.style
        if let summary {
            session.line(style(summary.title, .strong) + (summary.path.map { "  " + style($0, .muted) } ?? ""))
            let unit = String(summary.streak.unit.dropLast())
            var rate = "rate " + Format.percent(summary.rate.value)
            if summary.rate.due > 0 { rate += " (\(summary.rate.done) of \(summary.rate.due))" }
            session.line("streak \(Format.count(summary.streak.current, unit)) · best \(Format.count(summary.streak.best, unit)) · \(rate) · \(from) to \(through)")
            if entries.isEmpty { session.line(style("nothing logged or due in these days", .muted)) }
            for entry in entries {
                session.line(TodayCommand.clip("\(entry.day) \(entry.day.weekday.shortName.capitalized)  " + symbol(entry.state, style) + " "
                    + TodayCommand.pad(entry.state.rawValue, 8) + detail(entry)).trimmingTrailingSpaces)
            }
            return ExitCode.success
        }
        if entries.isEmpty {
            session.line(style("nothing logged or due from \(from) to \(through)", .muted))
            return ExitCode.success
        }
        let width = min(20, entries.map(\.habit.count).max() ?? 0)
        var current: Day?
        for entry in entries {
            if entry.day != current {
                current = entry.day
                session.line(style("\(entry.day) \(entry.day.weekday.name.capitalized)", .strong))
            }
            session.line(TodayCommand.clip("  " + symbol(entry.state, style) + " " + TodayCommand.pad(entry.habit, width) + "  "
                + TodayCommand.pad(entry.state.rawValue, 8) + detail(entry)).trimmingTrailingSpaces)
        }
        return ExitCode.success
    }

    static func symbol(_ state: HabitLogEntry.State, _ style: Style) -> String {
        switch state {
        case .done: return style("✓", .good)
        case .skipped: return style("–", .muted)
        case .open: return style("○", .warn)
        case .missed: return style("✗", .bad)
        case .rest: return style("r", .muted)
        case .notDue: return style("·", .muted)
        }
    }

    /// ` 24 pages — note`.
    static func detail(_ entry: HabitLogEntry) -> String {
        var text = ""
        if let value = entry.value { text += " " + HabitLine.format(value) + (entry.unit.map { " " + $0 } ?? "") }
        if let note = entry.note { text += (text.isEmpty ? " " : " — ") + note }
        return text
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
