import BrainKit

extension Session {
    /// The journal and the day analytics commands compute for (`--date` or today).
    func analyticsJournal() throws -> (Journal, Day) {
        let index = try journalIndex()
        let today = try day()
        return (journal(index), today)
    }

    /// The journal of `index`, with a warning on standard error for each day that has two daily
    /// files and each error that drops a value from a habit, goal, area or check-in, so nothing a
    /// person wrote vanishes without a word.
    func journal(_ index: VaultIndex) -> Journal {
        var journal = Journal(index: index)
        // The clock's day: a --date after it asks about days that have not happened, which count for nothing.
        journal.now = try? day("today")
        for warning in journalWarnings(journal) { warn(warning) }
        return journal
    }

    /// What `journal(_:)` warns of: each day with two daily files, each error that drops a value.
    func journalWarnings(_ journal: Journal) -> [String] {
        var warnings: [String] = []
        for (day, paths) in journal.duplicateDays.sorted(by: { $0.key < $1.key }) {
            warnings.append("\(day) has \(paths.count) daily files (\(paths.joined(separator: ", "))): all are read and the last line for a habit counts; merge them into one")
        }
        for problem in journal.problems {
            let place = (problem.path.map { $0 + ":" } ?? "") + "\(problem.location.line):\(problem.location.column)"
            warnings.append("\(place): \(problem.message) (ignored until fixed; brain validate lists every problem)")
        }
        return warnings
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
