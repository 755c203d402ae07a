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
        var tags = index.tagCounts().map { Entry(name: $0.name, count: $0.count) }
        switch sort {
        case .name: tags.sort { $0.name < $1.name }
        case .count: tags.sort { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
        }
        self.tags = tags
    }
}
