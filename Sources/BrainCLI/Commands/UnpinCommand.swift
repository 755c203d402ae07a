import BrainKit

/// `brain unpin NOTE`: removes the `pinned` key.
enum UnpinCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "unpin",
        summary: "unpin a note (removes pinned from its front-matter)",
        positionals: [.init(name: "NOTE", help: "path, file name, title or alias", completion: .notes)],
        options: [DailyLog.jsonOption])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        try PinCommand.setPinned(false, arguments, session)
    }
}
