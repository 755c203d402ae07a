import BrainKit

/// `brain archive HABIT|GOAL`: put away, history kept.
enum ArchiveCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "archive",
        summary: "archive a habit or goal: not due from today (or --date), its history kept",
        discussion: """
        Sets status: archived and archived: DAY. An archived habit is not due from that day on and
        takes no check-offs; the days before stay in its streaks, rates and strength. brain unarchive
        brings it back.
        """,
        positionals: [.init(name: "NAME", help: "the habit or goal (id, title or alias)", completion: .notes)],
        options: [
            .value("date", "DAY", "the first day it is archived (default: today)", completion: .days),
            DailyLog.jsonOption,
        ],
        examples: ["brain archive cold-shower", "brain archive learn-spanish --date 2026-11-01"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        try setArchived(true, arguments, session)
    }

    static func setArchived(_ archived: Bool, _ arguments: Arguments, _ session: Session) throws -> Int32 {
        let day = try session.day()
        let result = try session.perform(SetArchived(note: arguments.positional(0)!, archived: archived, day: day))
        if arguments.flag("json") { return try session.printJSON(result) }
        let outcome = result.outcome
        let kind = outcome.kind.rawValue
        if !outcome.changed {
            session.line("\(outcome.path): the \(kind) is already \(archived ? "archived" : "active")")
        } else if archived {
            session.line("archived \(outcome.path) from \(day); its history stays (brain unarchive brings it back)")
        } else {
            session.line("unarchived \(outcome.path): the \(kind) is active again")
        }
        return ExitCode.success
    }
}
