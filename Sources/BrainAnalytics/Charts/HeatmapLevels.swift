import BrainFormat

/// Heatmap levels 0–4 for one habit's day or for all habits together (docs/ANALYTICS.md, "Pictures").
package enum HeatmapLevels {
    /// One habit on one day: 4 done; 3 partial at half the target or more; 2 partial below half
    /// (a measurable amount short of its target); 1 skipped or rest; 0 otherwise (missed, open,
    /// off, inactive). nil for a day after the schedule's today or before its first day.
    package static func habit(_ schedule: Schedule, on day: Day) -> Int? {
        guard let index = schedule.index(of: day) else { return nil }
        if schedule.done[index] { return 4 }
        switch schedule.kinds[index] {
        case .rest, .skipped: return 1
        case .inactive, .paused: return 0
        case .off, .due: break
        }
        if let target = schedule.habit.target, target > 0, !schedule.habit.isAtMost, schedule.amounts[index] > 0 {
            return schedule.amounts[index] / target >= 0.5 ? 3 : 2
        }
        return 0
    }

    /// All habits on a day from the share of due habits done: 0 when nothing was due or nothing
    /// done; 1 below 1/3; 2 from 1/3 below 2/3; 3 from 2/3 below all; 4 all done.
    package static func share(done: Int, due: Int) -> Int {
        guard due > 0, done > 0 else { return 0 }
        if done >= due { return 4 }
        // Integer comparisons keep 1/3 and 2/3 exact.
        if 3 * done < due { return 1 }
        if 3 * done < 2 * due { return 2 }
        return 3
    }

    /// Done and due counts of every habit on `day`: the one tally of docs/ANALYTICS.md section 1
    /// (`DayTally`), a habit still open on the schedule's today counted as due.
    package static func tally(_ schedules: [Schedule], on day: Day) -> (done: Int, due: Int) {
        let tally = DayTally(schedules, on: day)
        return (tally.done, tally.due)
    }
}
