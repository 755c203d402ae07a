import BrainKit

/// `brain stats [HABIT]`: one habit's numbers, or a table of every habit.
enum StatsCommand: BrainCommand {
    static let ranges = ["7d", "30d", "90d", "1y", "all"]

    static let spec = CommandSpec(
        name: "stats",
        summary: "streaks, completion rates, strength and momentum of one habit or all of them",
        discussion: """
        With HABIT: current and best streak, completion rates over 7, 30, 90 and 365 days and all
        time, strength (Loop's score), momentum, mood on done days against missed days (shown with
        10 days or more on each side), and achievements. Without: one row per habit with its streak,
        its rate over --range, strength and momentum. Definitions: docs/ANALYTICS.md.
        """,
        positionals: [.init(name: "HABIT", help: "a habit (id, title or alias)", optional: true, completion: .habits)],
        options: [
            .value("range", "RANGE", "the rate window of the table (default 30d)", choices: ranges),
            .value("date", "DAY", "compute as of this day (default today)"),
            .flag("json", "print JSON"),
        ],
        examples: ["brain stats", "brain stats read", "brain stats --range 1y --json"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let (journal, today) = try session.analyticsJournal()
        let json = arguments.flag("json")
        if let name = arguments.positional(0) {
            let habit = try session.habit(name, in: journal)
            return try single(habit, journal: journal, today: today, json: json, session)
        }
        let range = arguments.value("range") ?? "30d"
        let days: Int? = ["7d": 7, "30d": 30, "90d": 90, "1y": 365][range]
        let schedules = journal.schedules(today: today)
        var rows: [[String]] = []
        var items: [AJSON] = []
        for habit in journal.habits {
            guard let schedule = schedules[habit.id.lowercased()] else { continue }
            let streaks = Streaks(schedule: schedule)
            let window = CompletionRates.window(schedule, days: days)
            let strength = HabitStrength.scores(schedule).last
            let momentum = Momentum(schedules: [schedule], today: today)
            rows.append([habit.id, "\(streaks.current) \(unitName(streaks.unit, streaks.current))", rateText(window),
                         strength.map(Coach.percent) ?? "—", momentum?.label.rawValue ?? "—"])
            items.append(.object([
                "id": .string(habit.id), "title": .string(habit.title),
                "streak": streakJSON(streaks), "rate": windowJSON(window),
                "strength": .number(strength), "momentum": momentumJSON(momentum),
            ]))
        }
        let moods = MoodInsights.moods(journal.checkIns)
        let goodDays = MoodInsights.goodDayHabits(journal.habits.compactMap { habit in
            schedules[habit.id.lowercased()].map { MoodInsights.habitMood($0, moods: moods) }
        }).filter { $0.difference! > 0 }
        let weeks = MoodInsights.weeks(checkIns: journal.checkIns, from: today.startOfWeek(journal.weekStart).adding(days: -7 * 7), through: today, weekStart: journal.weekStart)
        if json {
            try session.json(AJSON.object([
                "schemaVersion": .int(1), "date": .string(today.description), "range": .string(range), "habits": .array(items),
                "goodDays": .array(goodDays.map { item in
                    .object(["habit": .string(item.habit), "doneDays": .int(item.doneDays), "missedDays": .int(item.missedDays),
                             "doneMood": .number(item.doneMood), "missedMood": .number(item.missedMood), "difference": .number(item.difference)])
                }),
                "moodByWeek": .array(weeks.map { week in
                    .object(["start": .string(week.start.description), "mood": .number(week.mood), "energy": .number(week.energy),
                             "moodDays": .int(week.moodDays), "energyDays": .int(week.energyDays)])
                }),
            ]))
            return ExitCode.success
        }
        let style = session.style
        session.line(style("Habits on \(today)", .strong) + style(" · rates over \(range == "all" ? "all time" : range)", .muted))
        session.printTable(["habit", "streak", "rate", "strength", "momentum"], rows, rightAligned: [1, 2, 3])
        if weeks.contains(where: { $0.mood != nil || $0.energy != nil }) {
            session.line("")
            session.line(style("Mood and energy by week", .strong))
            for week in weeks {
                session.line("  \(week.start)  mood \(week.mood.map(format) ?? "—")  energy \(week.energy.map(format) ?? "—")")
            }
        }
        session.line("")
        if goodDays.isEmpty {
            session.line(style("Linked to good days: no habit has 10 days with a mood on each side (done and missed) yet", .muted))
        } else {
            session.line(style("Linked to good days", .strong) + style(" (mean mood on done days vs missed days)", .muted))
            for item in goodDays {
                session.line("  \(item.habit)  +\(format(item.difference!))  \(format(item.doneMood!)) on \(item.doneDays) days vs \(format(item.missedMood!)) on \(item.missedDays)")
            }
        }
        return ExitCode.success
    }

    static func single(_ habit: Habit, journal: Journal, today: Day, json: Bool, _ session: Session) throws -> Int32 {
        let stats = HabitStats(habit: habit, history: journal.history(of: habit.id), today: today, weekStart: journal.weekStart)
        let schedule = Schedule(habit: habit, history: journal.history(of: habit.id), today: today, weekStart: journal.weekStart)
        let momentum = schedule.flatMap { Momentum(schedules: [$0], today: today) }
        let mood = schedule.map { MoodInsights.habitMood($0, moods: MoodInsights.moods(journal.checkIns)) }
        let windows: [(String, CompletionRates.Window)] = [("7d", stats.rates.week), ("30d", stats.rates.month),
                                                           ("90d", stats.rates.quarter), ("365d", stats.rates.year),
                                                           ("all", stats.rates.allTime)]
        if json {
            var rates: [String: AJSON] = [:]
            for (name, window) in windows { rates[name] = windowJSON(window) }
            var moodJSON = AJSON.null
            if let mood {
                moodJSON = .object(["doneDays": .int(mood.doneDays), "missedDays": .int(mood.missedDays),
                                    "doneMood": .number(mood.doneMood), "missedMood": .number(mood.missedMood),
                                    "difference": .number(mood.difference), "shown": .bool(mood.isShown)])
            }
            try session.json(AJSON.object([
                "schemaVersion": .int(1), "date": .string(today.description),
                "habit": .object(["id": .string(habit.id), "title": .string(habit.title),
                                  "frequency": .string(habit.frequency.description), "status": .string(habit.status.rawValue)]),
                "streaks": streakJSON(stats.streaks), "rates": .object(rates), "strength": .number(stats.strength),
                "momentum": momentumJSON(momentum), "mood": moodJSON,
                "achievements": .array(stats.achievements.map { achievement in
                    var fields: [String: AJSON] = ["day": .string(achievement.day.description), "text": .string(describe(achievement))]
                    switch achievement.kind {
                    case .streak(let length, let unit):
                        fields["kind"] = .string("streak"); fields["length"] = .int(length); fields["unit"] = .string(unit.rawValue)
                    case .perfectWeek(let start):
                        fields["kind"] = .string("perfect-week"); fields["weekStart"] = .string(start.description)
                    case .completions(let count):
                        fields["kind"] = .string("completions"); fields["count"] = .int(count)
                    }
                    return .object(fields)
                }),
            ]))
            return ExitCode.success
        }
        let style = session.style
        var heading = style(habit.title, .strong) + style("  \(habit.id) · every: \(habit.frequency.description)", .muted)
        if let target = habit.target { heading += style(" · \(habit.isAtMost ? "at most" : "target") \(number(target))\(habit.unit.map { " " + $0 } ?? "")", .muted) }
        if habit.status != .active { heading += style(" · \(habit.status.rawValue)", .warn) }
        session.line(heading)
        if schedule == nil {
            session.line("nothing due yet on \(today)")
            return ExitCode.success
        }
        let streaks = stats.streaks
        var streakText = "\(streaks.current) \(unitName(streaks.unit, streaks.current))"
        if let since = streaks.currentSince { streakText += " since \(since)" }
        session.line(label("streak") + streakText + style(" · best \(streaks.best) \(unitName(streaks.unit, streaks.best))", .muted))
        session.line(label("rates") + windows.map { "\($0.0) \(rateText($0.1))" }.joined(separator: "  "))
        session.line(label("strength") + (stats.strength.map(Coach.percent) ?? "—"))
        session.line(label("momentum") + (momentum.map { "\(Coach.percent($0.value)) \($0.label.rawValue)" } ?? "—"))
        if let mood {
            if mood.isShown, let done = mood.doneMood, let missed = mood.missedMood {
                session.line(label("mood") + "\(format(done)) on \(mood.doneDays) done days, \(format(missed)) on \(mood.missedDays) missed days")
            } else {
                session.line(label("mood") + style("needs 10 days with a mood on each side (done \(mood.doneDays), missed \(mood.missedDays))", .muted))
            }
        }
        if stats.achievements.isEmpty {
            session.line(label("achievements") + "none yet")
        } else {
            session.line("achievements")
            for achievement in stats.achievements {
                session.line("  " + style(achievement.day.description, .muted) + "  " + describe(achievement))
            }
        }
        return ExitCode.success
    }

    static func label(_ text: String) -> String {
        text.padding(toLength: 14, withPad: " ", startingAt: 0)
    }

    static func describe(_ achievement: Achievement) -> String {
        switch achievement.kind {
        case .streak(let length, let unit): return "\(length)-\(String(unit.rawValue.dropLast())) streak"
        case .perfectWeek(let start): return "perfect week of \(start)"
        case .completions(let count): return count == 1 ? "first completion" : "\(count) completions"
        }
    }

    static func unitName(_ unit: Streaks.Unit, _ count: Int) -> String {
        count == 1 ? String(unit.rawValue.dropLast()) : unit.rawValue
    }

    static func rateText(_ window: CompletionRates.Window) -> String {
        window.rate.map(Coach.percent) ?? "—"
    }

    static func streakJSON(_ streaks: Streaks) -> AJSON {
        .object(["current": .int(streaks.current), "best": .int(streaks.best), "unit": .string(streaks.unit.rawValue),
                 "currentSince": streaks.currentSince.map { .string($0.description) } ?? .null])
    }

    static func windowJSON(_ window: CompletionRates.Window) -> AJSON {
        .object(["done": .int(window.done), "due": .int(window.due), "rate": .number(window.rate)])
    }

    static func momentumJSON(_ momentum: Momentum?) -> AJSON {
        guard let momentum else { return .null }
        return .object(["value": .number(momentum.value), "label": .string(momentum.label.rawValue), "countedDays": .int(momentum.countedDays)])
    }
}

/// JSON for the analytics commands: explicit nulls (a schema field is always present) and
/// numbers rounded to 4 decimals so output is stable.
indirect enum AJSON: Encodable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([AJSON])
    case object([String: AJSON])

    static func number(_ value: Double?) -> AJSON {
        guard let value, value.isFinite else { return .null }
        return .double((value * 10_000).rounded() / 10_000)
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .int(let number): try container.encode(number)
        case .double(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .array(let items): try container.encode(items)
        case .object(let fields): try container.encode(fields)
        }
    }
}

/// 3.25 → "3.3", 4 → "4.0".
func format(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
}

/// 20 → "20", 2.5 → "2.5".
func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}

extension Session {
    /// The journal and the day analytics commands compute for (`--date` or today).
    func analyticsJournal() throws -> (Journal, Day) {
        let index = try index()
        let today = try day()
        return (Journal(index: index), today)
    }

    /// Columns padded to their widest cell (by characters); `rightAligned` column indices.
    func printTable(_ header: [String], _ rows: [[String]], rightAligned: Set<Int> = []) {
        var widths = header.map(\.count)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        func render(_ cells: [String]) -> String {
            var parts: [String] = []
            for (column, cell) in cells.enumerated() {
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                parts.append(rightAligned.contains(column) ? pad + cell : (column == cells.count - 1 ? cell : cell + pad))
            }
            return parts.joined(separator: "  ")
        }
        line(style(render(header), .muted))
        for row in rows { line(render(row)) }
    }
}
