import BrainKit

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
        options: [DailyLog.dateOption, DailyLog.forceOption, DailyLog.jsonOption, DailyLog.dryRunOption],
        examples: ["brain skip run knee hurts", "brain skip guitar --date yesterday"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let words = Array(arguments.positionals.dropFirst())
        let reason = words.isEmpty ? nil : words.joined(separator: " ")
        return try DailyLog.log(arguments.positional(0)!, .skip(reason: reason), arguments, session) { outcome in
            let already = outcome.result == .unchanged ? "already " : ""
            let note = outcome.after?.note.map { " — \($0)" } ?? ""
            return "\(session.style(outcome.habit.id, .strong)): \(already)\(session.style("skipped", .warn)) on \(outcome.date)\(note)"
        }
    }
}
