import BrainFormat
import BrainAnalytics

/// Records the morning check-in (mood, energy, intentions) or the evening one (mood, reflection)
/// of a day. What the file already holds is kept: intentions and reflections are appended.
public struct RecordCheckIn: VaultAction {
    /// The morning or the evening check-in.
    public enum Part: String, Codable, Sendable, Hashable {
        case morning, evening
    }

    public var part: Part
    public var day: Day
    public var today: Day
    /// 1–5: `mood` in the morning, `evening-mood` in the evening.
    public var mood: Int?
    /// 1–5, morning only.
    public var energy: Int?
    /// Morning only.
    public var intentions: [String]
    /// Evening only.
    public var reflection: String?

    public init(part: Part, day: Day, today: Day, mood: Int? = nil, energy: Int? = nil,
                intentions: [String] = [], reflection: String? = nil) {
        self.part = part
        self.day = day
        self.today = today
        self.mood = mood
        self.energy = energy
        self.intentions = intentions
        self.reflection = reflection
    }

    public var name: String { "checkin" }

    /// Nothing to record.
    public var isEmpty: Bool { mood == nil && energy == nil && intentions.isEmpty && reflection == nil }

    /// The day's file and what the check-in set in it.
    public struct Outcome: Codable, Sendable, Hashable {
        public var part: Part
        public var date: Day
        public var mood: Int?
        public var energy: Int?
        public var intentions: [String]
        public var reflection: String?
        /// Nil when there was nothing to record.
        public var path: String?
        public var created: Bool
    }

    public func plan(_ transaction: VaultTransaction) throws(ActionError) -> Outcome {
        for (name, score) in [("mood", mood), ("energy", energy)] {
            if let score, !(1...5).contains(score) {
                throw ActionError(.invalidArgument, "\(name) takes a whole number from 1 to 5, not \(score)")
            }
        }
        if part == .morning, reflection != nil {
            throw ActionError(.invalidArgument, "a reflection belongs to the evening check-in")
        }
        if part == .evening, energy != nil || !intentions.isEmpty {
            throw ActionError(.invalidArgument, "energy and intentions belong to the morning check-in")
        }
        for intention in intentions { try LineText.check(intention, as: "intention") }
        if let reflection {
            // A reflection may take several lines; each must be a line of text.
            for line in reflection.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false) {
                try LineText.check(String(line), as: "reflection")
            }
        }
        try DailyFile.checkLoggable(day, today: today)
        var outcome = Outcome(part: part, date: day, mood: mood, energy: energy, intentions: intentions,
                              reflection: reflection, path: nil, created: false)
        if isEmpty { return outcome }
        var (document, path, created) = try DailyFile.open(day, in: transaction)
        if let mood { DailyEditor.setScore(part == .morning ? "mood" : "evening-mood", mood, in: &document) }
        if let energy { DailyEditor.setScore("energy", energy, in: &document) }
        DailyEditor.appendIntentions(intentions, to: &document)
        if let reflection { DailyEditor.appendReflection(reflection, to: &document) }
        try transaction.write(document, to: path)
        outcome.path = path
        outcome.created = created
        return outcome
    }
}
