import Foundation
import BrainFormat

/// `brain explain HABIT`: the calculation behind each number `stats` shows, day by day, read from
/// the same functions (`HabitStrength.steps`, `Streaks`, `StreakRun.runs`, `Momentum`,
/// `Schedule.momentumValue`, `CompletionRates.window`), so the figures are the ones `stats` prints
/// and the terms add up to them (docs/ANALYTICS.md, "Explain").
package struct HabitExplanation: Hashable, Sendable, Codable {
    package var habit: String
    package var date: Day
    package var frequency: String
    /// The habit's first day; nil before it (then every account is nil).
    package var first: Day?
    package var strength: StrengthAccount?
    package var streak: StreakAccount?
    package var momentum: MomentumAccount?
    package var rate: RateAccount?

    /// `S = m·S + (1−m)·v` over every day from the first.
    package struct StrengthAccount: Hashable, Sendable, Codable {
        package var multiplier: Double
        /// N and D of the window of the last D days; v = min(1, window / N) for a yes/no habit.
        package var windowNumerator: Int
        package var windowDays: Int
        package var target: Double?
        package var atMost: Bool
        /// S before the first day (1 for an at-most habit, else 0).
        package var initial: Double
        package var days: [StrengthDay]
        /// The score on `date`: the last day's `score`, what `stats` prints as strength.
        package var score: Double
    }

    package struct StrengthDay: Hashable, Sendable, Codable {
        package var day: Day
        /// due, off, rest, skipped, paused or inactive.
        package var kind: String
        package var done: Bool
        package var window: Double
        /// nil: the day held the score (a skip, a rest or paused day not done, a day after the end).
        package var value: Double?
        package var score: Double
    }

    /// A streak from its first unit to its last, what kept it going and the unit that broke it.
    package struct StreakAccountRun: Hashable, Sendable, Codable {
        package var length: Int
        package var start: Day
        package var end: Day
        package var current: Bool
        /// Days inside the streak that neither counted nor broke it, by kind.
        package var restDays: Int
        package var skippedDays: Int
        package var pausedDays: Int
        package var offDays: Int
        /// The first day of the unit that broke it (a due day missed, a period missed); nil while current.
        package var brokenOn: Day?
    }

    package struct StreakAccount: Hashable, Sendable, Codable {
        package var unit: Streaks.Unit
        package var blockDays: Int?
        package var current: Int
        package var currentSince: Day?
        package var best: Int
        /// The five longest streaks, as `stats` lists them.
        package var best5: [StreakAccountRun]
        enum CodingKeys: String, CodingKey { case unit, blockDays, current, currentSince, best, best5 = "bestStreaks" }
    }

    package struct MomentumDay: Hashable, Sendable, Codable {
        package var day: Day
        package var daysAgo: Int
        /// 0.88^daysAgo.
        package var weight: Double
        /// The day's value, nil when it counts for nothing (then neither sum has it).
        package var value: Double?
        /// weight·value / Σ weight: the day's part of the momentum.
        package var share: Double
    }

    package struct MomentumAccount: Hashable, Sendable, Codable {
        package var decay: Double
        package var days: [MomentumDay]
        package var weights: Double
        /// Σ share, what `stats` prints as momentum; nil when no day counted.
        package var value: Double?
        package var label: Momentum.Label?
    }

    package struct RateDay: Hashable, Sendable, Codable {
        /// A due day (day-based habits) or a period's first day (periodic ones).
        package var day: Day
        package var end: Day?
        package var done: Int
        package var due: Int
    }

    package struct RateWindow: Hashable, Sendable, Codable {
        /// 7d, 30d, 90d, 365d or all.
        package var name: String
        package var done: Int
        package var due: Int
        package var rate: Double?
    }

    package struct RateAccount: Hashable, Sendable, Codable {
        package var windows: [RateWindow]
        /// What the 30-day window counted, oldest first.
        package var counted: [RateDay]
    }

    package init(habit: Habit, history: HabitHistory, today: Day, weekStart: Weekday = .monday) {
        self.habit = habit.id
        date = today
        frequency = habit.frequency.description
        guard let schedule = Schedule(habit: habit, history: history, today: today, weekStart: weekStart) else { return }
        first = schedule.first
        strength = HabitExplanation.strength(schedule)
        streak = HabitExplanation.streak(schedule)
        momentum = HabitExplanation.momentum(schedule)
        rate = HabitExplanation.rate(schedule)
    }

    static func kindName(_ kind: Schedule.DayKind) -> String {
        switch kind {
        case .inactive: return "inactive"
        case .paused: return "paused"
        case .rest: return "rest"
        case .skipped: return "skipped"
        case .off: return "off"
        case .due: return "due"
        }
    }

    static func strength(_ schedule: Schedule) -> StrengthAccount {
        let walk = HabitStrength.steps(schedule)
        let days = walk.steps.enumerated().map { index, step in
            StrengthDay(day: Day(ordinal: schedule.first.ordinal + index), kind: kindName(schedule.kinds[index]),
                        done: schedule.done[index], window: step.window, value: step.value, score: step.score)
        }
        return StrengthAccount(multiplier: walk.multiplier, windowNumerator: walk.numerator, windowDays: walk.denominator,
                               target: schedule.habit.target, atMost: schedule.habit.isAtMost, initial: walk.initial, days: days,
                               score: HabitStrength.scores(schedule).last ?? 0)
    }

    static func streak(_ schedule: Schedule) -> StreakAccount {
        let streaks = Streaks(schedule: schedule)
        // The unit that broke each streak, keyed by the streak's first day.
        var broken: [Day: Day] = [:]
        var open: Day?
        schedule.forEachUnit { outcome, day in
            switch outcome {
            case .counts: if open == nil { open = day }
            case .breaks:
                if let start = open { broken[start] = day }
                open = nil
            case .neutral: break
            }
        }
        let runs = StreakRun.runs(schedule, limit: 5).map { run -> StreakAccountRun in
            var counts: [Schedule.DayKind: Int] = [:]
            var day = run.start
            while day <= run.end {
                if let index = schedule.index(of: day), !schedule.done[index] { counts[schedule.kinds[index], default: 0] += 1 }
                day = day.adding(days: 1)
            }
            return StreakAccountRun(length: run.length, start: run.start, end: run.end, current: run.current,
                                    restDays: counts[.rest] ?? 0, skippedDays: counts[.skipped] ?? 0,
                                    pausedDays: counts[.paused] ?? 0,
                                    offDays: schedule.habit.frequency.isPeriodic ? 0 : counts[.off] ?? 0,
                                    brokenOn: run.current ? nil : broken[run.start])
        }
        return StreakAccount(unit: streaks.unit, blockDays: streaks.blockDays, current: streaks.current,
                             currentSince: streaks.currentSince, best: streaks.best, best5: runs)
    }

    static func momentum(_ schedule: Schedule) -> MomentumAccount {
        let today = schedule.today
        var days: [MomentumDay] = []
        var weights = 0.0
        for daysAgo in 0..<schedule.momentumDays {
            let day = today.adding(days: -daysAgo)
            let weight = pow(Momentum.decay, Double(daysAgo))
            let value = schedule.momentumValue(on: day)
            if value != nil { weights += weight }
            days.append(MomentumDay(day: day, daysAgo: daysAgo, weight: weight, value: value, share: 0))
        }
        for index in days.indices {
            if let value = days[index].value, weights > 0 { days[index].share = days[index].weight * value / weights }
        }
        let momentum = Momentum(schedules: [schedule], today: today)
        return MomentumAccount(decay: Momentum.decay, days: days, weights: weights, value: momentum?.value, label: momentum?.label)
    }

    static func rate(_ schedule: Schedule) -> RateAccount {
        let windows = [("7d", 7), ("30d", 30), ("90d", 90), ("365d", 365), ("all", nil)].map { name, days -> RateWindow in
            let window = CompletionRates.window(schedule, days: days)
            return RateWindow(name: name, done: window.done, due: window.due, rate: window.rate)
        }
        var counted: [RateDay] = []
        let from = schedule.today.adding(days: -29)
        if schedule.habit.frequency.isPeriodic {
            for period in schedule.periods() where period.end >= from && (period.state == .met || period.state == .missed) {
                counted.append(RateDay(day: period.start, end: period.end, done: min(period.done, period.required), due: period.required))
            }
        } else {
            var day = max(from, schedule.first)
            while day <= schedule.today {
                if let index = schedule.index(of: day), schedule.kinds[index] == .due,
                   schedule.done[index] || day < schedule.today {
                    counted.append(RateDay(day: day, end: nil, done: schedule.done[index] ? 1 : 0, due: 1))
                }
                day = day.adding(days: 1)
            }
        }
        return RateAccount(windows: windows, counted: counted)
    }
}
