/// `brain stats` without a habit: every habit's streak, rate over a window, strength and momentum,
/// the habits linked to good days, and mood and energy week by week.
public struct HabitStatsTable: Hashable, Sendable, Codable {
    /// The window of the rate column.
    public enum Range: String, Hashable, Sendable, Codable, CaseIterable {
        case week = "7d"
        case month = "30d"
        case quarter = "90d"
        case year = "1y"
        case all

        /// Days in the window; nil for all time.
        public var days: Int? {
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
    public struct Row: Hashable, Sendable, Codable {
        public var id: String
        public var title: String
        public var streak: StreakDetail
        /// The rate over `range`.
        public var rate: RateSummary
        @Rounded public var strength: Double?
        @Nullable public var momentum: MomentumSummary?
    }

    /// A habit whose done days have a higher mean mood than its missed days.
    public struct GoodDay: Hashable, Sendable, Codable {
        public var habit: String
        public var doneDays: Int
        public var missedDays: Int
        @Rounded public var doneMood: Double?
        @Rounded public var missedMood: Double?
        @Rounded public var difference: Double?
    }

    /// One week's mean mood and energy.
    public struct WeekMood: Hashable, Sendable, Codable {
        public var start: Day
        @Rounded public var mood: Double?
        @Rounded public var energy: Double?
        public var moodDays: Int
        public var energyDays: Int
    }

    public var date: Day
    public var range: Range
    /// Habits that have started by `date`, in the journal's order.
    public var habits: [Row]
    /// Habits with enough days on each side and a positive difference.
    public var goodDays: [GoodDay]
    /// The eight weeks through `date`'s week, from the week of the first check-in on.
    public var moodByWeek: [WeekMood]

    /// The table as of `today`.
    public init(journal: Journal, today: Day, range: Range = .month) {
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
                          momentum: Momentum(schedules: [schedule], today: today).map(MomentumSummary.init))
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
