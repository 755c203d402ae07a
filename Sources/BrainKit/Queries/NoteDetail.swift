/// `brain show NOTE`: a note's front-matter, tags, links, backlinks and problems.
public struct NoteDetail: Hashable, Sendable, Codable {
    public var path: String
    public var kind: NoteKind
    public var title: String
    /// In the order written (JSON output sorts the keys).
    public var frontMatter: YAMLMap
    public var tags: [String]
    public var links: [ResolvedLink]
    public var backlinks: [Backlink]
    /// The note's own problems as `path:line:column: severity: message`.
    public var diagnostics: [String]

    /// The note at `position` of `index`.
    public init(index: VaultIndex, note position: Int) {
        let record = index.records[position]
        path = record.path
        kind = record.kind
        title = record.title
        frontMatter = record.frontMatter
        tags = record.tags
        links = index.links(of: position).map { ResolvedLink($0, index: index) }
        backlinks = Backlink.all(to: position, in: index)
        diagnostics = index.diagnostics(of: position).map(\.description)
    }
}
