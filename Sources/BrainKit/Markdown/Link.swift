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
