import BrainKit

/// `brain __complete KIND`: words for shell completion (hidden; used by the completion scripts).
enum CompleteCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "__complete",
        summary: "words for shell completion",
        positionals: [.init(name: "KIND", help: "notes, habits, tags or kinds", choices: ["notes", "habits", "tags", "kinds"])])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        if arguments.positional(0) == "kinds" {
            for kind in ListCommand.kinds { session.line(kind) }
            return ExitCode.success
        }
        let index = try session.index()
        switch arguments.positional(0) {
        case "habits":
            for record in index.records where record.kind == .habit { session.line(record.stem) }
        case "tags":
            for tag in index.tagCounts().map(\.name).sorted() { session.line(tag) }
        default:
            var names = Set<String>()
            for record in index.records where record.kind != .daily { names.insert(record.stem) }
            for name in names.sorted() { session.line(name) }
        }
        return ExitCode.success
    }
}
