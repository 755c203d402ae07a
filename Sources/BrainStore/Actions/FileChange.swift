import BrainFormat
import BrainAnalytics

/// What an action did to one file.
package struct FileChange: Hashable, Sendable, Codable {
    package enum Kind: String, Hashable, Sendable, Codable {
        case created, modified, moved, deleted
    }

    package var kind: Kind
    /// Vault-relative path (the new one for a move).
    package var path: String
    /// The old path of a moved file.
    package var from: String?
    /// Where a deleted file was kept (`.brain/trash/…`), when it was.
    package var to: String?
    /// The lines that differ, in file order.
    package var lines: [LineChange]

    package init(kind: Kind, path: String, from: String? = nil, to: String? = nil, lines: [LineChange] = []) {
        self.kind = kind
        self.path = path
        self.from = from
        self.to = to
        self.lines = lines
    }
}

/// One changed line: `before` nil for an added line, `after` nil for a removed one.
package struct LineChange: Hashable, Sendable, Codable {
    /// 1-based line in the file after the change (for a removed line: in the file before it).
    package var line: Int
    /// The text without its line ending.
    package var before: String?
    package var after: String?

    package init(line: Int, before: String?, after: String?) {
        self.line = line
        self.before = before
        self.after = after
    }
}
