import BrainFormat
import BrainAnalytics
import BrainStore

/// The habit line `brain track` writes, `- [x] [[walk]] 10432 steps (auto: health ≥ 8000)`, and
/// how it tells its own lines from a person's.
///
/// A line is the tracker's to rewrite when its note is exactly a marker `(auto: SOURCE ≥ N)` and
/// its checkbox is what that marker's rule gives for the line's value, or when it is an empty
/// open line (`- [ ] [[walk]]`, as a template leaves one). Anything else is a manual entry and
/// wins: a `[x]` or `[-]` without the marker, a value typed by hand, a note added after the
/// marker, or a checkbox changed against the rule.
package enum AutoLine {
    /// What the tracker may do with a day's line for a habit.
    package enum Ownership: Hashable, Sendable {
        /// No line yet: one is added.
        case none
        /// A line the tracker wrote or an empty open line: it may be rewritten.
        case tracked
        /// A person's entry, kept; the text says what it is.
        case manual(String)
    }

    /// Who owns `line`.
    package static func ownership(of line: HabitLine?) -> Ownership {
        guard let line else { return .none }
        if line.state == .open && line.value == nil && (line.note ?? "").isEmpty { return .tracked }
        if let note = line.note, let marker = Marker(note) {
            guard let value = line.value else { return .manual("a line with the auto note but no value") }
            let met = marker.isMet(value)
            if (line.state == .done && met) || (line.state == .open && !met) { return .tracked }
            switch line.state {
            case .done: return .manual("marked [x] by hand")
            case .skipped: return .manual("skipped [-] by hand")
            case .open: return .manual("unticked [ ] by hand")
            }
        }
        switch line.state {
        case .done: return .manual(line.value == nil ? "a manual [x]" : "a manual [x] with a value")
        case .skipped: return .manual("a manual [-] skip")
        case .open: return .manual(line.value == nil ? "a manual line with a note" : "a value written by hand")
        }
    }

    /// The line for `value` under `rule`: `[x]` when the value meets it, `[ ]` otherwise.
    /// `existing` keeps the link as it was written (`[[Walk|walking]]`).
    package static func line(for habit: Habit, rule: AutoRule, value: Double, existing: HabitLine?) -> HabitLine {
        let unit = habit.unit ?? TrackingSources.metric(of: rule)?.unit
        return HabitLine(habit: existing?.habit ?? habit.id, label: existing?.label, state: rule.isMet(value) ? .done : .open,
                         value: value, unit: unit.map { Quantity.unit($0, for: value) }, note: rule.marker)
    }

    /// The marker of a tracked line read back (`AutoMarker`).
    package typealias Marker = AutoMarker
}
