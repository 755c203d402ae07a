import BrainFormat

/// Calendar periods a history is grouped by: `brain stats HABIT --by week`.
package enum Grouping: String, Hashable, Sendable, Codable, CaseIterable {
    case day, week, month, quarter, year

    /// The first day of the period holding `day` (weeks from `weekStart`).
    package func start(of day: Day, weekStart: Weekday) -> Day {
        switch self {
        case .day: return day
        case .week: return day.startOfWeek(weekStart)
        case .month: return day.startOfMonth
        case .quarter: return Day(year: day.year, month: (day.month - 1) / 3 * 3 + 1, day: 1)!
        case .year: return Day(year: day.year, month: 1, day: 1)!
        }
    }

    /// The last day of the period holding `day`.
    package func end(of day: Day, weekStart: Weekday) -> Day {
        let start = start(of: day, weekStart: weekStart)
        switch self {
        case .day: return day
        case .week: return start.adding(days: 6)
        case .month: return start.adding(days: Day.daysIn(month: start.month, year: start.year) - 1)
        case .quarter:
            let next = start.month + 3 > 12 ? Day(year: start.year + 1, month: 1, day: 1)! : Day(year: start.year, month: start.month + 3, day: 1)!
            return next.adding(days: -1)
        case .year: return Day(year: start.year, month: 12, day: 31)!
        }
    }
}
