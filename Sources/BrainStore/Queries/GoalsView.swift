import BrainFormat
import BrainAnalytics

/// `brain goals`: every goal with its progress, the parts it is made of and its pace.
package struct GoalsView: Hashable, Sendable, Codable {
    /// The subgoals' mean progress.
    package struct Subgoals: Hashable, Sendable, Codable {
        @Rounded package var value: Double
        package var goals: [String]
    }

    /// The share of milestones (task items in the goal's body) done.
    package struct Milestones: Hashable, Sendable, Codable {
        @Rounded package var value: Double
        package var done: Int
        package var total: Int
    }

    /// The linked habits' mean 30-day rate: effort, shown beside progress and not part of it.
    package struct Effort: Hashable, Sendable, Codable {
        @Rounded package var value: Double
        /// Habit ids.
        package var habits: [String]
        /// Their titles, in the same order.
        package var titles: [String]
    }

    /// `current` of `target`.
    package struct Measurable: Hashable, Sendable, Codable {
        @Rounded package var value: Double
        @Rounded package var current: Double
        @Rounded package var target: Double?
        @Nullable package var unit: String?
    }

    /// The parts a goal's progress is the mean of; null for the parts it does not have.
    package struct Parts: Hashable, Sendable, Codable {
        @Nullable package var subgoals: Subgoals?
        @Nullable package var milestones: Milestones?
        @Nullable package var measurable: Measurable?
    }

    /// Where the recorded progress is heading (docs/ANALYTICS.md, section 7).
    package struct Pace: Hashable, Sendable, Codable {
        /// `projected`, `stalled`, `not enough data` or `none`.
        package var status: GoalProgress.PaceStatus
        /// `measurable` or `milestones`; null without a projection.
        @Nullable package var basis: GoalProgress.Pace.Basis?
        /// The first recorded point and the latest.
        @Nullable package var from: ProgressLog.Point?
        @Nullable package var latest: ProgressLog.Point?
        @Nullable package var daysElapsed: Int?
        @Rounded package var ratePerDay: Double?
        @Nullable package var finish: Day?
        /// Days after `due` the pace ends: negative is early.
        @Nullable package var daysLate: Int?
    }

    /// One goal.
    package struct Entry: Hashable, Sendable, Codable {
        package var id: String
        package var title: String
        package var status: Goal.Status
        @Nullable package var parent: String?
        /// Subgoal ids, in file order.
        package var children: [String]
        @Rounded package var progress: Double?
        package var label: GoalProgress.Label
        @Nullable package var due: Day?
        /// Days since `due` when it has passed and the goal is active and not complete; null otherwise.
        @Nullable package var daysOverdue: Int?
        package var parts: Parts
        /// The linked habits' consistency, beside progress; null without linked habits.
        @Nullable package var effort: Effort?
        package var pace: Pace
    }

    package var date: Day
    /// In file order.
    package var goals: [Entry]

    /// Goals that are no other goal's subgoal, in file order: the tops of the tree.
    package var roots: [Entry] {
        let children = Set(goals.flatMap(\.children).map { $0.lowercased() })
        return goals.filter { !children.contains($0.id.lowercased()) }
    }

    /// The goal with this id (any case).
    package func goal(_ id: String) -> Entry? {
        goals.first { $0.id.lowercased() == id.lowercased() }
    }

    /// Every goal as of `today`.
    package init(journal: Journal, today: Day) {
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
                         progress: progress.value, label: progress.label, due: goal.due,
                         daysOverdue: progress.daysOverdue, parts: parts, effort: effort, pace: pace)
        }
    }
}
