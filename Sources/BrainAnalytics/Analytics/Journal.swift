import Foundation
import BrainFormat

/// The vault as analytics sees it: habits, areas, goals and check-ins, built from the index (no
/// file is read again but a goal with a `## Progress` log), with habit lines mapped to habit ids
/// the way links resolve.
public struct Journal: Sendable {
    public var habits: [Habit] { didSet { scheduleMemo = ScheduleMemo() } }
    public var areas: [Area]
    public var goals: [Goal]
    /// Milestones (body task items) of each goal, by goal id.
    public var milestones: [String: [TaskItem]]
    /// Check-ins sorted by day; habit lines name habit ids (file stems) and lines naming no habit are left out.
    public var checkIns: [CheckIn] { didSet { scheduleMemo = ScheduleMemo() } }
    /// Vault-relative path of each day's file.
    public var dailyPaths: [Day: String]
    /// Vault-relative path of each habit, goal and area by id.
    public var paths: [String: String]
    public var weekStart: Weekday { didSet { scheduleMemo = ScheduleMemo() } }
    /// Each goal's recorded progress (its `## Progress` lines), by lower-cased goal id.
    package var progressLogs: [String: ProgressLog]
    /// Days with more than one daily file, with the files' paths: both are read (the last line for a
    /// habit wins), which is never what a person meant, so every reader warns.
    public var duplicateDays: [Day: [String]]
    /// Errors in the files analytics read (habits, goals, areas, check-ins): each one drops a value
    /// (a tab-indented key, a mood of 7, an unknown frequency), so every reader warns, not only `validate`.
    public var problems: [Diagnostic]
    /// Histories keyed by lower-cased habit id.
    package private(set) var histories: [String: HabitHistory]
    /// The last day that has happened (the clock's day, which a client sets): analytics asked
    /// about a later day (`--date` in the future) stop here, so the days after it are never
    /// misses (docs/ANALYTICS.md, "The future"). nil: the asked-for day is the last.
    package var now: Day? {
        didSet {
            for key in histories.keys { histories[key]?.now = now }
            scheduleMemo = ScheduleMemo()
        }
    }
    /// Schedules already worked out (`today`, its coach and its overview ask for the same ones);
    /// a new one when the habits, check-ins or week start change.
    private var scheduleMemo = ScheduleMemo()

    /// A journal from its parts (`Journal(index:)` builds one from a vault's index).
    package init(weekStart: Weekday, habits: [Habit], areas: [Area], goals: [Goal], milestones: [String: [TaskItem]],
                 checkIns: [CheckIn], dailyPaths: [Day: String], paths: [String: String], progressLogs: [String: ProgressLog],
                 duplicateDays: [Day: [String]], problems: [Diagnostic], histories: [String: HabitHistory]) {
        self.weekStart = weekStart
        self.habits = habits
        self.areas = areas
        self.goals = goals
        self.milestones = milestones
        self.checkIns = checkIns
        self.dailyPaths = dailyPaths
        self.paths = paths
        self.progressLogs = progressLogs
        self.duplicateDays = duplicateDays
        self.problems = problems
        self.histories = histories
    }

    public func habit(_ id: String) -> Habit? {
        habits.first { $0.id.lowercased() == id.lowercased() }
    }

    /// The history of a habit (empty, with the vault's rest days, when it was never logged).
    package func history(of id: String) -> HabitHistory {
        if let history = histories[id.lowercased()] { return history }
        let restDays = Set(checkIns.filter(\.rest).map(\.day))
        var history = HabitHistory(entries: [:], restDays: restDays)
        history.now = now
        return history
    }

    /// Whether no two habits' ids differ only by case (then `schedules(today:)`, keyed by
    /// lower-cased id, has one schedule per habit).
    public var hasUniqueHabitKeys: Bool {
        Set(habits.map { $0.id.lowercased() }).count == habits.count
    }

    /// The schedule of each habit as of `today` (habits with nothing ever due are left out).
    package func schedules(today: Day) -> [String: Schedule] {
        let known = scheduleMemo.schedules(on: today)
        if let known, known.stale.isEmpty { return known.schedules }
        // Only the habits whose lines changed since, when the others' are known.
        var result = known?.schedules ?? [:]
        let wanted = known.map { known in habits.filter { known.stale.contains($0.id.lowercased()) } } ?? habits
        let made = wanted.concurrentMap { habit in
            Schedule(habit: habit, history: history(of: habit.id), today: today, weekStart: weekStart)
        }
        for (habit, schedule) in zip(wanted, made) {
            result[habit.id.lowercased()] = schedule
        }
        scheduleMemo.store(result, on: today)
        return result
    }

    public func checkIn(on day: Day) -> CheckIn? {
        checkIns.last { $0.day == day }
    }
}

extension Journal {
    /// This journal with the check-in of `checkIn.day` replaced, or added, by `checkIn` (its habit
    /// lines naming habit ids, as `Journal` gives them), read from that day's one file `path`:
    /// after a write to one daily file, the same journal a build from every file gives, at the
    /// cost of the habits whose line on that day changed. nil when the day has another file, or
    /// lies before the first check-in (then build the journal again).
    package func replacingCheckIn(_ checkIn: CheckIn, path: String) -> Journal? {
        let day = checkIn.day
        guard duplicateDays[day] == nil, dailyPaths[day] ?? path == path,
              let first = checkIns.first?.day, let last = checkIns.last?.day, day >= first else { return nil }
        // Check-ins are sorted by day, one a day: where the day's is, or goes.
        var low = 0, high = checkIns.count
        while low < high {
            let middle = (low + high) / 2
            if checkIns[middle].day < day { low = middle + 1 } else { high = middle }
        }
        let old = low < checkIns.count && checkIns[low].day == day ? checkIns[low] : nil
        guard (old == nil) == (dailyPaths[day] == nil) else { return nil }
        var journal = self
        if old == nil { journal.checkIns.insert(checkIn, at: low) } else { journal.checkIns[low] = checkIn }
        journal.dailyPaths[day] = path
        // Every history covers the check-ins' days and shares their rest days.
        let end = max(last, day)
        let restChanged = (old?.rest ?? false) != checkIn.rest
        if end > last || restChanged {
            for key in journal.histories.keys {
                journal.histories[key]!.extend(through: end)
                journal.histories[key]!.setRest(checkIn.rest, on: day)
            }
        }
        let before = old?.lines ?? [:], after = checkIn.lines
        for key in Set(before.keys).union(after.keys) {
            let line = after[key]
            if line == before[key] { continue }
            var history = journal.histories[key] ?? HabitHistory.empty(from: first, through: end, restDays: journal.checkIns)
            history.now = now
            history.set(line.map { HabitHistory.Mark($0.state) } ?? .none, value: line?.value, on: day)
            // A habit without any line has no history, as a build leaves it.
            journal.histories[key] = history.firstLogged == nil ? nil : history
        }
        // The other habits' schedules stay (they read their own lines and the rest days alone).
        if !(end > last || restChanged) {
            journal.scheduleMemo = scheduleMemo.without(Set(before.keys).union(after.keys))
        }
        return journal
    }
}

/// The schedules of the last two days a journal was asked about (ten years of days for every
/// habit: enough to answer `today` and its coach, which compares with a week before, without
/// keeping more).
package final class ScheduleMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [(day: Day, schedules: [String: Schedule])] = []

    private var stale: Set<String> = []

    /// The schedules of `day`, and the habits (lower-cased ids) among them to work out again.
    package func schedules(on day: Day) -> (schedules: [String: Schedule], stale: Set<String>)? {
        lock.withLock { kept.first { $0.day == day }.map { ($0.schedules, stale) } }
    }

    package func store(_ schedules: [String: Schedule], on day: Day) {
        lock.withLock {
            kept.removeAll { $0.day == day }
            // Those of the other day go with the stale ones: one stale set covers every day kept.
            if !stale.isEmpty { kept.removeAll() }
            stale = []
            kept.append((day, schedules))
            if kept.count > 2 { kept.removeFirst() }
        }
    }

    /// A memo keeping these schedules but those of the habits `keys` (lower-cased ids), worked out
    /// again when next asked for: after a day's lines changed for those habits alone.
    package func without(_ keys: Set<String>) -> ScheduleMemo {
        let memo = ScheduleMemo()
        lock.withLock {
            memo.kept = kept
            memo.stale = stale.union(keys)
        }
        for key in keys {
            for at in memo.kept.indices { memo.kept[at].schedules[key] = nil }
        }
        return memo
    }
}
