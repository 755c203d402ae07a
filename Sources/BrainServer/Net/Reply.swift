import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An answer given later, from another thread: the handler keeps the `Reply` and sends the
/// response when it has one (once). The loop takes sent answers from `Replies` when its pipe
/// wakes it, and writes each to its connection if that connection is still open.
package final class Reply: @unchecked Sendable {
    let box: Replies
    let connection: UInt64
    private let lock = NSLock()
    private var sent = false

    init(box: Replies, connection: UInt64) {
        self.box = box
        self.connection = connection
    }

    /// Hands the answer to the loop; a second call does nothing.
    package func send(_ response: HTTPResponse) {
        lock.lock()
        let first = !sent
        sent = true
        lock.unlock()
        if first { box.post(connection, response) }
    }
}

/// The answers sent from other threads and not yet written, and the pipe that wakes the loop.
final class Replies: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [(connection: UInt64, response: HTTPResponse)] = []
    /// The pipe's read end (the loop polls it) and write end.
    let readEnd: Int32
    private let writeEnd: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            Socket.setNonBlocking(ends[0])
            Socket.setNonBlocking(ends[1])
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        Socket.close(readEnd)
        Socket.close(writeEnd)
    }

    func post(_ connection: UInt64, _ response: HTTPResponse) {
        lock.lock()
        waiting.append((connection, response))
        lock.unlock()
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Every answer sent since the last call (empties the pipe too).
    func take() -> [(connection: UInt64, response: HTTPResponse)] {
        var buffer = [UInt8](repeating: 0, count: 256)
        while buffer.withUnsafeMutableBytes({ read(readEnd, $0.baseAddress, $0.count) }) > 0 {}
        lock.lock()
        defer { lock.unlock() }
        let taken = waiting
        waiting = []
        return taken
    }
}
