import BrainFormat

/// A GitHub-style grid of a calendar year, or of any run of days (the report's last 12 months):
/// one column per week (aligned to `week-start`), seven rows from the week's first day, month
/// labels over the column holding each month's 1st. Pure layout: the caller supplies a level per
/// day and how a level is drawn.
package struct HeatmapLayout: Hashable, Sendable {
    package static let monthNames = Day.monthNames

    /// The year of the last day (the calendar year of a year grid).
    package let year: Int
    package let weekStart: Weekday
    /// The days the grid shows; cells before and after are blank.
    package let firstDay: Day
    package let lastDay: Day
    /// The first day of the first column (the week holding the first day; may fall before it).
    package let firstColumnStart: Day
    package let columnCount: Int

    /// The calendar year `year`.
    package init(year: Int, weekStart: Weekday = .monday) {
        self.init(from: Day(year: year, month: 1, day: 1)!, through: Day(year: year, month: 12, day: 31)!, weekStart: weekStart)
    }

    /// The days `from` through `through`.
    package init(from: Day, through: Day, weekStart: Weekday = .monday) {
        year = through.year
        self.weekStart = weekStart
        firstDay = from
        lastDay = max(from, through)
        firstColumnStart = from.startOfWeek(weekStart)
        columnCount = firstColumnStart.distance(to: lastDay) / 7 + 1
    }

    /// The weekdays of the rows, top to bottom.
    package var rowWeekdays: [Weekday] {
        (0..<7).map { Weekday(rawValue: (weekStart.rawValue - 1 + $0) % 7 + 1)! }
    }

    /// The day in a cell; nil for cells outside the grid's days.
    package func day(row: Int, column: Int) -> Day? {
        let day = firstColumnStart.adding(days: column * 7 + row)
        return day >= firstDay && day <= lastDay ? day : nil
    }

    /// The cell holding `day`, when it is one of the grid's days.
    package func position(of day: Day) -> (row: Int, column: Int)? {
        guard day >= firstDay, day <= lastDay else { return nil }
        let offset = firstColumnStart.distance(to: day)
        return (offset % 7, offset / 7)
    }

    /// Each month whose 1st is in the grid, with the column holding it, in order.
    package var monthStarts: [(month: Int, column: Int)] {
        var result: [(month: Int, column: Int)] = []
        var first = firstDay.dayOfMonth == 1 ? firstDay : firstDay.startOfMonth.adding(days: 31).startOfMonth
        while first <= lastDay {
            result.append((first.month, position(of: first)!.column))
            first = first.adding(days: 31).startOfMonth
        }
        return result
    }

    /// Each month's label column: the column holding its 1st.
    package var monthColumns: [Int] {
        monthStarts.map(\.column)
    }

    /// The grid as text: a month-label line, then one line per weekday (`Mon ` gutter, one
    /// character per week). `level` returns nil for a blank cell (outside the year, or not to show).
    package func lines(level: (Day) -> Int?, cell: (Int) -> String) -> [String] {
        let gutter = "    "
        var header = Array(repeating: Character(" "), count: columnCount + 3)
        for (month, column) in monthStarts {
            for (offset, letter) in HeatmapLayout.monthNames[month - 1].enumerated() where column + offset < header.count {
                header[column + offset] = letter
            }
        }
        var result = [gutter + String(header).trimmingTrailingSpaces]
        for (row, weekday) in rowWeekdays.enumerated() {
            var text = weekday.shortName.prefix(1).uppercased() + weekday.shortName.dropFirst() + " "
            for column in 0..<columnCount {
                if let day = day(row: row, column: column), let value = level(day) {
                    text += cell(value)
                } else {
                    text += " "
                }
            }
            result.append(text.trimmingTrailingSpaces)
        }
        return result
    }
}

extension String {
    package var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
