import BrainKit

/// `brain areas`: the vitality of each life area and the identity score.
enum AreasCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "areas",
        summary: "vitality of each life area, its identity statement, and the identity score",
        discussion: """
        An area's consistency is the weighted mean of its habits' 7-day completion rates:
        thriving ≥ 70 %, fading ≥ 30 %, dormant below, resting when nothing was due. The identity
        score averages the areas that are not resting by their weight. docs/ANALYTICS.md section 6.
        """,
        options: [
            .value("date", "DAY", "compute as of this day (default today)", completion: .days),
            .flag("json", "print JSON"),
        ],
        examples: ["brain areas", "brain areas --date -7 --json"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let (journal, today) = try session.analyticsJournal()
        let view = AreasView(journal: journal, today: today)
        if arguments.flag("json") { return try session.printJSON(view) }
        let style = session.style
        if view.areas.isEmpty {
            session.line("no areas yet; brain new area TITLE adds one")
            return ExitCode.success
        }
        session.line(style("Identity score \(Format.share(view.identityScore))", .strong) + style(" on \(today)", .muted))
        let width = view.areas.map(\.title.count).max() ?? 0
        for area in view.areas {
            let role: Style.Role = area.label == .thriving ? .good : area.label == .fading ? .warn : area.label == .dormant ? .bad : .muted
            let value = Format.share(area.consistency)
            var text = area.title.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
            text += String(repeating: " ", count: max(0, 5 - value.count)) + value + "  "
            text += style(area.label.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0), role)
            if let statement = area.identity { text += "  " + style(statement, .muted) }
            session.line(text.trimmingTrailingSpaces)
        }
        return ExitCode.success
    }
}
