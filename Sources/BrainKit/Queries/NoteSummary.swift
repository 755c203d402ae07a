/// One note as the listings (`list`, `pins`, `orphans`) show it.
public struct NoteSummary: Hashable, Sendable, Codable {
    public var path: String
    public var kind: NoteKind
    /// The note's `type:` (`note` when it has none); nil for habits, goals, areas and daily files.
    public var type: String?
    public var title: String
    public var tags: [String]
    public var pinned: Bool
    /// The `created:` day, when the note has one.
    public var created: Day?

    public init(_ record: NoteRecord) {
        path = record.path
        kind = record.kind
        type = record.kind == .note ? (record.frontMatter["type"]?.string ?? "note") : nil
        title = record.title
        tags = record.tags
        pinned = record.pinned
        created = record.frontMatter["created"]?.day
    }
}
