/// `brain index`: what the index holds and what bringing it up to date took.
public struct IndexReport: Hashable, Sendable, Codable {
    /// Markdown files in the vault.
    public var files: Int
    public var notes: Int
    public var links: Int
    /// Distinct tags, nested parents included.
    public var tags: Int
    public var diagnostics: Int
    /// Files parsed this time.
    public var reread: Int
    public var added: Int
    public var changed: Int
    public var removed: Int
    /// True when the cache was missing, old or unreadable, or a rebuild was asked for.
    public var rebuilt: Bool

    public init(index: VaultIndex) {
        let report = index.report
        files = report.files
        notes = index.records.count
        links = index.resolutions.reduce(0) { $0 + $1.count }
        tags = index.tagCounts().count
        diagnostics = index.diagnosticCount()
        reread = report.reread
        added = report.added
        changed = report.changed
        removed = report.removed
        rebuilt = report.rebuilt
    }
}
