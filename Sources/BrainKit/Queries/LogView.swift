/// `brain log [HABIT]`: what happened to one habit (or every habit) day by day, newest first.
public struct LogView: Hashable, Sendable, Codable {
    /// The one habit a log is about: its streaks and its rate over the days shown.
    public struct Summary: Hashable, Sendable, Codable {
        public var id: String
        public var title: String
        /// The habit's file.
        @Nullable public var path: String?
        public var streak: StreakSummary
        public var rate: Rate
    }

    /// Due days done over the days shown.
    public struct Rate: Hashable, Sendable, Codable {
        public var done: Int
        public var due: Int
        /// Stored already rounded to four decimals: the text output prints this same number.
        @Nullable public var value: Double?
    }

    /// One habit on one day.
    public struct Entry: Hashable, Sendable, Codable {
        public var date: Day
        public var habit: String
        /// The habit's title, as the views name it.
        public var title: String
        public var state: HabitLogEntry.State
        @Nullable public var value: Double?
        @Nullable public var unit: String?
        @Nullable public var note: String?

        init(_ entry: HabitLogEntry, title: String) {
            date = entry.day
            habit = entry.habit
            self.title = title
            state = entry.state
            value = entry.value
            unit = entry.unit
            note = entry.note
        }
    }

    /// The first day shown.
    public var since: Day
    /// The last day shown, as of which streaks are computed.
    public var date: Day
    /// Null when the log covers every habit.
    @Nullable public var habit: Summary?
    /// Newest day first; within a day, habits by title.
    public var entries: [Entry]

    /// The log of `habit` (every habit when nil) from `from` through `through`.
    public init(journal: Journal, habit: Habit? = nil, from: Day, through: Day) {
        since = from
        date = through
        var habits = journal.habits.sorted { $0.id.lowercased() < $1.id.lowercased() }
        if let habit { habits = habits.filter { $0.id.lowercased() == habit.id.lowercased() } }
        var lines: [String: [Day: HabitLine]] = [:]
        for checkIn in journal.checkIns where checkIn.day >= from && checkIn.day <= through {
            for (key, line) in checkIn.lines { lines[key, default: [:]][checkIn.day] = line }
        }
        var found: [HabitLogEntry] = []
        for item in habits {
            let schedule = Schedule(habit: item, history: journal.history(of: item.id), today: through, weekStart: journal.weekStart)
            found += HabitLogEntry.entries(habit: item, schedule: schedule, lines: lines[item.id.lowercased()] ?? [:],
                                           from: from, through: through)
            if habit != nil {
                let streaks = schedule.map(Streaks.init(schedule:)) ?? Streaks(current: 0, best: 0, unit: Streaks.unit(of: item.frequency))
                let window = schedule.map { CompletionRates.window($0, days: from.distance(to: through) + 1) }
                    ?? CompletionRates.Window(done: 0, due: 0)
                self.habit = Summary(id: item.id, title: item.title, path: journal.paths[item.id.lowercased()],
                                     streak: StreakSummary(streaks),
                                     rate: Rate(done: window.done, due: window.due, value: window.rate.fourDecimals))
            }
        }
        let titles = Dictionary(habits.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        entries = found.map { Entry($0, title: titles[$0.habit] ?? $0.habit) }.sorted { a, b in
            if a.date != b.date { return a.date > b.date }
            let left = a.title.lowercased(), right = b.title.lowercased()
            return left != right ? left < right : a.habit.lowercased() < b.habit.lowercased()
        }
    }
}
