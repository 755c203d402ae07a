import BrainFormat

/// A week's or month's numbers for a review note: completion per habit, streaks, mood and energy,
/// area vitality and goals, as of a day.
package struct Review: Hashable, Sendable, Codable {
    package enum Period: String, Hashable, Sendable, Codable, CaseIterable {
        case week, month
    }

    package struct HabitLine: Hashable, Sendable, Codable {
        package var habit: String
        package var title: String
        package var done: Int
        package var due: Int
        package var rate: Double?
    }

    package struct StreakLine: Hashable, Sendable, Codable {
        package var habit: String
        package var title: String
        package var current: Int
        package var best: Int
        package var unit: Streaks.Unit
        /// The block length of an `N in M days` habit; null otherwise.
        @Nullable package var blockDays: Int?
    }

    package struct AreaLine: Hashable, Sendable, Codable {
        package var area: String
        package var title: String
        package var consistency: Double?
        package var label: AreaVitality.Label
    }

    package struct GoalLine: Hashable, Sendable, Codable {
        package var goal: String
        package var title: String
        package var progress: Double?
        package var label: GoalProgress.Label
        package var daysLate: Int?
    }

    package var period: Period
    /// The period's first day (the week's `week-start` day, or the 1st) through `through` (the review day).
    package var from: Day
    package var through: Day
    package var habits: [HabitLine]
    /// The three longest current streaks (above 0).
    package var streaks: [StreakLine]
    package var mood: Double?
    package var energy: Double?
    package var moodDays: Int
    package var energyDays: Int
    package var areas: [AreaLine]
    package var identity: Double?
    package var goals: [GoalLine]

    /// The review of the calendar week or month holding `today`, from its first day through today.
    /// Completion per habit is its days done of its days due in that window, as `week` and `month`
    /// count them (docs/ANALYTICS.md section 1).
    package init(journal: Journal, period: Period, today asked: Day) {
        self.period = period
        // Only the days that have happened: a review asked for a later day stops at the clock's day.
        let today = journal.now.map { min(asked, $0) } ?? asked
        through = today
        from = period == .week ? asked.startOfWeek(journal.weekStart) : asked.startOfMonth
        let schedules = journal.schedules(today: today)
        let days = max(0, from.distance(to: today) + 1)
        var habitLines: [HabitLine] = []
        var streakLines: [(line: StreakLine, streaks: Streaks)] = []
        for habit in journal.habits {
            guard let schedule = schedules[habit.id.lowercased()] else { continue }
            // Counted day by day as `week` and `month` count them (`DayTally`): a habit still open
            // on the review's day is due, so a review says 1/2 where `week` says 1/2.
            var tally = DayTally()
            for offset in 0..<days { tally.add(schedule.status(on: from.adding(days: offset))) }
            if tally.due > 0 {
                habitLines.append(HabitLine(habit: habit.id, title: habit.title, done: tally.done, due: tally.due, rate: tally.share))
            }
            let streaks = Streaks(schedule: schedule)
            if streaks.current > 0 {
                streakLines.append((StreakLine(habit: habit.id, title: habit.title, current: streaks.current,
                                               best: streaks.best, unit: streaks.unit, blockDays: streaks.blockDays), streaks))
            }
        }
        habits = habitLines
        // The longest running streaks as `status` ranks them: the days each covers, whatever its unit.
        streaks = streakLines.sorted { a, b in
            if a.streaks.leads(b.streaks, on: today) { return true }
            if b.streaks.leads(a.streaks, on: today) { return false }
            return a.line.habit.lowercased() < b.line.habit.lowercased()
        }.prefix(3).map(\.line)
        var moods: [Int] = []
        var energies: [Int] = []
        for checkIn in journal.checkIns where checkIn.day >= from && checkIn.day <= today {
            if let mood = checkIn.mood { moods.append(mood) }
            if let energy = checkIn.energy { energies.append(energy) }
        }
        mood = MoodInsights.mean(moods)
        energy = MoodInsights.mean(energies)
        moodDays = moods.count
        energyDays = energies.count
        let vitality = AreaVitality.compute(areas: journal.areas, schedules: journal.ordered(schedules))
        areas = zip(journal.areas, vitality).map { AreaLine(area: $0.id, title: $0.title, consistency: $1.consistency, label: $1.label) }
        identity = AreaVitality.identityScore(vitality, areas: journal.areas)
        let overview = GoalOverview(journal: journal, schedules: schedules, today: today)
        goals = journal.goals.compactMap { goal in
            guard goal.status == .active, let entry = overview.entry(goal.id) else { return nil }
            return GoalLine(goal: goal.id, title: goal.title, progress: entry.progress.value, label: entry.progress.label,
                            daysLate: entry.progress.pace?.daysLate)
        }
    }

    /// The note's title: "Week review 16–22 Nov 2026" style, plain dates.
    package var title: String {
        period == .week ? "Week review \(from) to \(through)" : "Month review \(HeatmapLayout.monthNames[from.month - 1]) \(from.year)"
    }

    /// The review as a Markdown note with `type: reflection` front-matter.
    package func markdown() -> String {
        var lines = ["---", "title: \(title)", "type: reflection", "created: \(through)", "tags: [review, \(period == .week ? "weekly" : "monthly")]", "---",
                     "# \(title)", "", "## Habits"]
        if habits.isEmpty { lines.append("Nothing was due.") }
        for line in habits {
            lines.append("- [[\(line.habit)]]: \(line.done)/\(line.due)\(line.rate.map { " (\(Coach.percent($0)))" } ?? "")")
        }
        lines += ["", "## Streaks"]
        if streaks.isEmpty { lines.append("No streak running.") }
        for line in streaks {
            lines.append("- [[\(line.habit)]]: \(Streaks.describe(line.current, unit: line.unit, blockDays: line.blockDays)) (best \(line.best))")
        }
        lines += ["", "## Mood and energy"]
        lines.append("- mood: \(mood.map { format($0) } ?? "—") over \(moodDays) days")
        lines.append("- energy: \(energy.map { format($0) } ?? "—") over \(energyDays) days")
        lines += ["", "## Areas"]
        for line in areas {
            lines.append("- [[\(line.area)]]: \(line.consistency.map { Coach.percent($0) } ?? "—") \(line.label.rawValue)")
        }
        lines.append("- identity score: \(identity.map { Coach.percent($0) } ?? "—")")
        lines += ["", "## Goals"]
        if goals.isEmpty { lines.append("No active goal.") }
        for line in goals {
            var text = "- [[\(line.goal)]]: \(line.progress.map { Coach.percent($0) } ?? "—") \(line.label.rawValue)"
            if let late = line.daysLate { text += late > 0 ? ", \(late) days late at this pace" : late < 0 ? ", \(-late) days early at this pace" : ", on time" }
            lines.append(text)
        }
        lines += ["", "## Reflection", "", ""]
        return lines.joined(separator: "\n")
    }

    /// One decimal: 3.25 → "3.3" (rounded half up on the printed digit).
    package func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
