/// Everything `brain stats` shows for one habit, computed from one `Schedule`.
public struct HabitStats: Hashable, Sendable, Codable {
    public var habit: String
    public var streaks: Streaks
    public var rates: CompletionRates
    /// Loop's score today, 0–1; nil before the habit's first day.
    public var strength: Double?
    public var dueToday: Bool
    public var doneToday: Bool
    public var achievements: [Achievement]

    public init(habit: Habit, history: HabitHistory, today: Day, weekStart: Weekday = .monday) {
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
