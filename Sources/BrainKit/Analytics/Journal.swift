/// The vault as analytics sees it: habits, areas, goals and check-ins, built from the index (no
/// file is read again but a goal with a `## Progress` log), with habit lines mapped to habit ids
/// the way links resolve.
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
    /// Each goal's recorded progress (its `## Progress` lines), by lower-cased goal id.
    public var progressLogs: [String: ProgressLog]
    /// Days with more than one daily file, with the files' paths: both are read (the last line for a
    /// habit wins), which is never what a person meant, so every reader warns.
    public var duplicateDays: [Day: [String]]
    /// Errors in the files analytics read (habits, goals, areas, check-ins): each one drops a value
    /// (a tab-indented key, a mood of 7, an unknown frequency), so every reader warns, not only `validate`.
    public var problems: [Diagnostic]
    /// Histories keyed by lower-cased habit id.
    public let histories: [String: HabitHistory]

    public init(index: VaultIndex) {
        weekStart = index.vault.config.weekStart
        var habits: [Habit] = [], areas: [Area] = [], goals: [Goal] = []
        var milestones: [String: [TaskItem]] = [:]
        var checkIns: [CheckIn] = []
        var dailyPaths: [Day: String] = [:]
        var paths: [String: String] = [:]
        // Thousands of daily lines name the same few habits: resolve each spelling once, to the
        // habit's slot (its place in `slotIDs`), and keep each line's slot for the histories.
        var habitNames: [String: Int?] = [:]
        var slotByKey: [String: Int] = [:]
        var slotIDs: [String] = []
        var lineSlots: [Int32] = []
        var firstSlot: [Int] = []
        var dailyFiles: [Day: [String]] = [:]
        var progressLogs: [String: ProgressLog] = [:]
        var problems: [Diagnostic] = []
        for (position, record) in index.records.enumerated() {
            if record.kind == .note { continue }
            problems += record.diagnostics.filter { $0.severity == .error }
            if record.kind == .daily {
                guard let day = record.day else { continue }
                let map = record.frontMatter
                var checkIn = CheckIn(day: day, rest: map["rest"]?.bool ?? false, habitLines: [],
                                      mood: Journal.score(map["mood"]))
                checkIn.energy = Journal.score(map["energy"])
                checkIn.eveningMood = Journal.score(map["evening-mood"])
                checkIn.restReason = map["rest-reason"]?.string
                firstSlot.append(lineSlots.count)
                // The lines as decoded, renamed to their habit's id in place; a line naming no
                // habit is dropped, the others keep their order.
                var lines = record.habitLines
                var kept = 0
                for at in lines.indices {
                    let slot: Int?
                    if let known = habitNames[lines[at].habit] {
                        slot = known
                    } else {
                        slot = index.habitID(of: lines[at], in: position).map { id in
                            if let known = slotByKey[id.lowercased()] { return known }
                            slotByKey[id.lowercased()] = slotIDs.count
                            slotIDs.append(id)
                            return slotIDs.count - 1
                        }
                        // A relative path resolves differently from another folder; names do not.
                        if !lines[at].habit.contains("/") { habitNames[lines[at].habit] = .some(slot) }
                    }
                    guard let slot else { continue }
                    lineSlots.append(Int32(slot))
                    lines[at].habit = slotIDs[slot]
                    if kept != at { lines.swapAt(kept, at) }
                    kept += 1
                }
                lines.removeSubrange(kept...)
                checkIn.habitLines = lines
                if dailyPaths[day] == nil { dailyPaths[day] = record.path }
                dailyFiles[day, default: []].append(record.path)
                checkIns.append(checkIn)
                continue
            }
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
                milestones[record.stem.lowercased()] = record.tasks.filter { !index.startsWithJournalLink($0.text) }
                paths[record.stem.lowercased()] = record.path
                // The index keeps headings, not list items: read the file only when it has a log.
                if record.headings.contains(where: { $0.text.lowercased() == ProgressLog.heading.lowercased() }),
                   let absolute = try? index.vault.absolute(record.path),
                   let bytes = try? index.vault.fileSystem.read(absolute) {
                    progressLogs[record.stem.lowercased()] = ProgressLog(body: String(Document(bytes: bytes).body))
                }
            case .daily, .note:
                continue
            }
        }
        // By day; files of one day in the index's order.
        let order = checkIns.indices.sorted { (checkIns[$0].day, $0) < (checkIns[$1].day, $1) }
        self.habits = habits
        self.areas = areas
        self.goals = goals
        self.milestones = milestones
        self.checkIns = order.map { checkIns[$0] }
        self.dailyPaths = dailyPaths
        self.paths = paths
        self.progressLogs = progressLogs
        duplicateDays = dailyFiles.filter { $0.value.count > 1 }
        self.problems = problems
        histories = HabitHistory.build(checkIns, order: order, lineSlots: lineSlots, firstSlot: firstSlot,
                                       keys: slotIDs.map { $0.lowercased() })
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
        let made = habits.concurrentMap { habit in
            Schedule(habit: habit, history: history(of: habit.id), today: today, weekStart: weekStart)
        }
        for (habit, schedule) in zip(habits, made) {
            if let schedule { result[habit.id.lowercased()] = schedule }
        }
        return result
    }

    public func checkIn(on day: Day) -> CheckIn? {
        checkIns.last { $0.day == day }
    }
}
