/// A link in a body: a wikilink, an embed, a Markdown link to a file, or an external URL; or a bare
/// id in a front-matter key that holds links (`area: health`).
package struct Link: Hashable, Sendable, Codable {
    package enum Kind: String, Hashable, Sendable, Codable {
        /// `[[target]]`, `[[target|label]]`, `[[target#heading]]`, `[[target#^block]]`.
        case wikilink
        /// `![[target]]`.
        case embed
        /// `[text](relative/path.md)`, the path percent-decoded.
        case markdown
        /// `[text](https://…)` or `<https://…>`: kept as a URL, never resolved in the vault.
        case url
        /// A bare id in the value of a front-matter key the schema marks as holding links
        /// (`area: health`, `habits: [read, walk]`), resolved like a wikilink; `label` is the key.
        case reference
        /// A reference that may be plain text instead: `after: wake-up` names the habit `wake-up`
        /// when there is one, else a moment a stack starts from. Resolved like `reference`, and
        /// never a broken link.
        case optionalReference
    }

    package var kind: Kind
    /// The note part of the target, as written (percent-decoded for Markdown links); empty for `[[#heading]]`.
    package var target: String
    /// The heading (`#heading`) or block (`^id`) after `#`, when present.
    package var fragment: String?
    /// The label after `|` of a wikilink, the text of a Markdown link, or a reference's key.
    package var label: String?
    package var line: Int
    package var column: Int
    /// Byte range of the whole link in the file (`[[…]]`, `[…](…)`, or a reference's id), for edits such as rename.
    package var byteRange: Range<Int>

    package init(kind: Kind, target: String, fragment: String? = nil, label: String? = nil,
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
