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
        let list = BacklinkList(index: index, note: note)
        if arguments.flag("json") { return try session.printJSON(list) }
        let style = session.style
        // `path:line: text`, built as bytes (as `brain search` prints): a note linked from
        // thousands of files prints thousands of lines. Long outputs go out in pieces.
        var out: [UInt8] = []
        out.reserveCapacity(1 << 17)
        for backlink in list.backlinks {
            if style.enabled {
                out.append(contentsOf: style("\(backlink.path):\(backlink.line):", .accent).utf8)
            } else {
                out.append(contentsOf: backlink.path.utf8)
                out.append(UInt8(ascii: ":"))
                DecimalDigits.append(backlink.line, to: &out)
                out.append(UInt8(ascii: ":"))
            }
            out.append(UInt8(ascii: " "))
            out.append(contentsOf: backlink.text.utf8)
            out.append(UInt8(ascii: "\n"))
            if out.count > 1 << 16 {
                out.withUnsafeBufferPointer { session.context.stdout.write(bytes: $0) }
                out.removeAll(keepingCapacity: true)
            }
        }
        out.withUnsafeBufferPointer { session.context.stdout.write(bytes: $0) }
        return ExitCode.success
    }
}
