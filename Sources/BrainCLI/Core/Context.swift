import BrainKit
import Foundation

/// Where output goes; a terminal, a pipe, or a buffer in tests.
///
/// Output to a pipe or a file is kept until 64 KiB have gathered (or `flush`, which every run
/// ends with): a command printing 17,000 backlinks made 17,000 `write` calls before. A
/// terminal gets each write at once. Writing to the other stream of the process first flushes
/// this one, so that messages keep their order where both go to one place.
package final class TextOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var buffer: [UInt8] = []
    private let fileDescriptor: Int32?
    private let buffered: Bool
    /// The process's other stream, flushed before this one writes.
    private weak var before: TextOutput?
    /// Whether this stream is a terminal (colour and highlighting are only used there).
    package let isTerminal: Bool

    private static let bufferSize = 1 << 16

    /// A stream that collects output in memory (tests).
    package init(isTerminal: Bool = false) {
        fileDescriptor = nil
        buffered = false
        self.isTerminal = isTerminal
    }

    /// A stream that writes to a file descriptor (1 or 2); `buffered` keeps output that does not
    /// go to a terminal until 64 KiB have gathered or `flush` is called. `after`: a stream
    /// flushed before each write to this one.
    package init(fileDescriptor: Int32, buffered: Bool = false, after other: TextOutput? = nil) {
        self.fileDescriptor = fileDescriptor
        isTerminal = isatty(fileDescriptor) == 1
        self.buffered = buffered && !isTerminal
        before = other
    }

    package func write(_ text: String) {
        var text = text
        text.withUTF8 { write(bytes: $0) }
    }

    /// Writes bytes as they are (text a command built as UTF-8).
    package func write(bytes: UnsafeBufferPointer<UInt8>) {
        before?.flush()
        lock.lock()
        defer { lock.unlock() }
        guard let fileDescriptor else {
            buffer.append(contentsOf: bytes)
            return
        }
        guard buffered else {
            TextOutput.write(bytes, to: fileDescriptor)
            return
        }
        if buffer.count + bytes.count > TextOutput.bufferSize {
            buffer.withUnsafeBufferPointer { TextOutput.write($0, to: fileDescriptor) }
            buffer.removeAll(keepingCapacity: true)
        }
        if bytes.count >= TextOutput.bufferSize {
            TextOutput.write(bytes, to: fileDescriptor)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    /// Writes out what a buffered stream holds.
    package func flush() {
        lock.lock()
        defer { lock.unlock() }
        guard let fileDescriptor, !buffer.isEmpty else { return }
        buffer.withUnsafeBufferPointer { TextOutput.write($0, to: fileDescriptor) }
        buffer.removeAll(keepingCapacity: true)
    }

    private static func write(_ bytes: UnsafeBufferPointer<UInt8>, to fileDescriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { break }
            offset += written
        }
    }

    /// What was written so far (in-memory streams).
    package var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: buffer, as: UTF8.self)
    }
}

/// Reads answers for interactive prompts.
package protocol InputSource: AnyObject {
    var isTerminal: Bool { get }
    func readLine() -> String?
}

/// Standard input.
package final class StandardInput: InputSource {
    package let isTerminal = isatty(0) == 1
    package init() {}
    package func readLine() -> String? { Swift.readLine(strippingNewline: true) }
}

/// Scripted answers (tests).
package final class ScriptedInput: InputSource {
    private var lines: [String]
    package let isTerminal: Bool
    package init(_ lines: [String], isTerminal: Bool = true) {
        self.lines = lines
        self.isTerminal = isTerminal
    }
    package func readLine() -> String? { lines.isEmpty ? nil : lines.removeFirst() }
}

/// The outside world of one `brain` run: streams, environment, folder and clock.
package struct Context {
    package var stdout: TextOutput
    package var stderr: TextOutput
    package var stdin: InputSource
    package var environment: [String: String]
    package var currentDirectory: String
    /// What time it is (`BRAIN_NOW` stops it; tests fix it).
    package var clock: Clock
    /// The current instant.
    package var now: Date {
        get { clock.now }
        set { clock = .fixed(newValue, timeZone: clock.timeZone) }
    }
    /// The local time zone used to turn `now` into a day.
    package var timeZone: TimeZone { clock.timeZone }
    /// Whether this run is the whole process: large structures are then left for the process
    /// exit to reclaim instead of being freed one by one.
    package var isProcess = false
    /// Absolute path of the running `brain` program, as it was called (a symlink stays a symlink):
    /// `brain git-setup` records it as git's merge driver. Tests point it at the built binary.
    package var executablePath: String?
    /// Shown every value a command prints as JSON, before it is written: tests hold the writer to
    /// Foundation's encoder with it.
    package var seeJSON: ((any Encodable) -> Void)?

    package init(stdout: TextOutput, stderr: TextOutput, stdin: InputSource, environment: [String: String],
                currentDirectory: String, now: Date, timeZone: TimeZone = .current) {
        self.init(stdout: stdout, stderr: stderr, stdin: stdin, environment: environment, currentDirectory: currentDirectory,
                  clock: .fixed(now, timeZone: timeZone))
    }

    package init(stdout: TextOutput, stderr: TextOutput, stdin: InputSource, environment: [String: String],
                currentDirectory: String, clock: Clock) {
        self.stdout = stdout
        self.stderr = stderr
        self.stdin = stdin
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.clock = clock
    }

    /// The real process: file descriptors 1 and 2, the process environment and clock.
    /// `BRAIN_NOW` (an ISO 8601 date-time or a day) fixes the clock, for scripts and tests.
    package static func process() -> Context {
        let environment = ProcessInfo.processInfo.environment
        let stdout = TextOutput(fileDescriptor: 1, buffered: true)
        var context = Context(stdout: stdout, stderr: TextOutput(fileDescriptor: 2, after: stdout),
                              stdin: StandardInput(), environment: environment,
                              currentDirectory: FileManager.default.currentDirectoryPath, clock: .from(environment: environment))
        context.isProcess = true
        context.executablePath = executable(CommandLine.arguments.first ?? "", environment: environment,
                                            currentDirectory: context.currentDirectory)
        return context
    }

    /// The program's absolute path from how it was called: a path as given (made absolute), a bare
    /// name looked up in `PATH`, else what the system says the running program is.
    static func executable(_ called: String, environment: [String: String], currentDirectory: String) -> String? {
        if called.contains("/") { return VaultLocator.absolute(called, from: currentDirectory) }
        if !called.isEmpty, let found = FoundationProcessRunner().find(called, environment: environment) {
            return VaultLocator.absolute(found, from: currentDirectory)
        }
        return Bundle.main.executablePath
    }

    /// The calendar day of `now`, where the day starts `dayStartsAt` minutes after midnight
    /// (a check-off at 01:30 belongs to the day before when the day starts at 04:00).
    package func today(dayStartsAt: Int) -> Day {
        clock.today(dayStartsAt: dayStartsAt)
    }
}
