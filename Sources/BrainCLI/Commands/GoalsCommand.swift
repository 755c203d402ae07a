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
        let overview = GoalOverview(journal: journal, schedules: journal.schedules(today: today), today: today)
        if arguments.flag("json") {
            let goals: [AJSON] = journal.goals.compactMap { goal in
                guard let entry = overview.entry(goal.id) else { return nil }
                let progress = entry.progress
                var parts: [String: AJSON] = [:]
                parts["subgoals"] = progress.subgoals.map { .object(["value": .number($0), "goals": .array(entry.children.map { .string($0) })]) } ?? .null
                parts["milestones"] = progress.milestones.map { .object(["value": .number($0), "done": .int(entry.milestonesDone), "total": .int(entry.milestonesTotal)]) } ?? .null
                parts["habits"] = progress.habits.map { .object(["value": .number($0), "habits": .array(entry.habits.map { .string($0) })]) } ?? .null
                parts["measurable"] = progress.measurable.map { value in
                    .object(["value": .number(value), "current": .number(goal.current ?? 0), "target": .number(goal.target),
                             "unit": goal.unit.map { .string($0) } ?? .null])
                } ?? .null
                let pace: AJSON = progress.pace.map { pace in
                    .object(["finish": .string(pace.projectedFinish.description), "daysLate": .int(pace.daysLate),
                             "ratePerDay": .number(pace.ratePerDay), "daysElapsed": .int(pace.daysElapsed)])
                } ?? .null
                return .object([
                    "id": .string(goal.id), "title": .string(goal.title), "status": .string(goal.status.rawValue),
                    "parent": goal.parent.map { .string($0) } ?? .null, "children": .array(entry.children.map { .string($0) }),
                    "progress": .number(progress.value), "label": .string(progress.label.rawValue),
                    "due": goal.due.map { .string($0.description) } ?? .null, "parts": .object(parts), "pace": pace,
                ])
            }
            try session.json(AJSON.object(["schemaVersion": .int(1), "date": .string(today.description), "goals": .array(goals)]))
            return ExitCode.success
        }
        let style = session.style
        if journal.goals.isEmpty {
            session.line("no goals yet; brain new goal TITLE adds one")
            return ExitCode.success
        }
        var printed = Set<String>()
        func show(_ id: String, depth: Int) {
            guard let entry = overview.entry(id), !printed.contains(id.lowercased()) else { return }
            printed.insert(id.lowercased())
            let indent = String(repeating: "    ", count: depth)
            let progress = entry.progress
            var head = indent + style(entry.goal.title, .strong) + "  " + bar(progress.value ?? 0, style) + " "
            head += progress.value.map(Coach.percent) ?? "—"
            head += "  " + style(entry.goal.status == .dropped ? "dropped" : progress.label.rawValue,
                                 progress.label == .complete ? .good : .muted)
            session.line(head)
            var parts: [String] = []
            if let value = progress.subgoals { parts.append("subgoals \(Coach.percent(value))") }
            if progress.milestones != nil { parts.append("milestones \(entry.milestonesDone)/\(entry.milestonesTotal)") }
            if let value = progress.habits { parts.append("habits \(Coach.percent(value)) (\(entry.habits.joined(separator: ", ")))") }
            if progress.measurable != nil, let target = entry.goal.target {
                parts.append("\(number(entry.goal.current ?? 0))/\(number(target))\(entry.goal.unit.map { " " + $0 } ?? "")")
            }
            if let due = entry.goal.due { parts.append("due \(dayText(due, today))") }
            if !parts.isEmpty { session.line(indent + "  " + style(parts.joined(separator: " · "), .muted)) }
            if let pace = progress.pace, entry.goal.status == .active {
                let verdict = pace.daysLate > 0 ? "\(pace.daysLate) \(pace.daysLate == 1 ? "day" : "days") late"
                    : pace.daysLate < 0 ? "\(-pace.daysLate) \(pace.daysLate == -1 ? "day" : "days") early" : "on the day"
                session.line(indent + "  at this pace: done \(dayText(pace.projectedFinish, today)), " + style(verdict, pace.daysLate > 0 ? .warn : .good))
            }
            for child in entry.children { show(child, depth: depth + 1) }
        }
        for root in overview.roots { show(root, depth: 0) }
        return ExitCode.success
    }

    /// A 20-cell bar: █ for each 5 % done (rounded), ░ for the rest.
    static func bar(_ value: Double, _ style: Style) -> String {
        let filled = Int((max(0, min(1, value)) * 20).rounded())
        return style(String(repeating: "█", count: filled), .good) + style(String(repeating: "░", count: 20 - filled), .muted)
    }
}

/// "12 May" in today's year, "12 May 2027" otherwise.
func dayText(_ day: Day, _ today: Day) -> String {
    let text = "\(day.dayOfMonth) \(HeatmapLayout.monthNames[day.month - 1])"
    return day.year == today.year ? text : text + " \(day.year)"
}
