import Foundation
import BrainStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Asks the vault's `brain watch` (`WatchDaemon`) what changed: the `ChangeSource` the CLI gives
/// `VaultIndex.open`. Every doubt is "no answer", and the index then checks every file: no
/// socket, a socket that is not one or not this user's, a peer of another user, a refused
/// connection, an answer that is not whole or comes after the deadline.
package struct WatchClient: ChangeSource {
    package let root: String
    /// How long the whole exchange may take.
    package var timeout: Double

    /// `BRAIN_WATCH_TIMEOUT_MS` sets the deadline (50 ms by default).
    package init(root: String, environment: [String: String] = [:]) {
        self.root = root
        timeout = (environment["BRAIN_WATCH_TIMEOUT_MS"].flatMap(Double.init) ?? 50) / 1_000
    }

    /// A client of the vault at `root` when a socket of this user's stands where a watcher
    /// listens; nil otherwise, so that a command with no watcher reads nothing for it (not even
    /// the token its cache recorded).
    package static func ifListening(root: String, environment: [String: String] = [:]) -> WatchClient? {
        isOwnSocket(root + "/" + WatchDaemon.socketPath) ? WatchClient(root: root, environment: environment) : nil
    }

    private static func isOwnSocket(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK && info.st_uid == getuid()
    }

    package func changes(since token: String?) -> WatchAnswer? {
        let path = root + "/" + WatchDaemon.socketPath
        guard Self.isOwnSocket(path), var address = WatchSocket.address(path) else { return nil }
        #if canImport(Glibc)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let fd = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return nil }
        defer { Socket.close(fd) }
        #if canImport(Darwin)
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        Socket.setNonBlocking(fd)
        let deadline = Socket.now() + timeout
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        if connected != 0 {
            guard errno == EINPROGRESS || errno == EAGAIN, WatchSocket.wait(fd, for: Int16(POLLOUT), until: deadline) else { return nil }
            var failure: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length) == 0, failure == 0 else { return nil }
        }
        guard WatchSocket.peerIsOwner(fd),
              WatchSocket.send(fd, Array("since \(token ?? "-")\n".utf8), until: deadline) else { return nil }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            guard WatchSocket.wait(fd, for: Int16(POLLIN), until: deadline) else { return nil }
            switch Socket.read(fd, into: &buffer) {
            case .bytes(let count): reply += buffer[0..<count]
            case .wouldBlock: continue
            case .end: return WatchDaemon.decode(reply)
            case .failed: return nil
            }
        }
    }
}

/// What the watch's daemon and client share of sockets.
enum WatchSocket {
    /// The address of a Unix socket at `path`; nil when the path is too long for one.
    static func address(_ path: String) -> sockaddr_un? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity, !bytes.contains(0) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return address
    }

    /// Whether the process at the other end runs as this user (`SO_PEERCRED`; `getpeereid` on macOS).
    static func peerIsOwner(_ fd: Int32) -> Bool {
        #if canImport(Glibc)
        // `struct ucred` (pid, uid, gid), which the Glibc module leaves out (it needs _GNU_SOURCE).
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0,
              Int(length) == MemoryLayout<(Int32, UInt32, UInt32)>.size else { return false }
        return credentials.uid == getuid()
        #else
        var uid: uid_t = 0
        var gid: gid_t = 0
        guard getpeereid(fd, &uid, &gid) == 0 else { return false }
        return uid == getuid()
        #endif
    }

    /// Waits until `fd` is ready for `events`, or the deadline passes (false).
    static func wait(_ fd: Int32, for events: Int16, until deadline: Double) -> Bool {
        while true {
            let left = deadline - Socket.now()
            if left <= 0 { return false }
            var entry = pollfd(fd: fd, events: events, revents: 0)
            let ready = poll(&entry, 1, Int32(max(1, (left * 1_000).rounded(.up))))
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { return false }
        }
    }

    /// Writes all of `bytes` before the deadline.
    static func send(_ fd: Int32, _ bytes: [UInt8], until deadline: Double) -> Bool {
        var offset = 0
        while offset < bytes.count {
            guard wait(fd, for: Int16(POLLOUT), until: deadline), let count = Socket.write(fd, bytes, from: offset) else { return false }
            offset += count
        }
        return true
    }
}
