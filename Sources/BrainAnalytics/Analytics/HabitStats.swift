import BrainFormat

/// Everything `brain stats` shows for one habit, computed from one `Schedule`.
package struct HabitStats: Hashable, Sendable, Codable {
    package var habit: String
    package var streaks: Streaks
    package var rates: CompletionRates
    /// Loop's score today, 0–1; nil before the habit's first day.
    package var strength: Double?
    package var dueToday: Bool
    package var doneToday: Bool
    package var achievements: [Achievement]

    package init(habit: Habit, history: HabitHistory, today: Day, weekStart: Weekday = .monday) {
        self.habit = habit.id
        if let schedule = Schedule(habit: habit, history: history, today: today, weekStart: weekStart) {
            streaks = Streaks(schedule: schedule)
            rates = CompletionRates(schedule: schedule)
            strength = HabitStrength.scores(schedule).last
            dueToday = schedule.isDue(on: today)
            doneToday = schedule.isDone(on: today)
            achievements = Achievement.compute(schedule)
        } else {
            streaks = Streaks(current: 0, best: 0, unit: Streaks.unit(of: habit.frequency))
            rates = CompletionRates(habit: habit, history: history, today: today, weekStart: weekStart)
            strength = nil
            dueToday = false
            doneToday = false
            achievements = []
        }
    }
}
