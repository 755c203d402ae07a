import BrainFormat
import BrainAnalytics

/// Ticks a goal's milestone (a `- [ ]` task item in its body) as done, with the day it was reached
/// (`- [x] First draft ✅ 2026-11-22`, the Obsidian Tasks form the pace reads), or back to open
/// without it: a one-line change. The milestone is named by its number (1-based, in file order) or
/// by a unique start of its text.
public struct TickMilestone: VaultAction {
    public var goal: String
    public var milestone: String
    public var done: Bool
    /// The day written after a ticked milestone.
    package var day: Day

    public init(goal: String, milestone: String, done: Bool = true, day: Day) {
        self.goal = goal
        self.milestone = milestone
        self.done = done
        self.day = day
    }

    public var name: String { done ? "goal-tick" : "goal-untick" }

    /// The milestone changed and its new state.
    public struct Outcome: Codable, Sendable, Hashable {
        public var goal: String
        public var path: String
        /// 1-based among the goal's milestones.
        public var number: Int
        public var text: String
        public var line: Int
        public var done: Bool
        /// False when it already was (or was not) ticked.
        public var changed: Bool
        /// Milestones done, and all of them (cancelled `[-]` ones left out).
        public var completed: Int
        public var total: Int
    }

    public func plan(_ transaction: VaultTransaction) throws(ActionError) -> Outcome {
        let index = transaction.index
        let record = index.records[try index.note(named: goal, kind: .goal)]
        let milestones = transaction.journal.milestones[record.stem.lowercased()] ?? []
        guard !milestones.isEmpty else {
            throw ActionError(.refused, "\(record.path) has no milestones; add task items to its body (- [ ] Run 5 km) to tick them",
                              path: record.path)
        }
        let number = try pick(milestones, path: record.path)
        let item = milestones[number - 1]
        var document = try transaction.document(record.path)
        let original = String(document.lines[item.line - 1])
        let wanted: Character = done ? "x" : " "
        guard let open = original.firstIndex(of: "["), original.index(open, offsetBy: 2, limitedBy: original.endIndex) != nil,
              original[original.index(open, offsetBy: 2)] == "]" else {
            throw ActionError(.io, "\(record.path):\(item.line): the milestone line changed; run the command again", path: record.path)
        }
        let mark = original.index(after: open)
        let changed = done ? original[mark] != "x" && original[mark] != "X" : original[mark] != " "
        if changed {
            var text = original
            text.replaceSubrange(mark...mark, with: String(wanted))
            text = TickMilestone.dated(text, done ? day : nil)
            document.replaceLine(item.line, with: text)
            try transaction.write(document, to: record.path)
        }
        var states = milestones.map(\.state)
        if changed { states[number - 1] = done ? .done : .open }
        let counted = states.filter { $0 != .skipped }
        return Outcome(goal: record.stem, path: record.path, number: number, text: TickMilestone.dated(item.text, nil), line: item.line, done: done,
                       changed: changed, completed: counted.filter { $0 == .done }.count, total: counted.count)
    }

    /// `line` with its trailing done date (` ✅ YYYY-MM-DD`) replaced by `day`'s, or removed when `day` is nil.
    package static func dated(_ line: String, _ day: Day?) -> String {
        var text = Substring(line)
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        let trailing = line[text.endIndex...]
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        if words.count >= 3, words[words.count - 2] == "✅", Day(String(words[words.count - 1])) != nil {
            text = text[..<words[words.count - 2].startIndex]
            while text.last == " " { text = text.dropLast() }
        }
        guard let day else { return String(text) + trailing }
        return String(text) + " ✅ " + day.description + trailing
    }

    /// The 1-based number of the milestone `milestone` names.
    private func pick(_ milestones: [TaskItem], path: String) throws(ActionError) -> Int {
        let list = milestones.enumerated().map { "  \($0.offset + 1). \($0.element.text)" }.joined(separator: "\n")
        let key = milestone.trimmingCharacters(in: .whitespaces).lowercased()
        guard !key.isEmpty else { throw ActionError(.invalidArgument, "name the milestone by its number or the start of its text") }
        let exact = milestones.indices.filter { milestones[$0].text.lowercased() == key }
        let prefixed = exact.isEmpty ? milestones.indices.filter { milestones[$0].text.lowercased().hasPrefix(key) } : exact
        // A number names a milestone by position, unless it is the start of a milestone's text (`2000 saved`).
        if let number = Int(milestone), exact.isEmpty {
            if (1...milestones.count).contains(number) { return number }
            if prefixed.isEmpty {
                throw ActionError(.notFound, "\(path) has \(milestones.count) milestone\(milestones.count == 1 ? "" : "s"), not \(number):\n\(list)")
            }
        }
        if prefixed.count == 1 { return prefixed[0] + 1 }
        if prefixed.isEmpty {
            throw ActionError(.notFound, "no milestone of \(path) starts with \"\(milestone)\"; its milestones:\n\(list)")
        }
        let candidates = prefixed.map { "  \($0 + 1). \(milestones[$0].text)" }.joined(separator: "\n")
        throw ActionError(.ambiguous, "\"\(milestone)\" starts several milestones:\n\(candidates)\nname it by number")
    }
}
