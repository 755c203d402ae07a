import BrainKit

/// `brain pin NOTE`: one front-matter line.
enum PinCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "pin",
        summary: "pin a note (sets pinned: true in its front-matter)",
        positionals: [.init(name: "NOTE", help: "path, file name, title or alias", completion: .notes)],
        options: [DailyLog.jsonOption])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        try setPinned(true, arguments, session)
    }

    static func setPinned(_ pinned: Bool, _ arguments: Arguments, _ session: Session) throws -> Int32 {
        let result = try session.perform(SetPinned(note: arguments.positional(0)!, pinned: pinned))
        if arguments.flag("json") { return try session.printJSON(result) }
        let outcome = result.outcome
        if !outcome.changed {
            session.line("\(outcome.path) is already \(pinned ? "pinned" : "not pinned")")
        } else {
            session.line("\(pinned ? "pinned" : "unpinned") \(outcome.path)")
        }
        return ExitCode.success
    }
}
