import BrainKit

/// `brain week [--date D]`: habits × the seven days of the week.
enum WeekCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "week",
        summary: "the week's habits day by day, with mood and energy",
        discussion: """
        ✓ done, – skipped or rest, ○ due and not done, · not due (or after --date). For N/week,
        N/month and N-in-M-days habits a day not done is ·: the quota is per period. The last
        column is done/due over the week through --date (docs/ANALYTICS.md section 3).
        The week starts on the vault's week-start. Sparklines: ▁ 1 … █ 5, a space for no score.
        """,
        options: [
            .value("date", "DAY", "a day in the week to show (default today)"),
            .flag("json", "print JSON"),
        ],
        examples: ["brain week", "brain week --date -7", "brain week --json"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let (journal, today) = try session.analyticsJournal()
        let days = WeekGrid.days(containing: today, weekStart: journal.weekStart)
        let schedules = journal.schedules(today: today)
        var rows: [(Habit, [WeekGrid.Mark])] = []
        for habit in journal.habits {
            guard let schedule = schedules[habit.id.lowercased()],
                  days.contains(where: { schedule.kind(on: $0) != .inactive }) else { continue }
            rows.append((habit, days.map { WeekGrid.mark(schedule, on: $0) }))
        }
        let moods = days.map { $0 > today ? nil : journal.checkIn(on: $0)?.mood.map(Double.init) }
        let energies = days.map { $0 > today ? nil : journal.checkIn(on: $0)?.energy.map(Double.init) }
        let tallies = days.map { day in day <= today ? HeatmapLevels.tally(journal.ordered(schedules), on: day) : (done: 0, due: 0) }
        // Each habit's week: the completion rate over the week's days through --date.
        let rowTallies = rows.map { habit, _ -> (done: Int, due: Int) in
            guard days[0] <= today, let schedule = schedules[habit.id.lowercased()] else { return (0, 0) }
            let window = CompletionRates.window(schedule, days: days[0].distance(to: min(today, days[6])) + 1)
            return (window.done, window.due)
        }
        if arguments.flag("json") {
            try session.json(AJSON.object([
                "schemaVersion": .int(1), "date": .string(today.description),
                "start": .string(days[0].description), "end": .string(days[6].description),
                "days": .array(days.enumerated().map { offset, day in
                    .object(["date": .string(day.description), "weekday": .string(day.weekday.shortName),
                             "mood": moods[offset].map { .int(Int($0)) } ?? .null,
                             "energy": energies[offset].map { .int(Int($0)) } ?? .null,
                             "done": .int(tallies[offset].done), "due": .int(tallies[offset].due)])
                }),
                "habits": .array(rows.enumerated().map { offset, row in
                    .object(["id": .string(row.0.id), "title": .string(row.0.title),
                             "days": .array(row.1.map { .string($0.rawValue) }),
                             "done": .int(rowTallies[offset].done), "due": .int(rowTallies[offset].due)])
                }),
            ]))
            return ExitCode.success
        }
        let style = session.style
        session.line(style("Week of \(days[0]) to \(days[6])", .strong))
        let width = max(8, rows.map { $0.0.id.count }.max() ?? 0)
        func pad(_ text: String) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
        session.line(style(pad("") + days.map { " " + String($0.weekday.shortName.prefix(2)).capitalized }.joined(), .muted))
        session.line(style(pad("") + days.map { ($0.dayOfMonth < 10 ? "  " : " ") + String($0.dayOfMonth) }.joined(), .muted))
        for (offset, row) in rows.enumerated() {
            let (habit, marks) = row
            let cells = marks.map { mark -> String in
                let symbol = mark.symbol
                switch mark {
                case .done: return "  " + style(symbol, .good)
                case .missed: return "  " + style(symbol, .bad)
                case .skipped, .none: return "  " + style(symbol, .muted)
                }
            }
            let tally = rowTallies[offset]
            let share = tally.due > 0 ? "   \(tally.done)/\(tally.due)" : ""
            session.line(pad(habit.id) + cells.joined() + style(share, .muted))
        }
        let done = tallies.reduce(0) { $0 + $1.done }
        let due = tallies.reduce(0) { $0 + $1.due }
        session.line((pad("mood") + Sparkline.render(moods).map { "  \($0)" }.joined()).trimmingTrailingBlanks)
        session.line((pad("energy") + Sparkline.render(energies).map { "  \($0)" }.joined()).trimmingTrailingBlanks)
        if due > 0 {
            session.line(style("\(done) of \(due) due habit-days done (\(Coach.percent(Double(done) / Double(due))))", .muted))
        }
        return ExitCode.success
    }
}

/// `brain month [--date D]`: a calendar of the month with each day's done/due share.
enum MonthCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "month",
        summary: "the month as a calendar of habits done per day, with mood and energy",
        discussion: """
        Each day shows done/due over every habit due that day (a habit still open on --date is
        left out). Rows start on the vault's week-start. Sparklines: ▁ 1 … █ 5, a space for no score.
        """,
        options: [
            .value("date", "DAY", "a day in the month to show (default today)"),
            .flag("json", "print JSON"),
        ],
        examples: ["brain month", "brain month --date 2026-10-01", "brain month --json"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let (journal, today) = try session.analyticsJournal()
        let grid = MonthGrid(containing: today, weekStart: journal.weekStart)
        let schedules = journal.ordered(journal.schedules(today: today))
        let first = today.startOfMonth
        let count = Day.daysIn(month: grid.month, year: grid.year)
        let days = (0..<count).map { first.adding(days: $0) }
        var tallies: [Day: (done: Int, due: Int)] = [:]
        for day in days where day <= today { tallies[day] = HeatmapLevels.tally(schedules, on: day) }
        let moods = days.map { $0 > today ? nil : journal.checkIn(on: $0)?.mood.map(Double.init) }
        let energies = days.map { $0 > today ? nil : journal.checkIn(on: $0)?.energy.map(Double.init) }
        let done = tallies.values.reduce(0) { $0 + $1.done }
        let due = tallies.values.reduce(0) { $0 + $1.due }
        if arguments.flag("json") {
            try session.json(AJSON.object([
                "schemaVersion": .int(1), "date": .string(today.description),
                "year": .int(grid.year), "month": .int(grid.month), "weekStart": .string(journal.weekStart.name),
                "done": .int(done), "due": .int(due),
                "days": .array(days.enumerated().map { offset, day in
                    let tally = tallies[day]
                    return .object(["date": .string(day.description),
                                    "done": tally.map { .int($0.done) } ?? .null, "due": tally.map { .int($0.due) } ?? .null,
                                    "mood": moods[offset].map { .int(Int($0)) } ?? .null,
                                    "energy": energies[offset].map { .int(Int($0)) } ?? .null])
                }),
            ]))
            return ExitCode.success
        }
        let style = session.style
        session.line(style("\(HeatmapLayout.monthNames[grid.month - 1]) \(grid.year)", .strong))
        let names = (0..<7).map { offset -> String in
            let weekday = Weekday(rawValue: (journal.weekStart.rawValue - 1 + offset) % 7 + 1)!
            return weekday.shortName.capitalized.padding(toLength: 8, withPad: " ", startingAt: 0)
        }
        session.line(style(names.joined(separator: " ").trimmingTrailingBlanks, .muted))
        for week in grid.weeks {
            let cells = week.map { day -> String in
                guard let day else { return String(repeating: " ", count: 8) }
                let number = (day.dayOfMonth < 10 ? " " : "") + String(day.dayOfMonth)
                guard let tally = tallies[day] else { return style(number, .muted) + "      " }
                let share = tally.due == 0 ? "·" : "\(tally.done)/\(tally.due)"
                let level = HeatmapLevels.share(done: tally.done, due: tally.due)
                let role: Style.Role = level == 4 ? .good : level >= 2 ? .accent : .muted
                return number + " " + style(share, role) + String(repeating: " ", count: max(0, 5 - share.count))
            }
            session.line(cells.joined(separator: " ").trimmingTrailingBlanks)
        }
        session.line("")
        session.line(("mood    " + Sparkline.render(moods)).trimmingTrailingBlanks)
        session.line(("energy  " + Sparkline.render(energies)).trimmingTrailingBlanks)
        if due > 0 {
            session.line(style("\(done) of \(due) due habit-days done (\(Coach.percent(Double(done) / Double(due))))", .muted))
        }
        return ExitCode.success
    }
}

extension String {
    var trimmingTrailingBlanks: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
