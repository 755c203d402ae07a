import BrainFormat
import BrainAnalytics

/// `brain log [HABIT]`: what happened to one habit (or every habit) day by day, newest first.
package struct LogView: Hashable, Sendable, Codable {
    /// The one habit a log is about: its streaks and its rate over the days shown.
    package struct Summary: Hashable, Sendable, Codable {
        package var id: String
        package var title: String
        /// The habit's file.
        @Nullable package var path: String?
        package var streak: StreakSummary
        package var rate: Rate
    }

    /// Due days done over the days shown.
    package struct Rate: Hashable, Sendable, Codable {
        package var done: Int
        package var due: Int
        /// Stored already rounded to four decimals: the text output prints this same number.
        @Nullable package var value: Double?
    }

    /// One habit on one day.
    package struct Entry: Hashable, Sendable, Codable {
        package var date: Day
        package var habit: String
        /// The habit's title, as the views name it.
        package var title: String
        package var state: HabitLogEntry.State
        @Nullable package var value: Double?
        @Nullable package var unit: String?
        @Nullable package var note: String?
        /// A quit habit's day: held, over the limit, not logged (null for other habits).
        @Nullable package var word: String?

        package init(_ entry: HabitLogEntry, title: String) {
            word = entry.word
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
    package var since: Day
    /// The last day shown, as of which streaks are computed.
    package var date: Day
    /// Null when the log covers every habit.
    @Nullable package var habit: Summary?
    /// Newest day first; within a day, habits by title.
    package var entries: [Entry]

    /// The log of `habit` (every habit when nil) from `from` through `through`.
    package init(journal: Journal, habit: Habit? = nil, from: Day, through: Day) {
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
