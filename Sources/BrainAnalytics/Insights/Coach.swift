import BrainFormat

/// The daily coach: one message chosen by rules from the numbers, and a ranked list of nudges.
/// Every sentence names a habit, area or goal and a number (docs/ANALYTICS.md, "Coach").
public enum Coach {
    /// An area's fall, in points of consistency, that the first rule reacts to.
    public static let declineThreshold = 0.15
    /// An area's rise, in points of consistency, that the second rule reacts to.
    public static let gainThreshold = 0.10
    /// Days behind a goal's due date that the third rule reacts to.
    public static let slippingDays = 5
    /// Missed days an area's change must be made of, more (a decline) or fewer (a gain) than last week.
    public static let minimumDays = 2
    /// Streaks this long or longer are worth a "at risk" nudge.
    public static let streakAtRisk = 3

    /// Today's message for the journal, or nil when no rule has anything to say.
    public static func message(journal: Journal, today: Day) -> CoachMessage? {
        message(signals: CoachSignals(journal: journal, today: today), today: today)
    }

    /// The rules in order: the biggest decline ≥ 15 points; else the biggest gain ≥ 10 points;
    /// else the goal longest past its due date; else the goal furthest behind, ≥ 5 days; else the
    /// identity trend. Templates rotate by day.
    package static func message(signals: CoachSignals, today: Day) -> CoachMessage? {
        let tolerance = 1e-9
        let changes = signals.areas.compactMap { change -> (CoachSignals.AreaChange, Double, Double, Double)? in
            guard let now = change.thisWeek, let before = change.lastWeek else { return nil }
            return (change, now, before, now - before)
        }
        // A change of one day is noise, not a trend: a single missed day of a weekdays habit moves an
        // area by 20 points, so a decline needs two more missed days than last week (a gain two fewer).
        if let worst = changes.filter({ $0.3 <= -declineThreshold + tolerance && ($0.0.moreMissed ?? minimumDays) >= minimumDays })
            .min(by: { ($0.3, $0.0.area) < ($1.3, $1.0.area) }) {
            let (change, now, before, delta) = worst
            let missed = change.missedThisWeek.map { ", \(Quantity.count($0, "missed day")) this week" } ?? ""
            // Only a habit that is really still open today can turn it around.
            let turn = change.openToday.first.map { " \($0) is still open today." } ?? ""
            let texts = [
                "\(change.title) fell from \(percent(before)) to \(percent(now)) this week, down \(points(-delta))\(missed).\(turn)",
                "\(change.title) is down \(points(-delta)) on last week (\(percent(before)) → \(percent(now))\(missed)). What got in the way?",
                "Heads up: \(change.title) dropped to \(percent(now)) from \(percent(before)) last week\(missed).\(turn)",
            ]
            return pick(.areaDecline, subject: change.area, texts, today)
        }
        if let best = changes.filter({ $0.3 >= gainThreshold - tolerance && -($0.0.moreMissed ?? -minimumDays) >= minimumDays })
            .max(by: { ($0.3, $1.0.area) < ($1.3, $0.0.area) }) {
            let (change, now, before, delta) = best
            let texts = [
                "\(change.title) is up \(points(delta)) on last week: \(percent(before)) → \(percent(now)).",
                "\(change.title) climbed from \(percent(before)) to \(percent(now)) this week. Keep the rhythm.",
                "Good week for \(change.title): \(percent(now)), up from \(percent(before)).",
            ]
            return pick(.areaGain, subject: change.area, texts, today)
        }
        if let goal = signals.overdue.max(by: { ($0.days, $1.goal) < ($1.days, $0.goal) }) {
            let isAt = goal.progress.map { " and is at \(percent($0))" } ?? ""
            let at = goal.progress.map { ", at \(percent($0))" } ?? ""
            let texts = [
                "\(goal.title) was due \(short(goal.due))\(isAt): set a new due date, or mark it done if it is.",
                "\(goal.title) passed its due date (\(short(goal.due)))\(isAt). A new date keeps it a plan.",
                "\(goal.title) is \(Quantity.count(goal.days, "day")) past its due date\(at): move the date, or drop it if it no longer matters.",
            ]
            return pick(.goalOverdue, subject: goal.goal, texts, today)
        }
        if let goal = signals.goals.filter({ $0.daysLate >= slippingDays })
            .max(by: { ($0.daysLate, $1.goal) < ($1.daysLate, $0.goal) }) {
            let texts = [
                "\(goal.title) is \(goal.daysLate) days behind: at this pace it is done \(short(goal.finish)), due \(short(goal.due)).",
                "At this pace \(goal.title) finishes on \(short(goal.finish)), \(goal.daysLate) days after its due date.",
                "\(goal.title) is \(percent(goal.progress)) done and slipping \(goal.daysLate) days behind its due date (\(short(goal.due))).",
            ]
            return pick(.goalSlipping, subject: goal.goal, texts, today)
        }
        guard let identity = signals.identityThisWeek,
              let lead = signals.areas.filter({ $0.thisWeek != nil })
                .max(by: { ($0.thisWeek!, $1.area) < ($1.thisWeek!, $0.area) }) else { return nil }
        let trend: String
        if let last = signals.identityLastWeek {
            let delta = identity - last
            trend = abs(delta) < 0.005 ? "level with last week" : "\(delta > 0 ? "up" : "down") \(points(abs(delta))) on last week"
        } else {
            trend = "the first week with a score"
        }
        let texts = [
            "Identity score \(percent(identity)), \(trend); \(lead.title) leads at \(percent(lead.thisWeek!)).",
            "\(lead.title) carries your week at \(percent(lead.thisWeek!)); identity score \(percent(identity)), \(trend).",
            "You are living \(percent(identity)) of who you mean to be (\(trend)). Strongest: \(lead.title), \(percent(lead.thisWeek!)).",
        ]
        return pick(.identityTrend, subject: lead.area, texts, today)
    }

    /// What a habit looks like today, for ranking nudges.
    public struct HabitToday: Hashable, Sendable {
        public var habit: String
        public var title: String
        public var dueOpen: Bool
        public var streak: Int
        public var unit: Streaks.Unit
        public var strength: Double?
        /// The block length of an `N in M days` habit.
        public var blockDays: Int?

        public init(habit: String, title: String, dueOpen: Bool, streak: Int, unit: Streaks.Unit, strength: Double?,
                    blockDays: Int? = nil) {
            self.habit = habit
            self.title = title
            self.dueOpen = dueOpen
            self.streak = streak
            self.unit = unit
            self.strength = strength
            self.blockDays = blockDays
        }
    }

    /// The nudges of a journal on `today`.
    package static func nudges(journal: Journal, today: Day) -> [Nudge] {
        let schedules = journal.schedules(today: today)
        let habits: [HabitToday] = journal.habits.compactMap { habit in
            guard let schedule = schedules[habit.id.lowercased()] else { return nil }
            return HabitToday(habit: habit.id, title: habit.title,
                              dueOpen: schedule.status(on: today) == .open,
                              streak: Streaks(schedule: schedule).current, unit: Streaks.unit(of: habit.frequency),
                              strength: HabitStrength.scores(schedule).last, blockDays: Streaks.blockDays(of: habit.frequency))
        }
        let vitality = AreaVitality.compute(areas: journal.areas, schedules: journal.ordered(schedules))
        let areas = zip(journal.areas, vitality).map { ($0.0.id, $0.0.title, $0.1.consistency) }
        return nudges(habits: habits, areas: areas)
    }

    /// Ranked: streaks at risk (longest first), then habits due and open (strongest first), then
    /// dormant areas (weakest first); ties by id.
    package static func nudges(habits: [HabitToday], areas: [(id: String, title: String, consistency: Double?)]) -> [Nudge] {
        let open = habits.filter(\.dueOpen)
        let atRisk = open.filter { $0.streak >= streakAtRisk }
            .sorted { ($1.streak, $0.habit.lowercased()) < ($0.streak, $1.habit.lowercased()) }
        let due = open.filter { $0.streak < streakAtRisk }
            .sorted { ($1.strength ?? -1, $0.habit.lowercased()) < ($0.strength ?? -1, $1.habit.lowercased()) }
        let dormant = areas.filter { ($0.consistency ?? 1) < 0.30 }
            .sorted { ($0.consistency!, $0.id.lowercased()) < ($1.consistency!, $1.id.lowercased()) }
        var result: [Nudge] = []
        for habit in atRisk {
            let phrase = Streaks.phrase(habit.streak, unit: habit.unit, blockDays: habit.blockDays)
            result.append(Nudge(kind: .streakAtRisk, subject: habit.habit, value: Double(habit.streak),
                                text: "\(habit.title): keep \(phrase) alive, still open today"))
        }
        for habit in due {
            let strength = habit.strength.map { " (strength \(percent($0)))" } ?? ""
            result.append(Nudge(kind: .dueToday, subject: habit.habit, value: habit.strength,
                                text: "\(habit.title) is due today\(strength)"))
        }
        for area in dormant {
            result.append(Nudge(kind: .dormantArea, subject: area.id, value: area.consistency,
                                text: "\(area.title) is dormant: \(percent(area.consistency!)) of its habits done this week"))
        }
        return result
    }

    private static func pick(_ rule: CoachMessage.Rule, subject: String, _ texts: [String], _ today: Day) -> CoachMessage {
        let choice = ((today.ordinal % texts.count) + texts.count) % texts.count
        return CoachMessage(rule: rule, subject: subject, text: texts[choice], template: choice)
    }

    /// 0.625 → "63 %"; rounded half up (`Quantity.percent`).
    public static func percent(_ value: Double) -> String {
        Quantity.percent(value)
    }

    public static func points(_ value: Double) -> String {
        let number = Int((value * 100).rounded())
        return number == 1 ? "1 point" : "\(number) points"
    }

    /// 2027-05-12 → "12 May 2027"; the year only when it is not today's year is left to callers.
    public static func short(_ day: Day) -> String {
        "\(day.dayOfMonth) \(HeatmapLayout.monthNames[day.month - 1]) \(day.year)"
    }
}
