import BrainKit

/// `brain coach`: today's message and the ranked nudges.
enum CoachCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "coach",
        summary: "today's coaching message and what to do next",
        discussion: """
        The message follows the first rule that fires: an area down 15 points or more on last
        week, an area up 10 points or more, a goal 5 days or more behind its due date at its pace,
        else the identity score and its strongest area. Nudges: streaks of 3 or more still open
        today, habits due and open, dormant areas. docs/ANALYTICS.md, "Coach and nudges".
        """,
        options: [
            .value("date", "DAY", "compute as of this day (default today)", completion: .days),
            .flag("json", "print JSON"),
        ],
        examples: ["brain coach", "brain coach --json"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let (journal, today) = try session.analyticsJournal()
        let coach = CoachView(journal: journal, today: today)
        if arguments.flag("json") { return try session.printJSON(coach) }
        let style = session.style
        session.line(coach.message.map { style($0.text, .strong) } ?? "Nothing to say yet: no area has a habit due this week.")
        if coach.nudges.isEmpty {
            session.line(style("Nothing open today.", .muted))
            return ExitCode.success
        }
        session.line("")
        session.line(style("Next", .accent))
        for (offset, nudge) in coach.nudges.enumerated() {
            let role: Style.Role = nudge.kind == .streakAtRisk ? .warn : nudge.kind == .dormantArea ? .bad : .accent
            session.line(String(repeating: " ", count: offset < 9 ? 2 : 1) + "\(offset + 1). " + style(nudge.text, role == .accent ? .strong : role))
        }
        return ExitCode.success
    }
}
