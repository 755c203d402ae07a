import Foundation
import BrainFormat
import BrainStore

/// What a finished process printed and returned.
package struct ProcessOutput: Sendable, Hashable {
    package var status: Int32
    package var stdout: [UInt8]
    package var stderr: [UInt8]

    package init(status: Int32, stdout: [UInt8] = [], stderr: [UInt8] = []) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }

    package var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    package var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}

/// Runs other programs (git). Behind a protocol so the sync logic can be run against a script in
/// tests and the merge itself never touches a process.
package protocol ProcessRunner: Sendable {
    /// Runs `executable` (an absolute path) with `arguments` in `directory`, with exactly
    /// `environment`, `input` as its standard input (nothing when nil), and waits for it. Throws
    /// only when the program cannot be started.
    ///
    /// Lists that can be long (paths, object names, a commit message) go to a program as `input`,
    /// never as arguments: the system limits one argument to 128 kB and all of them to a few MB.
    func run(_ executable: String, _ arguments: [String], in directory: String,
             environment: [String: String], input: [UInt8]?) throws -> ProcessOutput
}

extension ProcessRunner {
    /// Runs `executable` with nothing on its standard input.
    package func run(_ executable: String, _ arguments: [String], in directory: String,
                     environment: [String: String]) throws -> ProcessOutput {
        try run(executable, arguments, in: directory, environment: environment, input: nil)
    }

    /// The absolute path of `name` in `PATH`, or nil when no such program is installed.
    package func find(_ name: String, environment: [String: String]) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = String(folder) + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// Runs programs with Foundation's `Process`, reading both output pipes at once so a chatty
/// program never blocks on a full pipe.
package struct FoundationProcessRunner: ProcessRunner {
    package init() {}

    package func run(_ executable: String, _ arguments: [String], in directory: String,
                    environment: [String: String], input: [UInt8]?) throws -> ProcessOutput {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        // The input is a file, not a pipe: nothing to write while the program writes back, and no
        // SIGPIPE when it stops reading early.
        let inputFile = try input.map(FoundationProcessRunner.unlinkedFile(holding:))
        process.standardInput = inputFile ?? FileHandle.nullDevice
        // Process.waitUntilExit polls every 50 ms; a sync runs git a dozen times or more.
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        let collected = Collected()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            collected.set(errors.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        exited.wait()
        try? inputFile?.close()
        return ProcessOutput(status: process.terminationStatus, stdout: Array(out), stderr: Array(collected.data))
    }

    /// A temporary file holding `bytes`, open for reading at its start and already removed from
    /// its folder (so nothing is left behind, whatever happens to this process).
    private static func unlinkedFile(holding bytes: [UInt8]) throws -> FileHandle {
        var template = Array((NSTemporaryDirectory() + "/brain-input-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        unlink(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        try handle.write(contentsOf: bytes)
        try handle.seek(toOffset: 0)
        return handle
    }

    /// Standard error, read on another thread.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var stored = Data()
        package func set(_ data: Data) { lock.lock(); stored = data; lock.unlock() }
        package var data: Data { lock.lock(); defer { lock.unlock() }; return stored }
    }
}
