import BrainKit

/// `brain backlinks NOTE`.
enum BacklinksCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "backlinks",
        summary: "list the notes that link to a note",
        positionals: [.init(name: "NOTE", help: "path, file name, title or alias", completion: .notes)],
        options: [.flag("json", "print JSON")])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let index = try session.index()
        let note = try session.note(arguments.positional(0)!, in: index)
        if arguments.flag("json") {
            // Written as the backlinks are found: the most-linked note's are megabytes.
            session.streamJSON(BacklinkList(index: index, note: note)) { sink in
                BacklinkList.writeJSON(index: index, note: note, to: sink)
            }
            return ExitCode.success
        }
        var lines = PlacedLines(session)
        Backlink.forEach(to: note, in: index) { path, line, _, text in lines.append(path: path, line: line, text: text) }
        lines.flush()
        return ExitCode.success
    }
}
