import BrainKit

/// `brain list [KIND] [filters]`.
enum ListCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "list",
        aliases: ["ls"],
        summary: "list notes, filtered by kind, tags, area, type, status and links",
        discussion: """
        KIND is habit, goal, area, daily or note, or a note type: reflection, insight, link.
        Tag expressions: `a, b` both; `a OR b` either; `NOT a` or `-a` without; globs `work/*`.
        A nested tag counts for its parents. Repeated --tag options must all hold.
        """,
        positionals: [.init(name: "KIND", help: "what to list", optional: true, completion: .kinds, choices: NoteFilter.kindWords)],
        options: [
            .value("tag", short: "t", "EXPR", "only notes whose tags match", repeatable: true, completion: .tags),
            .value("area", "AREA", "only notes of this life area", completion: .areas),
            .value("type", "TYPE", "only notes of this type", choices: ["note", "reflection", "insight", "link"]),
            .flag("pinned", "only pinned notes"),
            .value("status", "STATUS", "only notes with this status (active, paused, archived, done, dropped)"),
            .value("linked-to", "NOTE", "only notes that link to NOTE", completion: .notes),
            .flag("orphan", "only notes with no links in or out"),
            .value("sort", "FIELD", "order by", choices: NoteFilter.Sort.allCases.map(\.rawValue)),
            .value("limit", short: "n", "N", "at most N notes"),
            .flag("json", "print JSON"),
        ],
        examples: ["brain list habits --status active", "brain list --tag 'mind, -work' --sort modified", "brain list insight --pinned"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let index = try session.index()
        var filter = NoteFilter()
        filter.kind = arguments.positional(0)
        filter.tags = try arguments.all("tag").map { text in
            do { return try TagExpression(text) } catch { throw CLIError.usage("--tag: \(error)") }
        }
        filter.area = arguments.value("area")
        filter.type = arguments.value("type")
        filter.pinnedOnly = arguments.flag("pinned")
        filter.status = arguments.value("status")
        filter.linkedTo = try arguments.value("linked-to").map { try session.note($0, in: index) }
        filter.orphansOnly = arguments.flag("orphan")
        filter.sort = arguments.value("sort").flatMap(NoteFilter.Sort.init(rawValue:)) ?? .path
        filter.limit = try arguments.int("limit", in: 0...Int.max)
        let list = NoteList(index: index, filter: filter)
        if arguments.flag("json") { return try session.printJSON(list) }
        session.printNotes(list)
        return ExitCode.success
    }
}
