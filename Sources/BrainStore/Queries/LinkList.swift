import BrainFormat
import BrainAnalytics

/// `brain links NOTE`: the links out of a note, in file order.
package struct LinkList: Hashable, Sendable, Codable {
    package var path: String
    package var links: [ResolvedLink]

    /// The links of the note at `position` of `index`.
    package init(index: VaultIndex, note position: Int) {
        path = index.records[position].path
        links = index.links(of: position).map { ResolvedLink($0, index: index) }
    }
}
