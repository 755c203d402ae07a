import BrainFormat
import BrainAnalytics

/// `brain stats HABIT`: one habit's streaks, completion rates over five windows, strength and its
/// history, momentum, mood on done against missed days, achievements, and what Loop's habit screen
/// shows: the score's change, repetitions, best streaks, the weekday × month frequency and, for a
/// measurable habit, totals against the target.
package struct HabitStatsReport: Hashable, Sendable, Codable {
    /// Who the report is about.
    package struct HabitInfo: Hashable, Sendable, Codable {
        package var id: String
        package var title: String
        /// The frequency in canonical form (`day`, `3/week`).
        package var frequency: String
        package var status: Habit.Status
    }

    /// Completion rates over the last 7, 30, 90 and 365 days and all time.
    package struct Rates: Hashable, Sendable, Codable {
        package var week: RateSummary
        package var month: RateSummary
        package var quarter: RateSummary
        package var year: RateSummary
        package var allTime: RateSummary

        package enum CodingKeys: String, CodingKey {
            case week = "7d", month = "30d", quarter = "90d", year = "365d", allTime = "all"
        }

        /// The windows with their names, shortest first.
        package var named: [(name: String, rate: RateSummary)] {
            [("7d", week), ("30d", month), ("90d", quarter), ("365d", year), ("all", allTime)]
        }
    }

    /// Mean mood on days the habit was done against days it was due and missed.
    package struct Mood: Hashable, Sendable, Codable {
        package var doneDays: Int
        package var missedDays: Int
        @Rounded package var doneMood: Double?
        @Rounded package var missedMood: Double?
        @Rounded package var difference: Double?
        /// True with at least `MoodInsights.minimumDays` on each side; the comparison means little before.
        package var shown: Bool
    }

    /// One achievement; the keys after `text` depend on `kind`.
    package struct AchievementEntry: Hashable, Sendable, Codable {
        /// `streak`, `perfect-week` or `completions`.
        package var kind: String
        package var day: Day
        package var text: String
        /// A streak's length and unit.
        package var length: Int?
        package var unit: Streaks.Unit?
        /// A perfect week's first day.
        package var weekStart: Day?
        /// The number of completions reached.
        package var count: Int?

        package init(_ achievement: Achievement) {
            day = achievement.day
            text = achievement.text
            switch achievement.kind {
            case .streak(let length, let unit):
                kind = "streak"
                self.length = length
                self.unit = unit
            case .perfectWeek(let start):
                kind = "perfect-week"
                weekStart = start
            case .completions(let count):
                kind = "completions"
                self.count = count
            }
        }
    }

    /// The score at the end of each period (today for the current one), oldest first.
    package struct ScorePoint: Hashable, Sendable, Codable {
        package var start: Day
        @Rounded package var score: Double
    }

    /// The score history grouped by `by`.
    package struct ScoreHistory: Hashable, Sendable, Codable {
        package var by: Grouping
        package var points: [ScorePoint]
    }

    /// Today's score against the score 30 and 365 days ago (0 before the habit's first day, as Loop shows it).
    package struct ScoreChange: Hashable, Sendable, Codable {
        @Rounded package var month: Double?
        @Rounded package var year: Double?
    }

    /// A measurable habit's amount in a period against the target for it.
    package struct Total: Hashable, Sendable, Codable {
        package var period: Grouping
        package var start: Day
        package var end: Day
        @Rounded package var amount: Double
        @Rounded package var target: Double
    }

    package var date: Day
    package var habit: HabitInfo
    package var streaks: StreakDetail
    package var rates: Rates
    @Rounded package var strength: Double?
    @Nullable package var momentum: MomentumSummary?
    /// Null before the habit's first day.
    @Nullable package var mood: Mood?
    package var achievements: [AchievementEntry]
    /// Null before the habit's first day.
    @Nullable package var scoreHistory: ScoreHistory?
    @Nullable package var scoreChange: ScoreChange?
    /// Done days, all time.
    package var repetitions: Int
    /// The five longest streaks, longest first.
    package var bestStreaks: [StreakRun]
    /// Done days by month and weekday (the last 12 months); null before the first day.
    @Nullable package var frequency: WeekdayFrequency?
    /// A measurable habit's totals for the day, week, month, quarter and year holding `date`; empty for yes/no habits.
    package var totals: [Total]

    /// Whether the habit has a schedule by `date` (it has started); before that there is nothing to report.
    package var hasStarted: Bool { mood != nil }

    /// The report for `habit` as of `today`, its score history grouped `by`.
    package init(habit: Habit, journal: Journal, today: Day, by grouping: Grouping = .week) {
        let history = journal.history(of: habit.id)
        let stats = HabitStats(habit: habit, history: history, today: today, weekStart: journal.weekStart)
        let schedule = Schedule(habit: habit, history: history, today: today, weekStart: journal.weekStart)
        date = today
        self.habit = HabitInfo(id: habit.id, title: habit.title, frequency: habit.frequency.description, status: habit.status)
        streaks = StreakDetail(stats.streaks)
        rates = Rates(week: RateSummary(stats.rates.week), month: RateSummary(stats.rates.month),
                      quarter: RateSummary(stats.rates.quarter), year: RateSummary(stats.rates.year),
                      allTime: RateSummary(stats.rates.allTime))
        strength = stats.strength
        momentum = schedule.flatMap { Momentum(schedules: [$0], today: today) }.map(MomentumSummary.init)
        mood = schedule.map { schedule in
            let mood = MoodInsights.habitMood(schedule, moods: MoodInsights.moods(journal.checkIns))
            return Mood(doneDays: mood.doneDays, missedDays: mood.missedDays, doneMood: mood.doneMood,
                        missedMood: mood.missedMood, difference: mood.difference, shown: mood.isShown)
        }
        achievements = stats.achievements.map(AchievementEntry.init)
        repetitions = 0
        bestStreaks = []
        totals = []
        guard let schedule else { return }
        let scores = HabitStrength.scores(schedule)
        repetitions = schedule.done.filter { $0 }.count
        bestStreaks = StreakRun.runs(schedule, limit: 5)
        frequency = WeekdayFrequency(schedule)
        func score(daysAgo: Int) -> Double {
            let index = scores.count - 1 - daysAgo
            return index >= 0 ? scores[index] : 0
        }
        if let now = scores.last {
            scoreChange = ScoreChange(month: now - score(daysAgo: 30), year: now - score(daysAgo: 365))
        }
        // The score on the last day of each period, the current one ending today.
        var points: [ScorePoint] = []
        var start = grouping.start(of: schedule.first, weekStart: journal.weekStart)
        while start <= today {
            let end = min(grouping.end(of: start, weekStart: journal.weekStart), today)
            if let index = schedule.index(of: end) { points.append(ScorePoint(start: start, score: scores[index])) }
            start = grouping.end(of: start, weekStart: journal.weekStart).adding(days: 1)
        }
        scoreHistory = ScoreHistory(by: grouping, points: points)
        totals = PeriodTotal.totals(schedule).map { total in
            Total(period: total.period, start: total.start, end: total.end, amount: total.amount, target: total.target)
        }
    }
}
