import BrainKit

/// `brain edit NOTE --set key=value … [--unset key]`: front-matter keys as minimal edits.
enum EditCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "edit",
        summary: "change front-matter keys of a habit, goal, area or note (--set key=value, --unset key)",
        discussion: """
        Each --set writes one key (replacing its value in place, or adding it at the end of the
        front-matter); each --unset removes one. Values are read as YAML: 20 is a number,
        "[mon, wed]" a list, 2026-12-01 a date, anything else text. Known keys are checked as
        brain validate checks them (every: 3/week, remind: 07:30, status: active…): a bad value is
        refused with validate's message and nothing is written. A key the note's kind does not
        know is refused with a did-you-mean; --force writes it anyway (custom keys are kept).
        Only the lines of the keys change; comments, order and every other byte stay.
        """,
        positionals: [.init(name: "NOTE", help: "path, file name, title or alias", completion: .notes)],
        options: [
            .value("set", "KEY=VALUE", "write a key (repeatable)", repeatable: true),
            .value("unset", "KEY", "remove a key (repeatable)", repeatable: true),
            .flag("force", "write keys the note's kind does not know"),
            .flag("dry-run", short: "n", "show the changed lines without writing"),
            DailyLog.jsonOption,
        ],
        examples: ["brain edit read --set every=weekdays --set target=30",
                   "brain edit run-5k --set due=2027-04-01", "brain edit walk --unset cue"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        var assignments: [EditNote.Assignment] = []
        for text in arguments.all("set") {
            guard let assignment = EditNote.Assignment(parsing: text) else {
                throw CLIError.usage("--set takes KEY=VALUE, not \"\(text)\"")
            }
            assignments.append(assignment)
        }
        let unset = arguments.all("unset")
        if assignments.isEmpty && unset.isEmpty {
            throw CLIError.usage("brain edit needs --set KEY=VALUE or --unset KEY\nusage: \(spec.usage)")
        }
        let dryRun = arguments.flag("dry-run")
        let action = EditNote(note: arguments.positional(0)!, set: assignments, unset: unset,
                              allowUnknownKeys: arguments.flag("force"))
        let result = try session.perform(action, dryRun: dryRun)
        if arguments.flag("json") { return try session.printJSON(result) }
        ChangeReport.print(result.changes, session, dryRun: dryRun)
        if result.changes.isEmpty { session.line("\(result.outcome.path): nothing changed") }
        return ExitCode.success
    }
}
