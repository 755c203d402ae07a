import BrainFormat

/// The month view: a calendar grid of weeks (aligned to `week-start`), each day with the share of
/// due habits done.
package struct MonthGrid: Hashable, Sendable {
    package let year: Int
    package let month: Int
    package let weekStart: Weekday
    /// Rows of seven cells; nil cells belong to the months before and after.
    package let weeks: [[Day?]]

    package init(containing day: Day, weekStart: Weekday = .monday) {
        year = day.year
        month = day.month
        self.weekStart = weekStart
        let first = day.startOfMonth
        let last = first.adding(days: Day.daysIn(month: month, year: year) - 1)
        var rows: [[Day?]] = []
        var start = first.startOfWeek(weekStart)
        while start <= last {
            rows.append((0..<7).map { offset in
                let cell = start.adding(days: offset)
                return cell >= first && cell <= last ? cell : nil
            })
            start = start.adding(days: 7)
        }
        weeks = rows
    }
}
