import BrainFormat
import BrainAnalytics

/// Marks a day as a rest day (nothing is due, streaks pause), or not.
public struct SetRestDay: VaultAction {
    public var day: Day
    public var today: Day
    public var rest: Bool
    /// Why (flu, travel); only with `rest`.
    public var reason: String?

    public init(day: Day, today: Day, rest: Bool, reason: String? = nil) {
        self.day = day
        self.today = today
        self.rest = rest
        self.reason = reason
    }

    public var name: String { "rest" }

    /// The day's file and its rest state now.
    public struct Outcome: Codable, Sendable, Hashable {
        public var date: Day
        public var rest: Bool
        public var reason: String?
        public var path: String
        public var created: Bool
        /// False when the day already said so.
        public var changed: Bool
    }

    public func plan(_ transaction: VaultTransaction) throws(ActionError) -> Outcome {
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
