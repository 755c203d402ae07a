import BrainKit

/// `brain restore [NOTE]`: back from the trash, or list it.
enum RestoreCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "restore",
        summary: "bring a deleted note back from .brain/trash/ (without NOTE: list the trash)",
        discussion: """
        NOTE is the path the note had (notes/old-idea.md) or its file name. The newest deleted copy
        goes back to where it was; a file that has taken its place is never replaced.
        """,
        positionals: [.init(name: "NOTE", help: "the deleted note's path or file name", optional: true)],
        options: [DailyLog.jsonOption],
        examples: ["brain restore", "brain restore notes/old-idea.md"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        guard let name = arguments.positional(0) else {
            let listing = TrashListing(vault: try session.vault())
            if arguments.flag("json") { return try session.printJSON(listing) }
            let entries = listing.trash
            if entries.isEmpty { session.line("the trash is empty") }
            for entry in entries { session.line("\(entry.path)  " + session.style(entry.trash, .muted)) }
            return ExitCode.success
        }
        let result = try session.perform(RestoreNote(note: name))
        if arguments.flag("json") { return try session.printJSON(result) }
        session.line("restored \(result.outcome.path)")
        return ExitCode.success
    }
}
