import Foundation
import BrainFormat

/// How far a goal is: the mean of its progress parts (subgoals, milestones, a measurable target),
/// the linked habits' consistency beside it as effort, a label, and a pace read from its recorded
/// history (docs/ANALYTICS.md, section 7).
public struct GoalProgress: Hashable, Sendable, Codable {
    /// The word a goal's progress is shown with.
    public enum Label: String, Hashable, Sendable, Codable, CaseIterable {
        /// progress < 0.8
        case working
        /// 0.8 ≤ progress < 1
        case almostThere = "almost there"
        /// progress 1, or `status: done`
        case complete
    }

    /// What the pace could be read from.
    public enum PaceStatus: String, Hashable, Sendable, Codable {
        /// Two recorded points or more, and progress between them: a projection.
        case projected
        /// Recorded points, but no progress from the first to today.
        case stalled
        /// Fewer than two recorded points on different days.
        case notEnoughData = "not enough data"
        /// Complete, or nothing to measure (no target and no milestones).
        case none
    }

    /// Where the recorded progress is heading.
    public struct Pace: Hashable, Sendable, Codable {
        /// What is measured: `measurable` (current against target) or `milestones` (the share done).
        public var basis: Basis
        /// The first recorded point and the latest.
        package var from: ProgressLog.Point
        package var latest: ProgressLog.Point
        /// The amount to reach: the target, or 1 for milestones.
        public var goal: Double
        /// Days from the first point to today.
        public var daysElapsed: Int
        /// Progress per day from the first point to today (units of `goal`).
        public var ratePerDay: Double
        /// today + ceil((goal − latest) / rate); nil when stalled.
        public var projectedFinish: Day?
        /// projectedFinish − due: positive late, negative early, 0 on the day; nil without both.
        public var daysLate: Int?

        /// What a goal's pace is worked out from.
        public enum Basis: String, Hashable, Sendable, Codable {
            case measurable, milestones
        }
    }

    /// Each part, 0–1, nil when the goal has none of it.
    public var subgoals: Double?
    public var milestones: Double?
    public var measurable: Double?
    /// The linked habits' mean 30-day completion rate: effort, shown beside progress, never in it.
    public var effort: Double?
    /// The mean of the parts present (1 for `status: done`); nil when the goal has no part.
    public var value: Double?
    public var label: Label
    public var pace: Pace?
    public var paceStatus: PaceStatus
    /// Days since the goal's `due:` day when that day is past and the goal is active and not complete;
    /// nil otherwise (the due day itself is not overdue).
    package var daysOverdue: Int?

    /// Progress of `goal` on `today`.
    /// - subgoalProgress: the `value` of each subgoal that is not dropped (a subgoal with no part counts 0).
    /// - milestones: the task items of the goal body; `[-]` (cancelled) ones are left out.
    /// - habitRates: the 30-day completion rate of each linked habit that had something due (effort).
    /// - log: the goal's recorded `current:` values.
    package init(goal: Goal, subgoalProgress: [Double], milestones: [TaskItem], habitRates: [Double],
                log: ProgressLog = ProgressLog(), today: Day) {
        subgoals = subgoalProgress.isEmpty ? nil : subgoalProgress.reduce(0, +) / Double(subgoalProgress.count)
        let counted = milestones.filter { $0.state != .skipped }
        self.milestones = counted.isEmpty ? nil : Double(counted.filter { $0.state == .done }.count) / Double(counted.count)
        effort = habitRates.isEmpty ? nil : habitRates.reduce(0, +) / Double(habitRates.count)
        if let target = goal.target, target > 0 {
            measurable = min(1, max(0, (goal.current ?? 0) / target))
        }
        let parts = [subgoals, self.milestones, measurable].compactMap { $0 }
        value = parts.isEmpty ? nil : parts.reduce(0, +) / Double(parts.count)
        // Done, or at its target: complete whatever its other parts say.
        if goal.status == .done || measurable == 1 { value = 1 }
        let progress = value ?? 0
        label = progress >= 1 ? .complete : progress >= 0.8 ? .almostThere : .working
        if let due = goal.due, due < today, goal.status == .active, label != .complete {
            daysOverdue = due.distance(to: today)
        } else {
            daysOverdue = nil
        }

        // The pace follows what can be dated: the recorded `current:` values, else dated milestones.
        let basis: Pace.Basis?
        let points: [ProgressLog.Point]
        let aim: Double
        if let target = goal.target, target > 0 {
            basis = .measurable
            points = log.points
            aim = target
        } else if !counted.isEmpty {
            basis = .milestones
            points = GoalProgress.milestonePoints(counted)
            aim = 1
        } else {
            basis = nil
            points = []
            aim = 1
        }
        pace = nil
        if progress >= 1 || basis == nil {
            paceStatus = .none
        } else if let first = points.first, let latest = points.last, first.day < latest.day, latest.day <= today {
            let elapsed = first.day.distance(to: today)
            let rate = (latest.value - first.value) / Double(elapsed)
            var pace = Pace(basis: basis!, from: first, latest: latest, goal: aim, daysElapsed: elapsed,
                            ratePerDay: rate, projectedFinish: nil, daysLate: nil)
            if rate > 0 {
                // The small tolerance keeps 10.000000000000002 days from becoming 11.
                let remaining = max(0, Int(((aim - latest.value) / rate - 1e-9).rounded(.up)))
                let finish = today.adding(days: remaining)
                pace.projectedFinish = finish
                pace.daysLate = goal.due.map { $0.distance(to: finish) }
                paceStatus = .projected
            } else {
                paceStatus = .stalled
            }
            self.pace = pace
        } else {
            paceStatus = .notEnoughData
        }
    }

    /// The share of milestones done by each day a done milestone names (`✅ 2026-10-10`, `(2026-10-10)`):
    /// undated done milestones count from the start, so only dated ones move the pace.
    package static func milestonePoints(_ milestones: [TaskItem]) -> [ProgressLog.Point] {
        let total = Double(milestones.count)
        let done = milestones.filter { $0.state == .done }
        let dated = done.compactMap { item in GoalProgress.date(in: item.text) }.sorted()
        var result: [ProgressLog.Point] = []
        var count = done.count - dated.count
        for day in dated {
            count += 1
            result.append(ProgressLog.Point(day: day, value: Double(count) / total))
        }
        return ProgressLog(points: result).points
    }

    /// The last `YYYY-MM-DD` word of a milestone's text.
    public static func date(in text: String) -> Day? {
        let words = text.split(whereSeparator: { !($0.isNumber || $0 == "-") })
        return words.reversed().lazy.compactMap { $0.count == 10 ? Day(String($0)) : nil }.first
    }
}
