import BrainKit

/// `brain review week|month [--write]`: the period's numbers as a review note.
enum ReviewCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "review",
        summary: "a week or month review with the period's numbers; --write saves it as a note",
        discussion: """
        The period is the calendar week (from week-start) or month holding --date, through that day:
        completion per habit, the longest current streaks, mean mood and energy, area vitality,
        identity score and active goals. --write creates notes/DATE-week-review.md (or
        -month-review) with type: reflection and never overwrites an existing file. Days after today
        are left out (a --date ahead stops at today, and the note is named for today); --write
        refuses a period that has not begun.
        """,
        positionals: [.init(name: "PERIOD", help: "week or month", choices: ["week", "month"])],
        options: [
            .flag("write", "save the review as a reflection note and print its path"),
            .value("date", "DAY", "review the period holding this day, through it (default today)", completion: .days),
            .flag("json", "print JSON"),
        ],
        examples: ["brain review week", "brain review month --write", "brain review week --date -7 --json"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let (journal, today) = try session.analyticsJournal()
        let period = Review.Period(rawValue: arguments.positional(0) ?? "week") ?? .week
        if arguments.flag("write") {
            let result = try session.perform(WriteReview(period: period, date: today, now: journal.now))
            if arguments.flag("json") { return try session.printJSON(result) }
            session.line(result.outcome.path)
            return ExitCode.success
        }
        let report = ReviewReport(journal: journal, period: period, today: today)
        if arguments.flag("json") { return try session.printJSON(report) }
        session.out(report.review.markdown())
        return ExitCode.success
    }
}
