/// A link out of a note and where it points, as `links` and `show` report it.
public struct ResolvedLink: Hashable, Sendable, Codable {
    public enum Status: String, Hashable, Sendable, Codable {
        case resolved, ambiguous, missing, external
    }

    /// The target as written (a URL for external links).
    public var target: String
    /// The note it resolves to; null unless `status` is `resolved`.
    @Nullable public var path: String?
    public var line: Int
    public var kind: Link.Kind
    /// The `#heading` or `#^block` part, when the link has one.
    public var fragment: String?
    /// The link's text, when it has one.
    public var label: String?
    public var status: Status

    public init(_ reference: LinkReference, index: VaultIndex) {
        let link = reference.link
        target = link.target
        line = link.line
        kind = link.kind
        fragment = link.fragment
        label = link.label
        switch reference.resolution {
        case .note(let position):
            path = index.records[position].path
            status = .resolved
        case .ambiguous:
            status = .ambiguous
        case .missing:
            status = .missing
        case .external:
            status = .external
        }
    }
}
