import BrainFormat

/// The numbers the coach's rules read, gathered from a journal (or built by hand in tests).
package struct CoachSignals: Hashable, Sendable {
    /// An area's 7-day consistency this week (ending today) and last week (ending 7 days ago).
    package struct AreaChange: Hashable, Sendable {
        package var area: String
        package var title: String
        package var thisWeek: Double?
        package var lastWeek: Double?
        /// Due days of its habits not done in each week (nil when not counted, as in hand-built signals).
        package var missedThisWeek: Int?
        package var missedLastWeek: Int?
        /// Titles of its habits due today and still open.
        package var openToday: [String]

        package init(area: String, title: String, thisWeek: Double?, lastWeek: Double?,
                    missedThisWeek: Int? = nil, missedLastWeek: Int? = nil, openToday: [String] = []) {
            self.area = area
            self.title = title
            self.thisWeek = thisWeek
            self.lastWeek = lastWeek
            self.missedThisWeek = missedThisWeek
            self.missedLastWeek = missedLastWeek
            self.openToday = openToday
        }

        /// More missed days this week than last (negative: fewer); nil when not counted.
        package var moreMissed: Int? {
            guard let now = missedThisWeek, let before = missedLastWeek else { return nil }
            return now - before
        }
    }

    /// A goal with a pace projection.
    package struct GoalPace: Hashable, Sendable {
        package var goal: String
        package var title: String
        package var progress: Double
        package var due: Day
        package var finish: Day
        package var daysLate: Int

        package init(goal: String, title: String, progress: Double, due: Day, finish: Day, daysLate: Int) {
            self.goal = goal
            self.title = title
            self.progress = progress
            self.due = due
            self.finish = finish
            self.daysLate = daysLate
        }
    }

    /// An active goal past its due date and not complete.
    package struct GoalOverdue: Hashable, Sendable {
        package var goal: String
        package var title: String
        package var progress: Double?
        package var due: Day
        package var days: Int

        package init(goal: String, title: String, progress: Double?, due: Day, days: Int) {
            self.goal = goal
            self.title = title
            self.progress = progress
            self.due = due
            self.days = days
        }
    }

    package var areas: [AreaChange]
    package var goals: [GoalPace]
    package var overdue: [GoalOverdue] = []
    package var identityThisWeek: Double?
    package var identityLastWeek: Double?

    package init(areas: [AreaChange], goals: [GoalPace], identityThisWeek: Double?, identityLastWeek: Double?) {
        self.areas = areas
        self.goals = goals
        self.identityThisWeek = identityThisWeek
        self.identityLastWeek = identityLastWeek
    }

    /// The signals of a journal on `today`.
    package init(journal: Journal, today: Day) {
        let current = journal.schedules(today: today)
        let now = journal.ordered(current)
        let before = journal.ordered(journal.schedules(today: today.adding(days: -7)))
        let thisWeek = AreaVitality.compute(areas: journal.areas, schedules: now)
        // Last week is over: its last day counts done or missed, not as still open.
        let lastWeek = AreaVitality.compute(areas: journal.areas, schedules: before, closed: true)
        // Each habit's area key once: an `area:` value can be long, and it is compared per area.
        var areaKeys: [String: String] = [:]
        for habit in journal.habits { areaKeys[habit.id] = habit.area.map(LinkTarget.key) }
        func missed(_ schedules: [Schedule], _ area: String, closed: Bool = false) -> Int {
            schedules.filter { areaKeys[$0.habit.id] == area }.reduce(0) { total, schedule in
                let window = CompletionRates.window(schedule, days: 7, closed: closed)
                return total + window.due - window.done
            }
        }
        areas = zip(journal.areas, zip(thisWeek, lastWeek)).map { area, pair in
            let key = area.id.lowercased()
            let open = now.filter { areaKeys[$0.habit.id] == key && $0.status(on: today) == .open }.map(\.habit.title)
            return AreaChange(area: area.id, title: area.title, thisWeek: pair.0.consistency, lastWeek: pair.1.consistency,
                              missedThisWeek: missed(now, key), missedLastWeek: missed(before, key, closed: true), openToday: open)
        }
        identityThisWeek = AreaVitality.identityScore(thisWeek, areas: journal.areas)
        identityLastWeek = AreaVitality.identityScore(lastWeek, areas: journal.areas)
        let overview = GoalOverview(journal: journal, schedules: current, today: today)
        goals = journal.goals.compactMap { goal in
            guard goal.status == .active, let entry = overview.entry(goal.id), let pace = entry.progress.pace,
                  let finish = pace.projectedFinish, let daysLate = pace.daysLate,
                  let due = goal.due, let value = entry.progress.value else { return nil }
            return GoalPace(goal: goal.id, title: goal.title, progress: value, due: due,
                            finish: finish, daysLate: daysLate)
        }
        overdue = journal.goals.compactMap { goal in
            guard let entry = overview.entry(goal.id), let days = entry.progress.daysOverdue, let due = goal.due else { return nil }
            return GoalOverdue(goal: goal.id, title: goal.title, progress: entry.progress.value, due: due, days: days)
        }
    }
}
