import BrainFormat
import BrainAnalytics
import BrainStore
import BrainInterchange

/// A habit's page: Habit Rabbit's day, week and month cards, the year grid (`brain heatmap
/// HABIT`), its streaks, strength history, momentum and totals (`brain stats HABIT`), its cue,
/// stack and reminder, and a form to check it off. Every number comes from `HabitPageView`.
extension AppPage {
    static func habitPage(_ view: HabitPageView, message: String? = nil) -> String {
        let habit = view.habit, stats = view.stats
        let id = PercentDecoding.encode(habit.id)
        var out = "<header class=\"day\"><h1>\(Router.html(habit.title))</h1>"
        var every = "every: \(habit.frequency.description)"
        if let target = habit.target {
            every += " · \(habit.isAtMost ? "at most" : "target") \(HabitLine.format(target))\(habit.unit.map { " " + $0 } ?? "")"
        }
        if habit.status != .active { every += " · \(habit.status.rawValue)" }
        out += "<p class=\"muted\">\(Router.html(every))</p></header>\n"
        if let message { out += "<p class=\"note bad\" role=\"alert\">\(Router.html(message))</p>\n" }
        var about: [(String, String)] = []
        if let cue = habit.cue { about.append(("Cue", cue)) }
        if let stack = habit.stack { about.append(("Stack", stack + (habit.after.map { ", after " + $0 } ?? ""))) }
        if !habit.reminders.isEmpty { about.append(("Reminder", habit.reminders.joined(separator: ", "))) }
        if let area = habit.area { about.append(("Area", area)) }
        if !about.isEmpty {
            out += "<dl class=\"about\">" + about.map { "<dt>\($0.0)</dt><dd>\(Router.html($0.1))</dd>" }.joined() + "</dl>\n"
        }
        out += checkOff(view, id: id)
        out += cards(view)
        guard stats.hasStarted else {
            return out + "<p class=\"muted\">Nothing due yet on \(Router.html(stats.date.description)).</p>\n"
        }
        let streaks = stats.streaks
        func count(_ n: Int) -> String { Streaks.describe(n, unit: streaks.unit, blockDays: streaks.blockDays) }
        out += "<section class=\"facts\"><h2>Streaks and strength</h2><dl class=\"numbers\">"
        out += "<dt>Current streak</dt><dd id=\"stat-streak\" data-value=\"\(streaks.current)\">\(Router.html(count(streaks.current)))"
        out += (streaks.currentSince.map { " <span class=\"muted\">since \(Router.html($0.description))</span>" } ?? "") + "</dd>"
        out += "<dt>Best streak</dt><dd id=\"stat-best\" data-value=\"\(streaks.best)\">\(Router.html(count(streaks.best)))</dd>"
        out += "<dt>Done days</dt><dd id=\"stat-repetitions\" data-value=\"\(stats.repetitions)\">\(stats.repetitions)</dd>"
        out += "<dt>Strength</dt><dd id=\"stat-strength\">\(Router.html(Quantity.percent(stats.strength)))"
        if let change = stats.scoreChange, let month = change.month {
            out += " <span class=\"muted\">\(Router.html(points(month))) in 30 days</span>"
        }
        out += "</dd><dt>Momentum</dt><dd id=\"stat-momentum\">"
        out += Router.html(stats.momentum.map { "\(Quantity.percent($0.value)) \($0.label.rawValue)" } ?? "—") + "</dd>"
        out += "<dt>Rates</dt><dd>" + Router.html(stats.rates.named.map { "\($0.name) \(Quantity.percent($0.rate.rate))" }.joined(separator: " · ")) + "</dd>"
        out += "</dl>\n"
        if let history = stats.scoreHistory, !history.points.isEmpty {
            let shown = Array(history.points.suffix(52))
            out += "<p class=\"spark\">" + strengthLine(shown.map(\.score), label: "Strength of \(habit.title) by \(history.by.rawValue) since \(shown[0].start)")
            out += " <span class=\"muted\">by \(history.by.rawValue) from \(Router.html(shown[0].start.description)): "
            out += "\(Router.html(Quantity.percent(shown[0].score))) → \(Router.html(Quantity.percent(shown.last!.score)))</span></p>\n"
        }
        out += "</section>\n"
        out += "<section><h2>\(view.heatmap.year)</h2>\(yearGrid(view.heatmap, title: habit.title))</section>\n"
        if !stats.totals.isEmpty {
            let unit = habit.unit.map { " " + $0 } ?? ""
            let names: [Grouping: String] = [.day: "Today", .week: "This week", .month: "This month", .quarter: "This quarter", .year: "This year"]
            out += "<section><h2>Totals against the target</h2><dl class=\"numbers\">"
            for total in stats.totals {
                let bound = habit.isAtMost ? "at most " : ""
                out += "<dt>\(Router.html(names[total.period] ?? total.period.rawValue))</dt><dd data-period=\"\(total.period.rawValue)\">"
                out += Router.html("\(HabitLine.format(total.amount)) of \(bound)\(HabitLine.format(total.target.rounded()))\(unit)")
                if total.target > 0 { out += " <span class=\"muted\">\(Router.html(Quantity.percent(total.amount / total.target)))</span>" }
                out += "</dd>"
            }
            out += "</dl></section>\n"
        }
        return out
    }

    /// A change in points: `+12 pts`.
    static func points(_ delta: Double) -> String {
        let value = Int((delta * 100).rounded())
        return (value > 0 ? "+" : value < 0 ? "−" : "±") + "\(abs(value)) pts"
    }

    /// Check off (or undo) today, coming back to this page.
    static func checkOff(_ view: HabitPageView, id: String) -> String {
        guard let entry = view.day, !entry.auto else { return "" }
        let back = "<input type=\"hidden\" name=\"back\" value=\"/app/habits/\(Router.html(id))\">"
        let title = Router.html(entry.title)
        var out = "<form method=\"post\" class=\"line flat\" action=\"/app/habits/\(id)/"
        switch entry.state {
        case .done, .skipped:
            out += "undo\">\(back)<button type=\"submit\" aria-label=\"\(title): \(entry.state.rawValue); undo\">Undo today</button></form>\n"
        case .open, .notDue:
            if entry.target != nil {
                out += "done\">\(back)<label>Amount\(entry.unit.map { " (" + Router.html($0) + ")" } ?? "") "
                out += "<input name=\"value\" type=\"number\" inputmode=\"decimal\" min=\"0\" step=\"any\" required></label>"
                out += "<button type=\"submit\">Done</button></form>\n"
            } else {
                out += "done\">\(back)<button type=\"submit\" class=\"primary\">Check off today</button></form>\n"
            }
        }
        return out
    }

    /// Habit Rabbit's cards: this day's state, this week's and this month's done of due.
    static func cards(_ view: HabitPageView) -> String {
        var out = "<div class=\"cards\">"
        out += "<section class=\"card\" id=\"card-day\"><h2>Today</h2>"
        if let entry = view.day {
            let (mark, _) = ReportPage.symbol(entry.state)
            let state = entry.state == .notDue ? "not due" : entry.state.rawValue
            out += "<p class=\"big\"><span class=\"mark\" aria-hidden=\"true\">\(mark)</span> \(Router.html(state))</p>"
            let detail = entry.progressText
            if !detail.isEmpty { out += "<p class=\"muted\">\(Router.html(detail))</p>" }
            if let note = entry.note { out += "<p class=\"muted\">\(Router.html(note))</p>" }
        } else {
            out += "<p class=\"muted\">not on today's list</p>"
        }
        out += "</section>"
        out += "<section class=\"card\" id=\"card-week\"><h2>This week</h2>"
        if let week = view.week {
            out += "<p class=\"big\" data-done=\"\(week.done)\" data-due=\"\(week.due)\">\(week.done)/\(week.due)</p>"
            out += "<p class=\"marks\" aria-label=\"\(Router.html(week.days.map(\.rawValue).joined(separator: ", ")))\">"
            out += week.days.map(\.symbol).joined(separator: " ") + "</p>"
        } else {
            out += "<p class=\"muted\">nothing this week</p>"
        }
        out += "<p class=\"muted\">\(Router.html(view.weekStart.description)) – \(Router.html(view.weekEnd.description))</p></section>"
        let month = view.month
        out += "<section class=\"card\" id=\"card-month\"><h2>\(HeatmapLayout.monthNames[month.month - 1])</h2>"
        out += "<p class=\"big\" data-done=\"\(month.done)\" data-due=\"\(month.due)\">\(month.done)/\(month.due)</p>"
        if month.due > 0 { out += "<p class=\"muted\">\(Router.html(Quantity.percent(Double(month.done) / Double(month.due)))) of due days</p>" }
        out += "</section></div>\n"
        return out
    }

    /// The strength history as a line, 0–100 %, drawn by the server (no script).
    static func strengthLine(_ values: [Double], label: String) -> String {
        let width = 240.0, height = 40.0
        var path = ""
        for (index, value) in values.enumerated() {
            let x = values.count > 1 ? Double(index) / Double(values.count - 1) * width : width / 2
            let y = 2 + (1 - max(0, min(1, value))) * (height - 4)
            path += (path.isEmpty ? "M" : " L") + PathData.number(x) + " " + PathData.number(y)
        }
        return "<svg class=\"strength\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"\(Int(width))\" height=\"\(Int(height))\" role=\"img\" aria-label=\"\(Router.html(label))\">"
            + "<line class=\"base\" x1=\"0\" y1=\"\(Int(height - 2))\" x2=\"\(Int(width))\" y2=\"\(Int(height - 2))\"/>"
            + (path.isEmpty ? "" : "<path d=\"\(path)\"/>") + "</svg>"
    }

    /// The year grid of `brain heatmap HABIT`: weeks as columns from the week-start day.
    static func yearGrid(_ map: HeatmapView, title: String) -> String {
        guard let first = map.days.first?.date, let last = map.days.last?.date else { return "<p class=\"muted\">No days yet.</p>" }
        let layout = HeatmapLayout(from: first, through: last, weekStart: map.firstWeekday)
        let step = 13, size = 11, left = 28, top = 14
        let width = left + layout.columnCount * step, height = top + 7 * step
        // It scrolls sideways on a phone: a keyboard reaches it, and a screen reader names it.
        var out = "<div class=\"scroll\" tabindex=\"0\" role=\"group\" aria-label=\"\(Router.html(title)), scrolls sideways\">"
        out += "<svg class=\"year\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\" role=\"img\" "
        out += "aria-label=\"\(Router.html(title)), \(first) to \(last)\">"
        var lastLabel = -10
        for start in layout.monthStarts where start.column - lastLabel >= 3 {
            out += "<text x=\"\(left + start.column * step)\" y=\"10\">\(HeatmapLayout.monthNames[start.month - 1])</text>"
            lastLabel = start.column
        }
        for (row, weekday) in layout.rowWeekdays.enumerated() where row % 2 == 0 {
            out += "<text x=\"0\" y=\"\(top + row * step + 9)\">\(weekday.shortName.prefix(1).uppercased() + weekday.shortName.dropFirst())</text>"
        }
        for entry in map.days {
            guard let place = layout.position(of: entry.date) else { continue }
            out += "<rect x=\"\(left + place.column * step)\" y=\"\(top + place.row * step)\" width=\"\(size)\" height=\"\(size)\" rx=\"2\" "
            out += "class=\"l\(max(0, min(4, entry.level)))\"><title>\(entry.date) \(ReportPage.describe(level: entry.level))</title></rect>"
        }
        return out + "</svg></div>"
    }
}

extension AppPage {
    /// Every habit (`GET /app/habits`): the rows `brain stats` prints — streak, rate over 30 days,
    /// strength and momentum, an ended habit marked archived — each linking to its page.
    static func habitList(_ table: HabitStatsTable) -> String {
        var out = "<header class=\"day\"><h1>Habits</h1><p class=\"muted\">\(Router.html(table.date.description)) · rates over "
        out += "\(table.range == .all ? "all time" : Router.html(table.range.rawValue))</p></header>\n"
        guard !table.habits.isEmpty else {
            return out + "<p class=\"muted\">No habits yet: <code>brain new habit</code> makes one.</p>\n"
        }
        out += "<section><ul class=\"all\">\n"
        for row in table.habits {
            let streak = Streaks.describe(row.streak.current, unit: row.streak.unit, blockDays: row.streak.blockDays)
            var facts = ["streak \(streak)", "rate \(Quantity.percent(row.rate.rate))", "strength \(Quantity.percent(row.strength))"]
            if let momentum = row.momentum { facts.append("momentum \(Quantity.percent(momentum.value)) \(momentum.label.rawValue)") }
            out += "<li id=\"hl-\(Router.html(row.id))\"><a href=\"/app/habits/\(Router.html(PercentDecoding.encode(row.id)))\">"
            out += Router.html(row.title) + "</a>" + (row.archived ? " <span class=\"pin\">archived</span>" : "")
            out += "<br><span class=\"muted\" data-streak=\"\(row.streak.current)\">\(Router.html(facts.joined(separator: " · ")))</span></li>\n"
        }
        return out + "</ul></section>\n"
    }
}
