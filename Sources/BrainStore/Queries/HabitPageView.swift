import BrainFormat
import BrainAnalytics

/// One habit on one screen (the web app's habit page): the values `brain stats HABIT`, `brain
/// heatmap HABIT`, `brain today`, `brain week` and `brain month` print for it, put together so
/// that every client shows the same numbers. Day, week and month are Habit Rabbit's cards.
package struct HabitPageView: Sendable {
    package var habit: Habit
    /// Streaks, rates, strength and its history, momentum, totals against the target.
    package var stats: HabitStatsReport
    /// This year's grid, through `today`.
    package var heatmap: HeatmapView
    /// The habit on `today` as `brain today` shows it; nil when it is archived or not yet started.
    package var day: DayOverview.Entry?
    /// The week holding `today`: its first and last day, and the habit's row of `brain week`
    /// (nil when the habit has no day in it).
    package var weekStart: Day
    package var weekEnd: Day
    package var week: WeekView.HabitRow?
    /// The month holding `today`, `brain month`'s counts for this habit alone.
    package var month: MonthView

    /// The page of `habit` as of `today`; `overview` is the day `brain today` shows.
    package init(habit: Habit, journal: Journal, overview: DayOverview, today: Day) {
        self.habit = habit
        stats = HabitStatsReport(habit: habit, journal: journal, today: today, by: .week)
        heatmap = HeatmapView(journal: journal, habit: habit, year: today.year, today: today)
        let key = habit.id.lowercased()
        day = (overview.groups.flatMap(\.entries) + overview.notDue).first { $0.id.lowercased() == key }
        let weekView = WeekView(journal: journal, today: today)
        weekStart = weekView.start
        weekEnd = weekView.end
        week = weekView.habits.first { $0.id.lowercased() == key }
        month = MonthView(journal: journal, today: today, habit: habit)
    }
}
