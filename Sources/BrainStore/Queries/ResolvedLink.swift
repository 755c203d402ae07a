import BrainFormat
import BrainAnalytics

/// A link out of a note and where it points, as `links` and `show` report it.
package struct ResolvedLink: Hashable, Sendable, Codable {
    package enum Status: String, Hashable, Sendable, Codable {
        case resolved, ambiguous, missing, external
    }

    /// The target as written (a URL for external links).
    package var target: String
    /// The note it resolves to; null unless `status` is `resolved`.
    @Nullable package var path: String?
    package var line: Int
    package var kind: Link.Kind
    /// The `#heading` or `#^block` part, when the link has one.
    package var fragment: String?
    /// The link's text, when it has one.
    package var label: String?
    package var status: Status

    package init(_ reference: LinkReference, index: VaultIndex) {
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
