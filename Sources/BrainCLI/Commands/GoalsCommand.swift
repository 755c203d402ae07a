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
            if let measurable = goal.parts.measurable, let target = measurable.target {
                parts.append("\(Format.number(measurable.current))/\(Format.number(target))\(measurable.unit.map { " " + $0 } ?? "")")
            }
            if let due = goal.due { parts.append("due \(Format.day(due, today: today))") }
            if !parts.isEmpty { session.line(indent + "  " + style(parts.joined(separator: " · "), .muted)) }
            if let effort = goal.effort {
                session.line(indent + "  " + style("effort: habits \(Coach.percent(effort.value)) over 30 days (\(effort.titles.joined(separator: ", ")))", .muted))
            }
            if goal.status == .active, let line = paceLine(goal, today: today, style: style) {
                session.line(indent + "  " + line)
            }
            for child in goal.children {
                if let entry = view.goal(child) { show(entry, depth: depth + 1) }
            }
        }
        for root in view.roots { show(root, depth: 0) }
    }

    /// `pace: 1000 → 1850 EUR since 25 Sep (+99 EUR a week): done 6 Jan 2027, 84 days early`, or why there is none.
    static func paceLine(_ goal: GoalsView.Entry, today: Day, style: Style) -> String? {
        let pace = goal.pace
        switch pace.status {
        case .none:
            return nil
        case .notEnoughData:
            return style("pace: not enough data yet (brain goal progress records each value with its day)", .muted)
        case .stalled, .projected:
            guard let from = pace.from, let latest = pace.latest, let rate = pace.ratePerDay else { return nil }
            let amounts: String
            if pace.basis == .milestones, let milestones = goal.parts.milestones {
                let total = Double(milestones.total)
                amounts = "\(Format.number((from.value * total).rounded())) → \(Format.number((latest.value * total).rounded())) of \(milestones.total) milestones"
            } else {
                let unit = goal.parts.measurable?.unit.map { " " + $0 } ?? ""
                amounts = "\(Format.number(from.value)) → \(Format.number(latest.value))\(unit)"
            }
            let since = "pace: \(amounts) since \(Format.day(from.day, today: today))"
            guard pace.status == .projected, let finish = pace.finish else {
                return since + ", " + style("no progress", .warn)
            }
            var perWeek = ""
            if pace.basis == .measurable {
                let unit = goal.parts.measurable?.unit.map { " " + $0 } ?? ""
                let week = rate * 7
                perWeek = " (+\(Format.number(week >= 10 ? week.rounded() : (week * 10).rounded() / 10))\(unit) a week)"
            }
            var text = since + perWeek + ": done \(Format.day(finish, today: today))"
            if let late = pace.daysLate {
                let verdict = late > 0 ? "\(late) \(late == 1 ? "day" : "days") late"
                    : late < 0 ? "\(-late) \(late == -1 ? "day" : "days") early" : "on the day"
                text += ", " + style(verdict, late > 0 ? .warn : .good)
            }
            return text
        }
    }

    /// A 20-cell bar: █ for each 5 % done (rounded), ░ for the rest.
    static func bar(_ value: Double, _ style: Style) -> String {
        let filled = Int((max(0, min(1, value)) * 20).rounded())
        return style(String(repeating: "█", count: filled), .good) + style(String(repeating: "░", count: 20 - filled), .muted)
    }
}
