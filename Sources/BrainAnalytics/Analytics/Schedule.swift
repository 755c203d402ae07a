import BrainFormat

/// A habit's days classified once, from its first day through `today`: which are due, rest,
/// skipped, paused or off, and which are done. Every analytic reads these arrays.
package struct Schedule: Sendable {
    /// How a day stands for the habit, before looking at whether it was done.
    package enum DayKind: UInt8, Hashable, Sendable {
        /// Archived, or after the habit ended: not due, and lines no longer count.
        case inactive
        /// Inside a `paused:` period: not due, neither counts nor breaks (a line there still counts as done).
        case paused
        /// A rest day: not due, neither counts nor breaks.
        case rest
        /// A `[-]` line: not due, neither counts nor breaks.
        case skipped
        /// Active but not a scheduled day (Tuesday for `[mon, wed]`).
        case off
        /// Due (for `N/week`, `N/month` and `N in M days`: a day that can count towards the quota).
        case due
    }

    /// The state of one period of a periodic habit (a week, a month, or an M-day block).
    package struct Period: Hashable, Sendable {
        package enum State: String, Hashable, Sendable, Codable {
            /// done ≥ required.
            case met
            /// Over and done < required.
            case missed
            /// Nothing could be required (every day rest, skipped or paused): neither counts nor breaks.
            case neutral
            /// The current period, not yet met: neither counts nor breaks until it is over.
            case open
        }

        package var start: Day
        package var end: Day
        package var done: Int
        package var required: Int
        package var state: State
        /// The day the quota was reached, when met.
        package var metDay: Day?
    }

    package let habit: Habit
    package let weekStart: Weekday
    /// The habit's first day: the earlier of `created` and the first logged day.
    package let first: Day
    /// The last day classified: the asked-for day, or the history's `now` when that is earlier
    /// (days that have not happened are never due, missed or counted).
    package let today: Day
    /// The day the schedule was asked about (after `today` when that day is in the future).
    package let asked: Day
    /// Whether `today` is still under way: it is the clock's day (the history's `now`), or no clock
    /// was given. A day asked about once it is over is judged as over everywhere: a habit due and
    /// not done on it is missed, not open, and a quota period still open on it does not make it
    /// due (docs/ANALYTICS.md, "One day, one count").
    package let todayIsOpen: Bool
    /// The first day the habit is no longer due (archived), when it has one.
    package let endBound: Day?
    package private(set) var kinds: [DayKind]
    /// Done days: a `[x]` line, whatever its value (the checkbox is the record, docs/FORMAT.md).
    package private(set) var done: [Bool]
    /// The amount of the day's line: the value written, else the target for a `[x]` line of an
    /// at-least habit, else 0; 0 on skipped days (docs/ANALYTICS.md, "History").
    package private(set) var amounts: [Double]
    /// Days of a quit habit with a target (`kind: quit`, at most) whose line is over the limit: an
    /// amount above the target on a line that is not `[x]` (empty for other habits).
    package private(set) var over: [Bool] = []
    /// `doneBefore[i]`: done days among the first `i` days (prefix sums for windows).
    private var doneBefore: [Int]
    /// The periods of a periodic habit, computed once (empty for day-based habits).
    package private(set) var periodList: [Period] = []

    /// Classifies the habit's days through `today`; nil when it has no first day yet or starts after today.
    package init?(habit: Habit, history: HabitHistory, today asked: Day, weekStart: Weekday = .monday) {
        let today = history.now.map { min(asked, $0) } ?? asked
        self.asked = asked
        todayIsOpen = history.now.map { today >= $0 } ?? true
        guard let first = Schedule.startDay(habit: habit, history: history), first <= today else { return nil }
        self.habit = habit
        self.weekStart = weekStart
        self.first = first
        self.today = today
        self.endBound = Schedule.endBound(habit: habit, history: history)
        let count = first.distance(to: today) + 1
        kinds = Array(repeating: .inactive, count: count)
        done = Array(repeating: false, count: count)
        amounts = Array(repeating: 0, count: count)
        if habit.isAtMost { over = Array(repeating: false, count: count) }
        doneBefore = Array(repeating: 0, count: count + 1)

        let target = habit.target
        let atMost = habit.isAtMost
        let periodic = habit.frequency.isPeriodic
        // Weekday-based frequencies as a 7-bit mask: one integer test per day.
        var mask = 0
        switch habit.frequency {
        case .daily, .perWeek, .perMonth, .inDays, .everyNDays: mask = 0x7F
        case .weekdays: mask = 0x1F
        case .weekends: mask = 0x60
        case .days(let set): for day in set { mask |= 1 << (day.rawValue - 1) }
        }
        var every = 1
        if case .everyNDays(let n) = habit.frequency { every = n }
        // `every N days` counts from the first day, as everything else does (a backfilled line
        // before `created` moves the rhythm with it).
        let anchor = first
        let offset = first.ordinal - history.start.ordinal
        let historyCount = history.marks.count
        var weekday = first.weekday.rawValue - 1
        for index in 0..<count {
            let day = Day(ordinal: first.ordinal + index)
            let h = offset + index
            let mark: HabitHistory.Mark = h >= 0 && h < historyCount ? history.marks[h] : .none
            let value: Double = h >= 0 && h < historyCount ? history.values[h] : .nan
            let isRest = h >= 0 && h < historyCount && history.rest[h]
            defer { weekday = weekday == 6 ? 0 : weekday + 1 }

            if let endBound, day >= endBound { continue }
            // Amounts and done count on any active day, paused ones too; whether the day is due is decided below.
            if mark != .skipped {
                if !value.isNaN {
                    amounts[index] = max(0, value)
                } else if mark == .done, let target, !atMost {
                    amounts[index] = target
                }
            }
            done[index] = mark == .done
            if atMost, let target, mark != .done, mark != .skipped, !value.isNaN, value > target { over[index] = true }
            let phase = ((day.ordinal - anchor.ordinal) % every + every) % every
            if !habit.paused.isEmpty, habit.paused.contains(where: { $0.contains(day) }) {
                kinds[index] = .paused
            } else if isRest {
                kinds[index] = .rest
            } else if mark == .skipped {
                kinds[index] = .skipped
            } else if periodic {
                kinds[index] = .due
            } else if mask & (1 << weekday) == 0 || phase != 0 {
                kinds[index] = .off
            } else {
                kinds[index] = .due
            }
            if atMost, mark != .done, mark != .skipped, kinds[index] == .due {
                // A quit habit with a limit is held on a due day unless its line goes over the limit:
                // a finished day with no line, or within the limit, is held (Loop reads it as 0).
                // Today stays open ("not logged") until it is over (docs/ANALYTICS.md, "Quit habits").
                done[index] = !over[index] && !(index == count - 1 && todayIsOpen)
            }
        }
        for index in 0..<count {
            doneBefore[index + 1] = doneBefore[index] + (done[index] ? 1 : 0)
        }
        if periodic { periodList = computePeriods() }
    }

    /// The habit's first day: the earlier of `created` and the first logged day, so a line written
    /// before `created` (a backfilled day) counts; `created` is only the default.
    package static func startDay(habit: Habit, history: HabitHistory) -> Day? {
        switch (habit.created, history.firstLogged) {
        case let (created?, logged?): return min(created, logged)
        case let (created, logged): return created ?? logged
        }
    }

    /// The first day the habit is no longer due: `archived`; for `status: archived` or `paused`
    /// with no date (and no open-ended paused period), the day after the last logged day.
    package static func endBound(habit: Habit, history: HabitHistory) -> Day? {
        if let archived = habit.archived { return archived }
        switch habit.status {
        case .active: return nil
        case .paused where habit.paused.contains(where: { $0.end == nil }): return nil
        case .archived, .paused:
            // Never logged: nothing is due at all.
            guard let last = history.lastLogged else { return startDay(habit: habit, history: history) ?? Day(ordinal: 0) }
            return last.adding(days: 1)
        }
    }

    package var count: Int { kinds.count }

    /// Whether the habit has ended (archived) by `today`.
    package var hasEnded: Bool { endBound.map { $0 <= today } ?? false }

    /// Whether a quit habit's line on `day` is over the limit (never for other habits).
    package func isOver(on day: Day) -> Bool {
        guard !over.isEmpty, let index = index(of: day) else { return false }
        return over[index]
    }

    /// The word a quit habit's day is told with, the same in every view: `held`, `over the limit`,
    /// or `not logged` (today, not yet held); nil for other habits and days that count for nothing.
    package func quitWord(on day: Day) -> String? {
        guard habit.kind == .quit else { return nil }
        switch status(on: day) {
        case .done, .doneNotDue: return "held"
        case .missed: return isOver(on: day) ? "over the limit" : "not logged"
        case .open: return "not logged"
        default: return nil
        }
    }

    package func index(of day: Day) -> Int? {
        let index = day.ordinal - first.ordinal
        return index >= 0 && index < kinds.count ? index : nil
    }

    package func kind(on day: Day) -> DayKind {
        index(of: day).map { kinds[$0] } ?? .inactive
    }

    package func isDone(on day: Day) -> Bool {
        index(of: day).map { done[$0] } ?? false
    }

    /// Done days in `from...through`, clipped to the schedule.
    package func doneCount(from: Day, through: Day) -> Int {
        let low = max(0, from.ordinal - first.ordinal)
        let high = min(count - 1, through.ordinal - first.ordinal)
        guard low <= high else { return 0 }
        return doneBefore[high + 1] - doneBefore[low]
    }

    /// Whether the habit is due on `day`. Day-based frequencies: a scheduled day that is not rest,
    /// skipped, paused or archived. `N/week` and `N/month`: an active day whose calendar period has
    /// fewer than N done days before it. `N in M days`: fewer than N done in the M−1 days before it.
    package func isDue(on day: Day) -> Bool {
        guard let index = index(of: day), kinds[index] == .due else { return false }
        switch habit.frequency {
        case .perWeek(let n):
            return doneCount(from: day.startOfWeek(weekStart), through: day.adding(days: -1)) < n
        case .perMonth(let n):
            return doneCount(from: day.startOfMonth, through: day.adding(days: -1)) < n
        case .inDays(let n, let m):
            return doneCount(from: day.adding(days: -(m - 1)), through: day.adding(days: -1)) < n
        default:
            return true
        }
    }

    /// True when the day is active for the calendar: on or after the first day, before the end,
    /// outside paused periods. Used for days after today in the current period.
    package func isCalendarActive(_ day: Day) -> Bool {
        day >= first && (endBound.map { day < $0 } ?? true) && !habit.paused.contains(where: { $0.contains(day) })
    }

    /// Whether a day falls on the habit's schedule (its weekdays, its every-N-days rhythm), whatever
    /// else is true of it: used for days after today.
    package func isScheduled(_ day: Day) -> Bool {
        switch habit.frequency {
        case .weekdays: return day.weekday.rawValue <= 5
        case .weekends: return day.weekday.rawValue >= 6
        case .days(let set): return set.contains(day.weekday)
        case .everyNDays(let n):
            let anchor = first
            return ((day.ordinal - anchor.ordinal) % n + n) % n == 0
        default: return true
        }
    }

    /// The quota N of a periodic habit.
    package var quota: Int {
        switch habit.frequency {
        case .perWeek(let n), .perMonth(let n): return n
        case .inDays(let n, _): return n
        default: return 1
        }
    }

    /// The periods of a periodic habit from the first day's period through the one holding today.
    /// Weeks follow `weekStart`; `N in M days` uses M-day blocks counted from the first day.
    /// required = min(N, days that could count): past days of kind `due` plus future active days.
    package func periods() -> [Period] {
        periodList
    }

    private func computePeriods() -> [Period] {
        guard habit.frequency.isPeriodic else { return [] }
        let n = quota
        var result: [Period] = []
        var start: Day
        switch habit.frequency {
        case .perWeek: start = first.startOfWeek(weekStart)
        case .perMonth: start = first.startOfMonth
        default: start = first
        }
        while start <= today {
            let end: Day
            switch habit.frequency {
            case .perWeek: end = start.adding(days: 6)
            case .perMonth: end = start.adding(days: Day.daysIn(month: start.month, year: start.year) - 1)
            case .inDays(_, let m): end = start.adding(days: m - 1)
            default: end = start
            }
            var eligible = 0
            var doneDays = 0
            var metDay: Day?
            let low = max(start, first)
            let high = min(end, today)
            if low <= high {
                for ordinal in low.ordinal...high.ordinal {
                    let index = ordinal - first.ordinal
                    if kinds[index] == .due { eligible += 1 }
                    if done[index] {
                        doneDays += 1
                    }
                }
            }
            if end > today {
                var day = today.adding(days: 1)
                while day <= end {
                    if isCalendarActive(day) { eligible += 1 }
                    day = day.adding(days: 1)
                }
            }
            let required = min(n, eligible)
            if required > 0, doneDays >= required, low <= high {
                var seen = 0
                for ordinal in low.ordinal...high.ordinal where done[ordinal - first.ordinal] {
                    seen += 1
                    if seen == required {
                        metDay = Day(ordinal: ordinal)
                        break
                    }
                }
            }
            let state: Period.State
            if required == 0 {
                state = .neutral
            } else if doneDays >= required {
                state = .met
            } else {
                state = end > today || (end == today && !isResolved(today)) ? .open : .missed
            }
            result.append(Period(start: start, end: end, done: doneDays, required: required, state: state, metDay: metDay))
            start = end.adding(days: 1)
        }
        return result
    }

    /// Today counts once it is done or skipped; an open today breaks nothing until it is over.
    package func isResolved(_ day: Day) -> Bool {
        guard let index = index(of: day) else { return true }
        return done[index] || kinds[index] != .due || !(day == today && todayIsOpen) || isOver(on: day)
    }
}

/// Whether `habit` is due on `day` given its history (see `Schedule.isDue(on:)`).
package func isDue(_ habit: Habit, on day: Day, history: HabitHistory, weekStart: Weekday = .monday) -> Bool {
    Schedule(habit: habit, history: history, today: day, weekStart: weekStart)?.isDue(on: day) ?? false
}
