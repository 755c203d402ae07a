import BrainFormat
import BrainAnalytics

/// `brain days`: one line per check-in, newest first.
package struct DaysView: Hashable, Sendable, Codable {
    /// One check-in: moods, rest, habits done of due, the reflection.
    package struct Entry: Hashable, Sendable, Codable {
        package var date: Day
        /// The weekday's name in lower case.
        package var weekday: String
        @Nullable package var mood: Int?
        @Nullable package var energy: Int?
        @Nullable package var eveningMood: Int?
        package var rest: Bool
        @Nullable package var restReason: String?
        package var done: Int
        package var due: Int
        @Nullable package var reflection: String?

        package init(_ summary: DaySummary) {
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

    package var since: Day
    package var date: Day
    package var days: [Entry]

    /// The check-ins from `from` through `through`; reflections are read from the daily files of
    /// `vault`, since the index does not keep them.
    package init(journal: Journal, vault: Vault, from: Day, through: Day) {
        since = from
        date = through
        let schedules = Array(journal.schedules(today: through).values)
        days = DaySummary.summaries(checkIns: journal.checkIns, schedules: schedules, from: from, through: through) { day in
            DayOverview.readCheckIn(day: day, journal: journal, vault: vault)?.reflection
        }.map(Entry.init)
    }
}
