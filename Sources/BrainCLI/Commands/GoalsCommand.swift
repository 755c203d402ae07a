import BrainKit

/// `brain goals`: every goal with a progress bar, its parts, subgoals and pace.
enum GoalsCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "goals",
        summary: "goals with progress, parts, subgoals and pace",
        discussion: """
        Progress is the mean of the parts a goal has: subgoals, milestones (task items in its body)
        and a measurable target (current of target). The linked habits' 30-day rate is shown beside
        it as effort, never mixed in. Pace is read from the recorded values (the dated lines under
        ## Progress that brain goal progress writes, or dated milestones) and says "not enough data"
        without two of them. Definitions: docs/ANALYTICS.md section 7.
        """,
        options: [
            .value("date", "DAY", "compute as of this day (default today)", completion: .days),
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
            if let overdue = goal.overdueText { head += " · " + style(overdue, .warn) }
            session.line(head)
            let parts = goal.partsText(today: today)
            if !parts.isEmpty { session.line(indent + "  " + style(parts.joined(separator: " · "), .muted)) }
            if let effort = goal.effortText { session.line(indent + "  " + style(effort, .muted)) }
            if goal.status == .active, let pace = goal.paceText(today: today) {
                session.line(indent + "  " + paceLine(pace, style: style))
            }
            for child in goal.children {
                if let entry = view.goal(child) { show(entry, depth: depth + 1) }
            }
        }
        for root in view.roots { show(root, depth: 0) }
    }

    /// `pace: 1000 → 1850 EUR since 25 Sep (+99 EUR a week): done 6 Jan 2027, 84 days early`, or why there is none.
    static func paceLine(_ pace: GoalsView.Entry.PaceText, style: Style) -> String {
        if pace.isNote { return style(pace.text, .muted) }
        guard let verdict = pace.verdict else { return pace.text }
        return pace.text + ", " + style(verdict, pace.tone == .warn ? .warn : .good)
    }

    /// A 20-cell bar: █ for each 5 % done (rounded), ░ for the rest.
    static func bar(_ value: Double, _ style: Style) -> String {
        let filled = Int((max(0, min(1, value)) * 20).rounded())
        return style(String(repeating: "█", count: filled), .good) + style(String(repeating: "░", count: 20 - filled), .muted)
    }
}
