import BrainFormat

/// harsh's own streak rules for one habit of target N in M days, as its code states them
/// (`internal/graph/builder.go`: `Satisfied`, `Skipified`, `Warning`, `StreakLengths`,
/// `DaysUntilStreakBreak`), worked out from the log's entries so the parity table can show what
/// `harsh` itself shows for every frequency, `3/7` as well as `1/7`. docs/IMPORT.md has them in words.
struct HarshStreak {
    /// harsh's `y`, `n` and `s` lines of the habit, one per day.
    var results: [Day: TaskItem.State]
    var target: Int
    var interval: Int
    /// The first day with a line (harsh's `FirstRecord`) and the habit's end day, if any.
    var first: Day?
    var end: Day?

    init(_ entries: [ImportedHistory.Entry], target: Int, interval: Int, end: Day? = nil) {
        var results: [Day: TaskItem.State] = [:]
        for entry in entries { results[entry.day] = entry.state }
        self.results = results
        self.target = target
        self.interval = max(interval, 1)
        self.first = results.keys.min()
        self.end = end
    }

    private func success(_ day: Day, countingSkips: Bool) -> Bool {
        switch results[day] {
        case .done?: true
        case .skipped?: countingSkips
        default: false
        }
    }

    /// Some window of M days holding `day` has N successes, one of them on or before `day`
    /// (a later success may complete the window, but not begin it). A `1/1` habit is never
    /// "satisfied" this way: only its own `y` counts.
    func satisfied(_ day: Day, countingSkips: Bool = true) -> Bool {
        guard let first, !(target <= 1 && interval == 1) else { return false }
        var start = max(day.adding(days: -(interval - 1)), first)
        while start <= day {
            var total = 0, upToDay = 0
            var current = start
            let last = start.adding(days: interval - 1)
            while current <= last {
                if success(current, countingSkips: countingSkips) {
                    total += 1
                    if current <= day { upToDay += 1 }
                }
                current = current.adding(days: 1)
            }
            if total >= target && upToDay > 0 { return true }
            start = start.adding(days: 1)
        }
        return false
    }

    /// An `s` in the M days ending on `day`: the skip's grace keeps the streak.
    func skipified(_ day: Day) -> Bool {
        guard !(target <= 1 && interval == 1) else { return false }
        return (0..<interval).contains { results[day.adding(days: -$0)] == .skipped }
    }

    /// harsh's `!`: no `y` or `s` in the days from M − (M/7 + 1) before `day` to `day`, once
    /// that stretch lies wholly after the first line. A day without a line and with a warning
    /// ends the streak.
    func warning(_ day: Day) -> Bool {
        guard target >= 1, let first else { return false }
        var current = day.adding(days: -interval + interval / 7 + 1)
        while current <= day {
            if success(current, countingSkips: true) { return false }
            if current < first { return false }
            current = current.adding(days: 1)
        }
        return true
    }

    /// The last `y` or `s` within M·2 days (14 at least) was an `s`.
    func inSkipPeriod(_ day: Day) -> Bool {
        guard target >= 1, let first, day >= first else { return false }
        let from = max(day.adding(days: -max(interval * 2, 14)), first)
        var current = day
        while current >= from {
            if results[current] == .skipped { return true }
            if results[current] == .done { return false }
            current = current.adding(days: -1)
        }
        return false
    }

    /// harsh's `StreakLengths`: from the first line to `today` (or the end day), a `y` or `s`
    /// day, or a day whose line is an `n` but which a window satisfies or a skip covers, adds
    /// one; any other `n` day breaks; a day without a line breaks only with a warning.
    /// nil for a habit that is only tracked (target 0).
    func lengths(today: Day) -> (current: Int, longest: Int)? {
        guard target >= 1 else { return nil }
        guard let first else { return (0, 0) }
        let last = end.map { min($0, today) } ?? today
        var current = 0, longest = 0
        var day = first
        while day <= last {
            if let result = results[day] {
                if result != .open || satisfied(day, countingSkips: false) || skipified(day) {
                    current += 1
                } else {
                    current = 0
                }
            } else if warning(day) {
                current = 0
            }
            longest = max(longest, current)
            day = day.adding(days: 1)
        }
        return (current, longest)
    }

    /// harsh's "days until break" on `today`: for target 1 the last `y` (or an `s` that kept an
    /// unbroken streak) plus M; for N > 1 the day the earliest success of a window that meets
    /// the target on `today` ages out. Negative: the streak is already broken; nil: no streak
    /// to speak of (tracking only, or no line yet).
    func daysUntilBreak(today: Day) -> Int? {
        guard target >= 1, let first, today >= first else { return nil }
        if target == 1 {
            let lookback = max(today.adding(days: -max(interval * 3, 365)), first)
            var last: Day?
            var day = today
            while day >= lookback {
                if success(day, countingSkips: true) { last = day; break }
                day = day.adding(days: -1)
            }
            guard let last else { return -999 }
            if results[last] == .skipped {
                let from = max(last.adding(days: -interval * 2), first)
                var prior = last.adding(days: -1)
                while prior >= from && !success(prior, countingSkips: true) { prior = prior.adding(days: -1) }
                if prior >= from && prior.distance(to: last) > interval { return -999 }
            }
            return today.distance(to: last.adding(days: interval))
        }
        guard satisfied(today) else {
            let yesterday = today.adding(days: -1)
            return yesterday >= first && satisfied(yesterday) ? 0 : -999
        }
        var earliest: Day?
        var start = max(today.adding(days: -(interval - 1)), first)
        while start <= today {
            var count = 0
            var firstSuccess: Day?
            var day = start
            while day <= today {
                if success(day, countingSkips: true) {
                    count += 1
                    if firstSuccess == nil { firstSuccess = day }
                }
                day = day.adding(days: 1)
            }
            if count >= target, let firstSuccess, earliest.map({ firstSuccess < $0 }) ?? true { earliest = firstSuccess }
            start = start.adding(days: 1)
        }
        guard let earliest else { return -999 }
        return today.distance(to: earliest.adding(days: interval))
    }
}
