import BrainKit
import Foundation

/// A file system that counts what is asked of it (reads, stamps, listings, writes), to prove a
/// piece of work reads nothing.
public final class CountingFileSystem: FileSystem, @unchecked Sendable {
    public let base: any FileSystem
    private let mutex = NSLock()
    private var count = 0

    public init(_ base: any FileSystem) { self.base = base }

    public var operations: Int { mutex.withLock { count } }
    public func reset() { mutex.withLock { count = 0 } }
    private func tick() { mutex.withLock { count += 1 } }

    public func read(_ path: String) throws(VaultError) -> [UInt8] { tick(); return try base.read(path) }
    public func exists(_ path: String) -> Bool { tick(); return base.exists(path) }
    public func isDirectory(_ path: String) -> Bool { tick(); return base.isDirectory(path) }
    public func stamp(_ path: String, relative: String) -> FileStamp? { tick(); return base.stamp(path, relative: relative) }
    public func stamp(folder path: String, relative: String) -> FileStamp? { tick(); return base.stamp(folder: path, relative: relative) }
    public func makeDirectories(_ path: String) throws(VaultError) { tick(); try base.makeDirectories(path) }
    public func writeAtomically(_ bytes: [UInt8], to path: String, durable: Bool) throws(VaultError) { tick(); try base.writeAtomically(bytes, to: path, durable: durable) }
    public func createNew(_ bytes: [UInt8], at path: String) throws(VaultError) { tick(); try base.createNew(bytes, at: path) }
    public func move(_ from: String, to destination: String) throws(VaultError) { tick(); try base.move(from, to: destination) }
    public func remove(_ path: String, durable: Bool) throws(VaultError) { tick(); try base.remove(path, durable: durable) }
    public func names(in folder: String) -> [String] { tick(); return base.names(in: folder) }
    public func isSymbolicLink(_ path: String) -> Bool { tick(); return base.isSymbolicLink(path) }
    public func temporaryFiles(under root: String) -> [String] { tick(); return base.temporaryFiles(under: root) }
    public func isProcessRunning(_ pid: Int32) -> Bool { base.isProcessRunning(pid) }
    public func markdownFiles(under root: String, stamps: Bool) -> [FileStamp] { tick(); return base.markdownFiles(under: root, stamps: stamps) }
    public func markdownEntries(in folder: String) -> (files: [String], folders: [String]) { tick(); return base.markdownEntries(in: folder) }
    public func lock(_ path: String, timeout: Double) throws(VaultError) -> any FileLock { tick(); return try base.lock(path, timeout: timeout) }
}
