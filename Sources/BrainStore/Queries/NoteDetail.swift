import BrainFormat
import BrainAnalytics

/// `brain show NOTE`: a note's front-matter, tags, links, backlinks and problems.
package struct NoteDetail: Hashable, Sendable, Codable {
    package var path: String
    package var kind: NoteKind
    package var title: String
    /// In the order written (JSON output sorts the keys).
    package var frontMatter: YAMLMap
    package var tags: [String]
    package var links: [ResolvedLink]
    package var backlinks: [Backlink]
    /// The note's own problems as `path:line:column: severity: message`.
    package var diagnostics: [String]

    /// The note at `position` of `index`.
    package init(index: VaultIndex, note position: Int) {
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
