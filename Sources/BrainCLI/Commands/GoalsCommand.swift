import BrainKit

/// `brain goals`: every goal with a progress bar, its parts, subgoals and pace.
enum GoalsCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "goals",
        summary: "goals with progress, parts, subgoals and pace",
        discussion: """
        Progress is the mean of the parts a goal has: subgoals, milestones (task items in its body),
        linked habits (30-day rate) and a measurable target. Goals with a due date and a start show
        where the current pace ends. Definitions: docs/ANALYTICS.md section 7.
        """,
        options: [
            .value("date", "DAY", "compute as of this day (default today)"),
            .flag("json", "print JSON"),
        ],
        examples: ["brain goals", "brain goals --json"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let (journal, today) = try session.analyticsJournal()
        let goals = GoalsView(journal: journal, today: today)
        if arguments.flag("json") { return try session.printJSON(goals) }
        render(goals, session)
        return ExitCode.success
    }

    /// Each goal under its parent, with its bar, parts and pace.
    static func render(_ view: GoalsView, _ session: Session) {
        let style = session.style
        let today = view.date
        if view.goals.isEmpty {
            session.line("no goals yet; brain new goal TITLE adds one")
            return
        }
        var printed = Set<String>()
        func show(_ goal: GoalsView.Entry, depth: Int) {
            guard printed.insert(goal.id.lowercased()).inserted else { return }
            let indent = String(repeating: "    ", count: depth)
            var head = indent + style(goal.title, .strong) + "  " + bar(goal.progress ?? 0, style) + " "
            head += Format.share(goal.progress)
            head += "  " + style(goal.status == .dropped ? "dropped" : goal.label.rawValue,
                                 goal.label == .complete ? .good : .muted)
            session.line(head)
            var parts: [String] = []
            if let subgoals = goal.parts.subgoals { parts.append("subgoals \(Coach.percent(subgoals.value))") }
            if let milestones = goal.parts.milestones { parts.append("milestones \(milestones.done)/\(milestones.total)") }
            if let habits = goal.parts.habits { parts.append("habits \(Coach.percent(habits.value)) (\(habits.habits.joined(separator: ", ")))") }
            if let measurable = goal.parts.measurable, let target = measurable.target {
                parts.append("\(Format.number(measurable.current))/\(Format.number(target))\(measurable.unit.map { " " + $0 } ?? "")")
            }
            if let due = goal.due { parts.append("due \(Format.day(due, today: today))") }
            if !parts.isEmpty { session.line(indent + "  " + style(parts.joined(separator: " · "), .muted)) }
            if let pace = goal.pace, goal.status == .active {
                let verdict = pace.daysLate > 0 ? "\(pace.daysLate) \(pace.daysLate == 1 ? "day" : "days") late"
                    : pace.daysLate < 0 ? "\(-pace.daysLate) \(pace.daysLate == -1 ? "day" : "days") early" : "on the day"
                session.line(indent + "  at this pace: done \(Format.day(pace.finish, today: today)), " + style(verdict, pace.daysLate > 0 ? .warn : .good))
            }
            for child in goal.children {
                if let entry = view.goal(child) { show(entry, depth: depth + 1) }
            }
        }
        for root in view.roots { show(root, depth: 0) }
    }

    /// A 20-cell bar: █ for each 5 % done (rounded), ░ for the rest.
    static func bar(_ value: Double, _ style: Style) -> String {
        let filled = Int((max(0, min(1, value)) * 20).rounded())
        return style(String(repeating: "█", count: filled), .good) + style(String(repeating: "░", count: 20 - filled), .muted)
    }
}
