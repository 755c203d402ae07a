import BrainKit

/// `brain stats [HABIT]`: one habit's numbers, or a table of every habit.
enum StatsCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "stats",
        summary: "streaks, completion rates, strength and momentum of one habit or all of them",
        discussion: """
        With HABIT: current and best streak, completion rates over 7, 30, 90 and 365 days and all
        time, strength (Loop's score), momentum, mood on done days against missed days (shown with
        10 days or more on each side), and achievements. Without: one row per habit with its streak,
        its rate over --range, strength and momentum. Definitions: docs/ANALYTICS.md.
        """,
        positionals: [.init(name: "HABIT", help: "a habit (id, title, alias or a unique prefix)", optional: true, completion: .habits)],
        options: [
            .value("range", "RANGE", "the rate window of the table (default 30d)",
                   choices: HabitStatsTable.Range.allCases.map(\.rawValue)),
            .value("date", "DAY", "compute as of this day (default today)"),
            .flag("json", "print JSON"),
        ],
        examples: ["brain stats", "brain stats read", "brain stats --range 1y --json"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let (journal, today) = try session.analyticsJournal()
        if let name = arguments.positional(0) {
            let habit = try session.habit(name, in: journal)
            let report = HabitStatsReport(habit: habit, journal: journal, today: today)
            if arguments.flag("json") { return try session.printJSON(report) }
            render(report, habit: habit, session)
            return ExitCode.success
        }
        let range = arguments.value("range").flatMap(HabitStatsTable.Range.init(rawValue:)) ?? .month
        let table = HabitStatsTable(journal: journal, today: today, range: range)
        if arguments.flag("json") { return try session.printJSON(table) }
        render(table, session)
        return ExitCode.success
    }

    static func render(_ table: HabitStatsTable, _ session: Session) {
        let style = session.style
        session.line(style("Habits on \(table.date)", .strong)
            + style(" · rates over \(table.range == .all ? "all time" : table.range.rawValue)", .muted))
        let rows = table.habits.map { row in
            [Layout.clipped(row.title, 28), Streaks.describe(row.streak.current, unit: row.streak.unit, blockDays: row.streak.blockDays),
             Format.share(row.rate.rate), Format.share(row.strength), row.momentum.map(Format.momentum) ?? "—"]
        }
        session.printTable(["habit", "streak", "rate", "strength", "momentum"], rows, rightAligned: [1, 2, 3])
        if !rows.isEmpty {
            session.line(style("  " + HabitStrength.legend, .muted))
            session.line(style("  " + Momentum.legend, .muted))
        }
        let weeks = table.moodByWeek
        if weeks.contains(where: { $0.mood != nil || $0.energy != nil }) {
            session.line("")
            session.line(style("Mood and energy by week", .strong))
            for week in weeks {
                session.line("  \(week.start)  mood \(week.mood.map(Format.tenths) ?? "—")  energy \(week.energy.map(Format.tenths) ?? "—")")
            }
        }
        session.line("")
        if table.goodDays.isEmpty {
            session.line(style("Linked to good days: no habit has 10 days with a mood on each side (done and missed) yet", .muted))
        } else {
            session.line(style("Linked to good days", .strong) + style(" (mean mood on done days vs missed days)", .muted))
            for item in table.goodDays {
                session.line("  \(item.habit)  +\(Format.tenths(item.difference!))  \(Format.tenths(item.doneMood!)) on \(item.doneDays) days vs \(Format.tenths(item.missedMood!)) on \(item.missedDays)")
            }
        }
    }

    static func render(_ report: HabitStatsReport, habit: Habit, _ session: Session) {
        let style = session.style
        var heading = style(habit.title, .strong) + style("  \(habit.id) · every: \(habit.frequency.description)", .muted)
        if let target = habit.target {
            heading += style(" · \(habit.isAtMost ? "at most" : "target") \(Format.number(target))\(habit.unit.map { " " + $0 } ?? "")", .muted)
        }
        if habit.status != .active { heading += style(" · \(habit.status.rawValue)", .warn) }
        session.line(heading)
        guard report.hasStarted else {
            session.line("nothing due yet on \(report.date)")
            return
        }
        let streaks = report.streaks
        func count(_ n: Int) -> String { Streaks.describe(n, unit: streaks.unit, blockDays: streaks.blockDays) }
        var streakText = count(streaks.current)
        if let since = streaks.currentSince { streakText += " since \(since)" }
        session.line(label("streak") + streakText + style(" · best \(count(streaks.best))", .muted))
        session.line(label("rates") + report.rates.named.map { "\($0.name) \(Format.share($0.rate.rate))" }.joined(separator: "  "))
        session.line(label("strength") + Format.share(report.strength))
        session.line(label("momentum") + (report.momentum.map(Format.momentum) ?? "—"))
        if let mood = report.mood {
            if mood.shown, let done = mood.doneMood, let missed = mood.missedMood {
                session.line(label("mood") + "\(Format.tenths(done)) on \(mood.doneDays) done days, \(Format.tenths(missed)) on \(mood.missedDays) missed days")
            } else {
                session.line(label("mood") + style("needs 10 days with a mood on each side (done \(mood.doneDays), missed \(mood.missedDays))", .muted))
            }
        }
        if report.achievements.isEmpty {
            session.line(label("achievements") + "none yet")
        } else {
            session.line("achievements")
            for achievement in report.achievements {
                session.line("  " + style(achievement.day.description, .muted) + "  " + achievement.text)
            }
        }
    }

    static func label(_ text: String) -> String {
        text.padding(toLength: 14, withPad: " ", startingAt: 0)
    }
}
