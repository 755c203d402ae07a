import BrainKit

extension Session {
    /// The journal and the day analytics commands compute for (`--date` or today).
    func analyticsJournal() throws -> (Journal, Day) {
        let index = try index()
        let today = try day()
        return (Journal(index: index), today)
    }

    /// The days a history command covers: `--since` (default 30 days before) through `--date`.
    func dayRange() throws -> (from: Day, through: Day) {
        let through = try day()
        var from = through.adding(days: -30)
        if let text = arguments.value("since") {
            guard let day = DayExpression.parse(text, today: try self.day("today")) else {
                throw CLIError.usage("--since takes today, yesterday, -N, YYYY-MM-DD or a weekday name, not \"\(text)\"")
            }
            from = day
        }
        guard from <= through else { throw CLIError.usage("--since \(from) is after \(through)") }
        return (from, through)
    }
}
