import BrainFormat

/// Insights from mood and energy: weekly means, and how each habit goes with mood.
package enum MoodInsights {
    /// Days needed on each side before a habit's mood comparison is shown.
    package static let minimumDays = 10

    /// One calendar week's mean mood and energy.
    package struct Week: Hashable, Sendable, Codable {
        package var start: Day
        package var mood: Double?
        package var energy: Double?
        package var moodDays: Int
        package var energyDays: Int
    }

    /// Mean mood on days a habit was done versus days it was due and not done.
    package struct HabitMood: Hashable, Sendable, Codable {
        package var habit: String
        package var doneDays: Int
        package var missedDays: Int
        package var doneMood: Double?
        package var missedMood: Double?
        /// doneMood − missedMood, when both exist.
        package var difference: Double? {
            guard let doneMood, let missedMood else { return nil }
            return doneMood - missedMood
        }
        /// Shown only with at least `minimumDays` on each side.
        package var isShown: Bool { doneDays >= MoodInsights.minimumDays && missedDays >= MoodInsights.minimumDays }
    }

    /// Weekly means over the weeks (per `weekStart`) from the week holding `from` through the week
    /// holding `through`; days with no score count for nothing.
    package static func weeks(checkIns: [CheckIn], from: Day, through: Day, weekStart: Weekday) -> [Week] {
        var result: [Week] = []
        var start = from.startOfWeek(weekStart)
        var byDay: [Day: CheckIn] = [:]
        for checkIn in checkIns { byDay[checkIn.day] = checkIn }
        while start <= through {
            var moods: [Int] = []
            var energies: [Int] = []
            for offset in 0..<7 {
                let day = start.adding(days: offset)
                guard day >= from, day <= through, let checkIn = byDay[day] else { continue }
                if let mood = checkIn.mood { moods.append(mood) }
                if let energy = checkIn.energy { energies.append(energy) }
            }
            result.append(Week(start: start, mood: mean(moods), energy: mean(energies),
                               moodDays: moods.count, energyDays: energies.count))
            start = start.adding(days: 7)
        }
        return result
    }

    /// One habit's mood split: done days (any active done day) against due days not done, both
    /// with a mood; today is left out while it is still open.
    package static func habitMood(_ schedule: Schedule, moods: [Day: Int]) -> HabitMood {
        var done: [Int] = []
        var missed: [Int] = []
        // The moods laid out by day over the schedule: one pass over them, no lookup per day.
        var byDay = [Int?](repeating: nil, count: schedule.count)
        for (day, mood) in moods {
            let index = day.ordinal - schedule.first.ordinal
            if index >= 0 && index < schedule.count { byDay[index] = mood }
        }
        for index in 0..<schedule.count {
            let day = Day(ordinal: schedule.first.ordinal + index)
            guard let mood = byDay[index] else { continue }
            if schedule.done[index] {
                done.append(mood)
            } else if day < schedule.today, schedule.isDue(on: day) {
                missed.append(mood)
            }
        }
        return HabitMood(habit: schedule.habit.id, doneDays: done.count, missedDays: missed.count,
                         doneMood: mean(done), missedMood: mean(missed))
    }

    /// The habits most linked to good days: shown comparisons ranked by difference (largest
    /// first, ties by habit id).
    package static func goodDayHabits(_ items: [HabitMood]) -> [HabitMood] {
        items.filter { $0.isShown && $0.difference != nil }.sorted {
            ($0.difference!, $1.habit) > ($1.difference!, $0.habit)
        }
    }

    /// Moods by day from check-ins.
    package static func moods(_ checkIns: [CheckIn]) -> [Day: Int] {
        var result: [Day: Int] = [:]
        for checkIn in checkIns { if let mood = checkIn.mood { result[checkIn.day] = mood } }
        return result
    }

    package static func mean(_ values: [Int]) -> Double? {
        values.isEmpty ? nil : Double(values.reduce(0, +)) / Double(values.count)
    }
}
