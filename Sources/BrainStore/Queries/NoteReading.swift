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
        NoteListing(index: index).page(tags: tags, offset: 0, limit: limit).list
    }
}

/// The web app's notes list of one index, worked out once: every note (not habits, goals, areas
/// or days) in the list's order — pinned first, then the most recently changed — and the tags,
/// most used first (`brain tags --sort count`). A server keeps it while its index stands (an index
/// is never changed in place: a change makes a new one), and cuts pages from it.
package final class NoteListing: @unchecked Sendable {
    /// The index it was made from.
    package let index: VaultIndex
    /// The notes' positions in `index`, in the list's order.
    package let order: [Int]
    package let tags: TagList

    package init(index: VaultIndex) {
        self.index = index
        var filter = NoteFilter()
        filter.kind = "note"
        filter.sort = .modified
        let selected = filter.select(in: index)
        order = selected.filter { index.records[$0].pinned } + selected.filter { !index.records[$0].pinned }
        tags = TagList(index: index, sort: .count)
    }

    /// The notes carrying every tag of `tags`, in the list's order, from `offset` on (at most
    /// `limit`), and how many there are in all.
    package func page(tags: [TagExpression], offset: Int, limit: Int) -> (list: NoteList, total: Int) {
        var positions = order
        if !tags.isEmpty {
            var filter = NoteFilter()
            filter.kind = "note"
            filter.tags = tags
            let matching = Set(filter.select(in: index))
            positions = order.filter(matching.contains)
        }
        let start = min(max(0, offset), positions.count)
        return (NoteList(index: index, positions: Array(positions[start..<min(positions.count, start + max(0, limit))])), positions.count)
    }
}
