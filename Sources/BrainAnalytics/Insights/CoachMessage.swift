import BrainFormat

/// The coach's message of the day: which rule fired, what it is about, and the sentence.
public struct CoachMessage: Hashable, Sendable, Codable {
    /// Which of the coach's rules spoke.
    public enum Rule: String, Hashable, Sendable, Codable, CaseIterable {
        /// An area's vitality fell 15 points or more on last week.
        case areaDecline = "area-decline"
        /// An area's vitality rose 10 points or more on last week.
        case areaGain = "area-gain"
        /// An active goal's due date has passed and it is not complete.
        case goalOverdue = "goal-overdue"
        /// A goal's pace puts it 5 days or more past its due date.
        case goalSlipping = "goal-slipping"
        /// Otherwise: the identity score and its strongest area.
        case identityTrend = "identity-trend"
    }

    public var rule: Rule
    /// The id of the area or goal the message is about.
    public var subject: String
    public var text: String
    /// Which of the rule's templates was used (today's ordinal mod the template count).
    public var template: Int
}
