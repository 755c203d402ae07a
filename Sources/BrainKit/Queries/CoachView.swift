/// `brain coach`: the day's message and the ranked nudges.
public struct CoachView: Hashable, Sendable, Codable {
    /// One thing to do next.
    public struct Entry: Hashable, Sendable, Codable {
        public var kind: Nudge.Kind
        /// The habit or area it is about.
        public var subject: String
        /// The number the nudge ranks by (a streak length, a rate).
        @Rounded public var value: Double?
        public var text: String
    }

    public var date: Day
    /// Null when no area has a habit due this week.
    @Nullable public var message: CoachMessage?
    /// Most pressing first.
    public var nudges: [Entry]

    /// The coach as of `today`.
    public init(journal: Journal, today: Day) {
        date = today
        message = Coach.message(journal: journal, today: today)
        nudges = Coach.nudges(journal: journal, today: today).map { nudge in
            Entry(kind: nudge.kind, subject: nudge.subject, value: nudge.value, text: nudge.text)
        }
    }
}
