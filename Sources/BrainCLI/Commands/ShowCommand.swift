import BrainKit

/// `brain show NOTE`.
enum ShowCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "show",
        summary: "show a note: its front-matter, tags, links and backlinks",
        positionals: [.init(name: "NOTE", help: "path, file name, title or alias", completion: .notes)],
        options: [.flag("json", "print JSON")],
        examples: ["brain show read", "brain show \"Read 20 pages\" --json"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let index = try session.index()
        let note = try session.note(arguments.positional(0)!, in: index)
        let detail = NoteDetail(index: index, note: note)
        if arguments.flag("json") { return try session.printJSON(detail) }
        let style = session.style
        session.line(style(detail.title, .strong))
        session.line(style("\(detail.path) · \(detail.kind.rawValue)", .muted))
        if !detail.frontMatter.isEmpty {
            session.line()
            for entry in detail.frontMatter.entries {
                session.line("  " + style(entry.key + ":", .accent) + " " + YAMLWriter.render(entry.value))
            }
        }
        if !detail.tags.isEmpty {
            session.line()
            session.line("tags: " + detail.tags.map { "#" + $0 }.joined(separator: " "))
        }
        if !detail.links.isEmpty {
            session.line()
            session.line(style("links", .strong))
            for link in detail.links {
                let destination = link.path ?? (link.status == .external ? link.target : style(link.status.rawValue, .bad))
                session.line("  \(link.line): \(link.target) → \(destination)")
            }
        }
        if !detail.backlinks.isEmpty {
            session.line()
            session.line(style("backlinks", .strong))
            for backlink in detail.backlinks { session.line("  \(backlink.path):\(backlink.line): \(backlink.text)") }
        }
        for diagnostic in detail.diagnostics {
            session.line(style(diagnostic, .warn))
        }
        return ExitCode.success
    }
}
