import BrainKit

/// What the logging commands share: the `--date` option, amounts as typed, and how a check-off reads.
enum DailyLog {
    static let dateOption = CommandSpec.Option.value(
        "date", "DAY", "the day: today, yesterday, -3, 2026-11-20 or a weekday name (default: today)", completion: .days)

    static let jsonOption = CommandSpec.Option.flag("json", "print the result as JSON (the files and lines changed)")

    static let dryRunOption = CommandSpec.Option.flag(
        "dry-run", short: "n", "show the change (the lines before and after) without writing anything")

    /// With --dry-run, a plan's changes as `brain rename --dry-run` lists them; nil otherwise.
    static func dryRun<Outcome>(_ result: ActionResult<Outcome>, _ arguments: Arguments, _ session: Session) throws -> Int32? {
        guard result.dryRun else { return nil }
        if arguments.flag("json") { return try session.printJSON(result) }
        if result.changes.isEmpty { session.line("nothing would change") }
        ChangeReport.print(result.changes, session, dryRun: true)
        return ExitCode.success
    }

    static let forceOption = CommandSpec.Option.flag(
        "force", "write even a day more than 60 days back, or one that moves the habit's first day back more than 7 days")

    /// The day to log (`--date` or today) and today, after `day-starts-at`.
    static func days(_ session: Session) throws -> (day: Day, today: Day) {
        (try session.day(), try session.day("today"))
    }

    /// A number as typed: digits with `.` or `,` as the decimal separator.
    static func value(_ text: String) throws -> Double {
        guard let value = Double(text.replacingOccurrences(of: ",", with: ".")), value.isFinite else {
            throw CLIError.usage("VALUE must be a number, not \"\(text)\"")
        }
        guard value >= 0 else { throw CLIError.usage("VALUE must not be negative, not \"\(text)\"") }
        return value
    }

    /// `12 of 20 pages`: the amount against the target (`Quantity.progress`).
    static func amount(_ value: Double, _ habit: HabitSummary, unit: String?) -> String {
        // One format with `today` and the report: `3 of 2 cups`.
        guard let target = habit.target else { return Quantity(value, unit: unit ?? habit.unit).description }
        return Quantity.progress(value, of: target, unit: habit.unit ?? unit)
    }

    /// Runs a `LogHabit` action and prints its result: JSON, or the summary line and the place
    /// an editor can jump to (`daily/2026-11-22.md:14: - [x] [[read]] 25 pages`).
    static func log(_ name: String, _ change: HabitChange, _ arguments: Arguments, _ session: Session,
                    describe: (LogHabit.Outcome) -> String) throws -> Int32 {
        let (day, today) = try days(session)
        var action = LogHabit(habit: name, change: change, day: day, today: today)
        action.confirmed = arguments.flag("force")
        let result = try session.perform(action, dryRun: arguments.flag("dry-run"))
        if let code = try dryRun(result, arguments, session) { return code }
        if arguments.flag("json") { return try session.printJSON(result) }
        let outcome = result.outcome
        guard let path = outcome.path else {
            session.line("\(outcome.habit.id): nothing to undo on \(day) (no daily file)")
            return ExitCode.success
        }
        if outcome.created { session.line(session.style("created", .muted) + " \(path)") }
        if outcome.removed {
            session.line("\(session.style(outcome.habit.id, .strong)): undone; deleted \(path), which the check-off had created")
            return ExitCode.success
        }
        var summary = describe(outcome)
        if outcome.paused { summary += session.style(" (the habit is paused)", .muted) }
        session.line(summary)
        if outcome.result != .absent {
            session.line(session.style("  \(path):\(outcome.after?.line ?? 0): \(outcome.text ?? "")", .muted))
        }
        return ExitCode.success
    }
}
