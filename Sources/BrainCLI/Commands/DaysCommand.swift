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
            .value("date", "D", "last day listed (default: today)"),
            .flag("json", "print JSON (schemaVersion 1)"),
        ],
        examples: ["brain days", "brain days --since 2026-11-01", "brain days --json"])

    struct DayJSON: Encodable {
        var summary: DaySummary

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(summary.day.description, forKey: .date)
            try c.encode(summary.day.weekday.name.lowercased(), forKey: .weekday)
            try c.encode(summary.mood, forKey: .mood)
            try c.encode(summary.energy, forKey: .energy)
            try c.encode(summary.eveningMood, forKey: .eveningMood)
            try c.encode(summary.rest, forKey: .rest)
            try c.encode(summary.restReason, forKey: .restReason)
            try c.encode(summary.done, forKey: .done)
            try c.encode(summary.due, forKey: .due)
            try c.encode(summary.reflection, forKey: .reflection)
        }

        enum CodingKeys: String, CodingKey { case date, weekday, mood, energy, eveningMood, rest, restReason, done, due, reflection }
    }

    struct Output: Encodable {
        var schemaVersion = 1
        var since: String
        var date: String
        var days: [DayJSON]
    }

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let index = try session.index()
        let (from, through) = try LogCommand.range(arguments, session)
        let journal = Journal(index: index)
        let vault = try session.vault()
        let schedules = Array(journal.schedules(today: through).values)
        let days = DaySummary.summaries(checkIns: journal.checkIns, schedules: schedules, from: from, through: through) { day in
            DayOverview.readCheckIn(day: day, journal: journal, vault: vault)?.reflection
        }
        if arguments.flag("json") {
            try session.json(Output(since: from.description, date: through.description, days: days.map(DayJSON.init)))
            return ExitCode.success
        }
        let style = session.style
        if days.isEmpty {
            session.line(style("no check-ins from \(from) to \(through)", .muted))
            return ExitCode.success
        }
        session.line(style("date        day  mood  energy  evening  habits  reflection", .muted))
        for day in days {
            func score(_ value: Int?) -> String { value.map(String.init) ?? "–" }
            let habits = day.rest ? "rest" : "\(day.done)/\(day.due)"
            var text = "\(day.day)  \(day.day.weekday.shortName.capitalized)  " + TodayCommand.pad(score(day.mood), 4) + "  "
                + TodayCommand.pad(score(day.energy), 6) + "  " + TodayCommand.pad(score(day.eveningMood), 7) + "  "
                + TodayCommand.pad(habits, 6) + "  "
            let words = (day.reflection ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
            text += TodayCommand.clipped(words, TodayCommand.width - text.count)
            session.line(text.trimmingTrailingSpaces)
        }
        return ExitCode.success
    }
}
