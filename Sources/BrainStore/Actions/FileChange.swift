import BrainFormat
import BrainAnalytics

/// What an action did to one file.
public struct FileChange: Hashable, Sendable, Codable {
    /// What happened to the file.
    public enum Kind: String, Hashable, Sendable, Codable {
        case created, modified, moved, deleted
    }

    public var kind: Kind
    /// Vault-relative path (the new one for a move).
    public var path: String
    /// The old path of a moved file.
    public var from: String?
    /// Where a deleted file was kept (`.brain/trash/…`), when it was.
    public var to: String?
    /// The lines that differ, in file order.
    public var lines: [LineChange]

    public init(kind: Kind, path: String, from: String? = nil, to: String? = nil, lines: [LineChange] = []) {
        self.kind = kind
        self.path = path
        self.from = from
        self.to = to
        self.lines = lines
    }
}

/// One changed line: `before` nil for an added line, `after` nil for a removed one.
public struct LineChange: Hashable, Sendable, Codable {
    /// 1-based line in the file after the change (for a removed line: in the file before it).
    public var line: Int
    /// The text without its line ending.
    public var before: String?
    public var after: String?

    public init(line: Int, before: String?, after: String?) {
        self.line = line
        self.before = before
        self.after = after
    }
}
