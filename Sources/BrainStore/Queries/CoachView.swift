import BrainFormat
import BrainAnalytics

/// `brain coach`: the day's message and the ranked nudges.
package struct CoachView: Hashable, Sendable, Codable {
    /// One thing to do next.
    package struct Entry: Hashable, Sendable, Codable {
        package var kind: Nudge.Kind
        /// The habit or area it is about.
        package var subject: String
        /// The number the nudge ranks by (a streak length, a rate).
        @Rounded package var value: Double?
        package var text: String
    }

    package var date: Day
    /// Null when no area has a habit due this week.
    @Nullable package var message: CoachMessage?
    /// Most pressing first.
    package var nudges: [Entry]

    /// The coach as of `today`.
    package init(journal: Journal, today: Day) {
        date = today
        message = Coach.message(journal: journal, today: today)
        nudges = Coach.nudges(journal: journal, today: today).map { nudge in
            Entry(kind: nudge.kind, subject: nudge.subject, value: nudge.value, text: nudge.text)
        }
    }
}
