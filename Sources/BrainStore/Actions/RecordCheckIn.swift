import BrainFormat
import BrainAnalytics

/// Records the morning check-in (mood, energy, intentions) or the evening one (mood, reflection)
/// of a day. What the file already holds is kept: intentions and reflections are appended.
package struct RecordCheckIn: VaultAction {
    package enum Part: String, Codable, Sendable, Hashable {
        case morning, evening
    }

    package var part: Part
    package var day: Day
    package var today: Day
    /// 1–5: `mood` in the morning, `evening-mood` in the evening.
    package var mood: Int?
    /// 1–5, morning only.
    package var energy: Int?
    /// Morning only.
    package var intentions: [String]
    /// Evening only.
    package var reflection: String?

    package init(part: Part, day: Day, today: Day, mood: Int? = nil, energy: Int? = nil,
                intentions: [String] = [], reflection: String? = nil) {
        self.part = part
        self.day = day
        self.today = today
        self.mood = mood
        self.energy = energy
        self.intentions = intentions
        self.reflection = reflection
    }

    package var name: String { "checkin" }

    /// Nothing to record.
    package var isEmpty: Bool { mood == nil && energy == nil && intentions.isEmpty && reflection == nil }

    package struct Outcome: Codable, Sendable, Hashable {
        package var part: Part
        package var date: Day
        package var mood: Int?
        package var energy: Int?
        package var intentions: [String]
        package var reflection: String?
        /// Nil when there was nothing to record.
        package var path: String?
        package var created: Bool
    }

    package func plan(_ transaction: VaultTransaction) throws(ActionError) -> Outcome {
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
        if let reflection { try LineText.check(reflection, as: "reflection") }
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
