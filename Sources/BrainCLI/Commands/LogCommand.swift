import BrainKit
import Foundation

/// `brain log [HABIT] [--since D] [--date D] [--json]`: the history of one habit or of all.
enum LogCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "log",
        summary: "the history of a habit (or all habits): state, value and note per day",
        discussion: """
        Newest day first. States: ✓ done, – skipped, ○ open (not done yet, or an unused day of an N/week quota),
        ✗ missed (due, not done), r rest day, · an open line on a day the habit was not due (a line done
        on such a day shows ✓). A quit habit's days read held (✓), over the limit (✗) or not logged:
        a finished day of a quit habit with a limit and no line is held.
        Days without a line on which nothing was due are left out. For one habit the header
        gives its current and best streak and its completion rate over the days shown.
        --since defaults to 30 days before the last day; --date sets the last day ("as of").
        """,
        positionals: [.init(name: "HABIT", help: "habit id, title, alias or a unique prefix", optional: true, completion: .habits)],
        options: [
            .value("since", "D", "first day shown (default: 30 days before)"),
            .value("date", "D", "last day shown, as of which streaks are computed (default: today)", completion: .days),
            .flag("json", "print JSON (schemaVersion 1)"),
        ],
        examples: ["brain log read", "brain log --since -7", "brain log run --since 2026-11-01 --json"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let index = try session.index()
        let (from, through) = try session.dayRange()
        let journal = session.journal(index)
        let habit = try arguments.positional(0).map { try session.habit($0, in: journal) }
        let log = LogView(journal: journal, habit: habit, from: from, through: through)
        if arguments.flag("json") { return try session.printJSON(log) }
        render(log, session)
        return ExitCode.success
    }

    static func render(_ log: LogView, _ session: Session) {
        let style = session.style
        // Quit habits' words (held, over the limit, not logged) widen the state column when shown.
        let stateWidth = max(8, log.entries.map { ($0.word ?? $0.state.rawValue).count }.max() ?? 0)
        if let summary = log.habit {
            session.line(style(summary.title, .strong) + (summary.path.map { "  " + style($0, .muted) } ?? ""))
            let streak = summary.streak
            func count(_ n: Int) -> String { Streaks.describe(n, unit: streak.unit, blockDays: streak.blockDays) }
            var rate = "rate " + Format.percent(summary.rate.value)
            if summary.rate.due > 0 { rate += " (\(summary.rate.done) of \(summary.rate.due))" }
            session.line("streak \(count(streak.current)) · best \(count(streak.best)) · \(rate) · \(log.since) to \(log.date)")
            if log.entries.isEmpty { session.line(style("nothing logged or due in these days", .muted)) }
            for entry in log.entries {
                session.line(Layout.clip("\(entry.date) \(entry.date.weekday.shortName.capitalized)  " + symbol(entry.state, style) + " "
                    + Layout.pad(entry.word ?? entry.state.rawValue, stateWidth) + detail(entry)).trimmingTrailingSpaces)
            }
            return
        }
        if log.entries.isEmpty {
            session.line(style("nothing logged or due from \(log.since) to \(log.date)", .muted))
            return
        }
        let width = min(24, log.entries.map(\.title.count).max() ?? 0)
        var current: Day?
        for entry in log.entries {
            if entry.date != current {
                current = entry.date
                session.line(style("\(entry.date) \(entry.date.weekday.name.capitalized)", .strong))
            }
            session.line(Layout.clip("  " + symbol(entry.state, style) + " " + Layout.pad(Layout.clipped(entry.title, width), width) + "  "
                + Layout.pad(entry.word ?? entry.state.rawValue, stateWidth) + detail(entry)).trimmingTrailingSpaces)
        }
    }

    static func symbol(_ state: HabitLogEntry.State, _ style: Style) -> String {
        switch state {
        case .done: return style("✓", .good)
        case .skipped: return style("–", .muted)
        case .open: return style("○", .warn)
        case .missed: return style("✗", .bad)
        case .rest: return style("r", .muted)
        case .notDue: return style("·", .muted)
        }
    }

    /// ` 24 pages — note`.
    static func detail(_ entry: LogView.Entry) -> String {
        var text = ""
        if let value = entry.value { text += " " + HabitLine.format(value) + (entry.unit.map { " " + $0 } ?? "") }
        if let note = entry.note { text += (text.isEmpty ? " " : " — ") + note }
        return text
    }
}
