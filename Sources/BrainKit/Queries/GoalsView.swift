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

    /// The linked habits' mean 30-day rate: effort, shown beside progress and not part of it.
    public struct Effort: Hashable, Sendable, Codable {
        @Rounded public var value: Double
        /// Habit ids.
        public var habits: [String]
        /// Their titles, in the same order.
        public var titles: [String]
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
        @Nullable public var measurable: Measurable?
    }

    /// Where the recorded progress is heading (docs/ANALYTICS.md, section 7).
    public struct Pace: Hashable, Sendable, Codable {
        /// `projected`, `stalled`, `not enough data` or `none`.
        public var status: GoalProgress.PaceStatus
        /// `measurable` or `milestones`; null without a projection.
        @Nullable public var basis: GoalProgress.Pace.Basis?
        /// The first recorded point and the latest.
        @Nullable public var from: ProgressLog.Point?
        @Nullable public var latest: ProgressLog.Point?
        @Nullable public var daysElapsed: Int?
        @Rounded public var ratePerDay: Double?
        @Nullable public var finish: Day?
        /// Days after `due` the pace ends: negative is early.
        @Nullable public var daysLate: Int?
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
        /// The linked habits' consistency, beside progress; null without linked habits.
        @Nullable public var effort: Effort?
        public var pace: Pace
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
                measurable: progress.measurable.map { Measurable(value: $0, current: goal.current ?? 0, target: goal.target, unit: goal.unit) })
            let effort = progress.effort.map { value in
                Effort(value: value, habits: entry.habits, titles: entry.habits.map { journal.habit($0)?.title ?? $0 })
            }
            let recorded = progress.pace
            let pace = Pace(status: progress.paceStatus, basis: recorded?.basis, from: recorded?.from, latest: recorded?.latest,
                            daysElapsed: recorded?.daysElapsed, ratePerDay: recorded?.ratePerDay,
                            finish: recorded?.projectedFinish, daysLate: recorded?.daysLate)
            return Entry(id: goal.id, title: goal.title, status: goal.status, parent: goal.parent, children: entry.children,
                         progress: progress.value, label: progress.label, due: goal.due, parts: parts, effort: effort, pace: pace)
        }
    }
}
