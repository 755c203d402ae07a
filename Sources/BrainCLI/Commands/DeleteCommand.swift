import BrainKit

/// `brain delete NOTE`: to the trash, refused while linked.
enum DeleteCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "delete",
        aliases: ["rm"],
        summary: "move a note to .brain/trash/ (refused while other notes link to it)",
        discussion: """
        The file moves to .brain/trash/DAY/PATH, out of the index; brain restore PATH moves it back.
        While other notes link to it (or name it in front-matter, like area: health) the delete is
        refused and they are listed; --force deletes anyway and leaves their links broken.
        A habit's daily lines link to it: archive a habit instead to keep its history.
        """,
        positionals: [.init(name: "NOTE", help: "path, file name, title or alias", completion: .notes)],
        options: [
            .flag("force", "delete even when other notes link to it"),
            DailyLog.jsonOption,
        ],
        examples: ["brain delete notes/old-idea.md", "brain delete walk --force", "brain restore notes/old-idea.md"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let day = try session.day("today")
        let result = try session.perform(DeleteNote(note: arguments.positional(0)!, force: arguments.flag("force"), day: day))
        if arguments.flag("json") { return try session.printJSON(result) }
        let outcome = result.outcome
        session.line("deleted \(outcome.path) (kept in \(outcome.trash); brain restore \(outcome.path) brings it back)")
        if !outcome.linkedFrom.isEmpty {
            session.warn("\(outcome.linkedFrom.count == 1 ? "1 note still links" : "\(outcome.linkedFrom.count) notes still link") to it: "
                         + outcome.linkedFrom.joined(separator: ", "))
        }
        return ExitCode.success
    }
}
