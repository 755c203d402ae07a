import Foundation
#if os(macOS)
import CoreServices
import Darwin
#endif

/// How the watcher reads one event of an FSEvents stream: what it names, in the watcher's terms.
/// Plain bytes and flags, so that the reading is tested on every system (`FSEventsReadingTests`);
/// the stream itself (`FSEventsSource`) is macOS's.
enum FSEventsReading: Equatable {
    /// A file or folder named `name` (bytes) in `folder` (absolute, spelled as the watcher's
    /// root), or the root itself (`name` empty).
    case item(folder: String, name: [UInt8], isFolder: Bool)
    /// Events were dropped or merged: anything may have changed.
    case overflow
    /// The vault's folder moved or went.
    case rootChanged
    /// The watcher's own cookie (`.brain/watch-cookie-…`), by its name.
    case cookie(String)
    /// Nothing the watcher follows: a path outside the vault, or in a hidden folder (`.brain/`,
    /// `.git/`), which inotify is never asked to watch either.
    case ignored

    /// The flags' bits, as `FSEvents.h` defines them (`kFSEventStreamEventFlag…`).
    static let mustScanSubDirs: UInt32 = 0x0000_0001
    static let userDropped: UInt32 = 0x0000_0002
    static let kernelDropped: UInt32 = 0x0000_0004
    static let rootChangedFlag: UInt32 = 0x0000_0020
    static let itemIsDir: UInt32 = 0x0002_0000
    static let cookiePrefix = Array(".brain/watch-cookie-".utf8)

    /// What the event naming `path` (the real path, as the stream gives it) with `flags` is, for
    /// a watcher of `root`, whose real path is `realRoot`.
    init(path: some Collection<UInt8>, flags: UInt32, root: String, realRoot: [UInt8]) {
        if flags & (Self.mustScanSubDirs | Self.userDropped | Self.kernelDropped) != 0 {
            self = .overflow
            return
        }
        if flags & Self.rootChangedFlag != 0 {
            self = .rootChanged
            return
        }
        guard path.starts(with: realRoot) else {
            self = .ignored
            return
        }
        var rest = path.dropFirst(realRoot.count)
        if rest.isEmpty {
            self = .item(folder: root, name: [], isFolder: true)
            return
        }
        guard rest.first == UInt8(ascii: "/") else {
            self = .ignored
            return
        }
        rest = rest.dropFirst()
        let relative = Array(rest)
        if relative.starts(with: Self.cookiePrefix), !relative.dropFirst(Self.cookiePrefix.count).contains(UInt8(ascii: "/")) {
            self = .cookie(String(decoding: relative.dropFirst(".brain/".utf8.count), as: UTF8.self))
            return
        }
        let parts = relative.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard let name = parts.last, !name.isEmpty,
              !parts.dropLast().contains(where: { $0.isEmpty || $0.first == UInt8(ascii: ".") }) else {
            self = .ignored
            return
        }
        let folder = parts.count == 1
            ? root
            : root + "/" + String(decoding: relative[..<(relative.count - name.count - 1)], as: UTF8.self)
        self = .item(folder: folder, name: Array(name), isFolder: flags & Self.itemIsDir != 0)
    }
}

#if os(macOS)
/// The watcher's events on macOS: one FSEvents stream on the vault's folder, with an event per
/// file (`kFSEventStreamCreateFlagFileEvents`), delivered without delay on a queue of its own.
///
/// FSEvents hands events over some time after the calls that caused them, where inotify has them
/// queued when the call returns. So before an answer `sync` makes a cookie file in `.brain/` and
/// waits for the stream to name it, as git's file-system monitor does: events come in order, so
/// every call that returned before the cookie was made is in by then. A cookie not seen in time,
/// a stream that dropped or merged events (`MustScanSubDirs`, `UserDropped`, `KernelDropped`),
/// and a vault folder moved or removed (`RootChanged`) are each told to the watcher, which then
/// trusts no answer of before.
final class FSEventsSource: @unchecked Sendable {
    /// The descriptor the watcher's loop polls: readable after a batch with any event but cookies.
    let descriptor: Int32
    private let wakeWrite: Int32
    private let root: String
    /// The root as the stream names it: FSEvents reports real paths (`/private/var`, not `/var`).
    private let realRoot: [UInt8]
    private let deliver: (FSEventsReading) -> Void
    private let queue = DispatchQueue(label: "brain.watch.fsevents")
    private var stream: FSEventStreamRef?
    private let cookies = NSCondition()
    /// The cookies made and not yet seen in the stream.
    private var awaited: Set<String> = []
    private var cookieNumber = 0

    /// Starts the stream; nil when FSEvents refuses the folder.
    init?(root: String, deliver: @escaping (FSEventsReading) -> Void) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        descriptor = ends[0]
        wakeWrite = ends[1]
        self.root = root
        self.deliver = deliver
        var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        realRoot = realpath(root, &resolved) != nil
            ? Array(resolved.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
            : Array(root.utf8)
        assert([kFSEventStreamEventFlagMustScanSubDirs, kFSEventStreamEventFlagUserDropped, kFSEventStreamEventFlagKernelDropped,
                kFSEventStreamEventFlagRootChanged, kFSEventStreamEventFlagItemIsDir].map { UInt32($0) }
               == [FSEventsReading.mustScanSubDirs, FSEventsReading.userDropped, FSEventsReading.kernelDropped,
                   FSEventsReading.rootChangedFlag, FSEventsReading.itemIsDir])
        var context = FSEventStreamContext(version: 0, info: Unmanaged.passUnretained(self).toOpaque(),
                                           retain: nil, release: nil, copyDescription: nil)
        let flags = FSEventStreamCreateFlags(kFSEventStreamCreateFlagFileEvents | kFSEventStreamCreateFlagNoDefer
                                             | kFSEventStreamCreateFlagWatchRoot)
        // Failing from here on, `deinit` closes the pipe.
        guard let made = FSEventStreamCreate(kCFAllocatorDefault, fsEventsCallback, &context, [root] as CFArray,
                                             FSEventStreamEventId(kFSEventStreamEventIdSinceNow), 0, flags) else { return nil }
        FSEventStreamSetDispatchQueue(made, queue)
        guard FSEventStreamStart(made) else {
            FSEventStreamInvalidate(made)
            FSEventStreamRelease(made)
            return nil
        }
        stream = made
    }

    deinit {
        if let stream {
            FSEventStreamStop(stream)
            FSEventStreamInvalidate(stream)
            FSEventStreamRelease(stream)
            // A batch already being taken on the queue ends before the source goes.
            queue.sync {}
        }
        Darwin.close(descriptor)
        Darwin.close(wakeWrite)
    }

    /// Waits until the stream has handed over the events of every call that returned before this
    /// one (up to `timeout` seconds); false when it could not tell (no cookie could be made, or
    /// its event did not come in time). Never on the stream's own queue.
    func sync(timeout: Double = 1) -> Bool {
        guard let stream else { return false }
        let folder = root + "/.brain"
        if mkdir(folder, 0o700) != 0 && errno != EEXIST { return false }
        // Never through a symbolic link: the cookie is made in the vault's own folder or not at all.
        var info = stat()
        guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return false }
        cookies.lock()
        cookieNumber += 1
        let name = "watch-cookie-\(getpid())-\(cookieNumber)"
        awaited.insert(name)
        cookies.unlock()
        let path = folder + "/" + name
        defer {
            unlink(path)
            cookies.withLock { _ = awaited.remove(name) }
        }
        let fd = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        Darwin.close(fd)
        // Hands over what the stream holds now rather than at its next turn.
        FSEventStreamFlushSync(stream)
        let deadline = Date(timeIntervalSinceNow: timeout)
        cookies.lock()
        defer { cookies.unlock() }
        while awaited.contains(name) {
            if !cookies.wait(until: deadline) { break }
        }
        return !awaited.contains(name)
    }

    /// Empties the wake-up pipe; whether anything had woken it.
    func takeWake() -> Bool {
        var any = false
        var buffer = [UInt8](repeating: 0, count: 512)
        while buffer.withUnsafeMutableBytes({ Darwin.read(descriptor, $0.baseAddress, $0.count) }) > 0 { any = true }
        return any
    }

    /// One batch of the stream's events (on its queue).
    fileprivate func take(_ count: Int, paths: UnsafeMutableRawPointer, flags: UnsafePointer<FSEventStreamEventFlags>) {
        let list = paths.assumingMemoryBound(to: UnsafePointer<CChar>.self)
        var woke = false
        for number in 0..<count {
            let path = UnsafeRawBufferPointer(start: list[number], count: strlen(list[number]))
            switch FSEventsReading(path: path, flags: flags[number], root: root, realRoot: realRoot) {
            case .ignored:
                continue
            case .cookie(let name):
                cookies.lock()
                // Its removal is an event too, for a name no longer awaited.
                if awaited.remove(name) != nil { cookies.broadcast() }
                cookies.unlock()
            case let reading:
                deliver(reading)
                woke = true
            }
        }
        if woke {
            var byte: UInt8 = 1
            _ = Darwin.write(wakeWrite, &byte, 1)
        }
    }
}

/// The stream's callback: a C function, so it finds its source through the context's pointer.
private let fsEventsCallback: FSEventStreamCallback = { _, info, count, paths, flags, _ in
    guard let info else { return }
    Unmanaged<FSEventsSource>.fromOpaque(info).takeUnretainedValue().take(count, paths: paths, flags: flags)
}
#endif
