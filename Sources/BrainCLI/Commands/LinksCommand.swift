import BrainKit

/// `brain links NOTE`.
enum LinksCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "links",
        summary: "list the links of a note and where they point",
        positionals: [.init(name: "NOTE", help: "path, file name, title or alias", completion: .notes)],
        options: [.flag("json", "print JSON")])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let index = try session.index()
        let note = try session.note(arguments.positional(0)!, in: index)
        let list = LinkList(index: index, note: note)
        if arguments.flag("json") { return try session.printJSON(list) }
        let style = session.style
        for link in list.links {
            let destination: String
            switch link.status {
            case .resolved: destination = link.path!
            case .external: destination = link.target
            default: destination = style(link.status.rawValue, .bad)
            }
            session.line("\(list.path):\(link.line): \(link.target) → \(destination)")
        }
        return ExitCode.success
    }
}
