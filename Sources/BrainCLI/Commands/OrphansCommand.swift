import BrainKit

/// `brain orphans`.
enum OrphansCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "orphans",
        summary: "list notes with no links in or out (daily files aside)",
        options: [.flag("json", "print JSON")])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let list = NoteList.orphans(in: try session.index())
        if arguments.flag("json") { return try session.printJSON(list) }
        session.printNotes(list)
        return ExitCode.success
    }
}
