import BrainKit
import Foundation

/// `brain days [--since D] [--date D] [--json]`: one line per check-in.
enum DaysCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "days",
        summary: "one line per check-in: moods, energy, rest, habits done of due, reflection",
        discussion: """
        Newest first. Columns: date, weekday, morning mood, energy, evening mood (– when not
        given), habits done of those due that day (or "rest"), and the first words of the
        reflection. --since defaults to 30 days before the last day; --date sets the last day.
        """,
        options: [
            .value("since", "D", "first day listed (default: 30 days before)"),
            .value("date", "D", "last day listed (default: today)", completion: .days),
            .flag("json", "print JSON (schemaVersion 1)"),
        ],
        examples: ["brain days", "brain days --since 2026-11-01", "brain days --json"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let index = try session.index()
        let (from, through) = try session.dayRange()
        let days = DaysView(journal: session.journal(index), vault: try session.vault(), from: from, through: through)
        if arguments.flag("json") { return try session.printJSON(days) }
        let style = session.style
        if days.days.isEmpty {
            session.line(style("no check-ins from \(from) to \(through)", .muted))
            return ExitCode.success
        }
        session.line(style("date        day  mood  energy  evening  habits  reflection", .muted))
        for day in days.days {
            func score(_ value: Int?) -> String { value.map(String.init) ?? "–" }
            let habits = day.rest ? "rest" : "\(day.done)/\(day.due)"
            var text = "\(day.date)  \(day.date.weekday.shortName.capitalized)  " + Layout.pad(score(day.mood), 4) + "  "
                + Layout.pad(score(day.energy), 6) + "  " + Layout.pad(score(day.eveningMood), 7) + "  "
                + Layout.pad(habits, 6) + "  "
            let words = (day.reflection ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
            text += Layout.clipped(words, Layout.width - text.count)
            session.line(text.trimmingTrailingSpaces)
        }
        return ExitCode.success
    }
}
