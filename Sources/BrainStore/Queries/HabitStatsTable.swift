import BrainFormat
import BrainAnalytics

/// `brain stats` without a habit: every habit's streak, rate over a window, strength and momentum,
/// the habits linked to good days, and mood and energy week by week.
package struct HabitStatsTable: Hashable, Sendable, Codable {
    /// The window of the rate column.
    package enum Range: String, Hashable, Sendable, Codable, CaseIterable {
        case week = "7d"
        case month = "30d"
        case quarter = "90d"
        case year = "1y"
        case all

        /// Days in the window; nil for all time.
        package var days: Int? {
            switch self {
            case .week: return 7
            case .month: return 30
            case .quarter: return 90
            case .year: return 365
            case .all: return nil
            }
        }
    }

    /// One habit.
    package struct Row: Hashable, Sendable, Codable {
        package var id: String
        package var title: String
        package var streak: StreakDetail
        /// The rate over `range`.
        package var rate: RateSummary
        @Rounded package var strength: Double?
        @Nullable package var momentum: MomentumSummary?
        /// True when the habit has ended (archived) by the table's day: `stats` marks it, and its
        /// momentum is left out of the day's summary (docs/ANALYTICS.md section 5).
        package var archived: Bool = false
    }

    /// A habit whose done days have a higher mean mood than its missed days.
    package struct GoodDay: Hashable, Sendable, Codable {
        package var habit: String
        package var doneDays: Int
        package var missedDays: Int
        @Rounded package var doneMood: Double?
        @Rounded package var missedMood: Double?
        @Rounded package var difference: Double?
    }

    /// One week's mean mood and energy.
    package struct WeekMood: Hashable, Sendable, Codable {
        package var start: Day
        @Rounded package var mood: Double?
        @Rounded package var energy: Double?
        package var moodDays: Int
        package var energyDays: Int
    }

    package var date: Day
    package var range: Range
    /// Habits that have started by `date`, in the journal's order.
    package var habits: [Row]
    /// Habits with enough days on each side and a positive difference.
    package var goodDays: [GoodDay]
    /// The eight weeks through `date`'s week, from the week of the first check-in on.
    package var moodByWeek: [WeekMood]

    /// The table as of `today`.
    package init(journal: Journal, today: Day, range: Range = .month) {
        date = today
        self.range = range
        let schedules = journal.schedules(today: today)
        let moods = MoodInsights.moods(journal.checkIns)
        // Each habit's row and mood split on every core.
        let each = journal.habits.concurrentMap { habit -> (Row, MoodInsights.HabitMood)? in
            guard let schedule = schedules[habit.id.lowercased()] else { return nil }
            let row = Row(id: habit.id, title: habit.title, streak: StreakDetail(Streaks(schedule: schedule)),
                          rate: RateSummary(CompletionRates.window(schedule, days: range.days)),
                          strength: HabitStrength.scores(schedule).last,
                          momentum: Momentum(schedules: [schedule], today: today).map(MomentumSummary.init),
                          archived: schedule.hasEnded)
            return (row, MoodInsights.habitMood(schedule, moods: moods))
        }
        habits = each.compactMap { $0?.0 }
        goodDays = MoodInsights.goodDayHabits(each.compactMap { $0?.1 }).filter { $0.difference! > 0 }.map { item in
            GoodDay(habit: item.habit, doneDays: item.doneDays, missedDays: item.missedDays, doneMood: item.doneMood,
                    missedMood: item.missedMood, difference: item.difference)
        }
        // No rows of empty weeks before the vault's first check-in.
        var from = today.startOfWeek(journal.weekStart).adding(days: -7 * 7)
        if let first = journal.checkIns.first?.day { from = max(from, first.startOfWeek(journal.weekStart)) }
        moodByWeek = MoodInsights.weeks(checkIns: journal.checkIns, from: from,
                                        through: today, weekStart: journal.weekStart).map { week in
            WeekMood(start: week.start, mood: week.mood, energy: week.energy, moodDays: week.moodDays, energyDays: week.energyDays)
        }
    }
}
