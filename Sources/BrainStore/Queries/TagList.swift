import BrainFormat
import BrainAnalytics

/// `brain tags`: every tag with the number of notes carrying it.
package struct TagList: Hashable, Sendable, Codable {
    package enum Sort: String, Hashable, Sendable, CaseIterable {
        /// Alphabetical.
        case name
        /// Most used first, then alphabetical.
        case count
    }

    package struct Entry: Hashable, Sendable, Codable {
        /// Lower case; a nested tag's parents (`work` of `work/brain`) are tags too.
        package var name: String
        /// Notes, not occurrences.
        package var count: Int
    }

    package var tags: [Entry]

    package init(index: VaultIndex, sort: Sort = .name) {
        self.init(counts: index.tagCounts(), sort: sort)
    }

    /// The list of `tagCounts()` or of a watched summary's tags (`VaultIndex.watchedSummary`).
    package init(counts: [(name: String, count: Int)], sort: Sort = .name) {
        var tags = counts.map { Entry(name: $0.name, count: $0.count) }
        switch sort {
        case .name: tags.sort { $0.name < $1.name }
        case .count: tags.sort { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
        }
        self.tags = tags
    }

    /// The vault's tags from the cache's summaries, when a watcher says only edits that leave
    /// every link as it was happened since the cache (`VaultIndex.watchedSummary`); else nil.
    package static func watched(_ vault: Vault, sort: Sort = .name) -> TagList? {
        VaultIndex.watchedSummary(vault, scope: .vault).map { TagList(counts: $0.tags, sort: sort) }
    }
}
