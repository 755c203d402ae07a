import BrainKit

/// `brain undo HABIT`: turns a habit's line back to open.
enum UndoCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "undo",
        summary: "turn a habit's line for today (or --date) back to open",
        discussion: """
            Rewrites the habit's line as - [ ] [[habit]]: the checkbox is cleared and the value dropped; the
            label and the note are kept. Nothing else in the file changes; a habit without a line that day is
            left alone. Right after brain done (or skip) of the same habit and day, with the file untouched
            since, the file is put back exactly as it was: the line the check-off added goes, and a file it
            created is deleted.
            """,
        positionals: [.init(name: "HABIT", help: "habit id, title, alias or a unique prefix", completion: .habits)],
        options: [DailyLog.dateOption, DailyLog.jsonOption, DailyLog.dryRunOption],
        examples: ["brain undo read", "brain undo run --date yesterday"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        try DailyLog.log(arguments.positional(0)!, .undo, arguments, session) { outcome in
            let id = outcome.habit.id
            switch outcome.result {
            case .absent: return "\(id): nothing to undo on \(outcome.date)"
            case .unchanged: return "\(session.style(id, .strong)): already open on \(outcome.date)"
            case .added, .updated: return "\(session.style(id, .strong)): back to open on \(outcome.date)"
            }
        }
    }
}
