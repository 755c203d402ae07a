import BrainFormat

/// One streak from its first unit to its last: what Loop's "best streaks" card lists.
package struct StreakRun: Hashable, Sendable, Codable {
    /// Units counted (days, weeks, months or blocks).
    package var length: Int
    /// The first day of its first unit and the last day of its last (the last done day for days).
    package var start: Day
    package var end: Day
    /// True for the streak still running today.
    package var current: Bool

    package init(length: Int, start: Day, end: Day, current: Bool) {
        self.length = length
        self.start = start
        self.end = end
        self.current = current
    }

    /// Every streak of the schedule, longest first (the more recent first among equals); `limit` keeps the top ones.
    package static func runs(_ schedule: Schedule, limit: Int? = nil) -> [StreakRun] {
        var runs: [StreakRun] = []
        var open: StreakRun?
        let periodic = schedule.habit.frequency.isPeriodic
        let periods = schedule.periods()
        var periodIndex = 0
        schedule.forEachUnit { outcome, day in
            switch outcome {
            case .counts:
                var end = day
                if periodic {
                    while periodIndex < periods.count, periods[periodIndex].start < day { periodIndex += 1 }
                    if periodIndex < periods.count { end = min(periods[periodIndex].end, schedule.today) }
                }
                if var run = open {
                    run.length += 1
                    run.end = end
                    open = run
                } else {
                    open = StreakRun(length: 1, start: day, end: end, current: false)
                }
            case .breaks:
                if let run = open { runs.append(run) }
                open = nil
            case .neutral:
                break
            }
        }
        if var run = open {
            run.current = true
            runs.append(run)
        }
        runs.sort { ($0.length, $0.end) > ($1.length, $1.end) }
        if let limit { return Array(runs.prefix(limit)) }
        return runs
    }
}
