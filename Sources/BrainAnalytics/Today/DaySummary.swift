import BrainFormat

/// One check-in as `brain days` lists it: moods, rest, habits done of due, the reflection.
package struct DaySummary: Hashable, Sendable, Codable {
    package var day: Day
    package var mood: Int?
    package var energy: Int?
    package var eveningMood: Int?
    package var rest: Bool
    package var restReason: String?
    /// Habits due that day that were done.
    package var done: Int
    /// Habits due that day (`DayStatus.isDue`: a skipped or rest day is not due, a habit still open
    /// on the last day is).
    package var due: Int
    package var reflection: String?

    /// Summaries of the check-ins from `from` through `through`, newest first. `schedules` are the
    /// habits' schedules as of `through`; `reflections` gives each day's reflection text.
    package static func summaries(checkIns: [CheckIn], schedules: [Schedule], from: Day, through: Day,
                                 reflection: (Day) -> String? = { _ in nil }) -> [DaySummary] {
        var seen = Set<Day>()
        var result: [DaySummary] = []
        for checkIn in checkIns.reversed() where checkIn.day >= from && checkIn.day <= through {
            guard seen.insert(checkIn.day).inserted else { continue }
            let tally = DayTally(schedules, on: checkIn.day)
            let done = tally.done, due = tally.due
            result.append(DaySummary(day: checkIn.day, mood: checkIn.mood, energy: checkIn.energy,
                                     eveningMood: checkIn.eveningMood, rest: checkIn.rest, restReason: checkIn.restReason,
                                     done: done, due: due, reflection: reflection(checkIn.day) ?? checkIn.reflection))
        }
        return result
    }
}
