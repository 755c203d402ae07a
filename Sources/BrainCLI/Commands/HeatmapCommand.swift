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
        positionals: [.init(name: "HABIT", help: "a habit (default: all habits)", optional: true, completion: .habits)],
        options: [
            .value("year", "YEAR", "the calendar year (default: the year of --date)"),
            .value("date", "DAY", "compute as of this day (default today)"),
            .flag("json", "print JSON"),
        ],
        examples: ["brain heatmap", "brain heatmap read --year 2026", "brain heatmap --json"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let (journal, today) = try session.analyticsJournal()
        let year = try arguments.int("year", in: 1...9999) ?? today.year
        let layout = HeatmapLayout(year: year, weekStart: journal.weekStart)
        var habit: Habit?
        if let name = arguments.positional(0) { habit = try session.habit(name, in: journal) }
        let asOf = min(today, Day(year: year, month: 12, day: 31)!)
        var levels: [Day: Int] = [:]
        var tallies: [Day: (done: Int, due: Int)] = [:]
        let first = Day(year: year, month: 1, day: 1)!
        if first <= asOf {
            if let habit {
                let schedule = Schedule(habit: habit, history: journal.history(of: habit.id), today: asOf, weekStart: journal.weekStart)
                for ordinal in first.ordinal...asOf.ordinal {
                    let day = Day(ordinal: ordinal)
                    levels[day] = schedule.flatMap { HeatmapLevels.habit($0, on: day) } ?? 0
                }
            } else {
                let schedules = journal.ordered(journal.schedules(today: asOf))
                for ordinal in first.ordinal...asOf.ordinal {
                    let day = Day(ordinal: ordinal)
                    let tally = HeatmapLevels.tally(schedules, on: day)
                    tallies[day] = tally
                    levels[day] = HeatmapLevels.share(done: tally.done, due: tally.due)
                }
            }
        }
        if arguments.flag("json") {
            let days: [AJSON] = levels.keys.sorted().map { day in
                var fields: [String: AJSON] = ["date": .string(day.description), "level": .int(levels[day]!)]
                if let tally = tallies[day] { fields["done"] = .int(tally.done); fields["due"] = .int(tally.due) }
                return .object(fields)
            }
            try session.json(AJSON.object(["schemaVersion": .int(1), "date": .string(today.description), "year": .int(year),
                                           "weekStart": .string(journal.weekStart.name),
                                           "habit": habit.map { .string($0.id) } ?? .null, "days": .array(days)]))
            return ExitCode.success
        }
        let style = session.style
        session.line(style(habit.map { "\($0.title) in \(year)" } ?? "All habits in \(year)", .strong))
        for text in layout.lines(level: { levels[$0] }, cell: { style.cell($0) }) { session.line(text) }
        let legend = (0...4).map { style.cell($0) }.joined(separator: " ")
        session.line(style("less ", .muted) + legend + style(" more", .muted))
        if habit != nil {
            let done = levels.values.filter { $0 == 4 }.count
            session.line(style("\(done) done \(done == 1 ? "day" : "days") in \(year)", .muted))
        } else {
            let done = tallies.values.reduce(0) { $0 + $1.done }
            let due = tallies.values.reduce(0) { $0 + $1.due }
            session.line(style("\(done) of \(due) due habit-days done in \(year)\(due > 0 ? " (\(Coach.percent(Double(done) / Double(due))))" : "")", .muted))
        }
        return ExitCode.success
    }
}
