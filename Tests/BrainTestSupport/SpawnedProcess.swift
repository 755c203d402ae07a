#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A program started with `posix_spawn` and reaped with `wait4`, so the test learns what that
/// one child used — its peak resident memory — unmixed with other children of the test process.
/// Its output goes to files, read after it ends.
package final class SpawnedProcess {
    /// How it ended.
    package struct Ending: CustomStringConvertible {
        /// The exit status, or nil when a signal ended it.
        package var status: Int32?
        /// The signal that ended it, if one did.
        package var signal: Int32?
        /// Peak resident memory (maximum resident set size), in bytes.
        package var peakMemory: Int
        package var seconds: Double
        package var stdout: String
        package var stderr: String

        package var description: String {
            let how = status.map { "exit \($0)" } ?? "signal \(signal ?? 0)"
            return "\(how), \(peakMemory >> 20) MB peak, \(String(format: "%.2f", seconds)) s; stderr: \(stderr.prefix(600))"
        }
    }

    package let pid: pid_t
    private let started: Date
    private let output: String
    private var ended: Ending?

    /// Starts `executable` with `arguments` and `environment` (added to the test's own).
    package init(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        output = FileManager.default.temporaryDirectory.appendingPathComponent("brain-spawn-\(UUID().uuidString)").path
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, output + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var variables = ProcessInfo.processInfo.environment
        for (key, value) in environment { variables[key] = value }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        // The child starts with no signal blocked and every handler at its default: the test's
        // threads block signals, and a child would inherit that mask (a tmux server then never
        // sees the signals it lives by, a program never sees SIGTERM).
        #if canImport(Darwin)
        var attributes: posix_spawnattr_t?
        #else
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw NSError(domain: "SpawnedProcess", code: Int(result), userInfo: [NSLocalizedDescriptionKey: "cannot start \(executable): \(String(cString: strerror(result)))"])
        }
        self.pid = pid
        started = Date()
    }

    deinit {
        if ended == nil {
            kill(pid, SIGKILL)
            _ = wait()
        }
        try? FileManager.default.removeItem(atPath: output + ".out")
        try? FileManager.default.removeItem(atPath: output + ".err")
    }

    /// Sends `signal` (SIGKILL: killed where it stands).
    package func send(_ signal: Int32) {
        if ended == nil { kill(pid, signal) }
    }

    /// Waits for the end, then reads the output. On Linux the peak memory is the child's
    /// `VmHWM` (its address space's high-water mark, in `/proc/PID/status`), read every 2 ms while
    /// it runs: the `ru_maxrss` that `wait4` gives a child started from a Swift process was seen to
    /// include the parent's own peak (500 MB for `/bin/true` from a process of 500 MB).
    @discardableResult
    package func wait() -> Ending {
        if let ended { return ended }
        var status: Int32 = 0
        var usage = rusage()
        var highWater = 0
        while true {
            #if os(Linux)
            highWater = max(highWater, SpawnedProcess.highWaterMark(pid) ?? 0)
            #endif
            let result = wait4(pid, &status, WNOHANG, &usage)
            if result == pid || (result < 0 && errno != EINTR) { break }
            usleep(2000)
        }
        let signal = status & 0x7F
        #if canImport(Darwin)
        let peak = Int(usage.ru_maxrss)          // bytes on macOS
        #else
        let peak = highWater
        #endif
        let ending = Ending(status: signal == 0 ? (status >> 8) & 0xFF : nil, signal: signal == 0 ? nil : signal,
                            peakMemory: peak, seconds: Date().timeIntervalSince(started),
                            stdout: (try? String(contentsOfFile: output + ".out", encoding: .utf8)) ?? "",
                            stderr: (try? String(contentsOfFile: output + ".err", encoding: .utf8)) ?? "")
        ended = ending
        return ending
    }

    /// `VmHWM` of a running process, in bytes; nil once it has exited (or on another system).
    static func highWaterMark(_ pid: pid_t) -> Int? {
        let fd = open("/proc/\(pid)/status", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[..<count], as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        let digits = line.filter(\.isNumber)
        return Int(digits).map { $0 * 1024 }
    }

    /// Runs to the end.
    package static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Ending {
        try SpawnedProcess(executable, arguments, environment: environment).wait()
    }
}
