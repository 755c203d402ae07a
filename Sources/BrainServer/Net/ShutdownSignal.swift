#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT and SIGTERM, turned into a byte on a pipe the server's loop polls: the handler only
/// writes (async-signal-safe), the loop then stops accepting, finishes its answers and returns.
package enum ShutdownSignal {
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    /// The pipe's read end, after the handlers are installed; SIGPIPE is ignored too (a client
    /// that left is a failed write, not the end of the server).
    package static func install() -> Int32 {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return -1 }
        Socket.setNonBlocking(ends[0])
        Socket.setNonBlocking(ends[1])
        writeEnd = ends[1]
        signal(SIGPIPE, SIG_IGN)
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
        // A parent may have started us with them blocked (a test runner's thread does): unblock.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        return ends[0]
    }

    /// What the signal handlers do, also callable to stop the server from inside.
    package static func trigger() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    private static let handler: @convention(c) (Int32) -> Void = { _ in
        var byte: UInt8 = 1
        _ = write(ShutdownSignal.writeEnd, &byte, 1)
    }
}
