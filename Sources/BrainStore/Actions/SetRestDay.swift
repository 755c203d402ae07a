import BrainFormat
import BrainAnalytics

/// Marks a day as a rest day (nothing is due, streaks pause), or not.
package struct SetRestDay: VaultAction {
    package var day: Day
    package var today: Day
    package var rest: Bool
    /// Why (flu, travel); only with `rest`.
    package var reason: String?

    package init(day: Day, today: Day, rest: Bool, reason: String? = nil) {
        self.day = day
        self.today = today
        self.rest = rest
        self.reason = reason
    }

    package var name: String { "rest" }

    package struct Outcome: Codable, Sendable, Hashable {
        package var date: Day
        package var rest: Bool
        package var reason: String?
        package var path: String
        package var created: Bool
        /// False when the day already said so.
        package var changed: Bool
    }

    package func plan(_ transaction: VaultTransaction) throws(ActionError) -> Outcome {
        if !rest, reason != nil { throw ActionError(.invalidArgument, "a reason goes with a rest day, not with its end") }
        if let reason { try LineText.check(reason, as: "reason") }
        try DailyFile.checkLoggable(day, today: today)
        var (document, path, created) = try DailyFile.open(day, in: transaction)
        let before = document.bytes
        DailyEditor.setRest(rest, reason: reason, in: &document)
        let changed = document.bytes != before
        if changed || created { try transaction.write(document, to: path) }
        return Outcome(date: day, rest: rest, reason: reason, path: path, created: created, changed: changed)
    }
}
