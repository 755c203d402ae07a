import BrainFormat
import BrainAnalytics

/// `brain backlinks NOTE`: the links into a note.
package struct BacklinkList: Hashable, Sendable, Codable {
    package var path: String
    package var backlinks: [Backlink]

    /// The backlinks of the note at `position` of `index`.
    package init(index: VaultIndex, note position: Int) {
        path = index.records[position].path
        backlinks = Backlink.all(to: position, in: index)
    }
}
