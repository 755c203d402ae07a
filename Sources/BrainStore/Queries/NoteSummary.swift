import BrainFormat
import BrainAnalytics

/// One note as the listings (`list`, `pins`, `orphans`) show it.
package struct NoteSummary: Hashable, Sendable, Codable {
    package var path: String
    package var kind: NoteKind
    /// The note's `type:` (`note` when it has none); nil for habits, goals, areas and daily files.
    package var type: String?
    package var title: String
    package var tags: [String]
    package var pinned: Bool
    /// The `created:` day, when the note has one.
    package var created: Day?

    package init(_ record: NoteRecord) {
        path = record.path
        kind = record.kind
        type = record.kind == .note ? (record.frontMatter["type"]?.string ?? "note") : nil
        title = record.title
        tags = record.tags
        pinned = record.pinned
        created = record.frontMatter["created"]?.day
    }
}
