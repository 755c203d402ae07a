import BrainFormat

/// Current and best streak of a habit, counted in the habit's own unit.
public struct Streaks: Hashable, Sendable, Codable {
    /// What a streak counts.
    public enum Unit: String, Hashable, Sendable, Codable {
        /// Due days done in a row (day-based frequencies).
        case days
        /// Due days done in a row of an `every N days` habit, said as times ("5 times" for five
        /// waterings over 13 days, not "5 days").
        case times
        /// Calendar weeks met in a row (`N/week`).
        case weeks
        /// Calendar months met in a row (`N/month`).
        case months
        /// M-day blocks met in a row (`N in M days`).
        case blocks
    }

    public var current: Int
    public var best: Int
    public var unit: Unit
    /// The length of a block in days (`N in M days`: M), nil for other units.
    public var blockDays: Int?
    /// The first day of the unit that started the current streak, when it is above 0.
    public var currentSince: Day?

    public init(current: Int, best: Int, unit: Unit, blockDays: Int? = nil, currentSince: Day? = nil) {
        self.current = current
        self.best = best
        self.unit = unit
        self.blockDays = unit == .blocks || unit == .times ? blockDays : nil
        self.currentSince = currentSince
    }

    /// The block length of a frequency's streak unit: M for `N in M days`, N for `every N days`.
    public static func blockDays(of frequency: Frequency) -> Int? {
        if case .inDays(_, let days) = frequency { return days }
        if case .everyNDays(let days) = frequency { return days }
        return nil
    }

    /// A count in this streak's unit, as people say it: "1 day", "12 days", "2 weeks",
    /// "3 blocks of 5 days".
    public func describe(_ count: Int) -> String {
        Streaks.describe(count, unit: unit, blockDays: blockDays)
    }

    /// "the 12-day streak", "the 2-week streak", "the streak of 3 blocks of 5 days".
    public func phrase(_ count: Int) -> String {
        Streaks.phrase(count, unit: unit, blockDays: blockDays)
    }

    /// "the 12-day streak"; blocks say their length: "the streak of 3 blocks of 5 days".
    public static func phrase(_ count: Int, unit: Unit, blockDays: Int?) -> String {
        if unit == .blocks, blockDays != nil { return "the streak of " + describe(count, unit: unit, blockDays: blockDays) }
        if unit == .times { return "the streak of " + describe(count, unit: unit, blockDays: blockDays) }
        return "the \(count)-\(String(unit.rawValue.dropLast())) streak"
    }

    /// "1 day", "12 days", "3 blocks of 5 days".
    public static func describe(_ count: Int, unit: Unit, blockDays: Int?) -> String {
        let single = String(unit.rawValue.dropLast())
        let text = "\(count) \(count == 1 ? single : unit.rawValue)"
        if unit == .blocks, let days = blockDays { return text + " of \(days) days" }
        return text
    }

    /// The streak unit of a frequency.
    public static func unit(of frequency: Frequency) -> Unit {
        switch frequency {
        case .perWeek: return .weeks
        case .perMonth: return .months
        case .inDays: return .blocks
        case .everyNDays: return .times
        default: return .days
        }
    }

    /// Streaks through `schedule.today`. A due day done adds one; a past due day not done ends the
    /// streak; rest, skipped, off and inactive days neither count nor break; today still open
    /// breaks nothing (the streak then runs up to yesterday).
    package init(schedule: Schedule) {
        var running = 0
        var best = 0
        var since: Day?
        let unit = Streaks.unit(of: schedule.habit.frequency)
        schedule.forEachUnit { outcome, day in
            switch outcome {
            case .counts:
                if running == 0 { since = day }
                running += 1
                best = max(best, running)
            case .breaks:
                running = 0
                since = nil
            case .neutral:
                break
            }
        }
        self.init(current: running, best: best, unit: unit, blockDays: Streaks.blockDays(of: schedule.habit.frequency),
                  currentSince: running > 0 ? since : nil)
    }

    /// Streaks of a habit; zero when it has no first day yet.
    package init(habit: Habit, history: HabitHistory, today: Day, weekStart: Weekday = .monday) {
        if let schedule = Schedule(habit: habit, history: history, today: today, weekStart: weekStart) {
            self.init(schedule: schedule)
        } else {
            self.init(current: 0, best: 0, unit: Streaks.unit(of: habit.frequency), blockDays: Streaks.blockDays(of: habit.frequency))
        }
    }
}

extension Schedule {
    /// How one streak unit (a due day, or a period) turned out.
    package enum UnitOutcome {
        case counts, breaks, neutral
    }

    /// Calls `body` for each streak unit in order with its outcome and first day. The second day
    /// argument is the day the unit was earned (the done day, or the period's `metDay`).
    package func forEachUnit(_ body: (UnitOutcome, Day) -> Void, earned: ((Day) -> Void)? = nil) {
        if habit.frequency.isPeriodic {
            for period in periods() {
                switch period.state {
                case .met:
                    body(.counts, period.start)
                    if let day = period.metDay { earned?(day) }
                case .missed: body(.breaks, period.start)
                case .neutral, .open: body(.neutral, period.start)
                }
            }
            return
        }
        let last = count - 1
        for index in 0..<count where kinds[index] == .due {
            let day = Day(ordinal: first.ordinal + index)
            if done[index] {
                body(.counts, day)
                earned?(day)
            } else if index == last && todayIsOpen && (over.isEmpty || !over[index]) {
                body(.neutral, day)
            } else {
                body(.breaks, day)
            }
        }
    }
}

extension Streaks {
    /// Days the current streak covers: from the day it started through `day` (else its count in
    /// days: weeks × 7, months × 30, blocks × their days). The one measure of "the longest
    /// running streak", in `status` and in reviews, whatever unit each habit counts in.
    package func span(on day: Day) -> Int {
        if let since = currentSince { return since.distance(to: day) + 1 }
        switch unit {
        case .days: return current
        case .times: return current * (blockDays ?? 1)
        case .weeks: return current * 7
        case .months: return current * 30
        case .blocks: return current * (blockDays ?? 1)
        }
    }

    /// Whether this running streak leads `other` on `day`: a longer span, then a larger count.
    package func leads(_ other: Streaks, on day: Day) -> Bool {
        let (mine, theirs) = (span(on: day), other.span(on: day))
        return mine != theirs ? mine > theirs : current > other.current
    }
}
