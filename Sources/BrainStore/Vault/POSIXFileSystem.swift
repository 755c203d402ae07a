#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BrainFormat
import BrainAnalytics

/// The real file system, through POSIX calls: fast enough for the 100,000-file vaults the index
/// walks. Locks are `flock(2)` locks, so they hold between processes.
public struct POSIXFileSystem: FileSystem {
    public init() {}

    /// Reads a whole file as bytes.
    public func read(_ path: String) throws(VaultError) -> [UInt8] {
        // Only regular files are read. A FIFO or a device is refused before it is opened (opening
        // some devices does something); O_NONBLOCK keeps a FIFO swapped in meanwhile from waiting
        // for a writer, and the type is checked again on the open file.
        var before = stat()
        guard stat(path, &before) == 0 else { throw .io(path: path, message: POSIXFileSystem.errorText()) }
        guard (before.st_mode & S_IFMT) == S_IFREG else { throw .io(path: path, message: "not a regular file") }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { throw .io(path: path, message: POSIXFileSystem.errorText()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .io(path: path, message: POSIXFileSystem.errorText()) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .io(path: path, message: "not a regular file") }
        let size = max(Int(info.st_size), 0)
        // Not zero-filled first: the read fills it (most files are read whole in one call).
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { _, initialized in initialized = size }
        var count = 0
        while true {
            if count == bytes.count {
                // Read whole, or grown since `fstat`: a small read says which, without growing
                // (and zero-filling) the array for the answer "nothing left".
                let extra = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { scratch in
                    var got: Int
                    repeat { got = systemRead(fd, scratch.baseAddress!, scratch.count) } while got < 0 && errno == EINTR
                    if got > 0 { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[0..<got])) }
                    return got
                }
                if extra < 0 { throw .io(path: path, message: POSIXFileSystem.errorText()) }
                if extra == 0 { break }
                count += extra
                continue
            }
            let got = bytes.withUnsafeMutableBytes { buffer in
                systemRead(fd, buffer.baseAddress! + count, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw .io(path: path, message: POSIXFileSystem.errorText())
            }
            if got == 0 { break }
            count += got
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    public func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    public func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Size and modification time of a file, or nil when it does not exist.
    public func stamp(_ path: String, relative: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileStamp(path: relative, size: Int(info.st_size), modified: POSIXFileSystem.modifiedNanoseconds(info),
                         changed: POSIXFileSystem.changedNanoseconds(info))
    }

    public func stamp(folder path: String, relative: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        return FileStamp(path: relative, size: Int(info.st_size), modified: POSIXFileSystem.modifiedNanoseconds(info),
                         changed: POSIXFileSystem.changedNanoseconds(info))
    }

    /// Creates a folder and its parents.
    public func makeDirectories(_ path: String) throws(VaultError) {
        if isDirectory(path) { return }
        let parent = VaultPaths.directory(of: path)
        if !parent.isEmpty && parent != path { try makeDirectories(parent) }
        if mkdir(path, 0o755) != 0 && errno != EEXIST { throw .io(path: path, message: POSIXFileSystem.errorText()) }
    }

    /// Writes a file atomically: a temporary file in the same folder, flushed, then renamed over.
    /// Readers see the old bytes or the new bytes, never a mix; the file's mode is kept.
    /// `durable: false` skips the flushes to disk, for caches that can be rebuilt.
    public func writeAtomically(_ bytes: [UInt8], to path: String, durable: Bool) throws(VaultError) {
        let folder = VaultPaths.directory(of: path)
        if !folder.isEmpty { try makeDirectories(folder) }
        // The mode of the file being replaced; not of whatever a symbolic link there points to.
        var mode: mode_t = 0o644
        var existing = stat()
        if lstat(path, &existing) == 0, (existing.st_mode & S_IFMT) == S_IFREG { mode = existing.st_mode & 0o7777 }
        let temporary = try writeTemporary(bytes, beside: path, mode: mode, durable: durable)
        guard rename(temporary, path) == 0 else {
            let message = POSIXFileSystem.errorText()
            unlink(temporary)
            throw .io(path: path, message: message)
        }
        // The rename itself lives in the folder: flush it too, or a crash can bring the old file back.
        if durable { POSIXFileSystem.syncFolder(folder) }
    }

    /// Writes `bytes` to a new temporary file beside `path` (named by `TemporaryName`) and returns
    /// its path; nothing is left behind on an error.
    private func writeTemporary(_ bytes: [UInt8], beside path: String, mode: mode_t, durable: Bool) throws(VaultError) -> String {
        let folder = VaultPaths.directory(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let temporary = VaultPaths.join(folder, TemporaryName.make(for: name, pid: getpid()))
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        guard fd >= 0 else { throw .io(path: path, message: POSIXFileSystem.errorText()) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                write(fd, buffer.baseAddress! + written, bytes.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                let message = POSIXFileSystem.errorText()
                close(fd)
                unlink(temporary)
                throw .io(path: path, message: message)
            }
            written += result
        }
        fchmod(fd, mode)
        guard !durable || fsync(fd) == 0, close(fd) == 0 else {
            let message = POSIXFileSystem.errorText()
            unlink(temporary)
            throw .io(path: path, message: message)
        }
        return temporary
    }

    /// Flushes a folder's entries (a rename or removal in it) to disk.
    public static func syncFolder(_ folder: String) {
        let fd = open(folder.isEmpty ? "." : folder, O_RDONLY | O_CLOEXEC | O_DIRECTORY)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    #if os(Linux)
    /// The C library's `syncfs(2)` on Linux, which Swift's module for it leaves out (declared for `_GNU_SOURCE`); macOS has none.
    private static let syncfs: (@convention(c) (Int32) -> Int32)? = {
        guard let symbol = dlsym(nil, "syncfs") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
    }()
    #endif

    /// Creates a file only when it does not exist yet (never overwrites).
    public func createNew(_ bytes: [UInt8], at path: String) throws(VaultError) {
        try createNew(bytes, at: path, mode: 0o644)
    }

    /// `createNew`; `durable: false` skips the flushes (see `flush(_:under:)`).
    public func createNew(_ bytes: [UInt8], at path: String, durable: Bool) throws(VaultError) {
        try createNew(bytes, at: path, mode: 0o644, durable: durable)
    }

    /// `createNew` with the file's permission bits (`0o600`: readable by its owner alone).
    public func createNew(_ bytes: [UInt8], at path: String, mode: mode_t, durable: Bool = true) throws(VaultError) {
        let folder = VaultPaths.directory(of: path)
        if !folder.isEmpty { try makeDirectories(folder) }
        // Write beside it, then link(2): link fails with EEXIST instead of replacing.
        let temporary = try writeTemporary(bytes, beside: path, mode: mode, durable: durable)
        defer { unlink(temporary) }
        if link(temporary, path) != 0 {
            if errno == EEXIST { throw .exists(path) }
            throw .io(path: path, message: POSIXFileSystem.errorText())
        }
        if durable { POSIXFileSystem.syncFolder(folder) }
    }

    /// On Linux, one `syncfs(2)` of the file system `root` is on: every file and folder written
    /// so far goes to disk, and an error in writing any of them back is reported. Elsewhere each
    /// file and each of their folders is flushed with `fsync`.
    public func flush(_ paths: [String], under root: String) throws(VaultError) {
        #if os(Linux)
        guard let syncfs = POSIXFileSystem.syncfs else {
            sync()  // every file system: slower, as sure
            return
        }
        let fd = open(root.isEmpty ? "." : root, O_RDONLY | O_CLOEXEC | O_DIRECTORY)
        guard fd >= 0 else { throw .io(path: root, message: POSIXFileSystem.errorText()) }
        defer { close(fd) }
        guard syncfs(fd) == 0 else { throw .io(path: root, message: POSIXFileSystem.errorText()) }
        #else
        var folders = Set<String>()
        for path in paths {
            let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            if fd >= 0 {
                defer { close(fd) }
                guard fsync(fd) == 0 else { throw .io(path: path, message: POSIXFileSystem.errorText()) }
            }
            folders.insert(VaultPaths.directory(of: path))
        }
        for folder in folders { POSIXFileSystem.syncFolder(folder) }
        #endif
    }

    /// Renames a file, refusing to replace an existing one.
    public func move(_ from: String, to destination: String) throws(VaultError) {
        if exists(destination) || isSymbolicLink(destination) { throw .exists(destination) }
        let folder = VaultPaths.directory(of: destination)
        if !folder.isEmpty { try makeDirectories(folder) }
        guard rename(from, destination) == 0 else { throw .io(path: from, message: POSIXFileSystem.errorText()) }
        POSIXFileSystem.syncFolder(folder)
        POSIXFileSystem.syncFolder(VaultPaths.directory(of: from))
    }

    public func remove(_ path: String, durable: Bool) throws(VaultError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw .io(path: path, message: POSIXFileSystem.errorText()) }
        if durable { POSIXFileSystem.syncFolder(VaultPaths.directory(of: path)) }
    }

    public func names(in folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var result: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String in
                let bytes = raw.bindMemory(to: UInt8.self)
                var length = 0
                while length < bytes.count && bytes[length] != 0 { length += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<length]), as: UTF8.self)
            }
            if name != "." && name != ".." { result.append(name) }
        }
        return result
    }

    public func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    public func isProcessRunning(_ pid: Int32) -> Bool {
        // Signal 0 checks without sending; EPERM means it runs under another user.
        kill(pid, 0) == 0 || errno == EPERM
    }

    /// Every temporary file under `root`, hidden folders (`.brain/`) included, symlinks not followed.
    public func temporaryFiles(under root: String) -> [String] {
        var result: [String] = []
        var folders = [root]
        while let folder = folders.popLast() {
            guard let dir = opendir(folder) else { continue }
            let dirFD = dirfd(dir)
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String in
                    let bytes = raw.bindMemory(to: UInt8.self)
                    var length = 0
                    while length < bytes.count && bytes[length] != 0 { length += 1 }
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<length]), as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                var info = stat()
                guard fstatat(dirFD, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                let path = VaultPaths.join(folder, name)
                switch info.st_mode & S_IFMT {
                case S_IFDIR: folders.append(path)
                case S_IFREG where TemporaryName.owner(of: name) != nil: result.append(path)
                default: break
                }
            }
            closedir(dir)
        }
        return result.sorted()
    }

    /// Every Markdown file under `root`, skipping hidden folders and files (`.brain/` among them),
    /// with sizes and modification times; sorted by path. Symlinks are not followed.
    /// `stamps: false` skips the size and time of files the folder listing already says are
    /// regular (they are then 0): enough for a search, which only needs the paths.
    public func markdownFiles(under root: String, stamps: Bool) -> [FileStamp] {
        walk(root: root, stamps: stamps)
    }

    /// The skipped folders are never listed, nor their files' `stat` made.
    public func markdownFiles(under root: String, stamps: Bool, skipping folders: Set<String>) -> [FileStamp] {
        walk(root: root, stamps: stamps, skipping: folders)
    }

    public func lock(_ path: String, timeout: Double) throws(VaultError) -> any FileLock {
        try FlockLock(path: path, timeout: timeout, fileSystem: self)
    }

    public static func modifiedNanoseconds(_ info: stat) -> Int64 {
        #if canImport(Darwin)
        return Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        return Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
    }

    public static func changedNanoseconds(_ info: stat) -> Int64 {
        #if canImport(Darwin)
        return Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
        #else
        return Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        #endif
    }

    public static func errorText() -> String {
        String(cString: strerror(errno))
    }
}

/// `read(2)`, named for the platform's C library.
@inline(__always)
package func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.read(fd, buffer, count)
    #elseif canImport(Darwin)
    return Darwin.read(fd, buffer, count)
    #endif
}

/// An exclusive `flock(2)` on a file, held until the object is released. The holder's process id
/// is kept in the file while it holds the lock.
package final class FlockLock: FileLock {
    private let fd: Int32
    package let abandonedBy: Int32?

    package init(path: String, timeout: Double, fileSystem: POSIXFileSystem) throws(VaultError) {
        try fileSystem.makeDirectories(VaultPaths.directory(of: path))
        // O_NOFOLLOW: a symlink in the lock's place must not make brain create or lock a file elsewhere.
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
        guard fd >= 0 else { throw .io(path: path, message: POSIXFileSystem.errorText()) }
        self.fd = fd
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw .io(path: path, message: "not a regular file")
        }
        var waited = 0.0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if errno != EWOULDBLOCK && errno != EINTR {
                close(fd)
                throw .io(path: path, message: POSIXFileSystem.errorText())
            }
            if waited >= timeout {
                close(fd)
                throw .lockTimeout(path)
            }
            usleep(2_000)
            waited += 0.002
        }
        // A process id left in the file is a holder that never let go.
        var buffer = [UInt8](repeating: 0, count: 16)
        let got = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, 16, 0) }
        let digits = buffer[0..<max(got, 0)].prefix { $0 >= 0x30 && $0 <= 0x39 }
        abandonedBy = Int32(String(decoding: digits, as: UTF8.self)).flatMap { $0 > 0 ? $0 : nil }
        let mine = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = mine.withUnsafeBytes { pwrite(fd, $0.baseAddress!, mine.count, 0) }
    }

    deinit {
        _ = ftruncate(fd, 0)
        flock(fd, LOCK_UN)
        close(fd)
    }
}

extension POSIXFileSystem {
    /// Four calls (open,
    /// `fstat`, one read, close) instead of `FileSystem.read`'s six (its `stat` before opening
    /// guards against opening a device, which the walk's `lstat` already ruled out; its second
    /// read makes sure a short read was the end). A backlink list of 5,000 files made 30,000
    /// calls before. nil when it is gone or no longer a regular file.
    public func readListed(_ path: String) -> [UInt8]? {
        var info = stat()
        return readListed(path, at: AT_FDCWD, info: &info)
    }

    /// A folder opened for `readListed(_:at:stamp:)` or `FileReader`, or nil; close it with `closeFolder`.
    package func openFolder(_ path: String) -> Int32? {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        return fd >= 0 ? fd : nil
    }

    package func closeFolder(_ folder: Int32) {
        close(folder)
    }

    /// `readListed` of `path` relative to the open folder `folder` (the kernel looks up one name
    /// or a few instead of every folder from the root: a tenth of a read's cost on a vault of
    /// small notes), with the file's size and times, from the same `fstat`, in `stamp`: a walk
    /// that made no `stat` (an index built with no cache to compare against) learns them here.
    package func readListed(_ path: String, at folder: Int32, stamp: inout FileStamp) -> [UInt8]? {
        var info = stat()
        guard let bytes = readListed(path, at: folder, info: &info) else { return nil }
        stamp.size = bytes.count
        stamp.modified = POSIXFileSystem.modifiedNanoseconds(info)
        stamp.changed = POSIXFileSystem.changedNanoseconds(info)
        return bytes
    }

    private func readListed(_ path: String, at folder: Int32, info: inout stat) -> [UInt8]? {
        let fd = openat(folder, path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        // One byte more than the size, so that a whole read also says it was the end. Read into
        // memory not zeroed first (a cold index reads every byte of the vault this way).
        var size = max(Int(info.st_size), 0) + 1
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var got: Int
            repeat { got = systemRead(fd, buffer.baseAddress!, size) } while got < 0 && errno == EINTR
            failed = got < 0
            initialized = max(got, 0)
        }
        if failed { return nil }
        if bytes.count < size { return bytes }
        // Grown since `fstat`: the rest in steps.
        size = 1 << 16
        while true {
            let start = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: size))
            var got: Int
            repeat {
                got = bytes.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + start, size) }
            } while got < 0 && errno == EINTR
            guard got >= 0 else { return nil }
            bytes.removeSubrange((start + got)...)
            // Shorter than asked: the end (the file grew since `fstat` otherwise).
            if got < size { return bytes }
            size = 1 << 16
        }
    }

    /// One `readdir` pass, no sorting: a regular file or a folder is known by its entry's type, so
    /// only an entry of unknown type is `stat`ed (as the walk does).
    public func markdownEntries(in folder: String) -> (files: [String], folders: [String]) {
        guard let dir = opendir(folder) else { return ([], []) }
        defer { closedir(dir) }
        let dirFD = dirfd(dir)
        var files: [String] = []
        var folders: [String] = []
        var bytes: [UInt8] = []
        var ascii = true
        while let entry = readdir(dir) {
            bytes.removeAll(keepingCapacity: true)
            guard let isMarkdown = POSIXFileSystem.visibleName(entry, into: &bytes, allASCII: &ascii) else { continue }
            let name = String(decoding: bytes, as: UTF8.self)
            let type = entry.pointee.d_type
            if type == UInt8(DT_DIR) {
                folders.append(name)
                continue
            }
            if !isMarkdown && type != UInt8(DT_UNKNOWN) && type != UInt8(DT_LNK) { continue }
            if type == UInt8(DT_REG) {
                files.append(name)
                continue
            }
            var info = stat()
            guard fstatat(dirFD, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: folders.append(name)
            case S_IFREG, S_IFIFO, S_IFCHR, S_IFBLK, S_IFSOCK:
                // Special files are listed as the walk lists them (the index reports them).
                if isMarkdown { files.append(name) }
            default: continue
            }
        }
        return (files, folders)
    }
}

extension POSIXFileSystem {
    /// What mapping a file found.
    package enum Mapping {
        /// The file's bytes, mapped read-only (nil and 0 for an empty file): release them with
        /// `unmap`; and its modification time in nanoseconds.
        case mapped(UnsafeRawPointer?, count: Int, modified: Int64)
        case missing
        case symbolicLink
        case failed(String)
    }

    /// Maps a regular file read-only instead of copying it into memory: the page cache's pages
    /// are used as they are, with no copy and no zeroed pages to fill (the index cache of a
    /// 20,000-note vault is 19 MB, read by every command). Only for files this program replaces
    /// by renaming a new file over them, never by writing in place: a file cut short while
    /// mapped could not be read past its new end.
    package func mapRegularFile(_ path: String) -> Mapping {
        // As `read`: a device is refused before it is opened (opening some devices does something).
        var before = stat()
        guard lstat(path, &before) == 0 else { return errno == ENOENT ? .missing : .failed(POSIXFileSystem.errorText()) }
        switch before.st_mode & S_IFMT {
        case S_IFLNK: return .symbolicLink
        case S_IFREG: break
        default: return .failed("not a regular file")
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW)
        guard fd >= 0 else {
            switch errno {
            case ENOENT: return .missing
            case ELOOP: return .symbolicLink
            default: return .failed(POSIXFileSystem.errorText())
            }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failed(POSIXFileSystem.errorText()) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failed("not a regular file") }
        let count = Int(info.st_size)
        let modified = POSIXFileSystem.modifiedNanoseconds(info)
        if count <= 0 { return .mapped(nil, count: 0, modified: modified) }
        guard let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED else {
            return .failed(POSIXFileSystem.errorText())
        }
        return .mapped(UnsafeRawPointer(address), count: count, modified: modified)
    }

    /// Releases what `mapRegularFile` mapped.
    package static func unmap(_ address: UnsafeRawPointer, count: Int) {
        munmap(UnsafeMutableRawPointer(mutating: address), count)
    }
}
