import Foundation
import Testing

/// A real `brain serve` on a free port of 127.0.0.1 in a vault (a copy of the sample vault),
/// with the clock fixed; stopped with SIGTERM. `BRAIN_BINARY=path` runs another build.
final class ServerProcess {
    let process = Process()
    let port: Int
    private let output = Pipe()
    private let errors = Pipe()
    private let collected = Collected()
    /// Whether `process` is a wrapper (strace) running `brain` as its child.
    private let wrapped: Bool

    final class Collected: @unchecked Sendable {
        let lock = NSLock()
        var stdout: [UInt8] = []
        var stderr: [UInt8] = []
    }

    /// `wrapper`: a program and its arguments that run `brain` (strace).
    init(vault: String, arguments: [String] = [], environment extra: [String: String] = [:], wrapper: [String] = []) throws {
        let brain: URL
        if let binary = ProcessInfo.processInfo.environment["BRAIN_BINARY"], !binary.isEmpty {
            brain = URL(fileURLWithPath: binary)
        } else {
            brain = try ConcurrencyTests.executable()
        }
        wrapped = !wrapper.isEmpty
        let words = ["--vault", vault, "serve", "--listen", "127.0.0.1:0"] + arguments
        if let program = wrapper.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = Array(wrapper.dropFirst()) + [brain.path] + words
        } else {
            process.executableURL = brain
            process.arguments = words
        }
        var environment = ProcessInfo.processInfo.environment
        environment["BRAIN_NOW"] = "2026-11-22T09:00:00Z"
        environment["TZ"] = "UTC"
        environment.merge(extra) { _, new in new }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
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
        try process.run()
        // The first line of standard output names the address.
        let deadline = Date().addingTimeInterval(20)
        var found: Int?
        while Date() < deadline, process.isRunning {
            let text = collected.lock.withLock { String(decoding: collected.stdout, as: UTF8.self) }
            if let range = text.range(of: "http://127.0.0.1:"), let end = text[range.upperBound...].firstIndex(where: { !$0.isNumber }) {
                found = Int(text[range.upperBound..<end])
                break
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        guard let found else {
            Self.send(SIGKILL, to: process, wrapped: wrapped)
            let text = collected.lock.withLock { String(decoding: collected.stderr, as: UTF8.self) }
            throw ServerFailure(description: "brain serve did not start: \(text)")
        }
        port = found
    }

    struct ServerFailure: Error, CustomStringConvertible { var description: String }

    var base: String { "http://127.0.0.1:\(port)" }

    var stderr: String { collected.lock.withLock { String(decoding: collected.stderr, as: UTF8.self) } }

    var stdout: String { collected.lock.withLock { String(decoding: collected.stdout, as: UTF8.self) } }

    /// Sends SIGTERM and waits (at most 10 s) for the exit status; nil when it did not exit.
    func stop() -> Int32? {
        guard process.isRunning else { return process.terminationStatus }
        send(SIGTERM)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning {
            send(SIGKILL)
            return nil
        }
        output.fileHandleForReading.readabilityHandler = nil
        errors.fileHandleForReading.readabilityHandler = nil
        // What the handlers had not read yet: the last lines are written just before the exit.
        let (out, err) = (output.fileHandleForReading.readDataToEndOfFile(), errors.fileHandleForReading.readDataToEndOfFile())
        collected.lock.withLock {
            collected.stdout += out
            collected.stderr += err
        }
        return process.terminationStatus
    }

    /// Standard error once it contains `text`, or as it is after `seconds`: the server logs a
    /// request after answering it, so the client can finish before the line is written.
    func stderr(containing text: String, seconds: Double = 10) -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while !stderr.contains(text), Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        return stderr
    }

    deinit {
        if process.isRunning { send(SIGKILL) }
    }

    /// Sends `number` to `brain serve`. A wrapper is not sent it: strace, told to stop, detaches
    /// and leaves its child serving on with no one to stop it. With SIGKILL both are sent it.
    private func send(_ number: Int32) { Self.send(number, to: process, wrapped: wrapped) }

    private static func send(_ number: Int32, to process: Process, wrapped: Bool) {
        let pid = process.processIdentifier
        var children: [Int32] = []
        if wrapped, let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8) {
            children = text.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        for child in children { kill(child, number) }
        if children.isEmpty || number == SIGKILL { kill(pid, number) }
    }

    /// Runs a program to the end with a deadline: its status and standard output.
    static func run(_ executable: String, _ arguments: [String], input: String? = nil, timeout: Double = 60,
                    in folder: String? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        process.arguments = arguments
        let out = Pipe(), err = Pipe(), inp = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input == nil ? FileHandle.nullDevice : inp
        let collected = Collected()
        // Each pipe read to its end on a thread of its own: a readability handler still running
        // when the process was seen to exit could add its chunk after the output was taken.
        let ends = DispatchGroup()
        for (pipe, toOut) in [(out, true), (err, false)] {
            ends.enter()
            let handle = pipe.fileHandleForReading
            Thread {
                while true {
                    let data = handle.availableData
                    if data.isEmpty { break }
                    collected.lock.withLock { if toOut { collected.stdout += data } else { collected.stderr += data } }
                }
                ends.leave()
            }.start()
        }
        try process.run()
        if let input {
            inp.fileHandleForWriting.write(Data(input.utf8))
            try? inp.fileHandleForWriting.close()
        }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        // Both ends reached: all it wrote is in. A child it left holding a pipe is not waited
        // for past 10 s.
        _ = ends.wait(timeout: .now() + 10)
        return collected.lock.withLock {
            (process.terminationStatus, String(decoding: collected.stdout, as: UTF8.self), String(decoding: collected.stderr, as: UTF8.self))
        }
    }

    /// The path of `name` on PATH, or nil.
    static func find(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}
