/// A Markdown task item `- [ ] text`.
package struct TaskItem: Hashable, Sendable, Codable {
    package enum State: String, Hashable, Sendable, Codable {
        /// `[ ]`
        case open
        /// `[x]` or `[X]`
        case done
        /// `[-]`: skipped (habit lines) or cancelled (milestones).
        case skipped
    }

    package var state: State
    /// The text after the checkbox, up to the end of the line.
    package var text: String
    package var line: Int
    /// Indentation in columns (tabs count as 4), for nested lists.
    package var indent: Int

    package init(state: State, text: String, line: Int, indent: Int = 0) {
        self.state = state
        self.text = text
        self.line = line
        self.indent = indent
    }
}
