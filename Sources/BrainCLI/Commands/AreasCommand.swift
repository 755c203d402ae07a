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
            .value("date", "DAY", "compute as of this day (default today)"),
            .flag("json", "print JSON"),
        ],
        examples: ["brain areas", "brain areas --date -7 --json"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let (journal, today) = try session.analyticsJournal()
        let vitality = AreaVitality.compute(areas: journal.areas, schedules: journal.ordered(journal.schedules(today: today)))
        let identity = AreaVitality.identityScore(vitality, areas: journal.areas)
        func habits(of area: Area) -> [String] {
            journal.habits.filter { $0.area.map(LinkTarget.key) == area.id.lowercased() }.map(\.id)
        }
        if arguments.flag("json") {
            try session.json(AJSON.object([
                "schemaVersion": .int(1), "date": .string(today.description), "identityScore": .number(identity),
                "areas": .array(zip(journal.areas, vitality).map { area, item in
                    .object(["id": .string(area.id), "title": .string(area.title), "weight": .number(area.weight),
                             "consistency": .number(item.consistency), "label": .string(item.label.rawValue),
                             "identity": area.identity.map { .string($0) } ?? .null,
                             "habits": .array(habits(of: area).map { .string($0) })])
                }),
            ]))
            return ExitCode.success
        }
        let style = session.style
        if journal.areas.isEmpty {
            session.line("no areas yet; brain new area TITLE adds one")
            return ExitCode.success
        }
        session.line(style("Identity score \(identity.map(Coach.percent) ?? "—")", .strong) + style(" on \(today)", .muted))
        let width = journal.areas.map(\.title.count).max() ?? 0
        for (area, item) in zip(journal.areas, vitality) {
            let role: Style.Role = item.label == .thriving ? .good : item.label == .fading ? .warn : item.label == .dormant ? .bad : .muted
            let value = item.consistency.map(Coach.percent) ?? "—"
            var text = area.title.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
            text += String(repeating: " ", count: max(0, 5 - value.count)) + value + "  "
            text += style(item.label.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0), role)
            if let statement = area.identity { text += "  " + style(statement, .muted) }
            session.line(text.trimmingTrailingBlanks)
        }
        return ExitCode.success
    }
}
