import BrainFormat

/// A measurable habit's amount in one calendar period against the target for it: Loop's target card.
package struct PeriodTotal: Hashable, Sendable, Codable {
    /// `day`, `week`, `month`, `quarter` or `year`: the period holding today.
    package var period: Grouping
    package var start: Day
    package var end: Day
    /// The amounts written in the period through today.
    package var amount: Double
    /// The target for the whole period: target × the days it is expected on (see `totals`).
    package var target: Double

    /// The totals of a measurable habit for the day, week, month, quarter and year holding today;
    /// empty for a yes/no habit. Expected days: for a day-based frequency its scheduled days in the
    /// period (rest, skipped and paused days left out, as Loop leaves out skips); for `N/week`,
    /// `N/month` and `N in M days`, N/D of the period's active days (D = 7, 30 or M). A period that
    /// cannot hold one completion (today for a weekly habit) is left out.
    package static func totals(_ schedule: Schedule) -> [PeriodTotal] {
        guard let target = schedule.habit.target else { return [] }
        let habit = schedule.habit
        let (n, d) = habit.frequency.loopRatio
        var result: [PeriodTotal] = []
        for period in Grouping.allCases {
            let start = period.start(of: schedule.today, weekStart: schedule.weekStart)
            let end = period.end(of: schedule.today, weekStart: schedule.weekStart)
            // A period far shorter than the quota's (a day of a weekly habit) says nothing.
            if habit.frequency.isPeriodic, Double((start.distance(to: end) + 1) * n) / Double(d) < 0.75 { continue }
            var amount = 0.0
            var expected = 0.0
            var day = start
            while day <= end {
                defer { day = day.adding(days: 1) }
                if day <= schedule.today, let index = schedule.index(of: day) {
                    amount += schedule.amounts[index]
                    switch schedule.kinds[index] {
                    case .due: expected += habit.frequency.isPeriodic ? Double(n) / Double(d) : 1
                    case .off, .rest, .skipped, .paused, .inactive: break
                    }
                } else if day > schedule.today, schedule.isCalendarActive(day) {
                    expected += habit.frequency.isPeriodic ? Double(n) / Double(d) : (schedule.isScheduled(day) ? 1 : 0)
                }
            }
            result.append(PeriodTotal(period: period, start: start, end: end, amount: amount, target: target * expected))
        }
        return result
    }
}
