import BrainKit

/// `brain goal progress GOAL VALUE|+N` and `brain goal tick GOAL MILESTONE`.
enum GoalCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "goal",
        summary: "update a goal: progress GOAL VALUE (or +N), tick GOAL MILESTONE",
        discussion: """
        progress sets the goal's current: value (2.5), or adds to it (+2, or -1 to correct), and
        writes the value with its day under the goal's ## Progress heading (- 2026-11-22: 1850 EUR,
        one line per day): the history brain goals reads the pace from. tick marks a milestone (a - [ ] task
        item in the goal's body) done with the day it was reached (- [x] First draft ✅ 2026-11-22, which
        the pace reads); name it by its number (brain show GOAL lists them in order) or by the start of
        its text. --undo turns it back to open and removes the day. Each changes only the lines it must.
        """,
        positionals: [
            .init(name: "ACTION", help: "progress or tick", choices: ["progress", "tick"]),
            .init(name: "GOAL", help: "the goal (id, title or alias)", completion: .goals),
            .init(name: "VALUE", help: "progress: a number or +N/-N; tick: a milestone number or text", variadic: true),
        ],
        options: [
            .flag("undo", "tick: turn the milestone back to open"),
            .value("date", "DAY", "the day the value or milestone was reached (default today)", completion: .days),
            DailyLog.jsonOption,
            DailyLog.dryRunOption,
        ],
        examples: ["brain goal progress run-5k 3.5", "brain goal progress save-1000 +50",
                   "brain goal tick run-5k 2", "brain goal tick run-5k \"Run 10 minutes\""])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let goal = arguments.positional(1)!
        let value = arguments.positionals.dropFirst(2).joined(separator: " ")
        if arguments.positional(0) == "tick" {
            let result = try session.perform(TickMilestone(goal: goal, milestone: value, done: !arguments.flag("undo"),
                                                           day: try session.day()),
                                             dryRun: arguments.flag("dry-run"))
            if let code = try DailyLog.dryRun(result, arguments, session) { return code }
            if arguments.flag("json") { return try session.printJSON(result) }
            let outcome = result.outcome
            let state = outcome.done ? "done" : "open"
            let already = outcome.changed ? "" : "already "
            session.line("\(outcome.goal): milestone \(outcome.number) \"\(outcome.text)\" \(already)\(state) "
                         + "(\(outcome.completed) of \(outcome.total) done)")
            session.line(session.style("  \(outcome.path):\(outcome.line)", .muted))
            return ExitCode.success
        }
        if arguments.flag("undo") { throw CLIError.usage("--undo goes with tick; to correct progress use -N or a new value") }
        let change: UpdateGoalProgress.Change
        let text = value.replacingOccurrences(of: ",", with: ".")
        if text.hasPrefix("+") || text.hasPrefix("-"), let delta = Double(text), delta.isFinite {
            change = .add(delta)
        } else if let number = Double(text), number.isFinite {
            change = .set(number)
        } else {
            throw CLIError.usage("VALUE must be a number (3.5) or a change (+2, -1), not \"\(value)\"")
        }
        let result = try session.perform(UpdateGoalProgress(goal: goal, change: change, day: try session.day()),
                                         dryRun: arguments.flag("dry-run"))
        if let code = try DailyLog.dryRun(result, arguments, session) { return code }
        if arguments.flag("json") { return try session.printJSON(result) }
        let outcome = result.outcome
        var text2 = Quantity.grouped(outcome.after) + (outcome.unit.map { " " + $0 } ?? "")
        if let target = outcome.target { text2 = Quantity.progress(outcome.after, of: target, unit: outcome.unit) }
        let before = outcome.before.map { " (was \(Quantity.grouped($0)))" } ?? ""
        session.line("\(outcome.goal): \(text2)\(before)")
        // The `current:` line and the dated line the pace is read from.
        for change in result.changes {
            for line in change.lines {
                if let after = line.after { session.line(session.style("  \(change.path):\(line.line): \(after)", .muted)) }
            }
        }
        return ExitCode.success
    }
}
