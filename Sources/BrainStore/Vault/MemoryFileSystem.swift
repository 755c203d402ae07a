import Foundation
import BrainFormat
import BrainAnalytics

/// A file system held in memory: the same rules as the disk (atomic replacement, no overwrite on
/// create or move, one lock holder at a time), without touching it. BrainKit's tests run actions
/// and queries on it; an app could use it for previews.
///
/// Modification times come from a counter that moves on every write, so the index notices
/// every change however fast the writes follow each other.
public final class MemoryFileSystem: FileSystem, @unchecked Sendable {
    private let mutex = NSLock()
    private var files: [String: [UInt8]] = [:]
    private var modified: [String: Int64] = [:]
    private var changed: [String: Int64] = [:]
    private var folders: Set<String> = ["/"]
    private var heldLocks: Set<String> = []
    private var clock: Int64 = 1_000_000_000
    /// Paths whose writes fail, to test how callers handle a full disk or a read-only file.
    package var failingWrites: Set<String> {
        get { mutex.withLock { _failingWrites } }
        set { mutex.withLock { _failingWrites = newValue } }
    }
    private var _failingWrites: Set<String> = []

    /// Simulates a small disk: when set, writing a file fails with "No space left on device" if
    /// the files' bytes and the new ones (a replacement needs room for both until its rename) would
    /// exceed it. Moves and removals need no room, as on a real disk. The index cache is not counted.
    package var capacity: Int? {
        get { mutex.withLock { _capacity } }
        set { mutex.withLock { _capacity = newValue } }
    }
    private var _capacity: Int?

    /// Simulates a process killed part-way through a change: after this many more writes, moves or
    /// removals, every further one fails (undo included), until it is set back to nil. The index
    /// cache is not counted.
    package var writesBeforeCrash: Int? {
        get { mutex.withLock { _writesBeforeCrash } }
        set { mutex.withLock { _writesBeforeCrash = newValue } }
    }
    private var _writesBeforeCrash: Int?

    /// Called with the mutex held, before each change of a file.
    private func countWrite(_ path: String) throws(VaultError) {
        if path.contains("/.brain/cache/") { return }
        guard let left = _writesBeforeCrash else { return }
        if left <= 0 { throw .io(path: path, message: "simulated crash") }
        _writesBeforeCrash = left - 1
    }

    public init(files: [String: String] = [:]) {
        for (path, text) in files {
            try? write(Array(text.utf8), to: MemoryFileSystem.normalized(path))
        }
    }

    /// Every file's text by absolute path (tests compare whole vaults).
    public var snapshot: [String: String] {
        mutex.withLock { files.mapValues { String(decoding: $0, as: UTF8.self) } }
    }

    /// Every file's bytes by absolute path.
    package var byteSnapshot: [String: [UInt8]] {
        mutex.withLock { files }
    }

    public func read(_ path: String) throws(VaultError) -> [UInt8] {
        let path = MemoryFileSystem.normalized(path)
        guard let bytes = mutex.withLock({ files[path] }) else {
            if isDirectory(path) { throw .io(path: path, message: "not a regular file") }
            throw .io(path: path, message: "No such file or directory")
        }
        return bytes
    }

    public func exists(_ path: String) -> Bool {
        let path = MemoryFileSystem.normalized(path)
        return mutex.withLock { files[path] != nil || folders.contains(path) }
    }

    public func isDirectory(_ path: String) -> Bool {
        let path = MemoryFileSystem.normalized(path)
        return mutex.withLock { folders.contains(path) }
    }

    public func stamp(_ path: String, relative: String) -> FileStamp? {
        let path = MemoryFileSystem.normalized(path)
        return mutex.withLock {
            guard let bytes = files[path] else { return nil }
            return FileStamp(path: relative, size: bytes.count, modified: modified[path] ?? 0, changed: changed[path] ?? 0)
        }
    }

    public func makeDirectories(_ path: String) throws(VaultError) {
        let path = MemoryFileSystem.normalized(path)
        try locked { () throws(VaultError) in try makeFolders(path) }
    }

    public func writeAtomically(_ bytes: [UInt8], to path: String, durable: Bool) throws(VaultError) {
        let path = MemoryFileSystem.normalized(path)
        try locked { () throws(VaultError) in
            try countWrite(path)
            try store(bytes, at: path)
        }
    }

    public func createNew(_ bytes: [UInt8], at path: String) throws(VaultError) {
        let path = MemoryFileSystem.normalized(path)
        try locked { () throws(VaultError) in
            if files[path] != nil || folders.contains(path) { throw .exists(path) }
            try countWrite(path)
            try store(bytes, at: path)
        }
    }

    public func move(_ from: String, to destination: String) throws(VaultError) {
        let from = MemoryFileSystem.normalized(from)
        let destination = MemoryFileSystem.normalized(destination)
        try locked { () throws(VaultError) in
            if files[destination] != nil || folders.contains(destination) { throw .exists(destination) }
            guard let bytes = files[from] else { throw .io(path: from, message: "No such file or directory") }
            if _failingWrites.contains(destination) { throw .io(path: destination, message: "No space left on device") }
            try countWrite(destination)
            try makeFolders(VaultPaths.directory(of: destination))
            files[destination] = bytes
            modified[destination] = modified[from]
            clock += 1
            changed[destination] = clock
            files[from] = nil
            modified[from] = nil
            changed[from] = nil
        }
    }

    public func remove(_ path: String, durable: Bool) throws(VaultError) {
        let path = MemoryFileSystem.normalized(path)
        try locked { () throws(VaultError) in
            if files[path] != nil { try countWrite(path) }
            files[path] = nil
            modified[path] = nil
            changed[path] = nil
        }
    }

    /// Paths tests treat as symbolic links (the memory file system has none of its own).
    package var symbolicLinks: Set<String> {
        get { mutex.withLock { _symbolicLinks } }
        set { mutex.withLock { _symbolicLinks = Set(newValue.map(MemoryFileSystem.normalized)) } }
    }
    private var _symbolicLinks: Set<String> = []

    /// Process ids tests treat as gone (every other id runs).
    package var finishedProcesses: Set<Int32> {
        get { mutex.withLock { _finishedProcesses } }
        set { mutex.withLock { _finishedProcesses = newValue } }
    }
    private var _finishedProcesses: Set<Int32> = []

    public func names(in folder: String) -> [String] {
        let folder = MemoryFileSystem.normalized(folder)
        let prefix = folder == "/" ? "/" : folder + "/"
        return mutex.withLock {
            var names = Set<[UInt8]>()
            for path in Array(files.keys) + Array(folders) where path.hasPrefix(prefix) {
                let rest = path.utf8.dropFirst(prefix.utf8.count)
                guard !rest.isEmpty, !rest.contains(UInt8(ascii: "/")) else { continue }
                names.insert(Array(rest))
            }
            return names.map { String(decoding: $0, as: UTF8.self) }.sorted()
        }
    }

    public func isSymbolicLink(_ path: String) -> Bool {
        let path = MemoryFileSystem.normalized(path)
        return mutex.withLock { _symbolicLinks.contains(path) }
    }

    public func isProcessRunning(_ pid: Int32) -> Bool {
        mutex.withLock { !_finishedProcesses.contains(pid) }
    }

    public func temporaryFiles(under root: String) -> [String] {
        let root = MemoryFileSystem.normalized(root)
        let prefix = root == "/" ? "/" : root + "/"
        return mutex.withLock {
            files.keys.filter { path in
                path.hasPrefix(prefix) && TemporaryName.owner(of: path.split(separator: "/").last ?? "") != nil
            }.sorted()
        }
    }

    public func markdownFiles(under root: String, stamps: Bool) -> [FileStamp] {
        let root = MemoryFileSystem.normalized(root)
        let prefix = root == "/" ? "/" : root + "/"
        let found: [(parts: [Substring], stamp: FileStamp)] = mutex.withLock {
            files.compactMap { path, bytes in
                guard path.hasPrefix(prefix) else { return nil }
                let relative = String(path.dropFirst(prefix.count))
                let parts = relative.split(separator: "/")
                guard let name = parts.last, !parts.contains(where: { $0.hasPrefix(".") }),
                      name.lowercased().hasSuffix(".md"), name.count > 3 else { return nil }
                return (parts, FileStamp(path: relative, size: bytes.count, modified: modified[path] ?? 0, changed: changed[path] ?? 0))
            }
        }
        // Depth-first with each folder's entries in name order: compare paths part by part.
        return found.sorted { $0.parts.lexicographicallyPrecedes($1.parts) }.map(\.stamp)
    }

    public func lock(_ path: String, timeout: Double) throws(VaultError) -> any FileLock {
        let path = MemoryFileSystem.normalized(path)
        try makeDirectories(VaultPaths.directory(of: path))
        // One process: a second holder is a caller that already holds the lock and would wait
        // for itself forever. Refuse at once so tests catch it.
        let taken = mutex.withLock { heldLocks.insert(path).inserted }
        guard taken else { throw .lockTimeout(path) }
        if mutex.withLock({ files[path] == nil }) { try? write([], to: path) }
        let abandoned = mutex.withLock { abandonedLocks.removeValue(forKey: path) }
        return MemoryLock(abandonedBy: abandoned) { [weak self] in
            guard let self else { return }
            _ = self.mutex.withLock { self.heldLocks.remove(path) }
        }
    }

    /// Makes the lock at `path` look as if process `pid` was killed while holding it.
    package func abandonLock(_ path: String, by pid: Int32) {
        let path = MemoryFileSystem.normalized(path)
        mutex.withLock { abandonedLocks[path] = pid }
    }
    private var abandonedLocks: [String: Int32] = [:]

    /// Whether any lock is held (tests check that actions release theirs).
    package var isLocked: Bool {
        mutex.withLock { !heldLocks.isEmpty }
    }

    private func write(_ bytes: [UInt8], to path: String) throws(VaultError) {
        try locked { () throws(VaultError) in try store(bytes, at: path) }
    }

    private func locked<T>(_ body: () throws(VaultError) -> T) throws(VaultError) -> T {
        mutex.lock()
        defer { mutex.unlock() }
        return try body()
    }

    /// Called with the mutex held.
    private func store(_ bytes: [UInt8], at path: String) throws(VaultError) {
        if folders.contains(path) { throw .io(path: path, message: "Is a directory") }
        if _failingWrites.contains(path) { throw .io(path: path, message: "No space left on device") }
        if let capacity = _capacity, !path.contains("/.brain/cache/") {
            let used = files.reduce(0) { $0 + ($1.key.contains("/.brain/cache/") ? 0 : $1.value.count) }
            if used + bytes.count > capacity { throw .io(path: path, message: "No space left on device") }
        }
        try makeFolders(VaultPaths.directory(of: path))
        files[path] = bytes
        clock += 1
        modified[path] = clock
        changed[path] = clock
    }

    /// Sets a file's modification time, as `touch -r` does on disk; like the disk, its change
    /// time still moves.
    package func setModified(_ path: String, to time: Int64) {
        let path = MemoryFileSystem.normalized(path)
        mutex.withLock {
            guard files[path] != nil else { return }
            modified[path] = time
            clock += 1
            changed[path] = clock
        }
    }

    /// A file's modification time (tests restore it after an edit).
    package func modificationTime(_ path: String) -> Int64? {
        let path = MemoryFileSystem.normalized(path)
        return mutex.withLock { modified[path] }
    }

    /// Called with the mutex held.
    private func makeFolders(_ path: String) throws(VaultError) {
        var current = ""
        for part in path.split(separator: "/") {
            current += "/" + part
            if files[current] != nil { throw .io(path: current, message: "Not a directory") }
            folders.insert(current)
        }
    }

    /// `/a//b/./c/` → `/a/b/c`.
    package static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }
}

/// A lock of `MemoryFileSystem`, released on deinit.
private final class MemoryLock: FileLock {
    private let release: () -> Void
    package let abandonedBy: Int32?
    package init(abandonedBy: Int32?, release: @escaping () -> Void) {
        self.abandonedBy = abandonedBy
        self.release = release
    }
    deinit { release() }
}
