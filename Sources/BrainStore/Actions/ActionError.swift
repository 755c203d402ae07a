import BrainFormat
import BrainAnalytics

/// Why an action did nothing. Every action either writes all it planned or, with one of these,
/// nothing at all.
public struct ActionError: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The kind of failure, for a client to choose what to offer (a button, a retry).
    public enum Code: String, Hashable, Sendable, Codable {
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

    public var code: Code
    /// One sentence (or a few lines) for a person, without a `brain:` prefix.
    public var message: String
    /// The vault-relative file concerned, when there is one.
    public var path: String?

    public init(_ code: Code, _ message: String, path: String? = nil) {
        self.code = code
        self.message = message
        self.path = path
    }

    public var description: String { message }

    /// A vault-layer error as an action error.
    public init(_ error: VaultError) {
        switch error {
        case .exists(let path): self.init(.exists, error.description, path: path)
        case .outsideVault, .unsafeName: self.init(.invalidArgument, error.description)
        default: self.init(.io, error.description)
        }
    }
}
