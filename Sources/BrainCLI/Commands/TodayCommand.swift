import BrainKit
import Foundation

/// `brain today [--date D] [--json]`: the day at a glance.
enum TodayCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "today",
        summary: "the day at a glance: check-in, habits by stack, reflection, pinned notes",
        discussion: """
        Shows the morning check-in (mood, energy, intentions), every habit due that day grouped by
        stack in chain order (✓ done, – skipped, ○ open), the habits not due (·), the evening
        reflection, pinned notes and one line from the coach. A rest day shows nothing due.
        The day follows day-starts-at; --date shows another day as it stood then.
        """,
        options: [
            .value("date", "D", "the day to show: today, yesterday, -N, YYYY-MM-DD or a weekday name"),
            .flag("json", "print JSON (schemaVersion 1)"),
        ],
        examples: ["brain today", "brain today --date yesterday", "brain today --json"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let index = try session.index()
        let day = try session.day()
        let overview = DayOverview(index: index, journal: Journal(index: index), day: day)
        if arguments.flag("json") {
            try session.json(TodayJSON(overview))
            return ExitCode.success
        }
        for line in render(overview, style: session.style) { session.line(line) }
        return ExitCode.success
    }

    static let width = 80

    static func render(_ overview: DayOverview, style: Style) -> [String] {
        var out: [String] = []
        let day = overview.day
        var title = "\(day.weekday.name.capitalized) \(day)"
        if overview.rest { title += "  · rest day" }
        let momentum = overview.momentum.map { "momentum \(Format.ratio($0.value)) \($0.label.rawValue)" } ?? ""
        out.append(momentum.isEmpty ? style(title, .strong)
            : style(title, .strong) + pad("", width - title.count - momentum.count) + style(momentum, .accent))

        // Morning
        out.append("")
        if overview.morning.done {
            var parts: [String] = []
            if let mood = overview.morning.mood { parts.append("mood \(mood)") }
            if let energy = overview.morning.energy { parts.append("energy \(energy)") }
            out.append(style("Morning", .strong) + "  " + style("✓", .good) + " " + (parts.isEmpty ? "checked in" : parts.joined(separator: " · ")))
            for intention in overview.morning.intentions {
                out.append(clip("  - " + intention))
            }
        } else {
            out.append(style("Morning", .strong) + "  " + style("○", .warn) + " not checked in yet"
                + (overview.hasCheckIn ? "" : style(" (no daily file)", .muted)))
        }

        // Habits
        out.append("")
        if overview.rest {
            let reason = overview.restReason.map { " (\($0))" } ?? ""
            out.append(style("Rest day", .strong) + reason + ": nothing is due, streaks are paused.")
        }
        let shown = overview.groups.flatMap(\.entries)
        let dueCount = shown.filter { $0.due || $0.state == .skipped }.count
        let doneCount = shown.filter { $0.state == .done && $0.due }.count
        if overview.entries.isEmpty {
            out.append(style("Habits", .strong) + "  none yet (brain new habit \"Title\" --every day)")
        } else if !overview.rest {
            out.append(style("Habits", .strong) + "  \(doneCount) of \(dueCount) done")
        } else if !shown.isEmpty {
            out.append(style("Habits", .strong))
        }
        for group in overview.groups {
            if let stack = group.stack {
                let chain = (group.anchor.map { [$0] } ?? []) + group.entries.map(\.id)
                out.append(clip("  " + style(stack + ":", .accent) + " " + chain.joined(separator: " → "),
                                visible: 2 + stack.count + 2 + chain.joined(separator: " → ").count))
                for entry in group.entries { out.append(contentsOf: row(entry, style: style)) }
                continue
            }
            // Habits of no stack, under their area.
            var area: String??
            for entry in group.entries {
                if area != .some(entry.area) {
                    area = .some(entry.area)
                    out.append("  " + style(entry.area ?? "no area", .accent))
                }
                out.append(contentsOf: row(entry, style: style))
            }
        }
        if !overview.notDue.isEmpty {
            out.append("")
            out.append(style("Not due", .strong))
            for entry in overview.notDue {
                var why = entry.every
                if let reason = entry.reason, reason != .off { why += " · " + reason.rawValue }
                out.append(style(clip("  · " + pad(entry.title, 28) + " " + why), .muted))
            }
        }

        // Evening
        out.append("")
        var evening = style("Evening", .strong)
        if let mood = overview.evening.mood { evening += "  mood \(mood)" }
        if let reflection = overview.evening.reflection {
            out.append(evening)
            for line in reflection.split(separator: "\n", omittingEmptySubsequences: false) {
                out.append(contentsOf: wrap(String(line), indent: "  "))
            }
        } else {
            out.append(evening + "  " + style("no reflection yet", .muted))
        }

        if !overview.pinned.isEmpty {
            out.append("")
            out.append(style("Pinned", .strong))
            for note in overview.pinned {
                out.append(clip("  " + pad(note.title, 30) + " " + style(note.path, .muted), visible: 2 + max(30, note.title.count) + 1 + note.path.count))
            }
        }
        if let coach = overview.coach {
            out.append("")
            var lines = wrap("» " + coach, indent: "  ")
            lines[0].removeFirst(2)
            out.append(contentsOf: lines.map { style($0, .accent) })
        }
        return out
    }

    static func symbol(_ state: DayOverview.State, style: Style) -> String {
        switch state {
        case .done: return style("✓", .good)
        case .skipped: return style("–", .muted)
        case .open: return style("○", .warn)
        case .notDue: return style("·", .muted)
        }
    }

    /// `  ✓ Title                        12/20 pages      12 days  strong` and, for open habits, the cue.
    static func row(_ entry: DayOverview.Entry, style: Style) -> [String] {
        let amount = progress(entry)
        let streak = entry.streak.current > 0 ? Format.count(entry.streak.current, String(entry.streak.unit.rawValue.dropLast())) : ""
        let momentum = entry.momentum?.label.rawValue ?? ""
        var text = "  " + symbol(entry.state, style: style) + " " + pad(clipped(entry.title, 28), 28) + " " + pad(amount, 17)
            + " " + pad(streak, 9) + " " + style(momentum, .muted)
        while text.hasSuffix(" ") { text.removeLast() }
        var lines = [text]
        if entry.state == .skipped {
            lines.append(style(clip("      skipped" + (entry.note.map { ": " + $0 } ?? "")), .muted))
        } else if entry.state == .done, !entry.due {
            lines.append(style("      done, though not due today", .muted))
        } else if entry.state == .open, let cue = entry.cue {
            lines.append(style(clip("      " + cue), .muted))
        }
        return lines
    }

    /// `12/20 pages`, `6872/8000 steps`, `1/3 this week`, or nothing.
    static func progress(_ entry: DayOverview.Entry) -> String {
        if let target = entry.target {
            let value = entry.value.map(HabitLine.format) ?? "-"
            return "\(value)/\(HabitLine.format(target))" + (entry.unit.map { " " + $0 } ?? "")
        }
        if let done = entry.periodDone, let required = entry.periodRequired {
            let period: String
            switch entry.streak.unit {
            case .weeks: period = "this week"
            case .months: period = "this month"
            default: period = "this block"
            }
            return "\(done)/\(required) \(period)"
        }
        return ""
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    static func clipped(_ text: String, _ width: Int) -> String {
        text.count <= width ? text : String(text.prefix(width - 1)) + "…"
    }

    /// Cuts a line to 80 columns; `visible` is its width without colour codes, when it has some.
    static func clip(_ text: String, visible: Int? = nil) -> String {
        if visible != nil { return text }
        return clipped(text, width)
    }

    /// Words wrapped to 80 columns, each line after the first indented.
    static func wrap(_ text: String, indent: String) -> [String] {
        var lines: [String] = []
        var current = indent
        for word in text.split(separator: " ") {
            if current.count + word.count + 1 > width, current.count > indent.count {
                lines.append(current)
                current = indent
            }
            current += (current.count > indent.count ? " " : "") + word
        }
        if current.count > indent.count || lines.isEmpty { lines.append(current) }
        return lines
    }
}

/// Number formats shared by the read commands.
enum Format {
    /// 0.712345 → "0.71".
    static func ratio(_ value: Double) -> String { String(format: "%.2f", value) }

    /// 0.712345 → "71%".
    static func percent(_ value: Double?) -> String {
        value.map { String(format: "%.0f%%", $0 * 100) } ?? "—"
    }

    /// 1 day, 12 days.
    static func count(_ number: Int, _ unit: String) -> String {
        "\(number) \(unit)\(number == 1 ? "" : "s")"
    }

    /// Rounded to 4 decimals for JSON.
    static func rounded(_ value: Double?) -> Double? {
        value.map { ($0 * 10_000).rounded() / 10_000 }
    }
}

/// `brain today --json`, schema version 1. Absent values are `null`, never left out.
struct TodayJSON: Encodable {
    struct Morning: Encodable {
        var done: Bool
        var mood: Int?
        var energy: Int?
        var intentions: [String]

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(done, forKey: .done)
            try container.encode(mood, forKey: .mood)
            try container.encode(energy, forKey: .energy)
            try container.encode(intentions, forKey: .intentions)
        }

        enum CodingKeys: String, CodingKey { case done, mood, energy, intentions }
    }

    struct Evening: Encodable {
        var mood: Int?
        var reflection: String?

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(mood, forKey: .mood)
            try container.encode(reflection, forKey: .reflection)
        }

        enum CodingKeys: String, CodingKey { case mood, reflection }
    }

    struct StreakJSON: Encodable {
        var current: Int
        var best: Int
        var unit: String
    }

    struct MomentumJSON: Encodable {
        var value: Double
        var label: String

        init?(_ momentum: Momentum?) {
            guard let momentum else { return nil }
            value = Format.rounded(momentum.value) ?? 0
            label = momentum.label.rawValue
        }
    }

    struct PeriodJSON: Encodable {
        var done: Int
        var required: Int
    }

    struct HabitJSON: Encodable {
        var entry: DayOverview.Entry

        enum CodingKeys: String, CodingKey {
            case id, title, area, stack, after, cue, kind, every, state, due, reason, value, target, unit, auto, note
            case streak, strength, momentum, period
        }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(entry.id, forKey: .id)
            try c.encode(entry.title, forKey: .title)
            try c.encode(entry.area, forKey: .area)
            try c.encode(entry.stack, forKey: .stack)
            try c.encode(entry.after, forKey: .after)
            try c.encode(entry.cue, forKey: .cue)
            try c.encode(entry.kind.rawValue, forKey: .kind)
            try c.encode(entry.every, forKey: .every)
            try c.encode(entry.state.rawValue, forKey: .state)
            try c.encode(entry.due, forKey: .due)
            try c.encode(entry.reason?.rawValue, forKey: .reason)
            try c.encode(entry.value, forKey: .value)
            try c.encode(entry.target, forKey: .target)
            try c.encode(entry.unit, forKey: .unit)
            try c.encode(entry.auto, forKey: .auto)
            try c.encode(entry.note, forKey: .note)
            try c.encode(StreakJSON(current: entry.streak.current, best: entry.streak.best, unit: entry.streak.unit.rawValue), forKey: .streak)
            try c.encode(Format.rounded(entry.strength), forKey: .strength)
            try c.encode(MomentumJSON(entry.momentum), forKey: .momentum)
            let period = entry.periodDone.flatMap { done in entry.periodRequired.map { PeriodJSON(done: done, required: $0) } }
            try c.encode(period, forKey: .period)
        }
    }

    struct StackJSON: Encodable {
        var name: String
        var anchor: String?
        var habits: [String]

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(name, forKey: .name)
            try c.encode(anchor, forKey: .anchor)
            try c.encode(habits, forKey: .habits)
        }

        enum CodingKeys: String, CodingKey { case name, anchor, habits }
    }

    var overview: DayOverview

    init(_ overview: DayOverview) { self.overview = overview }

    enum CodingKeys: String, CodingKey {
        case schemaVersion, date, weekday, checkIn, rest, restReason, morning, evening, habits, stacks, momentum, pinned, coach
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(1, forKey: .schemaVersion)
        try c.encode(overview.day.description, forKey: .date)
        try c.encode(overview.day.weekday.name.lowercased(), forKey: .weekday)
        try c.encode(overview.hasCheckIn, forKey: .checkIn)
        try c.encode(overview.rest, forKey: .rest)
        try c.encode(overview.restReason, forKey: .restReason)
        let morning = overview.morning
        try c.encode(Morning(done: morning.done, mood: morning.mood, energy: morning.energy, intentions: morning.intentions), forKey: .morning)
        try c.encode(Evening(mood: overview.evening.mood, reflection: overview.evening.reflection), forKey: .evening)
        try c.encode(overview.entries.map(HabitJSON.init), forKey: .habits)
        let stacks = overview.groups.compactMap { group in
            group.stack.map { StackJSON(name: $0, anchor: group.anchor, habits: group.entries.map(\.id)) }
        }
        try c.encode(stacks, forKey: .stacks)
        try c.encode(MomentumJSON(overview.momentum), forKey: .momentum)
        try c.encode(overview.pinned.map { ["path": $0.path, "title": $0.title] }, forKey: .pinned)
        try c.encode(overview.coach, forKey: .coach)
    }
}
