import BrainKit

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
            DailyLog.jsonOption,
        ],
        examples: ["brain rest --reason flu", "brain rest --date yesterday", "brain rest --off"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let off = arguments.flag("off")
        let reason = arguments.value("reason")
        if off, reason != nil { throw CLIError.usage("--off and --reason do not go together") }
        let (day, today) = try DailyLog.days(session)
        let result = try session.perform(SetRestDay(day: day, today: today, rest: !off, reason: reason))
        if arguments.flag("json") { return try session.printJSON(result) }
        let outcome = result.outcome
        if outcome.created { session.line(session.style("created", .muted) + " \(outcome.path)") }
        let already = outcome.changed ? "" : "already "
        if off {
            session.line("\(day) is \(already)not a rest day")
        } else {
            session.line("\(day) is \(already)a rest day" + (reason.map { " (\($0))" } ?? ""))
        }
        session.line(session.style("  \(outcome.path)", .muted))
        return ExitCode.success
    }
}
