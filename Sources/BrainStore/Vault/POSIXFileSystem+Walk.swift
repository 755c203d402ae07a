#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import BrainFormat
import BrainAnalytics

/// The walk behind `markdownFiles(under:stamps:)`. It runs for every file of the vault on every
/// command, and on a warm cache its cost is the kernel's: one `stat` per file (about 3 µs each
/// here, a third of a no-change query on 10,000 notes). So it lists every folder (few calls: a
/// listing returns hundreds of names) while other threads `stat` the files of the folders
/// already listed, then sorts each folder and emits the paths depth-first. Names stay bytes in
/// one buffer per folder and each file's path is made once, as one string, when it is emitted.
extension POSIXFileSystem {
    /// A folder entry the walk keeps: where its name's bytes are in the folder's name buffer,
    /// and what the listing or `stat` said. No `String` until the entry is emitted in order.
    package struct WalkEntry {
        package enum Kind: UInt8 { case folder, file, special, gone }
        package var start: Int32
        package var length: Int32
        /// The name's first 8 bytes, big-endian, zero-padded: most names differ in them, and
        /// comparing two of these orders them as their bytes do (no name holds a zero byte).
        package var prefix: UInt64
        package var kind: Kind
        package var size: Int
        package var modified: Int64
        package var changed: Int64
    }

    /// One listed folder: its entries, the entries whose `stat` is still to be made (regular
    /// Markdown files, when stamps are wanted), and its listed sub-folders by name offset.
    /// Only read while the threads make the `stat` calls; written before and after.
    /// Its arrays are filled as locals and stored once (a class's stored property changed in
    /// place is checked for exclusive access on every change).
    package final class WalkFolder: @unchecked Sendable {
        package let relative: String
        package let names: [UInt8]
        package let allASCII: Bool
        package var entries: [WalkEntry]
        package let pending: [Int32]
        package var children: [Int32: WalkFolder] = [:]
        /// What each pending `stat` found, in `pending`'s order: each run of them written by the
        /// one thread that took the run.
        package let stats: UnsafeMutableBufferPointer<WalkStat>

        package init(relative: String, names: [UInt8], allASCII: Bool, entries: [WalkEntry], pending: [Int32]) {
            self.relative = relative
            self.names = names
            self.allASCII = allASCII
            self.entries = entries
            self.pending = pending
            stats = .allocate(capacity: pending.count)
            stats.initialize(repeating: WalkStat())
        }

        deinit { stats.deallocate() }
    }

    /// What one deferred `stat` found.
    package struct WalkStat {
        package var found = false
        package var mode: mode_t = 0
        package var size = 0
        package var modified: Int64 = 0
        package var changed: Int64 = 0
    }

    /// Depth-first, each folder's entries in order of their names: a stable order on every
    /// machine, whatever the number of threads, and cheaper than sorting whole paths.
    ///
    /// The `stat` calls start while the folders are still being listed: each listed folder's
    /// files are queued in runs, which other threads take as soon as there are enough to share,
    /// and the listing thread takes those left when it is done.
    package func walk(root: String, stamps: Bool, skipping: Set<String> = []) -> [FileStamp] {
        let work = WalkWork(root: root)
        guard let top = list(root: root, relative: "", stamps: stamps, skipping: skipping, work: work) else {
            work.finish()
            return []
        }
        work.finish()
        var folders: [WalkFolder] = []
        collect(top, into: &folders)
        for folder in folders { folder.applyStats() }
        var result: [FileStamp] = []
        emit(top, into: &result)
        return result
    }

    /// Appends a folder entry's name to `names` and says whether it ends in `.md` (any case),
    /// read from its bytes; nil (nothing appended) for a hidden name (`.brain/` among them).
    package static func visibleName(_ entry: UnsafeMutablePointer<dirent>, into names: inout [UInt8], allASCII: inout Bool) -> Bool? {
        withUnsafeBytes(of: entry.pointee.d_name) { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var length = 0
            var ascii = true
            while length < bytes.count && bytes[length] != 0 {
                if bytes[length] >= 0x80 { ascii = false }
                length += 1
            }
            if length == 0 || bytes[0] == UInt8(ascii: ".") { return nil }
            if !ascii { allASCII = false }
            names.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<length]))
            return length > 3 && bytes[length - 3] == UInt8(ascii: ".")
                && bytes[length - 2] | 0x20 == UInt8(ascii: "m") && bytes[length - 1] | 0x20 == UInt8(ascii: "d")
        }
    }

    /// Lists a folder and, after it, each of its sub-folders; nil when it cannot be opened.
    /// A regular Markdown file's `stat` is queued on `work`; an entry the listing cannot
    /// type (some file systems) or that is not a regular file is checked here, as few are.
    private func list(root: String, relative: String, stamps: Bool, skipping: Set<String>, work: WalkWork) -> WalkFolder? {
        let absolute = relative.isEmpty ? root : VaultPaths.join(root, relative)
        guard let dir = opendir(absolute) else { return nil }
        var names: [UInt8] = []
        var allASCII = true
        var entries: [WalkEntry] = []
        var pending: [Int32] = []
        let dirFD = dirfd(dir)
        var cName = [CChar](repeating: 0, count: 256)
        while let entry = readdir(dir) {
            let start = names.count
            guard let isMarkdown = POSIXFileSystem.visibleName(entry, into: &names, allASCII: &allASCII) else { continue }
            let type = entry.pointee.d_type
            var prefix: UInt64 = 0
            for offset in 0..<8 {
                prefix <<= 8
                if start + offset < names.count { prefix |= UInt64(names[start + offset]) }
            }
            var item = WalkEntry(start: Int32(start), length: Int32(names.count - start), prefix: prefix, kind: .file,
                                 size: 0, modified: 0, changed: 0)
            if type == UInt8(DT_DIR) {
                item.kind = .folder
                entries.append(item)
                continue
            }
            if !isMarkdown && type != UInt8(DT_UNKNOWN) && type != UInt8(DT_LNK) {
                names.removeSubrange(start...)
                continue
            }
            if type == UInt8(DT_REG) {
                if stamps { pending.append(Int32(entries.count)) }
                entries.append(item)
                continue
            }
            var info = stat()
            let found = POSIXFileSystem.statName(names, start: start, length: Int(item.length), at: dirFD, name: &cName, into: &info)
            switch info.st_mode & S_IFMT {
            case _ where !found:
                names.removeSubrange(start...)
                continue
            case S_IFDIR:
                item.kind = .folder
            case S_IFREG where isMarkdown:
                item.size = Int(info.st_size)
            case S_IFIFO where isMarkdown, S_IFCHR where isMarkdown, S_IFBLK where isMarkdown, S_IFSOCK where isMarkdown:
                // Listed so that the index reports it ("not a regular file"); it is never opened.
                item.kind = .special
                item.size = -1
            default:
                names.removeSubrange(start...)
                continue
            }
            if item.kind != .folder {
                item.modified = POSIXFileSystem.modifiedNanoseconds(info)
                item.changed = POSIXFileSystem.changedNanoseconds(info)
            }
            entries.append(item)
        }
        closedir(dir)
        let folder = WalkFolder(relative: relative, names: names, allASCII: allASCII, entries: entries, pending: pending)
        work.queue(folder)
        for entry in entries where entry.kind == .folder {
            let name = POSIXFileSystem.string(names, entry)
            let child = relative.isEmpty ? name : relative + "/" + name
            if skipping.contains(child) { continue }
            folder.children[entry.start] = list(root: root, relative: child, stamps: stamps, skipping: skipping, work: work)
        }
        return folder
    }

    /// `fstatat` of a name held in `names`, copied with a terminating zero into `name`.
    fileprivate static func statName(_ names: [UInt8], start: Int, length: Int, at dirFD: Int32,
                                     name: inout [CChar], into info: inout stat) -> Bool {
        if name.count <= length { name = [CChar](repeating: 0, count: length + 1) }
        return name.withUnsafeMutableBufferPointer { name in
            names.withUnsafeBufferPointer { bytes in
                UnsafeMutableRawPointer(name.baseAddress!).copyMemory(from: bytes.baseAddress! + start, byteCount: length)
            }
            name[length] = 0
            return fstatat(dirFD, name.baseAddress!, &info, AT_SYMLINK_NOFOLLOW) == 0
        }
    }

    private static func string(_ names: [UInt8], _ entry: WalkEntry) -> String {
        names.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[Int(entry.start)..<Int(entry.start + entry.length)]), as: UTF8.self)
        }
    }

    private func collect(_ folder: WalkFolder, into folders: inout [WalkFolder]) {
        folders.append(folder)
        for child in folder.children.values { collect(child, into: &folders) }
    }

    /// Sorts a folder's entries by name and appends its files, and its sub-folders' in place.
    private func emit(_ folder: WalkFolder, into result: inout [FileStamp]) {
        var entries = folder.entries.filter { $0.kind != .gone }
        let names = folder.names
        let children = folder.children
        names.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            if folder.allASCII {
                entries.sort { left, right in
                    if left.prefix != right.prefix { return left.prefix < right.prefix }
                    if left.length <= 8 || right.length <= 8 { return left.length < right.length }
                    let order = memcmp(base + Int(left.start) + 8, base + Int(right.start) + 8, Int(min(left.length, right.length)) - 8)
                    return order != 0 ? order < 0 : left.length < right.length
                }
            } else {
                // String order is Unicode scalar order: byte order for the NFC names file
                // systems hold, but not for every name a folder can hold.
                let keyed = entries.map { (POSIXFileSystem.string(names, $0), $0) }.sorted { $0.0 < $1.0 }
                entries = keyed.map(\.1)
            }
        }
        let prefix = Array(folder.relative.utf8)
        for entry in entries {
            if entry.kind == .folder {
                if let child = children[entry.start] { emit(child, into: &result) }
                continue
            }
            let path = names.withUnsafeBufferPointer { buffer in
                let name = UnsafeBufferPointer(rebasing: buffer[Int(entry.start)..<Int(entry.start + entry.length)])
                guard !prefix.isEmpty else { return String(decoding: name, as: UTF8.self) }
                return String(unsafeUninitializedCapacity: prefix.count + 1 + name.count) { out in
                    _ = out.initialize(from: prefix)
                    out[prefix.count] = UInt8(ascii: "/")
                    _ = UnsafeMutableBufferPointer(rebasing: out[(prefix.count + 1)...]).initialize(from: name)
                    return prefix.count + 1 + name.count
                }
            }
            result.append(FileStamp(path: path, size: entry.size, modified: entry.modified, changed: entry.changed))
        }
    }
}

extension POSIXFileSystem.WalkFolder {
    /// Writes what the `stat` calls found into the entries (a file gone meanwhile is dropped).
    package func applyStats() {
        guard !pending.isEmpty else { return }
        var entries = self.entries
        self.entries = []
        for (offset, index) in pending.enumerated() {
            let found = stats[offset]
            let index = Int(index)
            switch found.mode {
            case _ where !found.found:
                entries[index].kind = .gone
            case S_IFREG:
                entries[index].size = found.size
            case S_IFIFO, S_IFCHR, S_IFBLK, S_IFSOCK:
                entries[index].kind = .special
                entries[index].size = -1
            default:
                // Replaced by a folder or a link since the listing: left for the next walk.
                entries[index].kind = .gone
            }
            entries[index].modified = found.modified
            entries[index].changed = found.changed
        }
        self.entries = entries
    }
}

/// The walk's deferred `stat` calls, in runs of up to 512 files of one folder, queued as the
/// folders are listed and shared among threads. Helpers start (on Dispatch's threads) once
/// 2,048 files wait, so that a small vault starts none; the listing thread takes the runs left
/// when it is done and waits only for runs a helper has taken, never for a helper to start
/// (a Dispatch thread may be late: each one waiting elsewhere holds a core's place). The kernel's
/// work scales with the cores: 10,000 files take 21 ms on two threads here against 32 ms on one.
private final class WalkWork: @unchecked Sendable {
    package struct Run {
        package let folder: POSIXFileSystem.WalkFolder
        package let from: Int
        package let to: Int
    }

    package let root: String
    private let condition = NSCondition()
    private var runs: [Run] = []
    private var next = 0
    private var completed = 0
    private var queued = 0
    private var listed = false
    private var helpers = 0
    /// One signal a queued run, and one a helper when the listing is done.
    private let ready = DispatchSemaphore(value: 0)

    package init(root: String) { self.root = root }

    /// Queues the `stat` calls of a folder just listed.
    package func queue(_ folder: POSIXFileSystem.WalkFolder) {
        guard !folder.pending.isEmpty else { return }
        var added = 0
        var start = 0
        condition.lock()
        while start < folder.pending.count {
            let end = min(folder.pending.count, start + 512)
            runs.append(Run(folder: folder, from: start, to: end))
            added += 1
            start = end
        }
        queued += folder.pending.count
        var starting = 0
        if helpers == 0 && queued >= 2_048 {
            starting = VaultIndex.workers(for: queued, atLeast: 2_048) - 1
            helpers = starting
        }
        condition.unlock()
        for _ in 0..<added { ready.signal() }
        for _ in 0..<starting { DispatchQueue.global().async { self.help() } }
    }

    /// The next run nobody has taken, if any.
    private func take() -> Run? {
        condition.lock()
        defer { condition.unlock() }
        guard next < runs.count else { return nil }
        next += 1
        return runs[next - 1]
    }

    private func done() {
        condition.lock()
        completed += 1
        condition.broadcast()
        condition.unlock()
    }

    /// A helper: takes runs as they are queued until the listing is done and none is left.
    private func help() {
        while true {
            ready.wait()
            if let run = take() {
                statFiles(run)
                done()
                continue
            }
            condition.lock()
            let over = listed
            condition.unlock()
            if over { return }
        }
    }

    /// The listing is done: wakes the helpers to leave, takes the runs left, and waits for the
    /// runs helpers are making.
    package func finish() {
        condition.lock()
        listed = true
        let waking = helpers
        condition.unlock()
        for _ in 0..<waking { ready.signal() }
        while let run = take() {
            statFiles(run)
            done()
        }
        condition.lock()
        while completed < runs.count { condition.wait() }
        condition.unlock()
    }

    /// The `stat` of each file of a run, from the folder's descriptor.
    private func statFiles(_ run: Run) {
        let folder = run.folder
        let absolute = folder.relative.isEmpty ? root : VaultPaths.join(root, folder.relative)
        let dirFD = open(absolute, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dirFD >= 0 else { return }
        defer { close(dirFD) }
        var cName = [CChar](repeating: 0, count: 256)
        let entries = folder.entries, pending = folder.pending, names = folder.names
        for offset in run.from..<run.to {
            let entry = entries[Int(pending[offset])]
            var info = stat()
            guard POSIXFileSystem.statName(names, start: Int(entry.start), length: Int(entry.length),
                                           at: dirFD, name: &cName, into: &info) else { continue }
            folder.stats[offset] = POSIXFileSystem.WalkStat(
                found: true, mode: info.st_mode & S_IFMT, size: Int(info.st_size),
                modified: POSIXFileSystem.modifiedNanoseconds(info), changed: POSIXFileSystem.changedNanoseconds(info))
        }
    }
}
