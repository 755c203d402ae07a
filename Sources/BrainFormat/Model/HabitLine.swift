import Foundation

/// One habit line of a daily check-in: `- [x] [[read]] 24 pages — good chapter`.
public struct HabitLine: Hashable, Sendable, Codable {
    /// The link target, trimmed, as written (compare lower-cased).
    public var habit: String
    /// The label after `|` in `[[read|Reading]]`, when present.
    public var label: String?
    public var state: TaskItem.State
    public var value: Double?
    public var unit: String?
    public var note: String?
    /// 1-based line in the file.
    public var line: Int

    public init(habit: String, label: String? = nil, state: TaskItem.State, value: Double? = nil,
                unit: String? = nil, note: String? = nil, line: Int = 0) {
        self.habit = habit
        self.label = label
        self.state = state
        self.value = value
        self.unit = unit
        self.note = note
        self.line = line
    }

    /// The habit id lower-cased: the key lines are matched to habits by.
    public var habitKey: String { habit.lowercased() }

    /// Canonical line text for writing: `- [x] [[read]] 24 pages — note`.
    public static func render(habit: String, label: String? = nil, state: TaskItem.State, value: Double? = nil,
                              unit: String? = nil, note: String? = nil) -> String {
        let mark: String
        switch state {
        case .open: mark = " "
        case .done: mark = "x"
        case .skipped: mark = "-"
        }
        var text = "- [\(mark)] [[\(habit)\(label.map { "|" + $0 } ?? "")]]"
        if let value {
            text += " " + HabitLine.format(value)
            if let unit, !unit.isEmpty { text += " " + unit }
        }
        if let note, !note.isEmpty {
            // A separator keeps a note that starts with a digit or a letter from reading as the value
            // or unit, and one that starts with a separator from losing it when read back. A note in
            // parentheses (`(auto: health ≥ 8000)`) can be neither.
            let plain = (value == nil || note.hasPrefix("(")) && !(note.first?.isNumber ?? false)
                && !["-", "—", "–", ":"].contains(where: note.hasPrefix)
            text += (plain ? " " : " — ") + note
        }
        return text
    }

    /// This line rendered canonically.
    public var rendered: String {
        HabitLine.render(habit: habit, label: label, state: state, value: value, unit: unit, note: note)
    }

    /// A number as written back: no trailing `.0`, at most 6 decimals (``Quantity/number(_:)``).
    public static func format(_ value: Double) -> String {
        Quantity.number(value)
    }
}
