import BrainFormat
import BrainAnalytics

/// The vault's exclusive lock (`.brain/cache/lock`), held around every read-plan-write so that
/// concurrent `brain` processes (and other clients of BrainKit) never lose each other's edits.
/// Released when the object is.
package final class VaultLock {
    package static let path = ".brain/cache/lock"
    private let held: any FileLock
    package let path: String

    /// Waits up to `timeout` seconds for the lock. When the last holder was killed holding it,
    /// the temporary files it may have left anywhere in the vault are cleared first (those of
    /// writers still running are kept).
    package init(vault: Vault, timeout: Double = 10) throws(VaultError) {
        path = try vault.internalPath(VaultLock.path)
        held = try vault.fileSystem.lock(path, timeout: timeout)
        if held.abandonedBy != nil {
            TemporaryFiles.clean(in: vault.root, fileSystem: vault.fileSystem)
        }
    }

    /// The process id of a previous holder that was killed holding the lock, if one was.
    package var abandonedBy: Int32? { held.abandonedBy }

    /// Runs `body` while holding the vault lock.
    package static func withLock<T>(_ vault: Vault, _ body: () throws -> T) throws -> T {
        let lock = try VaultLock(vault: vault)
        defer { withExtendedLifetime(lock) {} }
        return try body()
    }
}
