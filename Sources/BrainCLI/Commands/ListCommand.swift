import BrainKit

/// `brain list [KIND] [filters]`.
enum ListCommand: BrainCommand {
    static let kinds = ["note", "notes", "habit", "habits", "goal", "goals", "area", "areas", "daily",
                        "reflection", "reflections", "insight", "insights", "link", "links", "all"]

    static let spec = CommandSpec(
        name: "list",
        aliases: ["ls"],
        summary: "list notes, filtered by kind, tags, area, type, status and links",
        discussion: """
        KIND is habit, goal, area, daily or note, or a note type: reflection, insight, link.
        Tag expressions: `a, b` both; `a OR b` either; `NOT a` or `-a` without; globs `work/*`.
        A nested tag counts for its parents. Repeated --tag options must all hold.
        """,
        positionals: [.init(name: "KIND", help: "what to list", optional: true, completion: .kinds, choices: kinds)],
        options: [
            .value("tag", short: "t", "EXPR", "only notes whose tags match", repeatable: true, completion: .tags),
            .value("area", "AREA", "only notes of this life area", completion: .notes),
            .value("type", "TYPE", "only notes of this type", choices: ["note", "reflection", "insight", "link"]),
            .flag("pinned", "only pinned notes"),
            .value("status", "STATUS", "only notes with this status (active, paused, archived, done, dropped)"),
            .value("linked-to", "NOTE", "only notes that link to NOTE", completion: .notes),
            .flag("orphan", "only notes with no links in or out"),
            .value("sort", "FIELD", "order by", choices: ["path", "title", "created", "modified", "backlinks"]),
            .value("limit", short: "n", "N", "at most N notes"),
            .flag("json", "print JSON"),
        ],
        examples: ["brain list habits --status active", "brain list --tag 'mind, -work' --sort modified", "brain list insight --pinned"])

    struct Output: Encodable {
        var schemaVersion = 1
        var notes: [NoteSummary]
    }

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let index = try session.index()
        var selected = Array(index.records.indices)
        if let kind = arguments.positional(0), kind != "all" {
            let singular = kind.hasSuffix("s") && kind != "notes" ? String(kind.dropLast()) : (kind == "notes" ? "note" : kind)
            switch singular {
            case "habit", "goal", "area", "daily", "note":
                let noteKind = NoteKind(rawValue: singular)!
                selected = selected.filter { index.records[$0].kind == noteKind }
            default:
                selected = selected.filter { index.records[$0].kind == .note && noteType(index.records[$0]) == singular }
            }
        }
        for text in arguments.all("tag") {
            let expression: TagExpression
            do { expression = try TagExpression(text) } catch { throw CLIError.usage("--tag: \(error)") }
            selected = selected.filter { expression.matches(index.records[$0].tags) }
        }
        if let area = arguments.value("area") {
            let wanted = area.lowercased()
            selected = selected.filter { position in
                let record = index.records[position]
                if record.kind == .area { return record.stem.lowercased() == wanted }
                guard let value = record.frontMatter["area"]?.string, let target = LinkTarget.normalize(value) else { return false }
                if target.lowercased() == wanted { return true }
                guard let area = index.resolve(target: target).note else { return false }
                return index.records[area].stem.lowercased() == wanted || index.records[area].title.lowercased() == wanted
            }
        }
        if let type = arguments.value("type") {
            selected = selected.filter { index.records[$0].kind == .note && noteType(index.records[$0]) == type }
        }
        if arguments.flag("pinned") {
            selected = selected.filter { index.records[$0].pinned }
        }
        if let status = arguments.value("status")?.lowercased() {
            selected = selected.filter { position in
                let record = index.records[position]
                let value = record.frontMatter["status"]?.string?.lowercased()
                    ?? ((record.kind == .habit || record.kind == .goal) ? "active" : nil)
                return value == status
            }
        }
        if let target = arguments.value("linked-to") {
            let destination = try session.note(target, in: index)
            let sources = Set(index.backlinks(of: destination).map(\.source))
            selected = selected.filter { sources.contains($0) && $0 != destination }
        }
        if arguments.flag("orphan") {
            let orphans = Set(index.orphans())
            selected = selected.filter { orphans.contains($0) }
        }
        switch arguments.value("sort") ?? "path" {
        case "title":
            selected.sort { index.records[$0].title.lowercased() < index.records[$1].title.lowercased() }
        case "created":
            selected.sort { (created(index.records[$0]) ?? Day(ordinal: .min)) > (created(index.records[$1]) ?? Day(ordinal: .min)) }
        case "modified":
            selected.sort { index.records[$0].stamp.modified > index.records[$1].stamp.modified }
        case "backlinks":
            var counts = [Int](repeating: 0, count: index.records.count)
            for links in index.resolutions {
                for resolution in links { if let target = resolution.note { counts[target] += 1 } }
            }
            selected.sort { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : $0 < $1 }
        default:
            break
        }
        if let limit = try arguments.int("limit", in: 0...Int.max) {
            selected = Array(selected.prefix(limit))
        }
        if arguments.flag("json") {
            try session.json(Output(notes: selected.map { NoteSummary(index.records[$0]) }))
            return ExitCode.success
        }
        session.printNotes(selected, in: index)
        return ExitCode.success
    }

    static func noteType(_ record: NoteRecord) -> String {
        record.frontMatter["type"]?.string?.lowercased() ?? "note"
    }

    static func created(_ record: NoteRecord) -> Day? {
        record.frontMatter["created"]?.day ?? record.day
    }
}

