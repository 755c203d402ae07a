import BrainKit

/// `brain stats [HABIT]`: one habit's numbers, or a table of every habit.
enum StatsCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "stats",
        summary: "streaks, completion rates, strength and momentum of one habit or all of them",
        discussion: """
        With HABIT: current and best streak, completion rates over 7, 30, 90 and 365 days and all
        time, strength with its change over 30 and 365 days and its history (--by day, week,
        month, quarter or year), momentum, done days, the five best streaks with their dates, the
        totals of a measurable habit against its target (today, week, month, quarter, year), done
        days by weekday and month, mood on done days against missed days (shown with 10 days or
        more on each side), and achievements. Without: one row per habit with its streak, its rate
        over --range, strength and momentum.

        Strength is Loop Habit Tracker's habit score, computed as Loop's released code does: an
        average of how much of the frequency was met in a rolling window, where months of practice
        build it and one missed day costs little; a skipped or rest day keeps it. Momentum is the
        last 21 days, recent days weighing most (a week or month counts once it is met or out of
        reach): dormant below 20 %, building from 20 %, flowing from 40 %, strong from 60 %, on
        fire from 80 %. Definitions: docs/ANALYTICS.md.
        """,
        positionals: [.init(name: "HABIT", help: "a habit (id, title, alias or a unique prefix)", optional: true, completion: .habits)],
        options: [
            .value("range", "RANGE", "the rate window of the table (default 30d)",
                   choices: HabitStatsTable.Range.allCases.map(\.rawValue)),
            .value("by", "PERIOD", "with HABIT: group the score history by day, week (default), month, quarter or year",
                   choices: Grouping.allCases.map(\.rawValue)),
            .value("date", "DAY", "compute as of this day (default today)"),
            .flag("json", "print JSON"),
        ],
        examples: ["brain stats", "brain stats read", "brain stats read --by month", "brain stats --range 1y --json"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let (journal, today) = try session.analyticsJournal()
        if let name = arguments.positional(0) {
            let habit = try session.habit(name, in: journal)
            let by = arguments.value("by").flatMap(Grouping.init(rawValue:)) ?? .week
            let report = HabitStatsReport(habit: habit, journal: journal, today: today, by: by)
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
        if table.habits.isEmpty {
            session.line("no habits yet; brain new habit TITLE adds one")
            return
        }
        session.line(style("Habits on \(table.date)", .strong)
            + style(" · rates over \(table.range == .all ? "all time" : table.range.rawValue)", .muted))
        let rows = table.habits.map { row in
            [Layout.clipped(row.title + (row.archived ? " (archived)" : ""), 28), Streaks.describe(row.streak.current, unit: row.streak.unit, blockDays: row.streak.blockDays),
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
            let titles = Dictionary(table.habits.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
            for item in table.goodDays {
                session.line("  \(titles[item.habit] ?? item.habit)  +\(Format.tenths(item.difference!))  \(Format.tenths(item.doneMood!)) on \(item.doneDays) days vs \(Format.tenths(item.missedMood!)) on \(item.missedDays)")
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
        var strength = Format.share(report.strength)
        if let change = report.scoreChange {
            strength += style(" · " + [("30 days", change.month), ("a year", change.year)].compactMap { name, delta in
                delta.map { "\(points($0)) in \(name)" }
            }.joined(separator: " · "), .muted)
        }
        session.line(label("strength") + strength)
        if let history = report.scoreHistory, let last = history.points.last {
            // The last 52 periods at most, so the line fits a terminal.
            let shown = Array(history.points.suffix(52))
            let line = Sparkline.render(shown.map { Optional($0.score) }, low: 0, high: 1)
            session.line(label("") + line + style("  by \(history.by.rawValue) from \(shown[0].start): \(Format.percent(shown[0].score)) → \(Format.percent(last.score))", .muted))
        }
        session.line(label("momentum") + (report.momentum.map(Format.momentum) ?? "—"))
        session.line(label("repetitions") + Quantity.count(report.repetitions, "done day"))
        if !report.bestStreaks.isEmpty {
            for (offset, run) in report.bestStreaks.enumerated() {
                let length = Streaks.describe(run.length, unit: streaks.unit, blockDays: streaks.blockDays)
                let text = Layout.pad(length, 20) + " \(run.start) → \(run.end)" + (run.current ? style(" (current)", .muted) : "")
                session.line(label(offset == 0 ? "best streaks" : "") + text)
            }
        }
        if !report.totals.isEmpty {
            let unit = habit.unit.map { " " + $0 } ?? ""
            let names: [Grouping: String] = [.day: "today", .week: "this week", .month: "this month", .quarter: "this quarter", .year: "this year"]
            for (offset, total) in report.totals.enumerated() {
                let bound = habit.isAtMost ? "at most " : ""
                let share = total.target > 0 ? style("  " + Format.percent(total.amount / total.target), .muted) : ""
                session.line(label(offset == 0 ? "totals" : "") + Layout.pad(names[total.period] ?? total.period.rawValue, 13)
                             + "\(Format.number(total.amount)) of \(bound)\(Format.number(total.target.rounded()))\(unit)" + share)
            }
        }
        if let frequency = report.frequency, !frequency.months.isEmpty {
            let months = frequency.months.map { month -> String in
                let number = Int(month.month.suffix(2)) ?? 1
                return String(HeatmapLayout.monthNames[number - 1].prefix(3))
            }
            session.line(label("frequency") + months.map { Layout.pad($0, 4) }.joined().trimmingTrailingSpaces)
            for (row, weekday) in frequency.weekdays.enumerated() {
                let cells = frequency.months.map { month in
                    let count = month.counts[row]
                    return Layout.pad(count == 0 ? "·" : String(count), 4)
                }
                session.line(("  " + Layout.pad(weekday.capitalized, 12) + cells.joined()).trimmingTrailingSpaces)
            }
        }
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

    /// +12 points, −3 points, 0 points.
    static func points(_ delta: Double) -> String {
        let value = Int((delta * 100).rounded())
        let sign = value > 0 ? "+" : value < 0 ? "−" : ""
        return "\(sign)\(abs(value)) \(abs(value) == 1 ? "point" : "points")"
    }

    static func label(_ text: String) -> String {
        text.padding(toLength: 14, withPad: " ", startingAt: 0)
    }
}
