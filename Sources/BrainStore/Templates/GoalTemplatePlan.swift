import BrainFormat
import BrainAnalytics

/// The creation-time keys of a goal template: `subgoals:` and `suggested-habits:`.
///
/// They are read once, when `brain new goal --template` runs, and never written into the goal.
package struct GoalTemplatePlan: Hashable, Sendable {
    /// One `subgoals:` item.
    package struct Subgoal: Hashable, Sendable {
        package var title: String
        /// Days from today to the subgoal's `due:`.
        package var dueIn: Int?
        package var target: YAMLValue?
        package var unit: String?
    }

    /// One `suggested-habits:` item.
    package struct SuggestedHabit: Hashable, Sendable {
        package var title: String
        package var every: Frequency
        package var target: YAMLValue?
        package var unit: String?
        /// `build` or `quit`.
        package var kind: String?
        package var cue: String?
    }

    /// The two keys this plan is read from; they are removed from the goal that gets written.
    package static let keys = ["subgoals", "suggested-habits"]

    package var subgoals: [Subgoal] = []
    package var habits: [SuggestedHabit] = []
    /// What is wrong with the items, one message each (`suggested-habits item 2: "every" is required`).
    package var problems: [String] = []

    /// Reads the plan from a goal template's front-matter; items with problems are left out.
    package init(_ frontMatter: YAMLMap) {
        for (position, item) in items(frontMatter, "subgoals").enumerated() {
            let label = "subgoals item \(position + 1)"
            guard let map = item.map else { problems.append("\(label): expected a map with a title"); continue }
            guard let title = map["title"]?.string, !title.isEmpty else { problems.append("\(label): \"title\" is required"); continue }
            // Written into the subgoal's `# heading` line: one line only.
            if title.unicodeScalars.contains(where: LineText.isForbidden) {
                problems.append("\(label): \"title\" holds a line break or a control character"); continue
            }
            var subgoal = Subgoal(title: title)
            if let dueIn = map["due-in"], !dueIn.isNull {
                // At most a hundred years: the due day must stay a day brain reads.
                guard let days = dueIn.int, days >= 0, days <= 36_500 else {
                    problems.append("\(label): \"due-in\" must be a whole number of days from 0 to 36500")
                    continue
                }
                subgoal.dueIn = days
            }
            subgoal.target = number(map["target"])
            subgoal.unit = map["unit"]?.string
            subgoals.append(subgoal)
        }
        for (position, item) in items(frontMatter, "suggested-habits").enumerated() {
            let label = "suggested-habits item \(position + 1)"
            guard let map = item.map else { problems.append("\(label): expected a map with a title"); continue }
            guard let title = map["title"]?.string, !title.isEmpty else { problems.append("\(label): \"title\" is required"); continue }
            if title.unicodeScalars.contains(where: LineText.isForbidden) {
                problems.append("\(label): \"title\" holds a line break or a control character"); continue
            }
            guard let everyValue = map["every"], !everyValue.isNull else { problems.append("\(label): \"every\" is required"); continue }
            let every: Frequency
            do { every = try Frequency(everyValue) } catch { problems.append("\(label): \(error.message)"); continue }
            var kind = map["kind"]?.string
            if let given = kind, given != "build", given != "quit" {
                problems.append("\(label): \"kind\" must be build or quit, not \"\(given)\"")
                kind = nil
            }
            habits.append(SuggestedHabit(title: title, every: every, target: number(map["target"]),
                                         unit: map["unit"]?.string, kind: kind, cue: map["cue"]?.string))
        }
    }

    private func items(_ map: YAMLMap, _ key: String) -> [YAMLValue] {
        guard let value = map[key], !value.isNull else { return [] }
        return value.list ?? [value]
    }

    private func number(_ value: YAMLValue?) -> YAMLValue? {
        switch value {
        case .int?, .double?: return value
        default: return nil
        }
    }
}
