import Foundation

/// Habit strength: Loop Habit Tracker's score, an exponential moving average of how much of the
/// frequency was met, so one missed day costs little and a long habit holds its strength.
public enum HabitStrength {
    /// Loop's per-day multiplier `m = 0.5^(sqrt(f)/13)` for the frequency fraction f.
    public static func multiplier(frequency: Double) -> Double {
        pow(0.5, frequency.squareRoot() / 13)
    }

    /// One day's step: `m·previous + (1−m)·value`.
    public static func step(previous: Double, value: Double, frequency: Double) -> Double {
        let m = multiplier(frequency: frequency)
        return previous * m + value * (1 - m)
    }

    /// The score of every day from `schedule.first` through `schedule.today` (index 0 is the first day).
    ///
    /// value of a day: for a yes/no habit, min(1, done days in the last D days / N) with (N, D) the
    /// frequency as Loop writes it, both doubled when N/D < 1, and "the last D days" counting only
    /// days that are not rest, skipped, paused or archived; for a measurable habit,
    /// min(1, amount in the last D days / (N·target)), or for an at-most target
    /// clamp(1 − (amount − N·target)/(N·target), 0, 1). Rest, skipped, paused and archived days
    /// leave the score unchanged. See docs/ANALYTICS.md.
    public static func scores(_ schedule: Schedule) -> [Double] {
        let habit = schedule.habit
        let fraction = habit.frequency.loopFraction
        let m = multiplier(frequency: fraction)
        var (numerator, denominator) = habit.frequency.loopRatio
        let measurable = habit.target != nil
        let atMost = habit.isAtMost
        if !measurable, fraction < 1 {
            // Loop doubles both to smooth irregular schedules (a weekly habit done on different weekdays).
            numerator *= 2
            denominator *= 2
        }
        let required = (habit.target ?? 0) * Double(numerator)
        var result = [Double](repeating: 0, count: schedule.count)
        var previous = measurable && atMost ? 1.0 : 0.0
        var rolling = 0.0
        // The window holds the last `denominator` counted days: rest, skipped, paused and archived
        // days are left out of it as if they never existed (Loop's test vectors need this: a skip
        // inside a 6/7 window does not push an earlier repetition out).
        var window = [Double](repeating: 0, count: denominator)
        var counted = 0
        for index in 0..<schedule.count {
            switch schedule.kinds[index] {
            case .inactive, .rest, .skipped:
                break
            case .off, .due:
                let amount = measurable ? schedule.amounts[index] : (schedule.done[index] ? 1 : 0)
                let slot = counted % denominator
                if counted >= denominator { rolling -= window[slot] }
                window[slot] = amount
                rolling += amount
                counted += 1
                let value: Double
                if !measurable {
                    value = min(1, rolling / Double(numerator))
                } else if !atMost {
                    value = required > 0 ? min(1, rolling / required) : 1
                } else if required > 0 {
                    value = min(1, max(0, 1 - (rolling - required) / required))
                } else {
                    value = rolling > 0 ? 0 : 1
                }
                previous = previous * m + value * (1 - m)
            }
            result[index] = previous
        }
        return result
    }

    /// The score on `today` (0–1); nil when the habit has no first day yet.
    public static func score(habit: Habit, history: HabitHistory, today: Day, weekStart: Weekday = .monday) -> Double? {
        guard let schedule = Schedule(habit: habit, history: history, today: today, weekStart: weekStart) else { return nil }
        return scores(schedule).last
    }
}
