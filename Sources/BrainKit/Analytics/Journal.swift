/// The vault as analytics sees it: habits, areas, goals and check-ins, built from the index
/// (no file is read again), with habit lines mapped to habit ids the way links resolve.
public struct Journal: Sendable {
    public var habits: [Habit]
    public var areas: [Area]
    public var goals: [Goal]
    /// Milestones (body task items) of each goal, by goal id.
    public var milestones: [String: [TaskItem]]
    /// Check-ins sorted by day; habit lines name habit ids (file stems) and lines naming no habit are left out.
    public var checkIns: [CheckIn]
    /// Vault-relative path of each day's file.
    public var dailyPaths: [Day: String]
    /// Vault-relative path of each habit, goal and area by id.
    public var paths: [String: String]
    public var weekStart: Weekday
    /// Histories keyed by lower-cased habit id.
    public let histories: [String: HabitHistory]

    public init(index: VaultIndex) {
        weekStart = index.vault.config.weekStart
        var habits: [Habit] = [], areas: [Area] = [], goals: [Goal] = []
        var milestones: [String: [TaskItem]] = [:]
        var checkIns: [CheckIn] = []
        var dailyPaths: [Day: String] = [:]
        var paths: [String: String] = [:]
        // Thousands of daily lines name the same few habits: resolve each spelling once.
        var habitNames: [String: String?] = [:]
        for (position, record) in index.records.enumerated() {
            let bodyTitle = record.headings.first(where: { $0.level == 1 })?.text
            switch record.kind {
            case .habit:
                habits.append(Habit(id: record.stem, frontMatter: record.frontMatter, bodyTitle: bodyTitle))
                paths[record.stem.lowercased()] = record.path
            case .area:
                areas.append(Area(id: record.stem, frontMatter: record.frontMatter, bodyTitle: bodyTitle))
                paths[record.stem.lowercased()] = record.path
            case .goal:
                goals.append(Goal(id: record.stem, frontMatter: record.frontMatter, bodyTitle: bodyTitle))
                milestones[record.stem.lowercased()] = record.tasks.filter { task in
                    !task.text.hasPrefix("[[") || index.resolve(target: LinkTarget.normalize(task.text) ?? "").note == nil
                }
                paths[record.stem.lowercased()] = record.path
            case .daily:
                guard let day = record.day else { continue }
                let map = record.frontMatter
                var checkIn = CheckIn(day: day, rest: map["rest"]?.bool ?? false, habitLines: [],
                                      mood: Journal.score(map["mood"]))
                checkIn.energy = Journal.score(map["energy"])
                checkIn.eveningMood = Journal.score(map["evening-mood"])
                checkIn.restReason = map["rest-reason"]?.string
                checkIn.habitLines = record.habitLines.compactMap { line in
                    let id: String?
                    if let known = habitNames[line.habit] {
                        id = known
                    } else {
                        id = index.habitID(of: line, in: position)
                        // A relative path resolves differently from another folder; names do not.
                        if !line.habit.contains("/") { habitNames[line.habit] = .some(id) }
                    }
                    guard let id else { return nil }
                    var mapped = line
                    mapped.habit = id
                    return mapped
                }
                if dailyPaths[day] == nil { dailyPaths[day] = record.path }
                checkIns.append(checkIn)
            case .note:
                continue
            }
        }
        checkIns.sort { $0.day < $1.day }
        self.habits = habits
        self.areas = areas
        self.goals = goals
        self.milestones = milestones
        self.checkIns = checkIns
        self.dailyPaths = dailyPaths
        self.paths = paths
        histories = HabitHistory.build(from: checkIns)
    }

    private static func score(_ value: YAMLValue?) -> Int? {
        guard let number = value?.int, (1...5).contains(number) else { return nil }
        return number
    }

    public func habit(_ id: String) -> Habit? {
        habits.first { $0.id.lowercased() == id.lowercased() }
    }

    /// The history of a habit (empty, with the vault's rest days, when it was never logged).
    public func history(of id: String) -> HabitHistory {
        if let history = histories[id.lowercased()] { return history }
        let restDays = Set(checkIns.filter(\.rest).map(\.day))
        return HabitHistory(entries: [:], restDays: restDays)
    }

    /// The schedule of each habit as of `today` (habits with nothing ever due are left out).
    public func schedules(today: Day) -> [String: Schedule] {
        var result: [String: Schedule] = [:]
        for habit in habits {
            if let schedule = Schedule(habit: habit, history: history(of: habit.id), today: today, weekStart: weekStart) {
                result[habit.id.lowercased()] = schedule
            }
        }
        return result
    }

    public func checkIn(on day: Day) -> CheckIn? {
        checkIns.last { $0.day == day }
    }
}
