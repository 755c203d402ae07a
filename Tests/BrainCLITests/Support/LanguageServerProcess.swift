import Foundation
import Testing

/// A `brain lsp` process driven over real pipes: bytes in, framed messages out, its exit status.
/// Every run has a deadline: a server that hangs is killed and the test fails, never waits.
/// `BRAIN_BINARY=path` runs another build of `brain`.
final class LanguageServerProcess {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let collected = Collected()
    private let done = DispatchSemaphore(value: 0)

    private final class Collected: @unchecked Sendable {
        let lock = NSLock()
        var stdout: [UInt8] = []
        var stderr: [UInt8] = []
        /// Set by `closeOutput`: the standard output reader stops.
        var stopOutput = false
        var outputReaderLeft = false
        /// Each reader leaves when it met the end of its pipe (or was stopped): every byte it
        /// read has been added by then.
        let readers = DispatchGroup()
    }

    init(vault: String, arguments: [String] = [], environment extra: [String: String] = [:]) throws {
        // BRAIN_BINARY measures another build (a release one for the figures in the docs).
        if let binary = ProcessInfo.processInfo.environment["BRAIN_BINARY"], !binary.isEmpty {
            process.executableURL = URL(fileURLWithPath: binary)
        } else {
            process.executableURL = try ConcurrencyTests.executable()
        }
        process.arguments = ["lsp", "--vault", vault] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["BRAIN_NOW"] = "2026-11-22T09:00:00Z"
        environment["TZ"] = "UTC"
        environment.merge(extra) { _, new in new }
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        let collected = self.collected
        LanguageServerProcess.drain(output.fileHandleForReading.fileDescriptor, collected,
                                    stop: { collected.stopOutput }, add: { collected.stdout += $0 },
                                    left: { collected.outputReaderLeft = true })
        LanguageServerProcess.drain(errors.fileHandleForReading.fileDescriptor, collected,
                                    stop: { false }, add: { collected.stderr += $0 }, left: {})
        let done = self.done
        process.terminationHandler = { _ in done.signal() }
        try process.run()
    }

    /// Writes raw bytes to the server's standard input (false when the pipe is closed).
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        do {
            try input.fileHandleForWriting.write(contentsOf: Data(bytes))
            return true
        } catch {
            return false
        }
    }

    /// Writes one framed message.
    @discardableResult
    func send(_ message: [String: Any]) -> Bool {
        let body = try! JSONSerialization.data(withJSONObject: message)
        return write(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + Array(body))
    }

    /// Closes the server's standard input: the client is gone.
    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// Stops reading the server's output, as a client that vanished.
    func closeOutput() {
        collected.lock.withLock { collected.stopOutput = true }
        // The reader looks at the flag at least every 50 ms; it leaves before the pipe is closed.
        while !outputReaderGone() { usleep(5_000) }
        try? output.fileHandleForReading.close()
    }

    private func outputReaderGone() -> Bool { collected.lock.withLock { collected.outputReaderLeft } }

    /// Reads `descriptor` on a thread of its own until the end of the pipe (or `stop`), adding
    /// each piece under the lock; polls so that a stop is seen within 50 ms.
    /// `stop`, `add` and `left` run under the lock; `left` when the reader is done.
    private static func drain(_ descriptor: Int32, _ collected: Collected, stop: @escaping @Sendable () -> Bool,
                              add: @escaping @Sendable ([UInt8]) -> Void, left: @escaping @Sendable () -> Void) {
        collected.readers.enter()
        DispatchQueue.global().async {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            defer {
                collected.lock.withLock(left)
                collected.readers.leave()
            }
            while true {
                if collected.lock.withLock(stop) { return }
                var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                if poll(&ready, 1, 50) == 0 { continue }
                let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return }
                let piece = Array(buffer[0..<count])
                collected.lock.withLock { add(piece) }
            }
        }
    }

    /// Waits for the exit (killing the process past `seconds`); nil when it had to be killed.
    func waitForExit(seconds: Double = 60) -> Int32? {
        if done.wait(timeout: .now() + seconds) == .timedOut {
            process.terminate()
            _ = done.wait(timeout: .now() + 5)
            return nil
        }
        // Let the readers take what is left in the pipes, up to their ends.
        _ = collected.readers.wait(timeout: .now() + 10)
        return process.terminationReason == .exit ? process.terminationStatus : -process.terminationStatus
    }

    var stderr: String { collected.lock.withLock { String(decoding: collected.stderr, as: UTF8.self) } }

    /// The messages read so far, parsed. Each byte is parsed once: a test that waits on a large
    /// output does not parse it again at every look.
    var messages: [[String: Any]] {
        parsing.lock.withLock {
            let bytes = collected.lock.withLock { Array(collected.stdout[parsing.consumed...]) }
            let (found, used) = LanguageServerProcess.parseCounting(bytes[...])
            parsing.messages += found
            parsing.consumed += used
            return parsing.messages
        }
    }

    private final class Parsing: @unchecked Sendable {
        let lock = NSLock()
        var messages: [[String: Any]] = []
        var consumed = 0
    }
    private let parsing = Parsing()

    /// Waits until a message satisfies `predicate` (up to `seconds`), and returns it.
    func waitFor(seconds: Double = 60, _ predicate: ([String: Any]) -> Bool) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let found = messages.first(where: predicate) { return found }
            if !process.isRunning { return messages.first(where: predicate) }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return nil
    }

    /// The reply to request `id`.
    func reply(_ id: Int, seconds: Double = 60) -> [String: Any]? {
        waitFor(seconds: seconds) { ($0["id"] as? Int) == id && $0["method"] == nil }
    }

    /// Splits framed output into messages.
    static func parse(_ bytes: [UInt8]) -> [[String: Any]] {
        parseCounting(bytes[...]).messages
    }

    /// The whole messages at the start of `bytes`, and how many bytes they took.
    static func parseCounting(_ bytes: ArraySlice<UInt8>) -> (messages: [[String: Any]], used: Int) {
        var result: [[String: Any]] = []
        var rest = bytes
        let separator = Array("\r\n\r\n".utf8)
        while let end = rest.firstRange(of: separator) {
            let header = String(decoding: rest[rest.startIndex..<end.lowerBound], as: UTF8.self)
            guard let lengthText = header.split(separator: ":").last, let length = Int(lengthText.trimmingCharacters(in: .whitespaces)),
                  rest.distance(from: end.upperBound, to: rest.endIndex) >= length else { break }
            let body = rest[end.upperBound..<(end.upperBound + length)]
            if let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] { result.append(object) }
            rest = rest[(end.upperBound + length)...]
        }
        return (result, rest.startIndex - bytes.startIndex)
    }
}
