import BrainKit

/// `brain month [--date D]`: a calendar of the month with each day's done/due share.
enum MonthCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "month",
        summary: "the month as a calendar of habits done per day, with mood and energy",
        discussion: """
        Each day shows done/due over every habit due that day (on --date, a habit still open counts
        as due: 3/11 is 8 still to do). Rows start on the vault's week-start. Sparklines: ▁ 1 … █ 5, a space for no score.
        """,
        options: [
            .value("date", "DAY", "a day in the month to show (default today)", completion: .days),
            .flag("json", "print JSON"),
        ],
        examples: ["brain month", "brain month --date 2026-10-01", "brain month --json"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let (journal, today) = try session.analyticsJournal()
        let month = MonthView(journal: journal, today: today)
        if arguments.flag("json") { return try session.printJSON(month) }
        render(month, session)
        return ExitCode.success
    }

    static func render(_ month: MonthView, _ session: Session) {
        let style = session.style
        let grid = month.grid
        session.line(style("\(HeatmapLayout.monthNames[month.month - 1]) \(month.year)", .strong))
        let names = (0..<7).map { offset -> String in
            let weekday = Weekday(rawValue: (month.firstWeekday.rawValue - 1 + offset) % 7 + 1)!
            return weekday.shortName.capitalized.padding(toLength: 8, withPad: " ", startingAt: 0)
        }
        session.line(style(names.joined(separator: " ").trimmingTrailingSpaces, .muted))
        let days = Dictionary(month.days.map { ($0.date, $0) }, uniquingKeysWith: { first, _ in first })
        for week in grid.weeks {
            let cells = week.map { day -> String in
                guard let day else { return String(repeating: " ", count: 8) }
                let number = (day.dayOfMonth < 10 ? " " : "") + String(day.dayOfMonth)
                guard let entry = days[day], let done = entry.done, let due = entry.due else { return style(number, .muted) + "      " }
                let share = due == 0 ? "·" : "\(done)/\(due)"
                let level = HeatmapLevels.share(done: done, due: due)
                let role: Style.Role = level == 4 ? .good : level >= 2 ? .accent : .muted
                return number + " " + style(share, role) + String(repeating: " ", count: max(0, 5 - share.count))
            }
            session.line(cells.joined(separator: " ").trimmingTrailingSpaces)
        }
        session.line("")
        session.line(("mood    " + Sparkline.render(month.days.map { $0.mood.map(Double.init) })).trimmingTrailingSpaces)
        session.line(("energy  " + Sparkline.render(month.days.map { $0.energy.map(Double.init) })).trimmingTrailingSpaces)
        if month.due > 0 {
            session.line(style("\(month.done) of \(month.due) due habit-days done (\(Coach.percent(Double(month.done) / Double(month.due))))", .muted))
        }
    }
}
