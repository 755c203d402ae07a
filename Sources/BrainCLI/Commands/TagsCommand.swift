import BrainKit

/// `brain tags`.
enum TagsCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "tags",
        summary: "list tags with the number of notes carrying each",
        discussion: "A nested tag (#work/brain) also counts for its parents (work).",
        options: [
            .value("sort", "FIELD", "order by name or count", choices: TagList.Sort.allCases.map(\.rawValue)),
            .flag("json", "print JSON"),
        ])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let sort = arguments.value("sort").flatMap(TagList.Sort.init(rawValue:)) ?? .name
        // With a watcher, the cache's summaries answer without decoding every record.
        let list = try session.watchedTagList(sort: sort) ?? TagList(index: try session.index(), sort: sort)
        if arguments.flag("json") { return try session.printJSON(list) }
        let width = list.tags.map { String($0.count).count }.max() ?? 1
        for tag in list.tags {
            let count = String(tag.count)
            session.line(String(repeating: " ", count: width - count.count) + count + "  " + session.style("#" + tag.name, .accent))
        }
        return ExitCode.success
    }
}
