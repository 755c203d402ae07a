import BrainFormat
import BrainAnalytics

/// Sets a measurable goal's `current:` value, or adds to it: the `current:` line, and (given the day)
/// one dated line appended under the goal's `## Progress` heading, the history pace is read from.
public struct UpdateGoalProgress: VaultAction {
    /// How the goal's `current:` changes: set to a value or moved by an amount.
    public enum Change: Codable, Sendable, Hashable {
        /// The value reached.
        case set(Double)
        /// Progress since the last update (negative to correct a mistake).
        case add(Double)
    }

    public var goal: String
    public var change: Change
    /// The day the value was reached: recorded as `- DAY: VALUE UNIT` under `## Progress`; nil records nothing.
    public var day: Day?

    public init(goal: String, change: Change, day: Day? = nil) {
        self.goal = goal
        self.change = change
        self.day = day
    }

    public var name: String { "goal-progress" }

    /// What was recorded: the goal, its value before and after.
    public struct Outcome: Codable, Sendable, Hashable {
        public var goal: String
        public var path: String
        public var before: Double?
        public var after: Double
        public var target: Double?
        public var unit: String?
    }

    public func plan(_ transaction: VaultTransaction) throws(ActionError) -> Outcome {
        let index = transaction.index
        let record = index.records[try index.note(named: goal, kind: .goal)]
        var document = try transaction.document(record.path)
        let model = Goal(id: record.stem, frontMatter: document.frontMatter, bodyTitle: nil)
        let before = model.current
        if document.frontMatter["current"] != nil, before == nil {
            throw ActionError(.invalidArgument, "\(record.path): current is not a number; fix it before adding to it", path: record.path)
        }
        let after: Double
        switch change {
        case .set(let value): after = value
        case .add(let delta): after = (before ?? 0) + delta
        }
        guard after.isFinite, after >= 0, after <= FieldReader.maximumNumber else {
            throw ActionError(.invalidArgument, "the goal's current value must be a number from 0 to 10^12, not \(HabitLine.format(after))")
        }
        if model.target == nil {
            transaction.warnings.append("\(record.path) has no target:, so progress is not measured against one; "
                + "brain edit \(record.stem) --set target=N sets it")
        }
        document.set("current", to: CreateNote.number(after))
        if let day {
            // Plain text a person can read and edit: one line per day, so a second update on the
            // same day rewrites that day's line instead of adding another.
            let text = ProgressLog.line(day: day, value: after, unit: model.unit)
            if let line = ProgressLog.lineNumber(of: day, in: document.lines, from: document.bodyStartLine) {
                document.replaceLine(line, with: text)
            } else {
                document.append([text], underHeading: ProgressLog.heading)
            }
        }
        try transaction.write(document, to: record.path)
        return Outcome(goal: record.stem, path: record.path, before: before, after: after, target: model.target, unit: model.unit)
    }
}
