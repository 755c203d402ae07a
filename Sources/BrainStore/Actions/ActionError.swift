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

    /// What a person could do next, as data: the command line words it as a command to type
    /// (`run brain unarchive read …`), an app or a web page as a button.
    public enum Suggestion: Hashable, Sendable, Codable {
        /// Unarchive the habit, or set `status: active` in its file, to log it again.
        case unarchive(habit: String, path: String)
        /// Archive the habit or goal instead, which keeps its history; or delete anyway.
        case archiveInstead(id: String)
        /// Remove the links to the note first; or delete anyway.
        case removeLinksFirst
        /// Delete the note instead: only habits and goals are archived.
        case deleteInstead
        /// Make a first habit.
        case createHabit
        /// Import into a new or empty folder, or move the files in the way.
        case importIntoEmptyFolder(source: String)
        /// The change is allowed, but unusual enough to be confirmed (a vault inside a vault, a
        /// check-off far in the past): do it anyway when that is what was meant.
        case confirmWithForce
        /// The file's front-matter cannot be read, so it is not written to: fix it first (the
        /// message is the problem, as `path:line:column: error: …`).
        case fixFrontMatter(path: String)
    }

    public var code: Code
    /// What happened, in one sentence (or a few lines) for a person, without a `brain:` prefix and
    /// without advice: that is `suggestion`, which each client words its own way.
    public var message: String
    /// The vault-relative file concerned, when there is one.
    public var path: String?
    /// What to do about it, when there is something.
    public var suggestion: Suggestion?

    public init(_ code: Code, _ message: String, path: String? = nil, suggestion: Suggestion? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.suggestion = suggestion
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
