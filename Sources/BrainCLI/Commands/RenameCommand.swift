import BrainKit

/// `brain rename NOTE NEW-TITLE`.
enum RenameCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "rename",
        aliases: ["mv"],
        summary: "rename a note and update every link to it",
        positionals: [
            .init(name: "NOTE", help: "path, file name, title or alias", completion: .notes),
            .init(name: "NEW-TITLE", help: "the new title; the file name is its slug"),
        ],
        options: [
            .flag("dry-run", "list the changes without writing anything"),
            .flag("json", "print JSON"),
        ])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        throw CLIError.failure("not yet")
    }
}
