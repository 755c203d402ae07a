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
        if let known = scheduleMemo.schedules(on: today) { return known }
        var result: [String: Schedule] = [:]
        let made = habits.concurrentMap { habit in
            Schedule(habit: habit, history: history(of: habit.id), today: today, weekStart: weekStart)
        }
        for (habit, schedule) in zip(habits, made) {
            if let schedule { result[habit.id.lowercased()] = schedule }
        }
        scheduleMemo.store(result, on: today)
        return result
    }

    public func checkIn(on day: Day) -> CheckIn? {
        checkIns.last { $0.day == day }
    }
}

/// The schedules of the last two days a journal was asked about (ten years of days for every
/// habit: enough to answer `today` and its coach, which compares with a week before, without
/// keeping more).
package final class ScheduleMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [(day: Day, schedules: [String: Schedule])] = []

    package func schedules(on day: Day) -> [String: Schedule]? {
        lock.withLock { kept.first { $0.day == day }?.schedules }
    }

    package func store(_ schedules: [String: Schedule], on day: Day) {
        lock.withLock {
            kept.removeAll { $0.day == day }
            kept.append((day, schedules))
            if kept.count > 2 { kept.removeFirst() }
        }
    }
}
