/// `brain goals`: every goal with its progress, the parts it is made of and its pace.
public struct GoalsView: Hashable, Sendable, Codable {
    /// The subgoals' mean progress.
    public struct Subgoals: Hashable, Sendable, Codable {
        @Rounded public var value: Double
        public var goals: [String]
    }

    /// The share of milestones (task items in the goal's body) done.
    public struct Milestones: Hashable, Sendable, Codable {
        @Rounded public var value: Double
        public var done: Int
        public var total: Int
    }

    /// The linked habits' mean 30-day rate.
    public struct Habits: Hashable, Sendable, Codable {
        @Rounded public var value: Double
        public var habits: [String]
    }

    /// `current` of `target`.
    public struct Measurable: Hashable, Sendable, Codable {
        @Rounded public var value: Double
        @Rounded public var current: Double
        @Rounded public var target: Double?
        @Nullable public var unit: String?
    }

    /// The parts a goal's progress is the mean of; null for the parts it does not have.
    public struct Parts: Hashable, Sendable, Codable {
        @Nullable public var subgoals: Subgoals?
        @Nullable public var milestones: Milestones?
        @Nullable public var habits: Habits?
        @Nullable public var measurable: Measurable?
    }

    /// Where the current pace ends.
    public struct Pace: Hashable, Sendable, Codable {
        public var finish: Day
        /// Days after `due` the pace ends: negative is early.
        public var daysLate: Int
        @Rounded public var ratePerDay: Double
        public var daysElapsed: Int
    }

    /// One goal.
    public struct Entry: Hashable, Sendable, Codable {
        public var id: String
        public var title: String
        public var status: Goal.Status
        @Nullable public var parent: String?
        /// Subgoal ids, in file order.
        public var children: [String]
        @Rounded public var progress: Double?
        public var label: GoalProgress.Label
        @Nullable public var due: Day?
        public var parts: Parts
        @Nullable public var pace: Pace?
    }

    public var date: Day
    /// In file order.
    public var goals: [Entry]

    /// Goals that are no other goal's subgoal, in file order: the tops of the tree.
    public var roots: [Entry] {
        let children = Set(goals.flatMap(\.children).map { $0.lowercased() })
        return goals.filter { !children.contains($0.id.lowercased()) }
    }

    /// The goal with this id (any case).
    public func goal(_ id: String) -> Entry? {
        goals.first { $0.id.lowercased() == id.lowercased() }
    }

    /// Every goal as of `today`.
    public init(journal: Journal, today: Day) {
        date = today
        let overview = GoalOverview(journal: journal, schedules: journal.schedules(today: today), today: today)
        goals = journal.goals.compactMap { goal in
            guard let entry = overview.entry(goal.id) else { return nil }
            let progress = entry.progress
            let parts = Parts(
                subgoals: progress.subgoals.map { Subgoals(value: $0, goals: entry.children) },
                milestones: progress.milestones.map { Milestones(value: $0, done: entry.milestonesDone, total: entry.milestonesTotal) },
                habits: progress.habits.map { Habits(value: $0, habits: entry.habits) },
                measurable: progress.measurable.map { Measurable(value: $0, current: goal.current ?? 0, target: goal.target, unit: goal.unit) })
            let pace = progress.pace.map { pace in
                Pace(finish: pace.projectedFinish, daysLate: pace.daysLate, ratePerDay: pace.ratePerDay, daysElapsed: pace.daysElapsed)
            }
            return Entry(id: goal.id, title: goal.title, status: goal.status, parent: goal.parent, children: entry.children,
                         progress: progress.value, label: progress.label, due: goal.due, parts: parts, pace: pace)
        }
    }
}
