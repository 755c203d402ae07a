import BrainFormat
import BrainAnalytics

/// `brain index`: what the index holds and what bringing it up to date took.
package struct IndexReport: Hashable, Sendable, Codable {
    /// Markdown files in the vault.
    package var files: Int
    package var notes: Int
    package var links: Int
    /// Distinct tags, nested parents included.
    package var tags: Int
    package var diagnostics: Int
    /// Files parsed this time.
    package var reread: Int
    package var added: Int
    package var changed: Int
    package var removed: Int
    /// True when the cache was missing, old or unreadable, or a rebuild was asked for.
    package var rebuilt: Bool
    /// True when a watcher (`brain watch`) said what changed, so that no file was walked.
    package var watched: Bool

    package init(index: VaultIndex) {
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
        watched = report.watched
    }
}
