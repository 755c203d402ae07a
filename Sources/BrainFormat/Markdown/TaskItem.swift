/// A Markdown task item `- [ ] text`.
public struct TaskItem: Hashable, Sendable, Codable {
    /// A task's checkbox: `[ ]` open, `[x]` done, `[-]` skipped.
    public enum State: String, Hashable, Sendable, Codable {
        /// `[ ]`
        case open
        /// `[x]` or `[X]`
        case done
        /// `[-]`: skipped (habit lines) or cancelled (milestones).
        case skipped
    }

    public var state: State
    /// The text after the checkbox, up to the end of the line.
    public var text: String
    public var line: Int
    /// Indentation in columns (tabs count as 4), for nested lists.
    public var indent: Int

    public init(state: State, text: String, line: Int, indent: Int = 0) {
        self.state = state
        self.text = text
        self.line = line
        self.indent = indent
    }
}
