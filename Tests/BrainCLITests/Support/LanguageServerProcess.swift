import Foundation
import Testing

/// A `brain lsp` process driven over real pipes: bytes in, framed messages out, its exit status.
/// Every run has a deadline: a server that hangs is killed and the test fails, never waits.
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
    }

    init(vault: String, arguments: [String] = [], environment extra: [String: String] = [:]) throws {
        process.executableURL = try ConcurrencyTests.executable()
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
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            collected.lock.withLock { collected.stdout += data }
        }
        errors.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            collected.lock.withLock { collected.stderr += data }
        }
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
        output.fileHandleForReading.readabilityHandler = nil
        try? output.fileHandleForReading.close()
    }

    /// Waits for the exit (killing the process past `seconds`); nil when it had to be killed.
    func waitForExit(seconds: Double = 60) -> Int32? {
        if done.wait(timeout: .now() + seconds) == .timedOut {
            process.terminate()
            _ = done.wait(timeout: .now() + 5)
            return nil
        }
        // Let the readers take what is left in the pipes.
        output.fileHandleForReading.readabilityHandler = nil
        errors.fileHandleForReading.readabilityHandler = nil
        if let rest = try? output.fileHandleForReading.readToEnd() { collected.lock.withLock { collected.stdout += rest } }
        if let rest = try? errors.fileHandleForReading.readToEnd() { collected.lock.withLock { collected.stderr += rest } }
        return process.terminationReason == .exit ? process.terminationStatus : -process.terminationStatus
    }

    var stderr: String { collected.lock.withLock { String(decoding: collected.stderr, as: UTF8.self) } }

    /// The messages read so far, parsed.
    var messages: [[String: Any]] {
        LanguageServerProcess.parse(collected.lock.withLock { collected.stdout })
    }

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
        var result: [[String: Any]] = []
        var rest = bytes[...]
        let separator = Array("\r\n\r\n".utf8)
        while let end = rest.firstRange(of: separator) {
            let header = String(decoding: rest[rest.startIndex..<end.lowerBound], as: UTF8.self)
            guard let lengthText = header.split(separator: ":").last, let length = Int(lengthText.trimmingCharacters(in: .whitespaces)),
                  rest.distance(from: end.upperBound, to: rest.endIndex) >= length else { break }
            let body = rest[end.upperBound..<(end.upperBound + length)]
            if let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] { result.append(object) }
            rest = rest[(end.upperBound + length)...]
        }
        return result
    }
}
