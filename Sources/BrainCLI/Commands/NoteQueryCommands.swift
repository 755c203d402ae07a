import BrainKit

/// JSON shapes shared by the note queries.
struct NoteSummary: Encodable {
    var path: String
    var kind: String
    var type: String?
    var title: String
    var tags: [String]
    var pinned: Bool
    var created: String?

    init(_ record: NoteRecord) {
        path = record.path
        kind = record.kind.rawValue
        type = record.kind == .note ? (record.frontMatter["type"]?.string ?? "note") : nil
        title = record.title
        tags = record.tags
        pinned = record.pinned
        created = record.frontMatter["created"]?.day?.description
    }
}

struct LinkOutput: Encodable {
    var target: String
    var path: String?
    var line: Int
    var kind: String
    var fragment: String?
    var label: String?
    var status: String

    init(_ reference: LinkReference, index: VaultIndex) {
        let link = reference.link
        target = link.kind == .url ? link.target : link.target
        line = link.line
        kind = link.kind.rawValue
        fragment = link.fragment
        label = link.label
        switch reference.resolution {
        case .note(let target):
            path = index.records[target].path
            status = "resolved"
        case .ambiguous:
            path = nil
            status = "ambiguous"
        case .missing:
            path = nil
            status = "missing"
        case .external:
            path = nil
            status = "external"
        }
    }

    func encode(to encoder: Encoder) throws {
        // `path` is always present, null when unresolved, as the schema promises.
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(target, forKey: .target)
        try container.encode(path, forKey: .path)
        try container.encode(line, forKey: .line)
        try container.encode(kind, forKey: .kind)
        try container.encodeIfPresent(fragment, forKey: .fragment)
        try container.encodeIfPresent(label, forKey: .label)
        try container.encode(status, forKey: .status)
    }

    enum CodingKeys: String, CodingKey { case target, path, line, kind, fragment, label, status }
}

struct BacklinkOutput: Encodable {
    var path: String
    var line: Int
    var column: Int
    var text: String
}

extension Session {
    /// `path  title  #tags` lines, aligned.
    func printNotes(_ indices: [Int], in index: VaultIndex) {
        let records = indices.map { index.records[$0] }
        let width = min(48, records.map(\.path.count).max() ?? 0)
        for record in records {
            var line = style(record.path.padding(toLength: max(width, record.path.count), withPad: " ", startingAt: 0), .accent)
            line += "  " + record.title
            if record.pinned { line += " " + style("📌", .warn) }
            if !record.tags.isEmpty { line += "  " + style(record.tags.map { "#" + $0 }.joined(separator: " "), .muted) }
            self.line(line)
        }
    }

}

/// `brain show NOTE`.
enum ShowCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "show",
        summary: "show a note: its front-matter, tags, links and backlinks",
        positionals: [.init(name: "NOTE", help: "path, file name, title or alias", completion: .notes)],
        options: [.flag("json", "print JSON")],
        examples: ["brain show read", "brain show \"Read 20 pages\" --json"])

    struct Output: Encodable {
        var schemaVersion = 1
        var path: String
        var kind: String
        var title: String
        var frontMatter: JSONValue
        var tags: [String]
        var links: [LinkOutput]
        var backlinks: [BacklinkOutput]
        var diagnostics: [String]
    }

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let index = try session.index()
        let vault = try session.vault()
        let note = try session.note(arguments.positional(0)!, in: index)
        let record = index.records[note]
        let links = index.links(of: note).map { LinkOutput($0, index: index) }
        let references = index.backlinks(of: note)
        let texts = index.lineTexts(references.map { (index.records[$0.source].path, $0.link.line) })
        let backlinks = zip(references, texts).map { reference, text in
            BacklinkOutput(path: index.records[reference.source].path, line: reference.link.line,
                           column: reference.link.column, text: text)
        }
        let diagnostics = index.diagnostics(of: note).map(\.description)
        if arguments.flag("json") {
            try session.json(Output(path: record.path, kind: record.kind.rawValue, title: record.title,
                                    frontMatter: JSONValue(.map(record.frontMatter)), tags: record.tags,
                                    links: links, backlinks: backlinks, diagnostics: diagnostics))
            return ExitCode.success
        }
        let style = session.style
        session.line(style(record.title, .strong))
        session.line(style("\(record.path) · \(record.kind.rawValue)", .muted))
        if !record.frontMatter.isEmpty {
            session.line()
            for entry in record.frontMatter.entries {
                session.line("  " + style(entry.key + ":", .accent) + " " + YAMLWriter.render(entry.value))
            }
        }
        if !record.tags.isEmpty {
            session.line()
            session.line("tags: " + record.tags.map { "#" + $0 }.joined(separator: " "))
        }
        if !links.isEmpty {
            session.line()
            session.line(style("links", .strong))
            for link in links {
                let where_ = link.path ?? (link.status == "external" ? link.target : style(link.status, .bad))
                session.line("  \(link.line): \(link.target) → \(where_)")
            }
        }
        if !backlinks.isEmpty {
            session.line()
            session.line(style("backlinks", .strong))
            for backlink in backlinks { session.line("  \(backlink.path):\(backlink.line): \(backlink.text)") }
        }
        for diagnostic in diagnostics {
            session.line(style(diagnostic, .warn))
        }
        return ExitCode.success
    }
}

/// `brain links NOTE`.
enum LinksCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "links",
        summary: "list the links of a note and where they point",
        positionals: [.init(name: "NOTE", help: "path, file name, title or alias", completion: .notes)],
        options: [.flag("json", "print JSON")])

    struct Output: Encodable {
        var schemaVersion = 1
        var path: String
        var links: [LinkOutput]
    }

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let index = try session.index()
        let note = try session.note(arguments.positional(0)!, in: index)
        let links = index.links(of: note).map { LinkOutput($0, index: index) }
        if arguments.flag("json") {
            try session.json(Output(path: index.records[note].path, links: links))
            return ExitCode.success
        }
        let style = session.style
        for link in links {
            let destination: String
            switch link.status {
            case "resolved": destination = link.path!
            case "external": destination = link.target
            default: destination = style(link.status, .bad)
            }
            session.line("\(index.records[note].path):\(link.line): \(link.target) → \(destination)")
        }
        return ExitCode.success
    }
}

/// `brain backlinks NOTE`.
enum BacklinksCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "backlinks",
        summary: "list the notes that link to a note",
        positionals: [.init(name: "NOTE", help: "path, file name, title or alias", completion: .notes)],
        options: [.flag("json", "print JSON")])

    struct Output: Encodable {
        var schemaVersion = 1
        var path: String
        var backlinks: [BacklinkOutput]
    }

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let index = try session.index()
        let vault = try session.vault()
        let note = try session.note(arguments.positional(0)!, in: index)
        let references = index.backlinks(of: note)
        let texts = index.lineTexts(references.map { (index.records[$0.source].path, $0.link.line) })
        let backlinks = zip(references, texts).map { reference, text in
            BacklinkOutput(path: index.records[reference.source].path, line: reference.link.line,
                           column: reference.link.column, text: text)
        }
        if arguments.flag("json") {
            try session.json(Output(path: index.records[note].path, backlinks: backlinks))
            return ExitCode.success
        }
        let style = session.style
        for backlink in backlinks {
            session.line(style("\(backlink.path):\(backlink.line):", .accent) + " " + backlink.text)
        }
        return ExitCode.success
    }
}

/// `brain tags`.
enum TagsCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "tags",
        summary: "list tags with the number of notes carrying each",
        discussion: "A nested tag (#work/brain) also counts for its parents (work).",
        options: [
            .value("sort", "FIELD", "order by name or count", choices: ["name", "count"]),
            .flag("json", "print JSON"),
        ])

    struct Output: Encodable {
        struct Entry: Encodable {
            var name: String
            var count: Int
        }
        var schemaVersion = 1
        var tags: [Entry]
    }

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let index = try session.index()
        var tags = index.tagCounts()
        if arguments.value("sort") == "count" {
            tags.sort { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
        } else {
            tags.sort { $0.name < $1.name }
        }
        if arguments.flag("json") {
            try session.json(Output(tags: tags.map { Output.Entry(name: $0.name, count: $0.count) }))
            return ExitCode.success
        }
        let width = tags.map { String($0.count).count }.max() ?? 1
        for tag in tags {
            let count = String(tag.count)
            session.line(String(repeating: " ", count: width - count.count) + count + "  " + session.style("#" + tag.name, .accent))
        }
        return ExitCode.success
    }
}

/// `brain orphans`.
enum OrphansCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "orphans",
        summary: "list notes with no links in or out (daily files aside)",
        options: [.flag("json", "print JSON")])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let index = try session.index()
        let orphans = index.orphans()
        if arguments.flag("json") {
            try session.json(ListCommand.Output(notes: orphans.map { NoteSummary(index.records[$0]) }))
            return ExitCode.success
        }
        session.printNotes(orphans, in: index)
        return ExitCode.success
    }
}

/// `brain pins`.
enum PinsCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "pins",
        summary: "list pinned notes",
        options: [.flag("json", "print JSON")])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let index = try session.index()
        let pinned = index.records.indices.filter { index.records[$0].pinned }
        if arguments.flag("json") {
            try session.json(ListCommand.Output(notes: pinned.map { NoteSummary(index.records[$0]) }))
            return ExitCode.success
        }
        session.printNotes(pinned, in: index)
        return ExitCode.success
    }
}
