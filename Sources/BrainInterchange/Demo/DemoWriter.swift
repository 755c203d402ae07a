import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BrainFormat
import BrainAnalytics
import BrainStore

/// Writes a demo vault to disk, on every core; the bytes do not depend on the order.
package enum DemoWriter {
    /// What was written.
    package struct Summary: Sendable, Hashable, Codable {
        /// The folder written.
        package var root: String
        package var files: Int
        package var habits: Int
        package var goals: Int
        package var notes: Int
        package var days: Int
    }

    /// Generates and writes the vault into `root`, which must be missing or an empty folder.
    package static func write(_ options: DemoOptions, to root: String,
                             fileSystem: any FileSystem = POSIXFileSystem()) throws(VaultError) -> Summary {
        let onDisk = fileSystem.disk != nil
        if fileSystem.exists(root) {
            guard fileSystem.isDirectory(root) else { throw .notADirectory(root) }
            let empty = onDisk ? isEmptyDirectory(root) : fileSystem.markdownFiles(under: root, stamps: false).isEmpty
            guard empty else { throw .exists(root) }
        }
        let generator = DemoGenerator(options)
        try fileSystem.makeDirectories(root)
        for folder in generator.folders { try fileSystem.makeDirectories(VaultPaths.join(root, folder)) }

        let total = generator.fileCount
        let failures = FailureBox()
        let workers = max(1, min(8, activeProcessorCount()))
        // Interleaved slices keep the cores equally busy (daily files and notes differ in size).
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var index = worker
            while index < total, !failures.hasFailed {
                let file = generator.file(index)
                do {
                    let path = VaultPaths.join(root, file.path)
                    if onDisk {
                        try writeNew(file.bytes, to: path)
                    } else {
                        try fileSystem.createNew(file.bytes, at: path)
                    }
                } catch {
                    failures.record(error)
                    return
                }
                index += workers
            }
        }
        if let failure = failures.first { throw failure }
        return Summary(root: root, files: total, habits: generator.habits.count, goals: generator.goals.count,
                       notes: options.notes, days: options.days)
    }

    /// Creates one file that must not exist yet. `POSIXFileSystem.createNew` would also do, but it
    /// flushes every file to disk (fsync), which makes a 100,000-note vault take minutes;
    /// O_EXCL gives the same never-overwrite guarantee for a vault that is new anyway.
    package static func writeNew(_ bytes: [UInt8], to path: String) throws(VaultError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            if errno == EEXIST { throw .exists(path) }
            throw .io(path: path, message: String(cString: strerror(errno)))
        }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                #if canImport(Glibc)
                Glibc.write(fd, buffer.baseAddress! + written, bytes.count - written)
                #else
                Darwin.write(fd, buffer.baseAddress! + written, bytes.count - written)
                #endif
            }
            if result < 0 {
                if errno == EINTR { continue }
                let message = String(cString: strerror(errno))
                close(fd)
                throw .io(path: path, message: message)
            }
            written += result
        }
        guard close(fd) == 0 else { throw .io(path: path, message: String(cString: strerror(errno))) }
    }

    package static func isEmptyDirectory(_ path: String) -> Bool {
        guard let dir = opendir(path) else { return false }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { return false }
        }
        return true
    }

    package static func activeProcessorCount() -> Int {
        Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }

    /// The first error of any worker.
    package final class FailureBox: @unchecked Sendable {
        private var lock = pthread_mutex_t()
        private var error: VaultError?

        package init() { pthread_mutex_init(&lock, nil) }
        deinit { pthread_mutex_destroy(&lock) }

        package var hasFailed: Bool { first != nil }

        package var first: VaultError? {
            pthread_mutex_lock(&lock)
            defer { pthread_mutex_unlock(&lock) }
            return error
        }

        package func record(_ failure: Error) {
            pthread_mutex_lock(&lock)
            defer { pthread_mutex_unlock(&lock) }
            if error == nil { error = failure as? VaultError ?? .io(path: "", message: String(describing: failure)) }
        }
    }
}
