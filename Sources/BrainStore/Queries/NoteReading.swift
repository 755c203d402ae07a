import BrainFormat
import BrainAnalytics

/// A note to read (the web app's note page): its body as written, the links in it with where
/// each leads (the index's own resolution, as `brain links` reports it) and its backlinks. The
/// note is found through the index by position, never by a path from outside.
package struct NoteReading: Sendable {
    /// A link of the body: its UTF-8 byte range in `body`, the link, and the note it resolves to.
    package struct BodyLink: Sendable {
        package var range: Range<Int>
        package var link: Link
        /// The position in the index of the note it leads to; nil when it is missing, ambiguous or a URL.
        package var note: Int?
    }

    package var position: Int
    package var title: String
    package var path: String
    package var kind: NoteKind
    package var tags: [String]
    package var pinned: Bool
    /// The Markdown after the front-matter.
    package var body: String
    package var links: [BodyLink]
    /// Where other notes link here, by path then line; `source` is the linking note's position.
    package var backlinks: [(source: Int, line: Int, text: String)]

    package init(index: VaultIndex, note position: Int, vault: Vault) {
        let record = index.records[position]
        self.position = position
        title = record.title
        path = record.path
        kind = record.kind
        tags = record.tags
        pinned = record.pinned
        let bytes = (try? vault.fileSystem.read(VaultPaths.join(vault.root, record.path))) ?? []
        let offset = bytes.withUnsafeBufferPointer { FrontMatterSplitter.split($0)?.bodyOffset } ?? 0
        body = String(decoding: bytes[min(offset, bytes.count)...], as: UTF8.self)
        links = index.links(of: position).compactMap { reference in
            let range = reference.link.byteRange
            guard range.lowerBound >= offset, range.upperBound <= bytes.count else { return nil }
            return BodyLink(range: (range.lowerBound - offset)..<(range.upperBound - offset), link: reference.link, note: reference.resolution.note)
        }
        backlinks = Backlink.all(to: position, in: index).compactMap { backlink in
            index.index(ofPath: backlink.path).map { (source: $0, line: backlink.line, text: backlink.text) }
        }
    }
}

extension NoteList {
    /// The notes of the web app's list: notes (not habits, goals, areas or days) carrying every
    /// tag of `tags`, pinned ones first, then the most recently changed; at most `limit`.
    package static func recent(in index: VaultIndex, tags: [TagExpression] = [], limit: Int) -> NoteList {
        var filter = NoteFilter()
        filter.kind = "note"
        filter.tags = tags
        filter.sort = .modified
        let selected = filter.select(in: index)
        let ordered = selected.filter { index.records[$0].pinned } + selected.filter { !index.records[$0].pinned }
        return NoteList(index: index, positions: Array(ordered.prefix(limit)))
    }
}
