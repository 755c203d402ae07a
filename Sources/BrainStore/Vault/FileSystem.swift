import BrainFormat
import BrainAnalytics

/// The files a vault lives in. BrainKit reaches every file through this protocol, so the same
/// actions and queries run on the real disk (`POSIXFileSystem`) and in memory
/// (`MemoryFileSystem`, for tests and previews).
///
/// Paths are absolute, with `/` separators. Implementations keep the rules the vault relies on:
/// `writeAtomically` shows readers the old bytes or the new ones, never a mix; `createNew` and
/// `move` never replace an existing file; `lock` is exclusive until the returned lock is released.
public protocol FileSystem: Sendable {
    /// The whole file; only regular files are read.
    func read(_ path: String) throws(VaultError) -> [UInt8]
    func exists(_ path: String) -> Bool
    func isDirectory(_ path: String) -> Bool
    /// Size and modification time of a regular file, or nil when there is none.
    func stamp(_ path: String, relative: String) -> FileStamp?
    /// Creates a folder and its parents.
    func makeDirectories(_ path: String) throws(VaultError)
    /// Replaces a file's bytes atomically, keeping its mode. `durable: false` may skip the flush
    /// to disk (caches that can be rebuilt).
    func writeAtomically(_ bytes: [UInt8], to path: String, durable: Bool) throws(VaultError)
    /// Creates a file only when none exists (`VaultError.exists` otherwise).
    func createNew(_ bytes: [UInt8], at path: String) throws(VaultError)
    /// `createNew`; `durable: false` may skip the flushes to disk, for a change of many files
    /// that `flush(_:under:)` makes durable at once, its journal standing in until then.
    func createNew(_ bytes: [UInt8], at path: String, durable: Bool) throws(VaultError)
    /// Makes the writes made with `durable: false` to `paths` (absolute, under `root`) survive a
    /// crash: on Linux one `syncfs` of `root`'s file system instead of two `fsync`s per file.
    func flush(_ paths: [String], under root: String) throws(VaultError)
    /// Renames a file, refusing to replace an existing one.
    func move(_ from: String, to destination: String) throws(VaultError)
    /// Removes a file; a missing one is not an error. `durable` also flushes the folder, so the
    /// removal survives a crash that follows (the intent journal needs it).
    func remove(_ path: String, durable: Bool) throws(VaultError)
    /// The names in a folder (none when it does not exist), hidden ones included.
    func names(in folder: String) -> [String]
    /// Whether `path` itself is a symbolic link (not followed).
    func isSymbolicLink(_ path: String) -> Bool
    /// Every file under `root` left by a write that never finished (see `TemporaryName`), hidden
    /// folders included, symlinks not followed.
    func temporaryFiles(under root: String) -> [String]
    /// Whether a process with this id still runs (a temporary file's writer, the lock's last holder).
    func isProcessRunning(_ pid: Int32) -> Bool
    /// Every Markdown file under `root` (hidden files and folders skipped, symlinks not followed),
    /// depth-first with each folder's entries in name order. `stamps: false` may leave sizes and
    /// times at 0 when only the paths are wanted.
    func markdownFiles(under root: String, stamps: Bool) -> [FileStamp]
    /// `markdownFiles(under:stamps:)` without the folders at these paths (relative to `root`)
    /// and what they hold.
    func markdownFiles(under root: String, stamps: Bool, skipping folders: Set<String>) -> [FileStamp]
    /// Takes the exclusive lock kept in the file at `path`, waiting up to `timeout` seconds;
    /// released when the returned object is.
    func lock(_ path: String, timeout: Double) throws(VaultError) -> any FileLock
    /// The Markdown files and the folders directly in `folder`, by name, as `markdownFiles(under:)`
    /// meets them (hidden names and symbolic links left out), in no particular order: for a caller
    /// that picks a few files by name from a large folder without walking or sorting all of it.
    func markdownEntries(in folder: String) -> (files: [String], folders: [String])
    /// The modification and change times of a folder (which move when an entry is added, removed
    /// or renamed in it), or nil when there is no folder there or the file system cannot tell:
    /// a cache of what a folder held (`StatusCache`) is trusted only where this answers.
    func stamp(folder path: String, relative: String) -> FileStamp?
    /// A file the walk of this run listed as a regular file (to index it, or to show its lines):
    /// nil when it cannot be read or is no longer a regular file. May take fewer calls than
    /// `read`, which also guards against opening a device in its place.
    func readListed(_ path: String) -> [UInt8]?
}

/// A held lock; releasing the object releases the lock.
///
/// The holder's process id is written into the lock file while it holds the lock and erased when
/// it lets go, so the next holder can tell that the last one was killed holding it.
public protocol FileLock: AnyObject {
    /// The process id a previous holder left in the lock file: it never released the lock (it was
    /// killed), so what it was writing may be unfinished. Nil after a clean release.
    var abandonedBy: Int32? { get }
}

extension FileSystem {
    /// Reads a file as text (invalid UTF-8 repaired).
    package func readText(_ path: String) throws(VaultError) -> String {
        String(decoding: try read(path), as: UTF8.self)
    }

    package func writeAtomically(_ bytes: [UInt8], to path: String) throws(VaultError) {
        try writeAtomically(bytes, to: path, durable: true)
    }

    package func remove(_ path: String) throws(VaultError) {
        try remove(path, durable: false)
    }

    /// `createNew(_:at:)`, always durable, by default.
    public func createNew(_ bytes: [UInt8], at path: String, durable: Bool) throws(VaultError) {
        try createNew(bytes, at: path)
    }

    /// Nothing to do by default: a file system whose writes are durable as they are made (or in memory).
    public func flush(_ paths: [String], under root: String) throws(VaultError) {}

    public func markdownFiles(under root: String) -> [FileStamp] {
        markdownFiles(under: root, stamps: true)
    }

    /// The whole walk, less the files under `folders`.
    public func markdownFiles(under root: String, stamps: Bool, skipping folders: Set<String>) -> [FileStamp] {
        let files = markdownFiles(under: root, stamps: stamps)
        if folders.isEmpty { return files }
        return files.filter { stamp in !folders.contains { stamp.path.hasPrefix($0 + "/") } }
    }
}

extension FileSystem where Self == POSIXFileSystem {
    /// The real file system.
    package static var posix: POSIXFileSystem { POSIXFileSystem() }
}

extension FileSystem {
    /// Unknown by default: a file system that does not keep folder times never has a folder's
    /// listing trusted from a cache.
    public func stamp(folder path: String, relative: String) -> FileStamp? { nil }

    /// `read`, by default.
    public func readListed(_ path: String) -> [UInt8]? { try? read(path) }

    /// From the walk: the files at the top of `folder`, and the first folder of each deeper one
    /// (a folder holding no Markdown file is left out, which changes nothing a walk would find).
    public func markdownEntries(in folder: String) -> (files: [String], folders: [String]) {
        var files: [String] = []
        var folders: [String] = []
        var seen = Set<String>()
        for stamp in markdownFiles(under: folder, stamps: false) {
            if let slash = stamp.path.firstIndex(of: "/") {
                let name = String(stamp.path[..<slash])
                if seen.insert(name).inserted { folders.append(name) }
            } else {
                files.append(stamp.path)
            }
        }
        return (files, folders)
    }
}
