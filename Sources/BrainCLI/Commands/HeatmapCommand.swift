import BrainKit

/// `brain heatmap [HABIT] [--year Y]`: a GitHub-style year of one habit or of all habits.
enum HeatmapCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "heatmap",
        summary: "a year heatmap of one habit or of all habits",
        discussion: """
        Weeks are columns, rows run from the week-start day; days after --date are blank.
        One habit: █ done, ▓ at least half the target, ▒ some of the target, ░ skipped or rest,
        · missed, open or not due. All habits: the share of due habits done that day:
        █ all, ▓ 2/3 or more, ▒ 1/3 or more, ░ less than 1/3, · none (or nothing due).
        """,
        positionals: [.init(name: "HABIT", help: "a habit: id, title, alias or a unique prefix (default: all habits)", optional: true, completion: .habits)],
        options: [
            .value("year", "YEAR", "the calendar year (default: the year of --date)"),
            .value("date", "DAY", "compute as of this day (default today)", completion: .days),
            .flag("json", "print JSON"),
        ],
        examples: ["brain heatmap", "brain heatmap read --year 2026", "brain heatmap --json"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let (journal, today) = try session.analyticsJournal()
        // The years brain reads dates in, as for --date and the files' dates.
        let year = try arguments.int("year", in: Day.supported.lowerBound.year...Day.supported.upperBound.year) ?? today.year
        let habit = try arguments.positional(0).map { try session.habit($0, in: journal) }
        let heatmap = HeatmapView(journal: journal, habit: habit, year: year, today: today)
        if arguments.flag("json") { return try session.printJSON(heatmap) }
        render(heatmap, title: habit?.title, session)
        return ExitCode.success
    }

    /// The year as rows of weekdays and columns of weeks; `title` is the habit's, nil for all habits.
    static func render(_ heatmap: HeatmapView, title: String?, _ session: Session) {
        let style = session.style
        let year = heatmap.year
        let layout = HeatmapLayout(year: year, weekStart: heatmap.firstWeekday)
        let levels = Dictionary(heatmap.days.map { ($0.date, $0.level) }, uniquingKeysWith: { first, _ in first })
        session.line(style(title.map { "\($0) in \(year)" } ?? "All habits in \(year)", .strong))
        for text in layout.lines(level: { levels[$0] }, cell: { style.cell($0) }) { session.line(text) }
        let legend = (0...4).map { style.cell($0) }.joined(separator: " ")
        session.line(style("less ", .muted) + legend + style(" more", .muted))
        if heatmap.habit != nil {
            let done = heatmap.days.filter { $0.level == 4 }.count
            session.line(style("\(done) done \(done == 1 ? "day" : "days") in \(year)", .muted))
        } else {
            let done = heatmap.days.reduce(0) { $0 + ($1.done ?? 0) }
            let due = heatmap.days.reduce(0) { $0 + ($1.due ?? 0) }
            session.line(style("\(done) of \(due) due habit-days done in \(year)\(due > 0 ? " (\(Coach.percent(Double(done) / Double(due))))" : "")", .muted))
        }
    }
}
