import BrainKit

/// `brain unarchive HABIT|GOAL`: active again.
enum UnarchiveCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "unarchive",
        summary: "bring an archived habit or goal back (status: active)",
        discussion: "Sets status: active and removes archived:. A habit is due again from its next due day.",
        positionals: [.init(name: "NAME", help: "the habit or goal (id, title or alias)", completion: .notes)],
        options: [DailyLog.jsonOption],
        examples: ["brain unarchive cold-shower"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        try ArchiveCommand.setArchived(false, arguments, session)
    }
}
