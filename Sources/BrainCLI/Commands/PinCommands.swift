import BrainKit

/// `brain pin NOTE` and `brain unpin NOTE`: one front-matter line each.
enum PinCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "pin",
        summary: "pin a note (sets pinned: true in its front-matter)",
        positionals: [.init(name: "NOTE", help: "path, file name, title or alias", completion: .notes)])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        try setPinned(true, arguments.positional(0)!, session)
    }

    static func setPinned(_ pinned: Bool, _ name: String, _ session: Session) throws -> Int32 {
        let index = try session.index()
        let record = index.records[try session.note(name, in: index)]
        if record.pinned == pinned {
            session.line("\(record.path) is already \(pinned ? "pinned" : "not pinned")")
            return ExitCode.success
        }
        try session.vault().edit(record.path) { document in
            if pinned {
                document.set("pinned", to: .bool(true))
            } else {
                document.remove("pinned")
            }
        }
        session.invalidateIndex()
        session.line("\(pinned ? "pinned" : "unpinned") \(record.path)")
        return ExitCode.success
    }
}

enum UnpinCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "unpin",
        summary: "unpin a note (removes pinned from its front-matter)",
        positionals: [.init(name: "NOTE", help: "path, file name, title or alias", completion: .notes)])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        try PinCommand.setPinned(false, arguments.positional(0)!, session)
    }
}
