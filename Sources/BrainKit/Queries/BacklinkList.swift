/// `brain backlinks NOTE`: the links into a note.
public struct BacklinkList: Hashable, Sendable, Codable {
    public var path: String
    public var backlinks: [Backlink]

    /// The backlinks of the note at `position` of `index`.
    public init(index: VaultIndex, note position: Int) {
        path = index.records[position].path
        backlinks = Backlink.all(to: position, in: index)
    }
}
