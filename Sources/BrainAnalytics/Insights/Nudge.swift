import BrainFormat

/// One thing worth doing today, ranked by `Coach.nudges`.
package struct Nudge: Hashable, Sendable, Codable {
    package enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// A current streak of 3 or more whose habit is due and still open today.
        case streakAtRisk = "streak-at-risk"
        /// Due today and not done.
        case dueToday = "due-today"
        /// An area whose 7-day consistency is below 30 %.
        case dormantArea = "dormant-area"
    }

    package var kind: Kind
    /// The habit or area id.
    package var subject: String
    /// The number the nudge is about: the streak, the strength (0–1) or the area's consistency (0–1).
    package var value: Double?
    package var text: String
}
