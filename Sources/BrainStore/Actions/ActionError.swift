import BrainFormat
import BrainAnalytics

/// Why an action did nothing. Every action either writes all it planned or, with one of these,
/// nothing at all.
package struct ActionError: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    package enum Code: String, Hashable, Sendable, Codable {
        /// An argument is malformed or does not fit (a bad number, an unknown key, a wrong kind).
        case invalidArgument
        /// No note, habit, goal or milestone has that name.
        case notFound
        /// Several notes fit the name.
        case ambiguous
        /// The change was refused by a rule (an archived habit, a future day, a linked note).
        case refused
        /// A file is in the way (never overwritten).
        case exists
        /// Reading or writing failed, or the vault lock could not be had.
        case io
    }

    package var code: Code
    /// One sentence (or a few lines) for a person, without a `brain:` prefix.
    package var message: String
    /// The vault-relative file concerned, when there is one.
    package var path: String?

    package init(_ code: Code, _ message: String, path: String? = nil) {
        self.code = code
        self.message = message
        self.path = path
    }

    package var description: String { message }

    /// A vault-layer error as an action error.
    package init(_ error: VaultError) {
        switch error {
        case .exists(let path): self.init(.exists, error.description, path: path)
        case .outsideVault, .unsafeName: self.init(.invalidArgument, error.description)
        default: self.init(.io, error.description)
        }
    }
}
