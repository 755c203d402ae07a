/// A GitHub-style year grid: one column per week (aligned to `week-start`), seven rows from the
/// week's first day, month labels over the column holding each month's 1st. Pure layout: the
/// caller supplies a level per day and how a level is drawn.
public struct HeatmapLayout: Hashable, Sendable {
    public static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public let year: Int
    public let weekStart: Weekday
    /// The first day of the first column (the week holding 1 January; may fall in the year before).
    public let firstColumnStart: Day
    public let columnCount: Int

    public init(year: Int, weekStart: Weekday = .monday) {
        self.year = year
        self.weekStart = weekStart
        let january = Day(year: year, month: 1, day: 1)!
        let december = Day(year: year, month: 12, day: 31)!
        firstColumnStart = january.startOfWeek(weekStart)
        columnCount = firstColumnStart.distance(to: december) / 7 + 1
    }

    /// The weekdays of the rows, top to bottom.
    public var rowWeekdays: [Weekday] {
        (0..<7).map { Weekday(rawValue: (weekStart.rawValue - 1 + $0) % 7 + 1)! }
    }

    /// The day in a cell; nil for cells outside the year.
    public func day(row: Int, column: Int) -> Day? {
        let day = firstColumnStart.adding(days: column * 7 + row)
        return day.year == year ? day : nil
    }

    /// The cell holding `day`, when it is in the year.
    public func position(of day: Day) -> (row: Int, column: Int)? {
        guard day.year == year else { return nil }
        let offset = firstColumnStart.distance(to: day)
        return (offset % 7, offset / 7)
    }

    /// Each month's label column: the column holding its 1st.
    public var monthColumns: [Int] {
        (1...12).map { position(of: Day(year: year, month: $0, day: 1)!)!.column }
    }

    /// The grid as text: a month-label line, then one line per weekday (`Mon ` gutter, one
    /// character per week). `level` returns nil for a blank cell (outside the year, or not to show).
    public func lines(level: (Day) -> Int?, cell: (Int) -> String) -> [String] {
        let gutter = "    "
        var header = Array(repeating: Character(" "), count: columnCount + 3)
        for (month, column) in monthColumns.enumerated() {
            for (offset, letter) in HeatmapLayout.monthNames[month].enumerated() where column + offset < header.count {
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
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
