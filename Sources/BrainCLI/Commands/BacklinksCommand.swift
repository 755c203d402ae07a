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
        let json = arguments.flag("json")
        let form = session.style.form(json: json)
        let stdout = session.context.stdout
        // Tests that watch the values printed get them worked out.
        let keeps = session.context.seeJSON == nil
        // A much-linked note's answer printed before from these very files: the same bytes.
        if keeps, KeptAnswer.print(index, query: Backlink.keptQuery(to: note, in: index), form: form, to: { stdout.write(bytes: $0) }) {
            return ExitCode.success
        }
        let madeAt = KeptAnswer.now()
        let written: [[UInt8]]?
        let sources: [Int]
        if json {
            // Written as the backlinks are found: the most-linked note's are megabytes.
            var kept: [[UInt8]]? = keeps ? [] : nil
            var found: [Int] = []
            session.streamJSON(BacklinkList(index: index, note: note)) { sink in
                found = BacklinkList.writeJSON(index: index, note: note) { piece in
                    sink(piece)
                    kept?.append(Array(piece))
                }
            }
            (written, sources) = (kept, found)
        } else {
            var lines = PlacedLines(session, keeping: keeps)
            sources = Backlink.forEach(to: note, in: index) { path, line, _, text in lines.append(path: path, line: line, text: text) }
            lines.flush()
            written = lines.written
        }
        if let written {
            Backlink.keepAnswer(written, to: note, in: index, form: form, sources: sources, madeAt: madeAt)
        }
        return ExitCode.success
    }
}
