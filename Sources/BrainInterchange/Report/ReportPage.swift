import BrainFormat
import BrainAnalytics
import BrainStore

/// The HTML of `brain report`: one self-contained file with inline CSS and SVG, no script and no
/// link to anything outside it, readable from `file://` and printable. Every piece of vault text
/// goes through `HTML.escape`; every number is formatted here.
package struct ReportPage: Sendable {
    package var report: VaultReport
    package var theme: Theme
    /// `auto` carries both variants and lets the browser's `prefers-color-scheme` choose.
    package var appearance: Appearance
    /// Who made the file: `brain 0.1.0`.
    package var generator: String

    package init(report: VaultReport, theme: Theme, appearance: Appearance, generator: String) {
        self.report = report
        self.theme = theme
        self.appearance = appearance
        self.generator = generator
    }

    /// The whole page.
    package func render() -> String {
        let html = HTMLText()
        let title = "\(report.title) — \(report.date)"
        html.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        html.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        html.raw("<meta name=\"color-scheme\" content=\"\(appearance == .auto ? "light dark" : appearance.rawValue)\">\n")
        html.raw("<meta name=\"generator\" content=\"\(HTML.escape(generator))\">\n")
        html.raw("<title>").text(title).raw("</title>\n<style>\n").raw(stylesheet).raw("</style>\n</head>\n")
        html.raw("<body class=\"theme-\(theme.rawValue)\">\n<main>\n")
        header(html)
        todaySection(html)
        organismSection(html)
        habitsSection(html)
        goalsSection(html)
        moodSection(html)
        notesSection(html)
        html.raw("<footer>").text("\(generator) · theme \(theme.title) · \(appearanceText) · \(report.date)").raw("</footer>\n")
        html.raw("</main>\n</body>\n</html>\n")
        return html.text
    }

    package var appearanceText: String {
        switch appearance {
        case .auto: return "light or dark as the reader's system is"
        case .light: return "light"
        case .dark: return "dark"
        }
    }

    // MARK: style

    /// The palette as CSS custom properties.
    package static func variables(_ palette: Palette) -> String {
        var text = "--bg:\(palette.background.hex);--surface:\(palette.surface.hex);--text:\(palette.text.hex);"
        text += "--muted:\(palette.muted.hex);--accent:\(palette.accent.hex);--good:\(palette.good.hex);"
        text += "--warn:\(palette.warn.hex);--bad:\(palette.bad.hex);"
        for (level, color) in palette.levels.enumerated() { text += "--l\(level):\(color.hex);" }
        return text
    }

    package var stylesheet: String {
        let light = ReportPage.variables(theme.palette(.light))
        let dark = ReportPage.variables(theme.palette(.dark))
        var css: String
        switch appearance {
        case .light: css = ":root{\(light)}\n"
        case .dark: css = ":root{\(dark)}\n"
        case .auto: css = ":root{\(light)}\n@media (prefers-color-scheme: dark){:root{\(dark)}}\n"
        }
        // Paper is white: print the light variant whatever the screen shows.
        css += "@media print{:root{\(light)}body{background:#fff}main{max-width:none;padding:0}section{break-inside:avoid;border:1px solid var(--l0)}.habit{break-inside:avoid}}\n"
        css += """
        *{box-sizing:border-box}
        html{-webkit-print-color-adjust:exact;print-color-adjust:exact}
        body{margin:0;background:var(--bg);color:var(--text);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
        main{max-width:1080px;margin:0 auto;padding:24px 20px 40px}
        header h1{margin:0;font-size:1.7rem;color:var(--accent)}
        header p{margin:.2rem 0 0}
        section{background:var(--surface);border-radius:12px;padding:18px 22px;margin:18px 0}
        h2{margin:0 0 .7rem;font-size:1.15rem;color:var(--accent)}
        h3{margin:0;font-size:1rem}
        ul{margin:.3rem 0;padding-left:1.2rem}
        .muted{color:var(--muted)}.good{color:var(--good)}.warn{color:var(--warn)}.bad{color:var(--bad)}
        .row{display:flex;flex-wrap:wrap;gap:6px 24px;align-items:baseline}
        .big{font-size:1.5rem;font-weight:600}
        .habits-today{list-style:none;padding:0;columns:2 280px}
        .habits-today li{break-inside:avoid;padding:1px 0}
        .sym{display:inline-block;width:1.3em;font-weight:700}
        svg{display:block;max-width:100%;height:auto}
        .scroll{direction:rtl;overflow-x:auto;width:fit-content;max-width:100%}
        .scroll>svg{direction:ltr;max-width:none}
        .scroll:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
        svg text{fill:var(--muted);font:10px system-ui,sans-serif}
        .l0{fill:var(--l0)}.l1{fill:var(--l1)}.l2{fill:var(--l2)}.l3{fill:var(--l3)}.l4{fill:var(--l4)}
        .organism{display:grid;grid-template-columns:minmax(0,560px) minmax(220px,1fr);gap:16px 28px;align-items:start}
        @media (max-width:760px){.organism{grid-template-columns:1fr}}
        .stem{stroke:var(--accent);stroke-width:7;fill:none;stroke-linecap:round}
        .limb{stroke:var(--accent);fill:none;stroke-linecap:round}
        .leaf{fill:var(--l1);stroke:var(--good);stroke-width:1.2}
        .leaf.done{fill:var(--good)}
        .bud{fill:var(--l2);stroke:var(--good);stroke-width:1.2}
        .ground{fill:var(--l0)}
        svg .tip{fill:var(--text);font-size:12px}
        table{border-collapse:collapse}
        table.areas{width:100%}
        td,th{text-align:left;padding:3px 10px 3px 0;vertical-align:top}
        th{font-weight:600;color:var(--muted);font-size:.85rem}
        td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
        .habit{border-top:1px solid var(--l0);padding:12px 0 6px}
        .habit:first-of-type{border-top:0}
        .facts{font-size:.9rem}
        .spark{stroke:var(--accent);stroke-width:1.6;fill:none}
        .spark-base{stroke:var(--l0);stroke-width:1}
        .bar{display:inline-block;width:160px;height:9px;border-radius:5px;background:var(--l0);vertical-align:middle;overflow:hidden}
        .bar>span{display:block;height:100%;background:var(--good)}
        .goal{margin:.5rem 0}
        .goal.sub{margin-left:1.6rem}
        .chart .axis{stroke:var(--l0);stroke-width:1}
        .chart .mood{stroke:var(--accent);stroke-width:2;fill:none}
        .chart .energy{stroke:var(--warn);stroke-width:2;fill:none;stroke-dasharray:5 3}
        .chart .mood-dot{fill:var(--accent)}.chart .energy-dot{fill:var(--warn)}
        .key-mood{color:var(--accent)}.key-energy{color:var(--warn)}
        .tags{display:flex;flex-wrap:wrap;gap:6px;list-style:none;padding:0}
        .tags li{background:var(--bg);border:1px solid var(--l1);border-radius:999px;padding:1px 10px;font-size:.9rem}
        .legend{display:inline-flex;gap:3px;vertical-align:middle}
        .legend svg{display:inline}
        footer{margin-top:24px;font-size:.85rem;color:var(--muted);text-align:center}

        """
        return css
    }

    // MARK: sections

    package func header(_ html: HTMLText) {
        let range: String
        switch report.range {
        case .year: range = "the last 365 days"
        case .quarter: range = "the last 90 days"
        case .month: range = "the last 30 days"
        }
        html.raw("<header>\n<h1>").text(report.title).raw("</h1>\n<p class=\"muted\">")
        html.text("\(report.date.weekday.name.capitalized) \(report.date) · \(range), \(report.from) to \(report.date)")
        html.raw("</p>\n</header>\n")
    }

    package func todaySection(_ html: HTMLText) {
        let today = report.today
        html.raw("<section id=\"today\">\n<h2>Today</h2>\n<div class=\"row\">")
        // As `brain today`: a rest day has nothing due, so no count of what was due.
        if today.rest {
            html.raw("<span class=\"big\">Rest day</span>")
        } else {
            html.raw("<span class=\"big\">").text("\(today.tally.done) of \(today.tally.due) done").raw("</span>")
        }
        if let momentum = today.momentum {
            html.raw("<span>").text("momentum \(ReportPage.momentum(momentum))").raw("</span>")
        }
        if today.rest {
            html.raw("<span class=\"muted\">").text((today.restReason.map { "(\($0)) " } ?? "") + "nothing is due, streaks are paused").raw("</span>")
        }
        html.raw("</div>\n")
        // Check-in.
        html.raw("<p>")
        if today.morning.done {
            var parts: [String] = []
            if let mood = today.morning.mood { parts.append("mood \(mood)") }
            if let energy = today.morning.energy { parts.append("energy \(energy)") }
            html.raw("<strong>Morning</strong> <span class=\"good\">✓</span> ").text(parts.isEmpty ? "checked in" : parts.joined(separator: " · "))
        } else {
            html.raw("<strong>Morning</strong> <span class=\"warn\">○</span> ").text("not checked in yet")
        }
        if let mood = today.evening.mood { html.raw(" · <strong>Evening</strong> ").text("mood \(mood)") }
        html.raw("</p>\n")
        if !today.morning.intentions.isEmpty {
            html.raw("<ul class=\"intentions\">")
            for intention in today.morning.intentions { html.raw("<li>").text(intention).raw("</li>") }
            html.raw("</ul>\n")
        }
        let shown = today.groups.flatMap(\.entries)
        if !shown.isEmpty {
            html.raw("<ul class=\"habits-today\">\n")
            for entry in shown {
                let (symbol, tone) = ReportPage.symbol(entry.state)
                html.raw("<li><span class=\"sym \(tone)\">\(symbol)</span>").text(entry.title)
                let extra = entry.progressText
                if !extra.isEmpty { html.raw(" <span class=\"muted\">").text(extra).raw("</span>") }
                if entry.streak.current > 0 {
                    html.raw(" <span class=\"muted\">· ").text(entry.streak.describe(entry.streak.current)).raw("</span>")
                }
                html.raw("</li>\n")
            }
            html.raw("</ul>\n")
        }
        if !today.notDue.isEmpty {
            html.raw("<p class=\"muted\">Not due: ").text(today.notDue.map(\.title).joined(separator: ", ")).raw("</p>\n")
        }
        if let reflection = today.evening.reflection {
            html.raw("<p><strong>Reflection</strong> ").text(reflection).raw("</p>\n")
        }
        if let coach = today.coach {
            html.raw("<p class=\"good\">» ").text(coach).raw("</p>\n")
        }
        html.raw("</section>\n")
    }

    package func organismSection(_ html: HTMLText) {
        let plant = report.organism
        let areas = report.areas
        html.raw("<section id=\"organism\">\n<h2>The organism</h2>\n<div class=\"organism\">\n")
        let label = "A plant with one limb per life area and a leaf per habit" + (plant.restDay ? ", resting calmly on a rest day" : "")
        html.raw("<svg class=\"plant\" viewBox=\"0 0 \(Int(Organism.width)) \(Int(Organism.height))\" width=\"\(Int(Organism.width))\" height=\"\(Int(Organism.height))\" role=\"img\" aria-label=\"").text(label).raw("\">\n")
        html.raw("<ellipse class=\"ground\" cx=\"\(PathData.number(Organism.width / 2))\" cy=\"\(PathData.number(Organism.height - 12))\" rx=\"150\" ry=\"10\"/>\n")
        html.raw("<path class=\"stem\" d=\"\(plant.stemPath)\"/>\n")
        for leaf in plant.stemLeaves { self.leaf(leaf, html) }
        for limb in plant.limbs {
            let width = 2.5 + limb.length / 42
            html.raw("<g class=\"limb-group \(limb.label.rawValue)\" opacity=\"\(ReportPage.fraction(limb.opacity))\">")
            html.raw("<path class=\"limb\" stroke-width=\"\(PathData.number(width))\" d=\"\(limb.path)\"><title>")
            html.text("\(limb.title): \(limb.label.rawValue)" + (limb.vitality.map { ", \(Quantity.percent($0)) over 7 days" } ?? ""))
            html.raw("</title></path>\n")
            for leaf in limb.leaves { self.leaf(leaf, html) }
            if limb.isBud {
                html.raw("<path class=\"bud\" d=\"\(PathData.of(limb.bud, close: true))\"><title>")
                html.text("\(limb.title): no habits yet").raw("</title></path>\n")
            }
            let caption = limb.caption
            html.raw("<text class=\"tip\" x=\"\(PathData.number(caption.x))\" y=\"\(PathData.number(caption.baseline))\" text-anchor=\"\(caption.anchor.rawValue)\">")
            html.text(caption.text).raw("</text></g>\n")
        }
        html.raw("</svg>\n<div>\n")
        html.raw("<p><span class=\"big\">").text(Quantity.percent(areas.identityScore)).raw("</span> <span class=\"muted\">identity score</span></p>\n")
        html.raw("<table class=\"areas\"><tr><th>area</th><th>7&nbsp;days</th><th>vitality</th></tr>\n")
        for area in areas.areas {
            let tone = area.label == .thriving ? "good" : area.label == .fading ? "warn" : area.label == .dormant ? "bad" : "muted"
            html.raw("<tr><td>").text(area.title)
            if let identity = area.identity { html.raw("<br><span class=\"muted\">").text(identity).raw("</span>") }
            html.raw("</td><td class=\"num\">").text(Quantity.percent(area.consistency)).raw("</td><td class=\"\(tone)\">")
            html.text(area.label.rawValue).raw("</td></tr>\n")
        }
        html.raw("</table>\n<p class=\"muted\">")
        html.text("Thriving ≥ 70 % of the area's habits kept over 7 days: long and upright, in the middle; fading: dimmer and leaning out; dormant below 30 %: short and curled, resting, not dying; an area with no habits yet: a bud. Filled leaves were done today.")
        html.raw("</p>\n</div>\n</div>\n</section>\n")
    }

    package func leaf(_ leaf: Organism.Leaf, _ html: HTMLText) {
        html.raw("<path class=\"leaf\(leaf.done ? " done" : "")\" d=\"\(leaf.path)\"><title>")
        html.text("\(leaf.title): \(leaf.done ? "done today" : "not done today")").raw("</title></path>\n")
    }

    package func habitsSection(_ html: HTMLText) {
        html.raw("<section id=\"habits\">\n<h2>Habits</h2>\n")
        let days = report.days
        html.raw("<div class=\"habit all\"><h3>All habits</h3>\n")
        grid(days: days, label: "All habits", html) { index in
            let count = report.allCounts[index]
            // A day with nothing due has no "0 of 0": a rest day says so, as `brain today` does.
            let words = count.due > 0 ? "\(count.done) of \(count.due) done"
                : (report.restDays.contains(days[index]) ? "rest day" : "nothing due") + (count.done > 0 ? ", \(count.done) done" : "")
            return (report.allLevels[index], words)
        }
        let rate = report.allDue > 0 ? " (\(Quantity.percent(Double(report.allDone) / Double(report.allDue))))" : ""
        html.raw("<p class=\"facts muted\">").text("\(report.allDone) of \(report.allDue) due habit-days done\(rate)").raw(" ")
        legend(html)
        html.raw("</p></div>\n")
        for habit in report.habits {
            html.raw("<div class=\"habit\" id=\"habit-").text(habit.id).raw("\"><h3>").text(habit.title)
            html.raw(" <span class=\"muted\">").text("every: \(habit.every)" + (habit.status == .active ? "" : " · \(habit.status.rawValue)")).raw("</span></h3>\n")
            grid(days: days, label: habit.title, html) { index in
                guard let level = habit.levels[index] else { return nil }
                return (level, ReportPage.describe(level: level))
            }
            let row = habit.row
            var facts: [String] = []
            let unit = row.streak.unit
            facts.append("streak \(Streaks.describe(row.streak.current, unit: unit, blockDays: row.streak.blockDays)), best \(Streaks.describe(row.streak.best, unit: unit, blockDays: row.streak.blockDays))")
            facts.append("\(habit.doneDays) done \(habit.doneDays == 1 ? "day" : "days"), rate \(Quantity.percent(row.rate.rate))")
            facts.append("strength \(Quantity.percent(row.strength))")
            if let momentum = row.momentum { facts.append("momentum \(Quantity.percent(momentum.value)) \(momentum.label.rawValue)") }
            html.raw("<div class=\"row facts\"><span>").text(facts.joined(separator: " · ")).raw("</span>")
            sparkline(habit.strength, label: "strength of \(habit.title)", html)
            html.raw("</div></div>\n")
        }
        html.raw("<p class=\"muted\">").text(HabitStrength.legend).raw("<br>").text(Momentum.legend).raw("</p>\n</section>\n")
    }

    /// A contribution grid of `days`: weeks as columns from the week-start day, a cell per day;
    /// `cell` gives a day's level and words, nil for a blank.
    package func grid(days: [Day], label: String, _ html: HTMLText, cell: (Int) -> (Int, String)?) {
        guard let first = days.first, let last = days.last else { return }
        let layout = HeatmapLayout(from: first, through: last, weekStart: report.weekStart)
        let step = 13, size = 11, left = 28, top = 14
        let width = left + layout.columnCount * step
        let height = top + 7 * step
        // Never shrunk: on a narrow screen the grid scrolls, showing its latest weeks first. The
        // scrolling box takes the focus, so the arrow keys scroll it as a finger does.
        html.raw("<div class=\"scroll\" tabindex=\"0\" role=\"group\" aria-label=\"").text("\(label), scrolls sideways").raw("\"><svg class=\"grid\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\" role=\"img\" aria-label=\"").text("\(label), \(first) to \(last)").raw("\">\n")
        var lastLabel = -10
        for start in layout.monthStarts where start.column - lastLabel >= 3 {
            html.raw("<text x=\"\(left + start.column * step)\" y=\"10\">\(HeatmapLayout.monthNames[start.month - 1])</text>")
            lastLabel = start.column
        }
        for (row, weekday) in layout.rowWeekdays.enumerated() where row % 2 == 0 {
            html.raw("<text x=\"0\" y=\"\(top + row * step + 9)\">\(weekday.shortName.prefix(1).uppercased() + weekday.shortName.dropFirst())</text>")
        }
        html.raw("\n")
        for (index, day) in days.enumerated() {
            guard let (level, words) = cell(index), let place = layout.position(of: day) else { continue }
            html.raw("<rect x=\"\(left + place.column * step)\" y=\"\(top + place.row * step)\" width=\"\(size)\" height=\"\(size)\" rx=\"2\" class=\"l\(max(0, min(4, level)))\"><title>\(day) ")
            html.text(words).raw("</title></rect>")
            if index % 7 == 6 { html.raw("\n") }
        }
        html.raw("\n</svg></div>\n")
    }

    package func legend(_ html: HTMLText) {
        html.raw("<span class=\"legend\">less ")
        for level in 0...4 {
            html.raw("<svg width=\"11\" height=\"11\" viewBox=\"0 0 11 11\" aria-hidden=\"true\"><rect width=\"11\" height=\"11\" rx=\"2\" class=\"l\(level)\"/></svg>")
        }
        html.raw(" more</span>")
    }

    /// A line of the strength history, 0–100 %.
    package func sparkline(_ values: [Double?], label: String, _ html: HTMLText) {
        let width = 240.0, height = 36.0
        let stride = max(1, values.count / 120)
        var path = ""
        var pen = false
        for index in Swift.stride(from: 0, to: values.count, by: stride) {
            guard let value = values[index] else {
                pen = false
                continue
            }
            let x = Double(index) / Double(max(1, values.count - 1)) * width
            let y = 2 + (1 - value) * (height - 4)
            path += (pen ? " L" : (path.isEmpty ? "M" : " M")) + PathData.number(x) + " " + PathData.number(y)
            pen = true
        }
        html.raw("<svg class=\"sparkline\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"\(Int(width))\" height=\"\(Int(height))\" role=\"img\" aria-label=\"").text(label).raw("\">")
        html.raw("<line class=\"spark-base\" x1=\"0\" y1=\"\(Int(height - 2))\" x2=\"\(Int(width))\" y2=\"\(Int(height - 2))\"/>")
        if !path.isEmpty { html.raw("<path class=\"spark\" d=\"\(path)\"/>") }
        html.raw("</svg>")
    }

    package func goalsSection(_ html: HTMLText) {
        let view = report.goals
        html.raw("<section id=\"goals\">\n<h2>Goals</h2>\n")
        if view.goals.isEmpty { html.raw("<p class=\"muted\">No goals yet.</p>\n") }
        var printed = Set<String>()
        func show(_ goal: GoalsView.Entry, depth: Int) {
            guard printed.insert(goal.id.lowercased()).inserted else { return }
            let progress = max(0, min(1, goal.progress ?? 0))
            html.raw("<div class=\"goal\(depth > 0 ? " sub" : "")\"><strong>").text(goal.title).raw("</strong> ")
            html.raw("<span class=\"bar\"><span style=\"width:\(PathData.number(progress * 100))%\"></span></span> ")
            html.text(Quantity.percent(goal.progress)).raw(" <span class=\"\(goal.label == .complete ? "good" : "muted")\">")
            html.text(goal.status == .dropped ? "dropped" : goal.label.rawValue).raw("</span>")
            if let overdue = goal.overdueText { html.raw(" · <span class=\"warn\">").text(overdue).raw("</span>") }
            let parts = goal.partsText(today: view.date)
            if !parts.isEmpty { html.raw("<br><span class=\"muted\">").text(parts.joined(separator: " · ")).raw("</span>") }
            if let effort = goal.effortText { html.raw("<br><span class=\"muted\">").text(effort).raw("</span>") }
            if goal.status == .active, let pace = goal.paceText(today: view.date) {
                html.raw("<br><span class=\"\(pace.isNote ? "muted" : "")\">").text(pace.text)
                if let verdict = pace.verdict {
                    html.raw(", <span class=\"\(pace.tone == .warn ? "warn" : "good")\">").text(verdict).raw("</span>")
                }
                html.raw("</span>")
            }
            html.raw("</div>\n")
            for child in goal.children {
                if let entry = view.goal(child) { show(entry, depth: depth + 1) }
            }
        }
        for root in view.roots { show(root, depth: 0) }
        html.raw("</section>\n")
    }

    package func moodSection(_ html: HTMLText) {
        let points = report.mood
        html.raw("<section id=\"mood\">\n<h2>Mood and energy</h2>\n")
        if points.contains(where: { $0.mood != nil || $0.energy != nil }) {
            html.raw("<p class=\"muted\"><span class=\"key-mood\">━ mood</span> · <span class=\"key-energy\">╍ energy</span> · ")
            html.text(report.moodByWeek ? "weekly means, 1–5" : "each day, 1–5").raw("</p>\n")
            chart(points, html)
        } else {
            html.raw("<p class=\"muted\">No mood or energy recorded in this range.</p>\n")
        }
        html.raw("<h3>Linked to good days</h3>\n")
        if report.goodDays.isEmpty {
            html.raw("<p class=\"muted\">No habit has 10 days with a mood on each side (done and missed) yet.</p>\n")
        } else {
            let titles = Dictionary(report.habits.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
            html.raw("<p class=\"muted\">Mean mood on done days against missed days.</p>\n<table class=\"links\">\n")
            for item in report.goodDays {
                guard let difference = item.difference, let done = item.doneMood, let missed = item.missedMood else { continue }
                html.raw("<tr><td>").text(titles[item.habit] ?? item.habit).raw("</td><td class=\"num good\">")
                html.text("+" + Quantity.tenths(difference)).raw("</td><td class=\"muted\">")
                html.text("\(Quantity.tenths(done)) on \(item.doneDays) days vs \(Quantity.tenths(missed)) on \(item.missedDays)").raw("</td></tr>\n")
            }
            html.raw("</table>\n")
        }
        html.raw("</section>\n")
    }

    package func chart(_ points: [VaultReport.MoodPoint], _ html: HTMLText) {
        let width = 720.0, height = 190.0, left = 24.0, right = 8.0, top = 8.0, bottom = 26.0
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        func x(_ index: Int) -> Double { left + (points.count > 1 ? Double(index) / Double(points.count - 1) : 0.5) * plotWidth }
        func y(_ value: Double) -> Double { top + (5 - value) / 4 * plotHeight }
        html.raw("<svg class=\"chart\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"\(Int(width))\" height=\"\(Int(height))\" role=\"img\" aria-label=\"mood and energy\">\n")
        for level in 1...5 {
            let lineY = PathData.number(y(Double(level)))
            html.raw("<line class=\"axis\" x1=\"\(Int(left))\" y1=\"\(lineY)\" x2=\"\(Int(width - right))\" y2=\"\(lineY)\"/>")
            html.raw("<text x=\"6\" y=\"\(PathData.number(y(Double(level)) + 3))\">\(level)</text>")
        }
        html.raw("\n")
        var labelled = -100
        for (index, point) in points.enumerated() where point.start.dayOfMonth <= (report.moodByWeek ? 7 : 1) || index == 0 {
            let position = x(index)
            guard position - Double(labelled) > 40 else { continue }
            html.raw("<text x=\"\(PathData.number(position))\" y=\"\(Int(height - 4))\" text-anchor=\"middle\">\(HeatmapLayout.monthNames[point.start.month - 1]) \(point.start.dayOfMonth)</text>")
            labelled = Int(position)
        }
        for (name, value) in [("mood", { (point: VaultReport.MoodPoint) in point.mood }), ("energy", { $0.energy })] {
            var path = ""
            var pen = false
            var dots = ""
            for (index, point) in points.enumerated() {
                guard let v = value(point) else {
                    pen = false
                    continue
                }
                let px = PathData.number(x(index)), py = PathData.number(y(v))
                path += (pen ? " L" : (path.isEmpty ? "M" : " M")) + px + " " + py
                pen = true
                if points.count <= 60 { dots += "<circle class=\"\(name)-dot\" cx=\"\(px)\" cy=\"\(py)\" r=\"2.5\"/>" }
            }
            if !path.isEmpty { html.raw("\n<path class=\"\(name)\" d=\"\(path)\"/>") }
            html.raw(dots)
        }
        html.raw("\n</svg>\n")
    }

    package func notesSection(_ html: HTMLText) {
        html.raw("<section id=\"notes\">\n<h2>Pinned notes and tags</h2>\n")
        if report.pinned.isEmpty {
            html.raw("<p class=\"muted\">Nothing pinned.</p>\n")
        } else {
            html.raw("<ul class=\"pinned\">\n")
            for note in report.pinned {
                html.raw("<li>").text(note.title).raw(" <span class=\"muted\">").text(note.path).raw("</span></li>\n")
            }
            html.raw("</ul>\n")
        }
        if report.tags.isEmpty {
            html.raw("<p class=\"muted\">No tags.</p>\n")
        } else {
            html.raw("<ul class=\"tags\">\n")
            for tag in report.tags {
                html.raw("<li>#").text(tag.name).raw(" <span class=\"muted\">\(tag.count)</span></li>\n")
            }
            html.raw("</ul>\n")
            if report.tagCount > report.tags.count {
                html.raw("<p class=\"muted\">").text("The \(report.tags.count) most used of \(report.tagCount) tags.").raw("</p>\n")
            }
        }
        html.raw("</section>\n")
    }

    // MARK: words

    /// Momentum as every view prints it: "83 % on fire".
    package static func momentum(_ momentum: Momentum) -> String {
        "\(Quantity.percent(momentum.value)) \(momentum.label.rawValue)"
    }

    /// The symbols of `brain today`.
    package static func symbol(_ state: DayOverview.State) -> (String, String) {
        switch state {
        case .done: return ("✓", "good")
        case .skipped: return ("–", "muted")
        case .open: return ("○", "warn")
        case .notDue: return ("·", "muted")
        }
    }

    /// A habit's heatmap level in words, as `brain heatmap` explains them.
    package static func describe(level: Int) -> String {
        switch level {
        case 4: return "done"
        case 3: return "at least half the target"
        case 2: return "some of the target"
        case 1: return "skipped or rest"
        default: return "not done"
        }
    }

    /// An opacity: `1`, `0.55`.
    package static func fraction(_ value: Double) -> String {
        let hundredths = Int((max(0, min(1, value)) * 100).rounded())
        if hundredths == 100 { return "1" }
        return hundredths % 10 == 0 ? "0.\(hundredths / 10)" : (hundredths < 10 ? "0.0\(hundredths)" : "0.\(hundredths)")
    }
}

/// Text being built: `raw` for markup made here, `text` for everything else (escaped). A class,
/// so calls chain left to right (`html.raw("<p>").text(title).raw("</p>")`) on one buffer.
package final class HTMLText {
    package private(set) var text = ""

    package init() {
        text.reserveCapacity(1 << 20)
    }

    @discardableResult
    package func raw(_ markup: String) -> HTMLText {
        text += markup
        return self
    }

    @discardableResult
    package func text(_ content: String) -> HTMLText {
        text += HTML.escape(content)
        return self
    }
}
