import BrainKit
import Foundation

/// A file system that counts what is asked of it (reads, stamps, listings, writes), to prove a
/// piece of work reads nothing.
package final class CountingFileSystem: FileSystem, @unchecked Sendable {
    package let base: any FileSystem
    private let mutex = NSLock()
    private var count = 0

    package init(_ base: any FileSystem) { self.base = base }

    package var operations: Int { mutex.withLock { count } }
    package func reset() { mutex.withLock { count = 0 } }
    private func tick() { mutex.withLock { count += 1 } }

    package func read(_ path: String) throws(VaultError) -> [UInt8] { tick(); return try base.read(path) }
    package func exists(_ path: String) -> Bool { tick(); return base.exists(path) }
    package func isDirectory(_ path: String) -> Bool { tick(); return base.isDirectory(path) }
    package func stamp(_ path: String, relative: String) -> FileStamp? { tick(); return base.stamp(path, relative: relative) }
    package func stamp(folder path: String, relative: String) -> FileStamp? { tick(); return base.stamp(folder: path, relative: relative) }
    package func makeDirectories(_ path: String) throws(VaultError) { tick(); try base.makeDirectories(path) }
    package func writeAtomically(_ bytes: [UInt8], to path: String, durable: Bool) throws(VaultError) { tick(); try base.writeAtomically(bytes, to: path, durable: durable) }
    package func createNew(_ bytes: [UInt8], at path: String) throws(VaultError) { tick(); try base.createNew(bytes, at: path) }
    package func move(_ from: String, to destination: String) throws(VaultError) { tick(); try base.move(from, to: destination) }
    package func remove(_ path: String, durable: Bool) throws(VaultError) { tick(); try base.remove(path, durable: durable) }
    package func names(in folder: String) -> [String] { tick(); return base.names(in: folder) }
    package func isSymbolicLink(_ path: String) -> Bool { tick(); return base.isSymbolicLink(path) }
    package func temporaryFiles(under root: String) -> [String] { tick(); return base.temporaryFiles(under: root) }
    package func isProcessRunning(_ pid: Int32) -> Bool { base.isProcessRunning(pid) }
    package func markdownFiles(under root: String, stamps: Bool) -> [FileStamp] { tick(); return base.markdownFiles(under: root, stamps: stamps) }
    package func markdownEntries(in folder: String) -> (files: [String], folders: [String]) { tick(); return base.markdownEntries(in: folder) }
    package func lock(_ path: String, timeout: Double) throws(VaultError) -> any FileLock { tick(); return try base.lock(path, timeout: timeout) }
}
