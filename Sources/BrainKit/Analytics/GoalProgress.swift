/// How far a goal is: the mean of the parts it has, a label, and a pace projection.
public struct GoalProgress: Hashable, Sendable, Codable {
    public enum Label: String, Hashable, Sendable, Codable, CaseIterable {
        /// progress < 0.8
        case working
        /// 0.8 ≤ progress < 1
        case almostThere = "almost there"
        /// progress 1, or `status: done`
        case complete
    }

    /// Where the goal is heading, for a goal with `due`.
    public struct Pace: Hashable, Sendable, Codable {
        /// Days from the start to today.
        public var daysElapsed: Int
        /// Progress per day so far.
        public var ratePerDay: Double
        /// today + ceil((1 − progress) / rate).
        public var projectedFinish: Day
        /// projectedFinish − due: positive late, negative early, 0 on the day.
        public var daysLate: Int
    }

    /// Each part, 0–1, nil when the goal has none of it.
    public var subgoals: Double?
    public var milestones: Double?
    public var habits: Double?
    public var measurable: Double?
    /// The mean of the parts present (1 for `status: done`); nil when the goal has no part.
    public var value: Double?
    public var label: Label
    public var pace: Pace?

    /// Progress of `goal` on `today`.
    /// - subgoalProgress: the `value` of each subgoal that is not dropped (a subgoal with no part counts 0).
    /// - milestones: the task items of the goal body; `[-]` (cancelled) ones are left out.
    /// - habitRates: the 30-day completion rate of each linked habit that had something due.
    public init(goal: Goal, subgoalProgress: [Double], milestones: [TaskItem], habitRates: [Double], today: Day) {
        subgoals = subgoalProgress.isEmpty ? nil : subgoalProgress.reduce(0, +) / Double(subgoalProgress.count)
        let counted = milestones.filter { $0.state != .skipped }
        self.milestones = counted.isEmpty ? nil : Double(counted.filter { $0.state == .done }.count) / Double(counted.count)
        habits = habitRates.isEmpty ? nil : habitRates.reduce(0, +) / Double(habitRates.count)
        if let target = goal.target, target > 0 {
            measurable = min(1, max(0, (goal.current ?? 0) / target))
        }
        let parts = [subgoals, self.milestones, habits, measurable].compactMap { $0 }
        value = parts.isEmpty ? nil : parts.reduce(0, +) / Double(parts.count)
        if goal.status == .done { value = 1 }
        let progress = value ?? 0
        label = progress >= 1 ? .complete : progress >= 0.8 ? .almostThere : .working
        if goal.status == .done { label = .complete }

        if let due = goal.due, let start = goal.start ?? goal.created, progress > 0, progress < 1 {
            let elapsed = start.distance(to: today)
            if elapsed > 0 {
                let rate = progress / Double(elapsed)
                // The small tolerance keeps 10.000000000000002 days from becoming 11.
                let remaining = Int(((1 - progress) / rate - 1e-9).rounded(.up))
                let finish = today.adding(days: remaining)
                pace = Pace(daysElapsed: elapsed, ratePerDay: rate, projectedFinish: finish, daysLate: due.distance(to: finish))
            }
        }
    }
}
