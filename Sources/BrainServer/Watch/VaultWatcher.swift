import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells the server that something in the vault changed, so the index it keeps in memory is
/// re-read (only the changed files) before the next answer. On Linux: inotify on every folder
/// of the vault but hidden ones (`.brain/` among them, where the index writes its cache), with
/// new folders watched as they appear. Elsewhere: no events, and the kept index is trusted
/// for at most a second (`VaultIndex.open` then compares every file's size and times).
/// The server's loop reads the events (`drain`); its worker takes the news (`takeChange`).
package final class VaultWatcher: @unchecked Sendable {
    let root: String
    /// The descriptor the server's loop polls; nil where there is no inotify.
    package private(set) var descriptor: Int32?
    private var folders: [Int32: String] = [:]
    /// What changed since the router last asked: the vault-relative folders events came from
    /// ("" for the root), or everything (at the start, after a full event queue, by the poll).
    package struct Change: Equatable {
        package var everything = false
        package var folders: Set<String> = []
        /// The vault-relative paths of the files events named.
        package var paths: Set<String> = []
        /// Whether an event named no file of a folder (the folder itself went or moved, a
        /// folder in it was made or removed).
        package var folderEvent = false

        /// Whether nothing changed but `written` (and hidden files beside them: their temporary
        /// copies while they were written).
        package func isOnly(_ written: Set<String>) -> Bool {
            guard !everything, !folderEvent else { return false }
            let folders = Set(written.map(VaultWatcher.folder(of:)))
            return paths.allSatisfy { path in
                written.contains(path)
                    || (VaultWatcher.name(of: path).hasPrefix(".") && folders.contains(VaultWatcher.folder(of: path)))
            }
        }
    }

    static func folder(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
    }

    static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }
    private var pending: Change? = Change(everything: true)
    private var lastPoll = 0.0
    /// Guards `pending` and `lastPoll`.
    private let lock = NSLock()
    /// Lets one thread at a time read the events (`folders` is theirs).
    private let reading = NSLock()

    package init(root: String) {
        self.root = root
        #if os(Linux)
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if fd >= 0 {
            descriptor = fd
            watchTree(root)
        }
        #endif
    }

    deinit {
        if let descriptor { Socket.close(descriptor) }
    }

    /// What changed since the last call, or nil when nothing did.
    package func takeChange(now: Double) -> Change? {
        lock.lock()
        defer { lock.unlock() }
        if descriptor == nil, now - lastPoll >= 1 {
            lastPoll = now
            pending = Change(everything: true)
        }
        defer { pending = nil }
        return pending
    }

    private func note(_ folder: String?, name: String = "", isFolder: Bool = false) {
        lock.lock()
        defer { lock.unlock() }
        var change = pending ?? Change()
        if let folder {
            let relative = folder == root ? "" : String(folder.dropFirst(root.count + 1))
            change.folders.insert(relative)
            if name.isEmpty || isFolder {
                change.folderEvent = true
            } else {
                change.paths.insert(relative.isEmpty ? name : relative + "/" + name)
            }
        } else {
            change.everything = true
        }
        pending = change
    }

    /// Reads the pending events (the loop calls this when the descriptor is readable); whether
    /// there were any.
    @discardableResult
    package func drain() -> Bool {
        reading.lock()
        defer { reading.unlock() }
        var any = false
        #if os(Linux)
        guard let descriptor else { return false }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { return any }
            any = true
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let (wd, mask, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                note(mask & UInt32(IN_Q_OVERFLOW) != 0 ? nil : folders[wd], name: name, isFolder: mask & UInt32(IN_ISDIR) != 0)
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    watchTree(root)
                } else if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0,
                          let parent = folders[wd], !name.hasPrefix(".") {
                    watchTree(parent + "/" + name)
                }
                if mask & UInt32(IN_IGNORED) != 0 { folders[wd] = nil }
                offset += header + length
            }
        }
        #else
        return any
        #endif
    }

    /// Watches `folder` and every folder below it but hidden ones.
    private func watchTree(_ folder: String) {
        #if os(Linux)
        guard let descriptor else { return }
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ATTRIB
                          | IN_DELETE_SELF | IN_MOVE_SELF | IN_DONT_FOLLOW | IN_ONLYDIR)
        let wd = inotify_add_watch(descriptor, folder, mask)
        guard wd >= 0 else { return }
        folders[wd] = folder
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where !name.hasPrefix(".") {
            let path = folder + "/" + name
            var info = stat()
            // Not through a symbolic link: a link to a folder outside is no part of the vault.
            if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { watchTree(path) }
        }
        #endif
    }
}
