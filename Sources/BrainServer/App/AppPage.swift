import BrainFormat
import BrainAnalytics
import BrainInterchange

/// The web app's HTML (docs/WEBAPP.md): pages rendered from the view values the command line
/// prints (`DayOverview` for Today), with every piece of vault text escaped. Every action is a
/// form that posts and redirects, so the pages work without JavaScript; `app.js` (served, never
/// inline) makes taps instant and applies live updates.
struct AppPage {
    var title: String
    /// Which tab of the navigation is this page's.
    var tab: String
    var theme: Theme
    var appearance: Appearance
    var body: String

    /// The whole document.
    var html: String {
        let scheme: String
        switch appearance {
        case .auto: scheme = "light dark"
        case .light: scheme = "light"
        case .dark: scheme = "dark"
        }
        let light = theme.palette(.light).background.hex, dark = theme.palette(.dark).background.hex
        let themeColor: String
        switch appearance {
        case .auto:
            themeColor = "<meta name=\"theme-color\" media=\"(prefers-color-scheme: light)\" content=\"\(light)\">"
                + "<meta name=\"theme-color\" media=\"(prefers-color-scheme: dark)\" content=\"\(dark)\">"
        case .light: themeColor = "<meta name=\"theme-color\" content=\"\(light)\">"
        case .dark: themeColor = "<meta name=\"theme-color\" content=\"\(dark)\">"
        }
        let tabs = [("today", "/app", "Today"), ("checkin", "/app/checkin", "Check-in"), ("habits", "/app/habits", "Habits"), ("goals", "/app/goals", "Goals"), ("notes", "/app/notes", "Notes"), ("report", "/app/report", "Report")]
        let nav = tabs.map { id, href, name in
            "<a href=\"\(href)\"\(id == tab ? " aria-current=\"page\"" : "")>\(name)</a>"
        }.joined()
        return """
            <!doctype html>
            <html lang="en" data-theme="\(theme.rawValue)" data-appearance="\(appearance.rawValue)">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
            <meta name="color-scheme" content="\(scheme)">\(themeColor)
            <title>\(Router.html(title)) · Brain</title>
            <link rel="manifest" href="/app/manifest.webmanifest" crossorigin="use-credentials">
            <link rel="icon" href="/app/icon.svg" type="image/svg+xml"><link rel="apple-touch-icon" href="/app/apple-touch-icon.png">
            <link rel="stylesheet" href="/app/app.css"><script src="/app/app.js" defer></script><script src="/app/offline.js" defer></script></head>
            <body><a class="skip" href="#main">Skip to content</a>
            <nav aria-label="Pages">\(nav)</nav>
            <p id="offline" class="offline" role="status" hidden>The server cannot be reached: this is the last state seen.</p>
            <main id="main">
            \(body)</main>
            \(AppAssets.signOutForm)
            </body></html>

            """
    }

    // MARK: Today

    /// The day: the check-in state, habits by stack with their forms, the rest day, momentum,
    /// pinned notes and the coach line.
    static func today(_ overview: DayOverview, message: String? = nil) -> String {
        var out = "<header class=\"day\"><h1>Today <span class=\"muted\">\(Router.html(overview.day.description))</span></h1>"
        if let momentum = overview.momentum {
            out += "<p class=\"momentum\">momentum <strong>\(Router.html(ReportPage.momentum(momentum)))</strong></p>"
        }
        out += "</header>\n"
        if let message { out += "<p class=\"note bad\" role=\"alert\">\(Router.html(message))</p>\n" }
        out += checkInLine(overview)
        if overview.rest {
            let reason = overview.restReason.map { " (\(Router.html($0)))" } ?? ""
            out += "<p class=\"rest\"><strong>Rest day</strong>\(reason): nothing is due, streaks are paused.</p>\n"
        }
        // A stack under its name, in chain order; the habits of no stack by area, as `brain today`.
        var sections: [(heading: String, entries: [DayOverview.Entry])] = []
        for group in overview.groups {
            if let stack = group.stack {
                sections.append((Router.html(stack) + (group.anchor.map { " <span class=\"muted\">after \(Router.html($0))</span>" } ?? ""), group.entries))
                continue
            }
            for entry in group.entries {
                let heading = Router.html(entry.area ?? "Other habits")
                if sections.last?.heading == heading { sections[sections.count - 1].entries.append(entry) } else { sections.append((heading, [entry])) }
            }
        }
        for section in sections {
            out += "<section class=\"group\"><h2>\(section.heading)</h2>\n<ul class=\"habits\">\n"
            for entry in section.entries { out += habit(entry, day: overview.day) }
            out += "</ul></section>\n"
        }
        if overview.groups.isEmpty && overview.notDue.isEmpty {
            out += "<p class=\"muted\">No habits yet: <code>brain new habit</code> makes one.</p>\n"
        }
        if !overview.notDue.isEmpty {
            out += "<details class=\"notdue\"><summary>Not due today (\(overview.notDue.count))</summary><ul class=\"habits\">\n"
            for entry in overview.notDue { out += habit(entry, day: overview.day) }
            out += "</ul></details>\n"
        }
        if !overview.pinned.isEmpty {
            out += "<section><h2>Pinned</h2><ul class=\"pins\">"
            for note in overview.pinned { out += "<li><a href=\"\(Router.html(notePath(note.path)))\">\(Router.html(note.title))</a></li>" }
            out += "</ul></section>\n"
        }
        if let coach = overview.coach {
            out += "<p class=\"coach\">» \(Router.html(coach))</p>\n"
        }
        return out
    }

    static func checkInLine(_ overview: DayOverview) -> String {
        var parts: [String] = []
        if overview.morning.done {
            var morning = "Morning ✓"
            if let mood = overview.morning.mood { morning += " mood \(mood)/5" }
            if let energy = overview.morning.energy { morning += " energy \(energy)/5" }
            parts.append(morning)
        } else {
            parts.append("Morning check-in open")
        }
        if let mood = overview.evening.mood {
            parts.append("evening ✓ mood \(mood)/5")
        } else if overview.evening.reflection != nil {
            parts.append("evening ✓")
        }
        var out = "<p class=\"checkin\"><a href=\"/app/checkin\">\(Router.html(parts.joined(separator: " · ")))</a></p>\n"
        if !overview.morning.intentions.isEmpty {
            out += "<ul class=\"intentions\" aria-label=\"Intentions\">"
            for intention in overview.morning.intentions { out += "<li>\(Router.html(intention))</li>" }
            out += "</ul>\n"
        }
        return out
    }

    /// One habit: its one-tap form (a number pad for a measurable one), skip with a reason, undo.
    static func habit(_ entry: DayOverview.Entry, day: Day) -> String {
        let id = PercentDecoding.encode(entry.id)
        let action = "/app/habits/\(id)"
        let title = Router.html(entry.title)
        let progress = entry.progressText
        let detail = [progress, entry.streak.current > 0 ? "streak " + entry.streak.describe(entry.streak.current) : "",
                      entry.state == .skipped ? "skipped" + (entry.note.map { ": " + $0 } ?? "") : "",
                      entry.reason.map { $0.rawValue } ?? ""]
            .filter { !$0.isEmpty }.map(Router.html).joined(separator: " · ")
        let mark: String
        switch entry.state {
        case .done: mark = "✓"
        case .skipped: mark = "–"
        case .open, .notDue: mark = ""
        }
        var out = "<li class=\"habit \(entry.state == .notDue ? "notdue" : entry.state.rawValue)\" id=\"h-\(Router.html(entry.id))\" data-habit=\"\(Router.html(entry.id))\">\n"
        let label = "<span class=\"mark\" aria-hidden=\"true\">\(mark)</span><span class=\"name\">\(title)</span>"
            + (detail.isEmpty ? "" : "<span class=\"detail\">\(detail)</span>")
            + (entry.cue.map { "<span class=\"detail cue\">\(Router.html($0))</span>" } ?? "")
        let measurable = entry.target != nil && !entry.auto
        if entry.state == .done || entry.state == .skipped {
            out += "<form method=\"post\" action=\"\(action)/undo\" class=\"tap\" data-instant=\"undo\">"
            out += "<button type=\"submit\" class=\"row\" aria-label=\"\(title): \(entry.state.rawValue); undo\">\(label)</button></form>\n"
            if measurable, entry.state == .done {
                out += pad(entry, action: action, summary: "+ Add")
            }
        } else if entry.auto {
            out += "<div class=\"row static\">\(label)</div>\n"
        } else if measurable {
            out += pad(entry, action: action, summary: nil, label: label)
        } else {
            out += "<form method=\"post\" action=\"\(action)/done\" class=\"tap\" data-instant=\"done\">"
            out += "<button type=\"submit\" class=\"row\" aria-label=\"Check off \(title)\">\(label)</button></form>\n"
        }
        if entry.state == .open && !entry.auto {
            out += "<details class=\"skipper\"><summary aria-label=\"Skip \(title)\">Skip</summary>"
            out += "<form method=\"post\" action=\"\(action)/skip\" class=\"line\">"
            out += "<label>Reason <input name=\"reason\" autocomplete=\"off\" maxlength=\"200\"></label>"
            out += "<button type=\"submit\">Skip</button></form></details>\n"
        }
        out += "<a class=\"more\" href=\"/app/habits/\(id)\" aria-label=\"\(title): its page\">›</a>\n"
        return out + "</li>\n"
    }

    /// The number pad of a measurable habit: its unit and target, Done (sets the amount) and Add.
    static func pad(_ entry: DayOverview.Entry, action: String, summary: String?, label: String? = nil) -> String {
        let title = Router.html(entry.title)
        let unit = Router.html(entry.unit ?? "")
        let target = entry.target.map { " of \(HabitLine.format($0))" } ?? ""
        let head = label.map { "<span class=\"row\">\($0)</span>" } ?? Router.html(summary ?? "")
        var out = "<details class=\"pad\"><summary aria-label=\"Enter an amount for \(title)\">\(head)</summary>"
        out += "<form method=\"post\" action=\"\(action)/done\" class=\"line\" data-instant=\"amount\">"
        out += "<label>Amount\(unit.isEmpty ? "" : " (" + unit + ")")\(Router.html(target)) "
        out += "<input name=\"value\" type=\"number\" inputmode=\"decimal\" min=\"0\" step=\"any\" required></label>"
        out += "<button type=\"submit\">Done</button>"
        out += "<button type=\"submit\" name=\"add\" value=\"1\">+ Add</button></form></details>\n"
        return out
    }

    // MARK: Check-in

    /// The morning and evening forms, filled with what the day's check-in holds.
    static func checkIn(_ overview: DayOverview, message: String? = nil) -> String {
        var out = "<header class=\"day\"><h1>Check-in <span class=\"muted\">\(Router.html(overview.day.description))</span></h1></header>\n"
        if let message { out += "<p class=\"note bad\" role=\"alert\">\(Router.html(message))</p>\n" }
        out += "<section><h2>Morning</h2><form method=\"post\" action=\"/app/checkin/morning\" class=\"stack\">\n"
        out += scale("mood", "Mood", overview.morning.mood, prefix: "m")
        out += scale("energy", "Energy", overview.morning.energy, prefix: "m")
        if !overview.morning.intentions.isEmpty {
            out += "<ul class=\"intentions\" aria-label=\"Intentions so far\">"
            for intention in overview.morning.intentions { out += "<li>\(Router.html(intention))</li>" }
            out += "</ul>\n"
        }
        out += "<label>An intention <input name=\"intention\" autocomplete=\"off\" maxlength=\"500\"></label>\n"
        out += "<label>Another <input name=\"intention\" autocomplete=\"off\" maxlength=\"500\"></label>\n"
        out += "<button type=\"submit\">Save the morning</button></form></section>\n"
        out += "<section><h2>Evening</h2><form method=\"post\" action=\"/app/checkin/evening\" class=\"stack\">\n"
        out += scale("mood", "Mood", overview.evening.mood, prefix: "e")
        if let reflection = overview.evening.reflection {
            out += "<blockquote class=\"reflection\">\(Router.html(reflection).replacingOccurrences(of: "\n", with: "<br>"))</blockquote>\n"
        }
        out += "<label>Reflection <textarea name=\"reflection\" rows=\"5\" maxlength=\"5000\"></textarea></label>\n"
        out += "<button type=\"submit\">Save the evening</button></form></section>\n"
        return out
    }

    /// Five radio buttons, 1–5, as one labelled group.
    static func scale(_ name: String, _ legend: String, _ value: Int?, prefix: String) -> String {
        var out = "<fieldset class=\"scale\"><legend>\(legend)</legend>"
        for number in 1...5 {
            let id = "\(prefix)-\(name)-\(number)"
            out += "<input type=\"radio\" name=\"\(name)\" value=\"\(number)\" id=\"\(id)\"\(value == number ? " checked" : "")>"
            out += "<label for=\"\(id)\">\(number)</label>"
        }
        return out + "</fieldset>\n"
    }
}
