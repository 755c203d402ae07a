import Foundation
import BrainStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `brain watch`: a `VaultWatcher` that answers, on a Unix socket in `.brain/`, "what changed
/// since token T" (docs/ARCHITECTURE.md, "The watch"). One question per connection:
/// `since TOKEN\n` (or `since -\n`), answered
///
///     unknown TOKEN\n
///     changed TOKEN COUNT\n PATH\0 … PATH\0 end\n
///
/// then the connection is closed. The socket is the owner's only (mode 0600, a peer of another
/// user is refused); a lock file beside it makes one watcher per vault.
package final class WatchDaemon: @unchecked Sendable {
    package static let socketPath = ".brain/watch.sock"
    package static let lockPath = ".brain/watch.lock"
    /// The longest question: `since ` and a token.
    static let questionLimit = 200
    /// How long a client has to ask, once connected.
    static let questionTimeout = 0.5

    package enum Failure: Error, CustomStringConvertible {
        case running
        case unavailable(String)

        package var description: String {
            switch self {
            case .running: return "a watcher already runs for this vault"
            case .unavailable(let reason): return reason
            }
        }
    }

    let root: String
    package let watcher: VaultWatcher
    private let listener: Int32
    private let lockDescriptor: Int32
    private let socketFile: String
    private let dieMidAnswer: Bool
    private var closed = false

    /// Takes the vault's watch: the lock, then the socket (a stale one, of a watcher that was
    /// killed, is replaced). Throws `running` when another watcher holds it.
    package init(root: String, environment: [String: String] = [:]) throws(Failure) {
        self.root = root
        let brain = root + "/.brain"
        var info = stat()
        if lstat(brain, &info) != 0 {
            if mkdir(brain, 0o755) != 0 && errno != EEXIST { throw .unavailable("cannot make \(brain): \(Socket.lastError())") }
        } else if info.st_mode & S_IFMT != S_IFDIR {
            throw .unavailable("\(brain) is not a folder")
        }
        let lockFD = open(root + "/" + WatchDaemon.lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard lockFD >= 0 else { throw .unavailable("cannot open \(WatchDaemon.lockPath): \(Socket.lastError())") }
        guard flock(lockFD, LOCK_EX | LOCK_NB) == 0 else {
            Socket.close(lockFD)
            throw .running
        }
        socketFile = root + "/" + WatchDaemon.socketPath
        // The lock is ours: whatever is at the socket's path is a dead watcher's. A folder or
        // anything that is not ours is left alone, and no watch is started.
        if lstat(socketFile, &info) == 0 {
            let kind = info.st_mode & S_IFMT
            guard kind != S_IFDIR, info.st_uid == getuid() else {
                Socket.close(lockFD)
                throw .unavailable("\(WatchDaemon.socketPath) is in the way (not a socket of this user)")
            }
            unlink(socketFile)
        }
        let descriptor: Int32
        do {
            descriptor = try WatchDaemon.bindSocket(at: socketFile)
        } catch {
            Socket.close(lockFD)
            throw error
        }
        listener = descriptor
        lockDescriptor = lockFD
        watcher = VaultWatcher(root: root, keepsHistory: true, environment: environment)
        dieMidAnswer = environment["BRAIN_WATCH_TEST_DIE_MID_ANSWER"] == "1"
    }

    deinit { close() }

    /// Removes the socket and lets go of the lock.
    package func close() {
        guard !closed else { return }
        closed = true
        var info = stat()
        // Only our socket: a later watcher's is left.
        if lstat(socketFile, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK { unlink(socketFile) }
        Socket.close(listener)
        Socket.close(lockDescriptor)
    }

    /// Bound and listening, mode 0600: made under a temporary name, restricted, then renamed into
    /// place, so the socket is never reachable by its name with wider rights.
    private static func bindSocket(at path: String) throws(Failure) -> Int32 {
        let temporary = path + ".\(getpid()).tmp"
        #if canImport(Glibc)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let fd = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw .unavailable("cannot make a socket: \(Socket.lastError())") }
        guard var address = WatchSocket.address(temporary) else {
            Socket.close(fd)
            throw .unavailable("the vault's path is too long for a Unix socket")
        }
        unlink(temporary)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, chmod(temporary, 0o600) == 0, rename(temporary, path) == 0 else {
            let reason = Socket.lastError()
            unlink(temporary)
            Socket.close(fd)
            throw .unavailable("cannot listen on \(path): \(reason)")
        }
        #if canImport(Glibc)
        let listening = Glibc.listen(fd, 16)
        #else
        let listening = Darwin.listen(fd, 16)
        #endif
        guard listening == 0 else {
            Socket.close(fd)
            throw .unavailable("cannot listen on \(path): \(Socket.lastError())")
        }
        Socket.setNonBlocking(fd)
        return fd
    }

    /// Answers until `stop` (a descriptor that becomes readable) says to end, or the socket is
    /// taken away. Events are read as they come, so the kernel's queue does not overflow between
    /// questions.
    package func run(stop: Int32) {
        while true {
            var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: stop, events: Int16(POLLIN), revents: 0)]
            if let events = watcher.descriptor { fds.append(pollfd(fd: events, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), 1_000)
            if ready < 0 && errno != EINTR { return }
            if fds[1].revents != 0 { return }
            if fds.count > 2, fds[2].revents != 0 { watcher.drain() }
            if fds[0].revents & Int16(POLLIN) != 0 {
                // Each waiting connection, one at a time: one question each, under a deadline.
                while let client = Socket.accept(listener) {
                    answer(client)
                    Socket.close(client)
                }
            }
        }
    }

    /// Reads one question and writes its answer.
    private func answer(_ client: Int32) {
        guard WatchSocket.peerIsOwner(client) else { return }
        let deadline = Socket.now() + WatchDaemon.questionTimeout
        var question: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while !question.contains(UInt8(ascii: "\n")) {
            guard question.count <= WatchDaemon.questionLimit, WatchSocket.wait(client, for: Int16(POLLIN), until: deadline) else { return }
            switch Socket.read(client, into: &buffer) {
            case .bytes(let count): question += buffer[0..<count]
            case .wouldBlock: continue
            case .end, .failed: return
            }
        }
        let line = String(decoding: question.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        guard line.hasPrefix("since "), question.count <= WatchDaemon.questionLimit + 1 else { return }
        let asked = String(line.dropFirst(6))
        let reply = WatchDaemon.encode(watcher.history(since: asked == "-" ? nil : asked))
        if dieMidAnswer {
            // The tests' watcher killed while it answers: half an answer, then gone.
            _ = WatchSocket.send(client, Array(reply.prefix(reply.count / 2)), until: Socket.now() + 1)
            _exit(9)
        }
        _ = WatchSocket.send(client, reply, until: Socket.now() + 1)
    }

    /// An answer's bytes.
    package static func encode(_ answer: WatchAnswer) -> [UInt8] {
        switch answer {
        case .unknown(let token):
            return Array("unknown \(token)\n".utf8)
        case .changed(let token, let paths):
            var bytes = Array("changed \(token) \(paths.count)\n".utf8)
            for path in paths {
                bytes += path.utf8
                bytes.append(0)
            }
            bytes += Array("end\n".utf8)
            return bytes
        }
    }

    /// The answer in `bytes`, or nil for anything that is not exactly one whole answer.
    package static func decode(_ bytes: [UInt8]) -> WatchAnswer? {
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let head = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ", omittingEmptySubsequences: false)
        let rest = bytes[(newline + 1)...]
        func isToken(_ text: Substring) -> Bool {
            guard let colon = text.lastIndex(of: ":"), let dash = text.firstIndex(of: "-"), dash < colon else { return false }
            return text[..<dash].count == 16 && text[..<dash].allSatisfy(\.isHexDigit)
                && !text[text.index(after: dash)..<colon].isEmpty && text[text.index(after: dash)..<colon].allSatisfy(\.isASCII)
                && text[text.index(after: dash)..<colon].allSatisfy(\.isNumber)
                && UInt64(text[text.index(after: colon)...]) != nil
        }
        switch head.first {
        case "unknown":
            guard head.count == 2, isToken(head[1]), rest.isEmpty else { return nil }
            return .unknown(token: String(head[1]))
        case "changed":
            guard head.count == 3, isToken(head[1]), let count = Int(head[2]), count >= 0,
                  rest.count >= 4, Array(rest.suffix(4)) == Array("end\n".utf8) else { return nil }
            let body = rest.dropLast(4)
            var paths: [String] = []
            var start = body.startIndex
            for index in body.indices where body[index] == 0 {
                paths.append(String(decoding: body[start..<index], as: UTF8.self))
                start = index + 1
            }
            guard start == body.endIndex, paths.count == count else { return nil }
            return .changed(token: String(head[1]), paths: paths)
        default:
            return nil
        }
    }
}
