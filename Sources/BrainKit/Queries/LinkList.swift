/// `brain links NOTE`: the links out of a note, in file order.
public struct LinkList: Hashable, Sendable, Codable {
    public var path: String
    public var links: [ResolvedLink]

    /// The links of the note at `position` of `index`.
    public init(index: VaultIndex, note position: Int) {
        path = index.records[position].path
        links = index.links(of: position).map { ResolvedLink($0, index: index) }
    }
}
