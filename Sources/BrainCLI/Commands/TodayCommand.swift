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
            .value("date", "D", "the day to show: today, yesterday, -N, YYYY-MM-DD or a weekday name", completion: .days),
            .flag("json", "print JSON (schemaVersion 1)"),
        ],
        examples: ["brain today", "brain today --date yesterday", "brain today --json"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let vault = try session.vault()
        let day = try session.day()
        let now = try? session.day("today")
        let json = arguments.flag("json")
        let style = session.style
        // Tests that watch the values printed get them worked out.
        let keepsOutput = session.context.seeJSON == nil
        let form = style.form(json: json)
        var outside: (notes: [DayOverview.PinnedNote], warnings: [String])?
        func pinsOutside() -> (notes: [DayOverview.PinnedNote], warnings: [String]) {
            if let outside { return outside }
            let found = DayOverview.pinnedOutsideJournal(in: vault)
            outside = found
            return found
        }
        if keepsOutput, let kept = KeptDay.watchedOutputs(vault, day: day, now: now) {
            // A watcher saw no journal file change since this day was printed in this form with
            // these pins: the same bytes.
            let others = pinsOutside()
            let pinned = DayOverview.merged(others.notes, kept.journalPins)
            if let output = kept.outputs.first(where: { $0.form == form && $0.pinned == pinned }) {
                for warning in kept.warnings { session.warn(warning) }
                for warning in others.warnings { session.warn(warning) }
                output.bytes.withUnsafeBufferPointer { session.context.stdout.write(bytes: $0) }
                return ExitCode.success
            }
        }
        var overview: DayOverview
        if let (kept, token) = KeptDay.watchedWithToken(vault, day: day, now: now) {
            // A watcher saw no journal file change since this day's answer was kept: that part
            // as kept, the pins outside the journal's folders found again.
            for warning in kept.warnings { session.warn(warning) }
            let others = pinsOutside()
            for warning in others.warnings { session.warn(warning) }
            overview = kept.overview
            overview.pinned = DayOverview.merged(others.notes, kept.journalPins)
            if keepsOutput {
                // Printed once more from the kept part, and kept in this form for the next run.
                let bytes = json ? try JSONOutput.bytes(DayOverviewReport(overview))
                    : Array(render(overview, style: style).map { $0 + "\n" }.joined().utf8)
                KeptDay.keepOutput(KeptDay.Output(form: form, pinned: overview.pinned, bytes: bytes),
                                   journalPins: kept.journalPins, warnings: kept.warnings, vault, day: day, now: now, token: token)
                bytes.withUnsafeBufferPointer { session.context.stdout.write(bytes: $0) }
                return ExitCode.success
            }
        } else {
            // A pin can be in any file, so finding the pinned notes checks every file; the habits,
            // check-ins and coach need only the journal's files, whose index also gives their pins.
            // The journal's work and the other files' pins run side by side.
            var kept: (KeptDay, token: String)?
            let found = try DayOverview.pinnedNotes(in: vault) {
                let index = try session.journalIndex()
                let journal = session.journal(index)
                let overview = DayOverview(journal: journal, day: day, vault: vault, pinned: [])
                // Kept for the next run when a watcher gave the token its files were read at.
                if index.scope == .journal, let token = index.watchToken, index.conflictCopies.isEmpty, index.report.warnings.isEmpty {
                    kept = (KeptDay(overview: overview, journalPins: DayOverview.pinnedNotes(in: index),
                                    warnings: session.journalWarnings(journal)), token)
                }
                return (overview, journal: index)
            }
            for warning in found.warnings { session.warn(warning) }
            overview = found.result
            overview.pinned = found.pinned
            if let kept { kept.0.keep(vault, day: day, now: now, token: kept.token) }
        }
        if json { return try session.printJSON(DayOverviewReport(overview)) }
        for line in render(overview, style: style) { session.line(line) }
        return ExitCode.success
    }

    static func render(_ overview: DayOverview, style: Style) -> [String] {
        var out: [String] = []
        let day = overview.day
        var title = "\(day.weekday.name.capitalized) \(day)"
        if overview.rest { title += "  · rest day" }
        let momentum = overview.momentum.map { "momentum " + Format.momentum($0) } ?? ""
        out.append(momentum.isEmpty ? style(title, .strong)
            : style(title, .strong) + Layout.pad("", Layout.width - title.count - momentum.count) + style(momentum, .accent))

        // Morning
        out.append("")
        if overview.morning.done {
            var parts: [String] = []
            if let mood = overview.morning.mood { parts.append("mood \(mood)") }
            if let energy = overview.morning.energy { parts.append("energy \(energy)") }
            out.append(style("Morning", .strong) + "  " + style("✓", .good) + " " + (parts.isEmpty ? "checked in" : parts.joined(separator: " · ")))
            for intention in overview.morning.intentions {
                out.append(Layout.clip("  - " + intention))
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
        let dueCount = overview.tally.due
        let doneCount = overview.tally.done
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
                out.append(Layout.clip("  " + style(stack + ":", .accent) + " " + chain.joined(separator: " → "),
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
                out.append(style(Layout.clip("  · " + Layout.pad(entry.title, 28) + " " + why), .muted))
            }
        }
        if overview.entries.contains(where: { $0.momentum != nil }) {
            out.append(contentsOf: Layout.wrap(Momentum.legend, indent: "  ").map { style($0, .muted) })
        }

        // Evening
        out.append("")
        var evening = style("Evening", .strong)
        if let mood = overview.evening.mood { evening += "  mood \(mood)" }
        if let reflection = overview.evening.reflection {
            out.append(evening)
            for line in reflection.split(separator: "\n", omittingEmptySubsequences: false) {
                out.append(contentsOf: Layout.wrap(String(line), indent: "  "))
            }
        } else {
            out.append(evening + "  " + style("no reflection yet", .muted))
        }

        if !overview.pinned.isEmpty {
            out.append("")
            out.append(style("Pinned", .strong))
            for note in overview.pinned {
                out.append(Layout.clip("  " + Layout.pad(note.title, 30) + " " + style(note.path, .muted), visible: 2 + max(30, note.title.count) + 1 + note.path.count))
            }
        }
        if let coach = overview.coach {
            out.append("")
            var lines = Layout.wrap("» " + coach, indent: "  ")
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

    /// `  ✓ Title                        12 of 20 pages   12 days  strong` and, for open habits, the cue.
    static func row(_ entry: DayOverview.Entry, style: Style) -> [String] {
        let amount = entry.progressText
        let streak = entry.streak.current > 0 ? entry.streak.describe(entry.streak.current) : ""
        let momentum = entry.momentum.map(Format.momentum) ?? ""
        let mark = entry.word == "over the limit" ? style("✗", .bad) : symbol(entry.state, style: style)
        var text = "  " + mark + " " + Layout.pad(Layout.clipped(entry.title, 28), 28) + " " + Layout.pad(amount, 20)
            + " " + Layout.pad(streak, 9) + " " + style(momentum, .muted)
        while text.hasSuffix(" ") { text.removeLast() }
        var lines = [text]
        if entry.state == .skipped {
            lines.append(style(Layout.clip("      skipped" + (entry.note.map { ": " + $0 } ?? "")), .muted))
        } else if entry.state == .done, !entry.due {
            lines.append(style("      done, though not due today", .muted))
        } else if let word = entry.word, word != "held" {
            lines.append(style("      " + word + (entry.cue.map { " · " + $0 } ?? ""), word == "over the limit" ? .bad : .muted))
        } else if entry.state == .open, let cue = entry.cue {
            lines.append(style(Layout.clip("      " + cue), .muted))
        }
        return lines
    }
}
