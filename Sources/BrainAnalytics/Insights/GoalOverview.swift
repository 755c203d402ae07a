import BrainFormat

/// Every goal's progress computed from a journal: subgoals (by `parent:`), milestones, the
/// measurable target and its recorded log, with the linked habits' 30-day rates as effort, as
/// docs/ANALYTICS.md section 7 defines.
package struct GoalOverview: Sendable {
    package struct Entry: Hashable, Sendable {
        package var goal: Goal
        package var progress: GoalProgress
        /// Subgoal ids, in file order.
        package var children: [String]
        /// Done and counted milestones.
        package var milestonesDone: Int
        package var milestonesTotal: Int
        /// Linked habit ids.
        package var habits: [String]
    }

    /// By lower-cased goal id.
    package private(set) var entries: [String: Entry] = [:]
    /// Goal ids with no parent (or a parent that is not a goal), in file order.
    package private(set) var roots: [String] = []

    package init(journal: Journal, schedules: [String: Schedule], today: Day) {
        var children: [String: [String]] = [:]
        let known = Set(journal.goals.map { $0.id.lowercased() })
        for goal in journal.goals {
            if let parent = goal.parent.map(LinkTarget.key), known.contains(parent) {
                children[parent, default: []].append(goal.id)
            } else {
                roots.append(goal.id)
            }
        }
        var habitsOf: [String: [String]] = [:]
        for goal in journal.goals {
            habitsOf[goal.id.lowercased()] = goal.habits.map(LinkTarget.key)
        }
        for habit in journal.habits {
            for goal in habit.goals.map(LinkTarget.key) where known.contains(goal) {
                if !(habitsOf[goal]?.contains(habit.id.lowercased()) ?? false) {
                    habitsOf[goal, default: []].append(habit.id.lowercased())
                }
            }
        }
        let goalsByKey = Dictionary(journal.goals.map { ($0.id.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        var visiting = Set<String>()
        var result: [String: Entry] = [:]
        func compute(_ key: String) -> Entry? {
            if let done = result[key] { return done }
            guard let goal = goalsByKey[key], !visiting.contains(key) else { return nil }
            visiting.insert(key)
            defer { visiting.remove(key) }
            let kids = children[key] ?? []
            let subgoalProgress: [Double] = kids.compactMap { child in
                guard let entry = compute(child.lowercased()), entry.goal.status != .dropped, entry.goal.status != .archived else { return nil }
                return entry.progress.value ?? 0
            }
            let milestones = journal.milestones[key] ?? []
            let counted = milestones.filter { $0.state != .skipped }
            let habitIDs = habitsOf[key] ?? []
            let rates = habitIDs.compactMap { schedules[$0].flatMap { CompletionRates.window($0, days: 30).rate } }
            let progress = GoalProgress(goal: goal, subgoalProgress: subgoalProgress, milestones: milestones,
                                        habitRates: rates, log: journal.progressLogs[key] ?? ProgressLog(), today: today)
            let entry = Entry(goal: goal, progress: progress, children: kids,
                              milestonesDone: counted.filter { $0.state == .done }.count, milestonesTotal: counted.count,
                              habits: habitIDs.map { id in journal.habit(id)?.id ?? id })
            result[key] = entry
            return entry
        }
        for goal in journal.goals { _ = compute(goal.id.lowercased()) }
        entries = result
    }

    package func entry(_ id: String) -> Entry? { entries[id.lowercased()] }
}
