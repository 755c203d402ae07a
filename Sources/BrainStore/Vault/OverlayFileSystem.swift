import Foundation
import BrainFormat
import BrainAnalytics

/// A file system that shows some files with other contents — an editor's unsaved buffers — and
/// is the underlying one for everything else. Actions and queries run on it see the vault as the
/// editor shows it: a rename planned here rewrites the links a person has just typed.
///
/// Writes go to the underlying file system, except the index cache while some file is overlaid:
/// it would hold text that no file has. Overlaid files have a stamp no file on disk has
/// (modification time -1), so an index opened here parses them from the overlay.
package final class OverlayFileSystem: FileSystem, @unchecked Sendable {
    package let base: any FileSystem
    private let mutex = NSLock()
    private var overlays: [String: [UInt8]] = [:]

    package init(base: any FileSystem) {
        self.base = base
    }

    /// Shows `bytes` at the absolute `path` in place of what the file holds (nil: the file again).
    package func set(_ path: String, _ bytes: [UInt8]?) {
        mutex.withLock { overlays[path] = bytes }
    }

    /// The overlaid contents at `path`, if any.
    package func overlay(_ path: String) -> [UInt8]? {
        mutex.withLock { overlays[path] }
    }

    /// The absolute paths overlaid.
    package var overlaidPaths: [String] {
        mutex.withLock { Array(overlays.keys) }
    }

    package func read(_ path: String) throws(VaultError) -> [UInt8] {
        if let bytes = overlay(path) { return bytes }
        return try base.read(path)
    }

    package func exists(_ path: String) -> Bool {
        overlay(path) != nil || base.exists(path)
    }

    package func isDirectory(_ path: String) -> Bool {
        base.isDirectory(path)
    }

    package func stamp(_ path: String, relative: String) -> FileStamp? {
        if let bytes = overlay(path) { return FileStamp(path: relative, size: bytes.count, modified: -1, changed: -1) }
        return base.stamp(path, relative: relative)
    }

    package func stamp(folder path: String, relative: String) -> FileStamp? {
        base.stamp(folder: path, relative: relative)
    }

    package func makeDirectories(_ path: String) throws(VaultError) {
        try base.makeDirectories(path)
    }

    package func writeAtomically(_ bytes: [UInt8], to path: String, durable: Bool) throws(VaultError) {
        if path.contains("/.brain/cache/") && mutex.withLock({ !overlays.isEmpty }) { return }
        try base.writeAtomically(bytes, to: path, durable: durable)
    }

    package func createNew(_ bytes: [UInt8], at path: String) throws(VaultError) {
        try base.createNew(bytes, at: path)
    }

    package func createNew(_ bytes: [UInt8], at path: String, durable: Bool) throws(VaultError) {
        try base.createNew(bytes, at: path, durable: durable)
    }

    package func flush(_ paths: [String], under root: String) throws(VaultError) {
        try base.flush(paths, under: root)
    }

    package func move(_ from: String, to destination: String) throws(VaultError) {
        try base.move(from, to: destination)
    }

    package func remove(_ path: String, durable: Bool) throws(VaultError) {
        try base.remove(path, durable: durable)
    }

    package func names(in folder: String) -> [String] {
        var names = base.names(in: folder)
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        for path in overlaidPaths where path.hasPrefix(prefix) {
            let name = String(path.dropFirst(prefix.count))
            if !name.contains("/") && !names.contains(name) { names.append(name) }
        }
        return names
    }

    package func isSymbolicLink(_ path: String) -> Bool {
        base.isSymbolicLink(path)
    }

    package func temporaryFiles(under root: String) -> [String] {
        base.temporaryFiles(under: root)
    }

    package func isProcessRunning(_ pid: Int32) -> Bool {
        base.isProcessRunning(pid)
    }

    package func markdownFiles(under root: String, stamps: Bool) -> [FileStamp] {
        var files = base.markdownFiles(under: root, stamps: stamps)
        let prefix = root.hasSuffix("/") ? root : root + "/"
        var overlaid: [String: Int] = [:]
        for path in overlaidPaths where path.hasPrefix(prefix) && path.lowercased().hasSuffix(".md") {
            let relative = String(path.dropFirst(prefix.count))
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            overlaid[relative] = overlay(path)?.count
        }
        if overlaid.isEmpty { return files }
        for position in files.indices {
            if let size = overlaid.removeValue(forKey: files[position].path) {
                files[position] = FileStamp(path: files[position].path, size: size, modified: -1, changed: -1)
            }
        }
        // Buffers of files not yet on disk, where a walk of the folders would meet them.
        for (relative, size) in overlaid {
            let parts = relative.split(separator: "/")
            let position = files.firstIndex { !$0.path.split(separator: "/").lexicographicallyPrecedes(parts) } ?? files.count
            files.insert(FileStamp(path: relative, size: size, modified: -1, changed: -1), at: position)
        }
        return files
    }

    package func lock(_ path: String, timeout: Double) throws(VaultError) -> any FileLock {
        try base.lock(path, timeout: timeout)
    }
}
