import BrainFormat
import BrainAnalytics
import BrainStore

extension ImportLoop {
    /// Agreement to 4 decimals: Loop writes `%.4f`, so a value within half a unit of the last
    /// decimal is the same number (a little slack for the floating-point sums).
    package static let strengthTolerance = 0.00005 + 1e-9

    /// Brain's strength of each planned habit, with the lines the import writes, against the
    /// export's `Scores.csv`, day by day.
    package static func checkStrength(_ planned: [Planned], journal: Journal, exportDay: Day?) -> StrengthCheck {
        var check = StrengthCheck()
        let restDays = Set(journal.checkIns.filter(\.rest).map(\.day))
        for item in planned where !item.loop.scores.isEmpty {
            guard let today = exportDay ?? item.loop.scores.last?.day else { continue }
            var entries: [Day: HabitHistory.Entry] = [:]
            let existing = journal.history(of: item.habit.id)
            for (offset, mark) in existing.marks.enumerated() where mark != .none {
                let day = existing.start.adding(days: offset)
                let state: TaskItem.State = mark == .done ? .done : mark == .skipped ? .skipped : .open
                entries[day] = HabitHistory.Entry(state, value: existing.value(on: day))
            }
            for (day, line) in item.written { entries[day] = HabitHistory.Entry(line.state, value: line.value) }
            let history = HabitHistory(entries: entries, restDays: restDays)
            let schedule = Schedule(habit: item.habit, history: history, today: today, weekStart: journal.weekStart)
            let scores = schedule.map(HabitStrength.scores) ?? []
            for score in item.loop.scores where score.day <= today {
                var brain = 0.0
                if let schedule, score.day >= schedule.first {
                    brain = scores[schedule.first.distance(to: score.day)]
                }
                let difference = abs(brain - score.value)
                check.compared += 1
                check.maxDifference = max(check.maxDifference, difference)
                if difference <= strengthTolerance {
                    check.matching += 1
                } else if check.mismatches.count < 20 {
                    check.mismatches.append(Mismatch(habit: item.habit.id, date: score.day, loop: score.value, brain: brain))
                }
            }
        }
        return check
    }
}
