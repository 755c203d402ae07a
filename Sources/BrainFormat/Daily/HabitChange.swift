/// What to do to one habit's line on one day.
package enum HabitChange: Hashable, Sendable {
    /// Mark done. A value replaces the line's value (or is added to it with `add`); a note replaces the line's note.
    /// For a measurable habit a written value decides the checkbox: `[x]` only when it meets the target
    /// (at least the target for build habits, at most for quit habits), else `[ ]` with the value.
    /// A written value takes the habit's `unit` (the line's own unit when the habit has none).
    case done(value: Double? = nil, add: Bool = false, note: String? = nil)
    /// Back to open `[ ]`: the value and unit are dropped, label and note kept.
    case undo
    /// Skipped `[-]`: the value is dropped; a reason replaces the note.
    case skip(reason: String? = nil)
    /// An open `[ ]` line added to the day's habits when it has none for the habit (a line already
    /// there is left as it is): the habit is on the day's list, not yet done.
    case open
}

/// What `DailyEditor.apply` did to a daily document.
package struct HabitEdit: Hashable, Sendable {
    package enum Action: String, Hashable, Sendable, Codable {
        /// A new line was written at the end of the habits section.
        case added
        /// The habit's existing line was rewritten.
        case updated
        /// The line already said this; nothing was written.
        case unchanged
        /// There was no line to change (undo of a habit not logged that day).
        case absent
    }

    package var action: Action
    /// The habit's line before the edit (the last one for the habit), if any.
    package var before: HabitLine?
    /// The habit's line after the edit, with its 1-based file line; nil when `absent`.
    package var after: HabitLine?
    /// The written line's text, without its line ending.
    package var text: String?

    package init(action: Action, before: HabitLine?, after: HabitLine?, text: String?) {
        self.action = action
        self.before = before
        self.after = after
        self.text = text
    }
}
