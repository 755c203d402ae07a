/// `brain days`: one line per check-in, newest first.
public struct DaysView: Hashable, Sendable, Codable {
    /// One check-in: moods, rest, habits done of due, the reflection.
    public struct Entry: Hashable, Sendable, Codable {
        public var date: Day
        /// The weekday's name in lower case.
        public var weekday: String
        @Nullable public var mood: Int?
        @Nullable public var energy: Int?
        @Nullable public var eveningMood: Int?
        public var rest: Bool
        @Nullable public var restReason: String?
        public var done: Int
        public var due: Int
        @Nullable public var reflection: String?

        init(_ summary: DaySummary) {
            date = summary.day
            weekday = summary.day.weekday.name.lowercased()
            mood = summary.mood
            energy = summary.energy
            eveningMood = summary.eveningMood
            rest = summary.rest
            restReason = summary.restReason
            done = summary.done
            due = summary.due
            reflection = summary.reflection
        }
    }

    public var since: Day
    public var date: Day
    public var days: [Entry]

    /// The check-ins from `from` through `through`; reflections are read from the daily files of
    /// `vault`, since the index does not keep them.
    public init(journal: Journal, vault: Vault, from: Day, through: Day) {
        since = from
        date = through
        let schedules = Array(journal.schedules(today: through).values)
        days = DaySummary.summaries(checkIns: journal.checkIns, schedules: schedules, from: from, through: through) { day in
            DayOverview.readCheckIn(day: day, journal: journal, vault: vault)?.reflection
        }.map(Entry.init)
    }
}
