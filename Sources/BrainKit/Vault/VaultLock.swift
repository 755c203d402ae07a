#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive lock on the vault (`flock` on `.brain/lock`) held around every read-modify-write,
/// so that concurrent `brain` processes never lose each other's edits.
public final class VaultLock {
    private let fd: Int32
    public let path: String

    /// Waits up to `timeout` seconds for the lock.
    public init(root: String, timeout: Double = 10) throws(VaultError) {
        path = VaultPaths.join(root, ".brain/cache/lock")
        try FileSystem.makeDirectories(VaultPaths.join(root, ".brain/cache"))
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .io(path: path, message: FileSystem.errorText()) }
        var waited = 0.0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if errno != EWOULDBLOCK && errno != EINTR {
                close(fd)
                throw .io(path: path, message: FileSystem.errorText())
            }
            if waited >= timeout {
                close(fd)
                throw .lockTimeout(path)
            }
            usleep(2_000)
            waited += 0.002
        }
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }

    /// Runs `body` while holding the vault lock.
    public static func withLock<T>(root: String, _ body: () throws -> T) throws -> T {
        let lock = try VaultLock(root: root)
        defer { withExtendedLifetime(lock) {} }
        return try body()
    }
}
