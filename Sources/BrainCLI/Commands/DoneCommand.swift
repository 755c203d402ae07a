import BrainKit

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
            amount already logged. A quit habit's done line records a day held. A day more than 60 days back,
            or one that would move the habit's first day back by more than 7 days, is refused (a typo in --date
            would rewrite the habit's history) unless --force.
            """,
        positionals: [
            .init(name: "HABIT", help: "habit id, title, alias or a unique prefix", completion: .habits),
            .init(name: "VALUE", help: "the amount (pages, minutes, cups…)", optional: true),
        ],
        options: [
            DailyLog.dateOption,
            .value("note", "TEXT", "a note at the end of the line (replaces the line's note)"),
            .flag("add", "add VALUE to the amount already logged that day"),
            DailyLog.jsonOption,
            DailyLog.dryRunOption,
            DailyLog.forceOption,
        ],
        examples: ["brain done meditate", "brain done read 12", "brain done read 8 --add",
                   "brain done coffee 3", "brain done run --date yesterday --note \"5 km, easy\""])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let value = try arguments.positional(1).map(DailyLog.value)
        let add = arguments.flag("add")
        if add, value == nil { throw CLIError.usage("--add needs a VALUE to add, e.g. brain done read 5 --add") }
        let change = HabitChange.done(value: value, add: add, note: arguments.value("note"))
        return try DailyLog.log(arguments.positional(0)!, change, arguments, session) { outcome in
            describe(outcome, session.style)
        }
    }

    static func describe(_ outcome: LogHabit.Outcome, _ style: Style) -> String {
        let habit = outcome.habit
        let day = outcome.date
        guard let line = outcome.after else { return "\(habit.id): nothing changed" }
        let already = outcome.result == .unchanged ? "already " : ""
        let name = style(habit.id, .strong)
        let quit = habit.kind == .quit
        if let value = line.value, let target = habit.target {
            let amount = DailyLog.amount(value, habit, unit: line.unit)
            if line.state == .done {
                return "\(name): \(amount), \(already)\(style(quit ? "held" : "done", .good)) on \(day)"
            }
            if quit {
                return "\(name): \(amount) on \(day), \(style("over the limit", .bad))"
            }
            let left = HabitLine.format(target - value)
            return "\(name): \(amount) on \(day), \(style("\(left) to go", .warn))"
        }
        if line.state == .done {
            return "\(name): \(already)\(style(quit ? "held" : "done", .good)) on \(day)"
        }
        return "\(name): \(already)open on \(day)"
    }
}
