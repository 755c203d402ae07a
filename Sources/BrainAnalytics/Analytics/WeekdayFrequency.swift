import BrainFormat

/// Done days by weekday, month by month: Loop's frequency card, to see which days a habit lives on.
package struct WeekdayFrequency: Hashable, Sendable, Codable {
    /// One calendar month.
    package struct Month: Hashable, Sendable, Codable {
        /// `2026-11`.
        package var month: String
        /// Done days on each weekday, in the order of `weekdays`.
        package var counts: [Int]
    }

    /// Weekday names (`mon`), from the vault's week start.
    package var weekdays: [String]
    /// The months from the habit's first day through today, at most the last `limit`.
    package var months: [Month]

    /// The card of a schedule: its done days counted by month and weekday.
    package init(_ schedule: Schedule, limit: Int = 12) {
        let order = (0..<7).map { Weekday(rawValue: (schedule.weekStart.rawValue - 1 + $0) % 7 + 1)! }
        weekdays = order.map(\.shortName)
        var result: [Month] = []
        var start = schedule.today.startOfMonth
        while result.count < limit, start.adding(days: Day.daysIn(month: start.month, year: start.year) - 1) >= schedule.first {
            var counts = Array(repeating: 0, count: 7)
            let end = min(schedule.today, start.adding(days: Day.daysIn(month: start.month, year: start.year) - 1))
            var day = max(start, schedule.first)
            while day <= end {
                if schedule.isDone(on: day), let column = order.firstIndex(of: day.weekday) { counts[column] += 1 }
                day = day.adding(days: 1)
            }
            let label = String(String(describing: start).prefix(7))
            result.append(Month(month: label, counts: counts))
            start = start.adding(days: -1).startOfMonth
        }
        months = result.reversed()
    }
}
