import Foundation
import BrainStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells the server that something in the vault changed, so the index it keeps in memory is
/// re-read (only the changed files) before the next answer. On Linux: inotify on every folder
/// of the vault but hidden ones (`.brain/` among them, where the index writes its cache), with
/// new folders watched as they appear. On macOS: an FSEvents stream on the vault's folder
/// (`FSEventsSource`). Elsewhere: no events, and the kept index is trusted for at most a second
/// (`VaultIndex.open` then compares every file's size and times).
/// The server's loop reads the events (`drain`); its worker takes the news (`takeChange`).
package final class VaultWatcher: @unchecked Sendable {
    let root: String
    /// The descriptor the server's loop polls; nil where there is no watch (no inotify or FSEvents).
    package private(set) var descriptor: Int32?
    #if os(macOS)
    private var events: FSEventsSource?
    #endif
    private var folders: [Int32: String] = [:]
    /// What changed since the router last asked: the vault-relative folders events came from
    /// ("" for the root), or everything (at the start, after a full event queue, by the poll).
    /// Paths and folders are kept as their bytes: `String` holds two spellings of one name
    /// (composed and decomposed "é") equal, and they are two files.
    package struct Change: Equatable {
        package var everything = false
        package var folders: Set<[UInt8]> = []
        /// The vault-relative paths of the files events named, as the kernel named them.
        package var paths: Set<[UInt8]> = []
        /// Whether an event named no file of a folder (the folder itself went or moved, a
        /// folder in it was made or removed).
        package var folderEvent = false

        /// Whether nothing changed but `written` (and hidden files beside them: their temporary
        /// copies while they were written), each compared by its bytes.
        package func isOnly(_ written: some Sequence<String>) -> Bool {
            guard !everything, !folderEvent else { return false }
            let written = Set(written.map { Array($0.utf8) })
            let folders = Set(written.map(VaultWatcher.folder(of:)))
            return paths.allSatisfy { path in
                written.contains(path)
                    || (VaultWatcher.name(of: path).first == UInt8(ascii: ".") && folders.contains(VaultWatcher.folder(of: path)))
            }
        }

        /// Whether every folder events came from is one of `folders` or inside one, compared by bytes.
        package func foldersAreAll(within folders: [String]) -> Bool {
            let prefixes = folders.map { Array($0.utf8) }
            return self.folders.allSatisfy { folder in
                prefixes.contains { folder == $0 || (folder.starts(with: $0) && folder.dropFirst($0.count).first == UInt8(ascii: "/")) }
            }
        }
    }

    /// The folder part of a vault-relative path's bytes ("" at the root).
    static func folder(of path: [UInt8]) -> [UInt8] {
        path.lastIndex(of: UInt8(ascii: "/")).map { Array(path[..<$0]) } ?? []
    }

    /// The last name of a vault-relative path's bytes.
    static func name(of path: [UInt8]) -> ArraySlice<UInt8> {
        path.lastIndex(of: UInt8(ascii: "/")).map { path[(path.index(after: $0))...] } ?? path[...]
    }
    private var pending: Change? = Change(everything: true)
    /// What `brain watch` answers from (`history(since:)`): each vault-relative path an event
    /// named, with the number of the last event that named it. Guarded by `lock`. Keyed by the
    /// path's bytes: `String` holds two spellings of one name (composed and decomposed "é") equal,
    /// and they are two files.
    private var touched: [[UInt8]: UInt64] = [:]
    /// The number of the last event.
    private var sequence: UInt64 = 0
    /// Random for each watcher, and a new epoch after an overflow: a token with another id is
    /// not this watcher's, and what changed since it is unknown.
    private let instance: String
    private var epoch = 0
    /// Whether a folder could not be watched (the user's watch limit, no permission): then no
    /// answer is trusted.
    private var broken = false
    /// The most paths kept before the watcher starts a new epoch, as after an overflow (each
    /// is a string of the path: 250,000 of them are some 25 MB); 0 keeps none.
    private let historyLimit: Int
    /// The most events kept between two questions before the watcher acts as after an overflow
    /// (`BRAIN_WATCH_TEST_QUEUE_LIMIT`: the kernel's queue cannot be made small unprivileged,
    /// so the tests lower this one); nil: no limit of its own.
    private let queueLimit: Int?
    private var eventsSinceQuestion = 0
    private var lastPoll = 0.0
    /// Guards `pending` and `lastPoll`.
    private let lock = NSLock()
    /// Lets one thread at a time read the events (`folders` is theirs).
    private let reading = NSLock()

    /// `keepsHistory`: whether to keep the paths events named for `history(since:)` (the watch's
    /// daemon); the server's live index needs only `takeChange`.
    package init(root: String, keepsHistory: Bool = false, environment: [String: String] = [:]) {
        self.root = root
        instance = VaultWatcher.randomID()
        historyLimit = keepsHistory ? environment["BRAIN_WATCH_TEST_HISTORY_LIMIT"].flatMap(Int.init) ?? 250_000 : 0
        queueLimit = environment["BRAIN_WATCH_TEST_QUEUE_LIMIT"].flatMap(Int.init)
        #if os(Linux)
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if fd >= 0 {
            descriptor = fd
            watchTree(root)
        }
        #elseif os(macOS)
        events = FSEventsSource(root: root) { [unowned self] reading in self.take(reading) }
        descriptor = events?.descriptor
        #endif
    }

    deinit {
        // On macOS the source owns its descriptor.
        #if os(Linux)
        if let descriptor { Socket.close(descriptor) }
        #endif
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

    /// Takes an event of `folder` (absolute; nil: the queue overflowed) naming `name`, the
    /// bytes the kernel gave ("": the folder itself).
    private func note(_ folder: String?, name: [UInt8] = [], isFolder: Bool = false) {
        lock.lock()
        defer { lock.unlock() }
        var change = pending ?? Change()
        if let folder {
            let relative = folder.utf8.elementsEqual(root.utf8) ? [] : Array(folder.utf8.dropFirst(root.utf8.count + 1))
            change.folders.insert(relative)
            let path = name.isEmpty ? relative : (relative.isEmpty ? name : relative + [UInt8(ascii: "/")] + name)
            if name.isEmpty || isFolder {
                change.folderEvent = true
            } else {
                change.paths.insert(path)
            }
            guard historyLimit > 0 else {
                pending = change
                return
            }
            eventsSinceQuestion += 1
            if path.isEmpty || (queueLimit.map { eventsSinceQuestion > $0 } ?? false) || touched.count >= historyLimit {
                // The root itself went or moved, or more happened than is kept.
                newEpoch()
            } else {
                sequence += 1
                // As the answer spells it (a name that is no UTF-8 is read as `String` reads it).
                touched[Array(String(decoding: path, as: UTF8.self).utf8)] = sequence
            }
        } else {
            change.everything = true
            newEpoch()
        }
        pending = change
    }

    /// Takes one event as the watcher reads an FSEvents stream's (`FSEventsSource`, on macOS).
    func take(_ reading: FSEventsReading) {
        switch reading {
        case .item(let folder, let name, let isFolder): note(folder, name: name, isFolder: isFolder)
        case .overflow: note(nil)
        case .rootChanged: lock.withLock { broken = true }
        case .cookie, .ignored: break
        }
    }

    /// Forgets every path: tokens of before are unknown from now on. Called with `lock` held.
    private func newEpoch() {
        epoch += 1
        touched = [:]
        sequence += 1
    }

    /// The token for now: `<watcher id>-<epoch>:<sequence>`.
    package var token: String {
        lock.withLock { "\(instance)-\(epoch):\(sequence)" }
    }

    /// Whether the watcher covers the vault at all (inotify is there, every folder is watched).
    package var isWatching: Bool {
        lock.withLock { descriptor != nil && !broken }
    }

    /// What changed since `token`, after reading every event already queued: the events of
    /// every file-system call that returned before this call are in the answer. `unknown` for
    /// a token that is not this watcher's or of this epoch, or when the watch is broken.
    package func history(since token: String?) -> WatchAnswer {
        drain()
        lock.lock()
        defer { lock.unlock() }
        eventsSinceQuestion = 0
        let now = "\(instance)-\(epoch):\(sequence)"
        guard descriptor != nil, !broken, let token, let colon = token.lastIndex(of: ":"),
              token[..<colon] == "\(instance)-\(epoch)", let since = UInt64(token[token.index(after: colon)...]),
              since <= sequence else { return .unknown(token: now) }
        let paths = touched.compactMap { $0.value > since ? $0.key : nil }.sorted { $0.lexicographicallyPrecedes($1) }
            .map { String(decoding: $0, as: UTF8.self) }
        return .changed(token: now, paths: paths)
    }

    /// 16 random hexadecimal digits.
    private static func randomID() -> String {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt64
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
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
                note(mask & UInt32(IN_Q_OVERFLOW) != 0 ? nil : folders[wd], name: Array(nameBytes), isFolder: mask & UInt32(IN_ISDIR) != 0)
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    watchTree(root)
                } else if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0,
                          let parent = folders[wd], !name.hasPrefix(".") {
                    watchTree(parent + "/" + name)
                }
                // The vault's folder itself moved or went: the watches keep the old path, so a
                // folder made after under the new one would go unwatched. No answer is trusted
                // from then on (commands walk); a watcher started again watches the new path.
                if mask & UInt32(IN_MOVE_SELF | IN_DELETE_SELF) != 0, folders[wd] == root { lock.withLock { broken = true } }
                if mask & UInt32(IN_IGNORED) != 0 { folders[wd] = nil }
                offset += header + length
            }
        }
        #elseif os(macOS)
        guard let events else { return false }
        // Waits for the events of every call that returned before this one; when that cannot be
        // told, no answer of before is trusted.
        if !events.sync() {
            note(nil)
            any = true
        }
        return events.takeWake() || any
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
        guard wd >= 0 else {
            // A folder that went meanwhile is an event of its parent; any other failure (the
            // user's watch limit, no permission) leaves a folder unwatched: no answer is trusted.
            if errno != ENOENT && errno != ENOTDIR { lock.withLock { broken = true } }
            return
        }
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
