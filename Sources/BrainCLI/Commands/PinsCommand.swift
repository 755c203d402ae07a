import BrainKit

/// `brain pins`.
enum PinsCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "pins",
        summary: "list pinned notes",
        options: [.flag("json", "print JSON")])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let list = NoteList.pinned(in: try session.index())
        if arguments.flag("json") { return try session.printJSON(list) }
        session.printNotes(list)
        return ExitCode.success
    }
}
