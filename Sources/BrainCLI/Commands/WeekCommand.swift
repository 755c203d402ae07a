import BrainKit

/// `brain week [--date D]`: habits × the seven days of the week.
enum WeekCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "week",
        summary: "the week's habits day by day, with mood and energy",
        discussion: """
        ✓ done, – skipped or rest, ○ due and not done (today: still open), · not due (or after
        --date). For N/week, N/month and N-in-M-days habits an earlier day not done is ·: the quota
        is per period. The last column is done of due over the week through --date, counted as
        today, days and month count a day (docs/ANALYTICS.md section 1).
        The week starts on the vault's week-start. Sparklines: ▁ 1 … █ 5, a space for no score.
        """,
        options: [
            .value("date", "DAY", "a day in the week to show (default today)", completion: .days),
            .flag("json", "print JSON"),
        ],
        examples: ["brain week", "brain week --date -7", "brain week --json"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let (journal, today) = try session.analyticsJournal()
        let week = WeekView(journal: journal, today: today)
        if arguments.flag("json") { return try session.printJSON(week) }
        render(week, session)
        return ExitCode.success
    }

    static func render(_ week: WeekView, _ session: Session) {
        let style = session.style
        session.line(style("Week of \(week.start) to \(week.end)", .strong))
        let titles = week.habits.map { Layout.clipped($0.title, 24) }
        let width = max(8, titles.map(\.count).max() ?? 0)
        func pad(_ text: String) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
        session.line(style(pad("") + week.days.map { " " + String($0.date.weekday.shortName.prefix(2)).capitalized }.joined(), .muted))
        session.line(style(pad("") + week.days.map { ($0.date.dayOfMonth < 10 ? "  " : " ") + String($0.date.dayOfMonth) }.joined(), .muted))
        for (habit, title) in zip(week.habits, titles) {
            let cells = habit.days.map { mark -> String in
                let symbol = mark.symbol
                switch mark {
                case .done: return "  " + style(symbol, .good)
                case .missed: return "  " + style(symbol, .bad)
                case .open: return "  " + style(symbol, .warn)
                case .skipped, .none: return "  " + style(symbol, .muted)
                }
            }
            let share = habit.due > 0 ? "   \(habit.done)/\(habit.due)" : ""
            session.line(pad(title) + cells.joined() + style(share, .muted))
        }
        let done = week.days.reduce(0) { $0 + $1.done }
        let due = week.days.reduce(0) { $0 + $1.due }
        let moods = week.days.map { $0.mood.map(Double.init) }
        let energies = week.days.map { $0.energy.map(Double.init) }
        session.line((pad("mood") + Sparkline.render(moods).map { "  \($0)" }.joined()).trimmingTrailingSpaces)
        session.line((pad("energy") + Sparkline.render(energies).map { "  \($0)" }.joined()).trimmingTrailingSpaces)
        if due > 0 {
            session.line(style("\(done) of \(due) due habit-days done (\(Coach.percent(Double(done) / Double(due))))", .muted))
        }
        if !week.habits.isEmpty { session.line(style(WeekGrid.legend, .muted)) }
    }
}
