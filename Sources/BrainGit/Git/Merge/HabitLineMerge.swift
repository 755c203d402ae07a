import BrainFormat
import BrainStore

/// Merges two versions of one habit line field by field: the check (done, skipped, open), the value
/// with its unit, the note, and the link's spelling and label. A field changed on one side wins over
/// the unchanged one; a field changed on both sides to different things is a conflict on the line.
package enum HabitLineMerge {
    package enum Result: Equatable {
        /// The merged line, with the indentation and bullet of ours.
        case merged(String)
        case conflict(String)
    }

    /// `base` is nil when both sides added the line: then a field only one side filled is taken.
    /// `openIsEmpty` (a two-way merge, with no base): an open box is a field not yet filled, so
    /// done or skipped on the other side is taken; done against skipped stays a conflict.
    package static func merge(base: HabitLine?, ours: HabitLine, theirs: HabitLine, oursText: String, theirsText: String,
                      labels: MergeLabels, openIsEmpty: Bool = false) -> Result {
        let name = ours.habit
        var merged = ours
        var problems: [String] = []

        func pick<T: Equatable>(_ field: (HabitLine) -> T, empty: T? = nil) -> T? {
            let a = field(ours), b = field(theirs)
            if a == b { return a }
            if let base {
                let o = field(base)
                if a == o { return b }
                if b == o { return a }
                return nil
            }
            if let empty {
                if a == empty { return b }
                if b == empty { return a }
            }
            return nil
        }

        if let state = pick({ $0.state }, empty: openIsEmpty && base == nil ? .open : nil) {
            merged.state = state
        } else {
            problems.append("\(name): \(word(ours.state)) on \(labels.ours), \(word(theirs.state)) on \(labels.theirs)")
        }
        struct Amount: Equatable { var value: Double?; var unit: String? }
        if let amount = pick({ Amount(value: $0.value, unit: $0.unit) }, empty: Amount()) {
            merged.value = amount.value
            merged.unit = amount.unit
        } else {
            problems.append("\(name): \(amount(ours)) on \(labels.ours), \(amount(theirs)) on \(labels.theirs)")
        }
        if let note = pick({ $0.note }, empty: .some(nil)) {
            merged.note = note
        } else {
            problems.append("\(name): the note differs")
        }
        if let label = pick({ $0.label }, empty: .some(nil)) {
            merged.label = label
        } else {
            problems.append("\(name): the link's label differs")
        }
        if let habit = pick({ $0.habit }) {
            merged.habit = habit
        } else {
            problems.append("\(name): the link is written differently")
        }
        if !problems.isEmpty { return .conflict(problems.joined(separator: "; ")) }

        if same(merged, ours) { return .merged(oursText) }
        if same(merged, theirs) { return .merged(theirsText) }
        let text = DailyEditor.rewrite(oursText, as: merged)
        // The line must read back as what was merged, or the merge would lose something.
        guard let check = HabitLine.parse(text[...], lineNumber: ours.line), same(check, merged) else {
            return .conflict("\(name): both sides changed the line")
        }
        return .merged(text)
    }

    private static func same(_ a: HabitLine, _ b: HabitLine) -> Bool {
        a.habit == b.habit && a.label == b.label && a.state == b.state && a.value == b.value && a.unit == b.unit && a.note == b.note
    }

    private static func word(_ state: TaskItem.State) -> String {
        switch state {
        case .done: return "done"
        case .skipped: return "skipped"
        case .open: return "open"
        }
    }

    private static func amount(_ line: HabitLine) -> String {
        guard let value = line.value else { return "no value" }
        return HabitLine.format(value) + (line.unit.map { " " + $0 } ?? "")
    }
}
