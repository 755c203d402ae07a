import Foundation

/// What a file-system watcher (`brain watch`) answers to "what changed since token T".
package enum WatchAnswer: Sendable, Equatable {
    /// The vault-relative paths (files and folders) touched since the token asked about, and the
    /// token to ask with next time. A folder named here may have changed anywhere below it.
    case changed(token: String, paths: [String])
    /// The watcher cannot say what changed since that token (it restarted, its events
    /// overflowed, the token is not one of its own): the caller checks every file, and records
    /// `token`, taken now, for the next time.
    case unknown(token: String)

    package var token: String {
        switch self {
        case .changed(let token, _), .unknown(let token): return token
        }
    }
}

/// Where `VaultIndex.open` learns which files changed since its cache was written, instead of
/// comparing every file's stamp. The store holds no socket: the CLI supplies the implementation
/// (`WatchClient` in BrainServer, which asks `brain watch` over its Unix socket).
package protocol ChangeSource: Sendable {
    /// The answer for changes since `token` (nil: none recorded, which is answered `unknown`
    /// with the current token); nil when there is no watcher or its answer cannot be trusted
    /// (see docs/ARCHITECTURE.md, "The watch").
    func changes(since token: String?) -> WatchAnswer?
}

extension VaultIndex {
    private static let sourceLock = NSLock()
    nonisolated(unsafe) private static var sourceFactory: (@Sendable (Vault) -> (any ChangeSource)?)?

    /// What gives each vault's `ChangeSource` when `open` is not handed one: set once by a
    /// client (the CLI) that knows how to reach a watcher; nil (the default) always walks.
    package static var changeSources: (@Sendable (Vault) -> (any ChangeSource)?)? {
        get { sourceLock.withLock { sourceFactory } }
        set { sourceLock.withLock { sourceFactory = newValue } }
    }
}
