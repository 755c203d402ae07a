import Foundation
import BrainFormat

/// Habit strength: Loop Habit Tracker's score, an exponential moving average of how much of the
/// frequency was met, so one missed day costs little and a long habit holds its strength.
public enum HabitStrength {
    /// What strength means, for the legend under a view that shows it.
    public static let legend = "strength, Loop Habit Tracker's habit score: months of practice build it, "
        + "one missed day costs little"

    /// Loop's per-day multiplier `m = 0.5^(sqrt(f)/13)` for the frequency fraction f.
    public static func multiplier(frequency: Double) -> Double {
        pow(0.5, frequency.squareRoot() / 13)
    }

    /// One day's step: `m·previous + (1−m)·value`.
    public static func step(previous: Double, value: Double, frequency: Double) -> Double {
        let m = multiplier(frequency: frequency)
        return previous * m + value * (1 - m)
    }

    /// What a skipped day adds to a measurable habit's window, in thousandths of a unit: Loop stores
    /// amounts in thousandths and a skip as the code 3, which its score reads as 0.003 units.
    public static let skipThousandths = 3

    /// The score of every day from `schedule.first` through `schedule.today` (index 0 is the first day),
    /// as Loop Habit Tracker's released `ScoreList.recompute` computes it.
    ///
    /// The window is the last D calendar days (N/D the frequency as Loop writes it, both doubled for
    /// a yes/no habit when N/D < 1). Each day adds its repetition to the window: 1 for a done day of a
    /// yes/no habit, the amount for a measurable one. A **skipped** day (a `[-]` line, or a rest or
    /// paused day the habit was not done on) stays in the window as not done (0.003 units for a
    /// measurable habit, Loop's skip code) and keeps the previous score; every other day, today
    /// included, moves the score towards its value: min(1, window / N) for a yes/no habit,
    /// min(1, window / (N·target)) for an at-least target, clamp(1 − (window − N·target)/(N·target), 0, 1)
    /// for an at-most one. Days after the habit ended keep the score. See docs/ANALYTICS.md.
    package static func scores(_ schedule: Schedule) -> [Double] {
        compute(schedule, record: nil)
    }

    /// One day of the score: what entered the window, the value the score moved towards (nil when
    /// the day held the score: a skip, a rest or paused day not done, a day after the habit ended)
    /// and the score after it. `brain explain` prints these; `scores` is the same walk.
    package struct Step: Hashable, Sendable, Codable {
        /// The window's sum after the day (done days, or units of a measurable habit).
        package var window: Double
        /// The day's value v, nil when the day held the score.
        package var value: Double?
        package var score: Double
    }

    /// The multiplier, the window (N/D as the score uses it, doubled for a yes/no habit below daily)
    /// and every day's step, in the order of `schedule`.
    package static func steps(_ schedule: Schedule) -> (multiplier: Double, numerator: Int, denominator: Int, initial: Double, steps: [Step]) {
        var steps: [Step] = []
        steps.reserveCapacity(schedule.count)
        _ = compute(schedule) { steps.append($0) }
        let (numerator, denominator) = window(schedule.habit)
        return (multiplier(frequency: schedule.habit.frequency.loopFraction), numerator, denominator, initial(schedule.habit), steps)
    }

    /// The score before the first day: 1 for an at-most habit (nothing taken yet), else 0.
    package static func initial(_ habit: Habit) -> Double {
        habit.target != nil && habit.isAtMost ? 1 : 0
    }

    /// N/D of the rolling window: the frequency as Loop writes it, both doubled for a yes/no habit below daily.
    package static func window(_ habit: Habit) -> (numerator: Int, denominator: Int) {
        var (numerator, denominator) = habit.frequency.loopRatio
        if habit.target == nil, habit.frequency.loopFraction < 1 {
            // Loop doubles both to smooth irregular schedules (a weekly habit done on different weekdays).
            numerator *= 2
            denominator *= 2
        }
        return (numerator, denominator)
    }

    private static func compute(_ schedule: Schedule, record: ((Step) -> Void)?) -> [Double] {
        let habit = schedule.habit
        let fraction = habit.frequency.loopFraction
        let m = multiplier(frequency: fraction)
        let (numerator, denominator) = window(habit)
        let measurable = habit.target != nil
        let atMost = habit.isAtMost
        let required = (habit.target ?? 0) * Double(numerator)
        var result = [Double](repeating: 0, count: schedule.count)
        var previous = initial(habit)
        // Sums in whole thousandths of a unit, as Loop keeps them, so ten years of additions and
        // removals never drift.
        var rolling = 0
        // The last `denominator` calendar days, a ring indexed by day: skipped days stay in it.
        var window = [Int](repeating: 0, count: denominator)
        for index in 0..<schedule.count {
            let done = schedule.done[index]
            let held: Bool
            switch schedule.kinds[index] {
            case .inactive: held = true
            case .skipped: held = true
            // A rest or paused day is a skip unless the habit was done anyway.
            case .rest, .paused: held = !done
            case .off, .due: held = false
            }
            let amount: Int
            if !measurable {
                amount = done ? 1 : 0
            } else if held, schedule.kinds[index] != .inactive {
                amount = skipThousandths
            } else {
                amount = Int((min(schedule.amounts[index], 1e12) * 1000).rounded())
            }
            let slot = index % denominator
            rolling += amount - window[slot]
            window[slot] = amount
            var stepValue: Double?
            if !held {
                let value: Double
                let sum = measurable ? Double(rolling) / 1000 : Double(rolling)
                if !measurable {
                    value = min(1, sum / Double(numerator))
                } else if !atMost {
                    value = required > 0 ? min(1, sum / required) : 1
                } else if required > 0 {
                    value = min(1, max(0, 1 - (sum - required) / required))
                } else {
                    value = rolling > 0 ? 0 : 1
                }
                previous = previous * m + value * (1 - m)
                stepValue = value
            }
            result[index] = previous
            record?(Step(window: measurable ? Double(rolling) / 1000 : Double(rolling), value: stepValue, score: previous))
        }
        return result
    }

    /// The score on `today` (0–1); nil when the habit has no first day yet.
    package static func score(habit: Habit, history: HabitHistory, today: Day, weekStart: Weekday = .monday) -> Double? {
        guard let schedule = Schedule(habit: habit, history: history, today: today, weekStart: weekStart) else { return nil }
        return scores(schedule).last
    }
}
