/// What the Markdown scanner finds in a body. Every item carries its 1-based
/// line in the file and its 1-based column in UTF-8 bytes.
public struct MarkdownScan: Hashable, Sendable, Codable {
    public var links: [Link]
    public var tags: [Tag]
    public var tasks: [TaskItem]
    public var headings: [Heading]

    public init(links: [Link] = [], tags: [Tag] = [], tasks: [TaskItem] = [], headings: [Heading] = []) {
        self.links = links
        self.tags = tags
        self.tasks = tasks
        self.headings = headings
    }
}

/// A link in a body: a wikilink, an embed, a Markdown link to a file, or an external URL.
public struct Link: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// `[[target]]`, `[[target|label]]`, `[[target#heading]]`, `[[target#^block]]`.
        case wikilink
        /// `![[target]]`.
        case embed
        /// `[text](relative/path.md)`, the path percent-decoded.
        case markdown
        /// `[text](https://…)` or `<https://…>`: kept as a URL, never resolved in the vault.
        case url
    }

    public var kind: Kind
    /// The note part of the target, as written (percent-decoded for Markdown links); empty for `[[#heading]]`.
    public var target: String
    /// The heading (`#heading`) or block (`^id`) after `#`, when present.
    public var fragment: String?
    /// The label after `|` of a wikilink, or the text of a Markdown link.
    public var label: String?
    public var line: Int
    public var column: Int
    /// Byte range of the whole link in the file (`[[…]]` or `[…](…)`), for edits such as rename.
    public var byteRange: Range<Int>

    public init(kind: Kind, target: String, fragment: String? = nil, label: String? = nil,
                line: Int, column: Int, byteRange: Range<Int>) {
        self.kind = kind
        self.target = target
        self.fragment = fragment
        self.label = label
        self.line = line
        self.column = column
        self.byteRange = byteRange
    }
}

/// A `#tag` in a body, without the `#`, as written (compare case-insensitively).
public struct Tag: Hashable, Sendable, Codable {
    public var name: String
    public var line: Int
    public var column: Int

    public init(name: String, line: Int, column: Int) {
        self.name = name
        self.line = line
        self.column = column
    }
}

/// A Markdown task item `- [ ] text`.
public struct TaskItem: Hashable, Sendable, Codable {
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

/// An ATX heading (`## Habits`).
public struct Heading: Hashable, Sendable, Codable {
    public var level: Int
    public var text: String
    public var line: Int

    public init(level: Int, text: String, line: Int) {
        self.level = level
        self.text = text
        self.line = line
    }
}
