#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BrainFormat

/// The walk, without walking: the cached records' stamps, with only the paths a watcher named
/// looked at again (`ChangeSource`). What it returns is what `walk` would return now, provided
/// the watcher missed nothing; the tests compare the two after every kind of change.
extension VaultIndex {
    /// The files of `scope` now: `cached` (the cache's records, in walk order) with each of
    /// `paths` (vault-relative, files or folders) stat-ed again, a folder walked again. nil when
    /// a path is one this cannot place (the root, `..`, a name that is not UTF-8): the caller
    /// then walks the whole vault.
    package static func watchedFiles(_ vault: Vault, scope: Scope, cached: [NoteRecord], paths: [String]) -> [FileStamp]? {
        if paths.isEmpty { return cached.map(\.stamp) }
        let journal = journalFolders(vault)
        // Outermost named paths only: a folder's walk covers what is below it.
        // By bytes: two spellings of one name (composed and decomposed "é") are two files.
        var named: [[UInt8]: String] = [:]
        for path in paths {
            guard isPlaceable(path) else { return nil }
            if scope == .journal, journal.contains(where: { isSameOrBelow($0, path) && $0.utf8.count > path.utf8.count }) { return nil }
            named[Array(path.utf8)] = path
        }
        let outer = named.filter { bytes, _ in
            var folder = bytes[...]
            while let slash = folder.lastIndex(of: UInt8(ascii: "/")) {
                folder = folder[..<slash]
                if named[Array(folder)] != nil { return false }
            }
            return true
        }.map(\.value).sorted(by: walkPrecedes)
        // Two spellings of one name among them: the walk's order of the two is the folder
        // listing's, which this cannot know; the caller walks.
        for (left, right) in zip(outer, outer.dropFirst()) where !walkPrecedes(left, right) { return nil }
        // Each named path's range in the cached records (the file itself and what is below it),
        // which the path's files now take: the records before the range precede the path, and
        // those after it follow all that is below it.
        var files: [FileStamp] = []
        files.reserveCapacity(cached.count + 16)
        var position = 0
        for path in outer {
            let start = max(lowerBound(of: path, in: cached), position)
            var end = start
            while end < cached.count, isSameOrBelow(cached[end].path, path) { end += 1 }
            let now = stamps(at: path, vault: vault, scope: scope, journal: journal)
            // Two spellings of one name (composed and decomposed "é") side by side, the file
            // after the range and one of these: the walk's order of the two is the folder
            // listing's, which this cannot know; the caller walks.
            if end < cached.count, now.contains(where: { !walkPrecedes($0.path, cached[end].path) }) { return nil }
            for record in cached[position..<start] { files.append(record.stamp) }
            files += now
            position = end
        }
        for record in cached[position...] { files.append(record.stamp) }
        return files
    }

    /// Whether the walk lists `left` before `right`: depth-first, each folder's names in the
    /// walk's order (`String` order, which is byte order for ASCII names; see `emit` in
    /// POSIXFileSystem+Walk). Two spellings of one name are neither before the other.
    package static func walkPrecedes(_ left: String, _ right: String) -> Bool {
        // ASCII paths (nearly all): name by name over the bytes, with no name cut out. A name
        // that ends first is the smaller; byte order is `String` order for ASCII.
        if let order = left.utf8.withContiguousStorageIfAvailable({ a in
            right.utf8.withContiguousStorageIfAvailable { b in asciiWalkPrecedes(a, b) } ?? nil
        }) ?? nil {
            return order
        }
        return walkPrecedesByNames(left, right)
    }

    /// `walkPrecedes` name by name, each name compared as a `String`.
    static func walkPrecedesByNames(_ left: String, _ right: String) -> Bool {
        var a = left.split(separator: "/", omittingEmptySubsequences: false).makeIterator()
        var b = right.split(separator: "/", omittingEmptySubsequences: false).makeIterator()
        while true {
            switch (a.next(), b.next()) {
            case (nil, nil): return false
            case (nil, _): return true
            case (_, nil): return false
            case let (x?, y?):
                if x != y { return x < y }
                if !x.utf8.elementsEqual(y.utf8) { return false }
            }
        }
    }

    /// `walkPrecedes` of two ASCII paths' bytes; nil when either holds a byte that is not ASCII.
    private static func asciiWalkPrecedes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool? {
        let slash = UInt8(ascii: "/")
        var i = 0, j = 0
        while true {
            let x: UInt8? = i < a.count ? a[i] : nil
            let y: UInt8? = j < b.count ? b[j] : nil
            if let x, x >= 0x80 { return nil }
            if let y, y >= 0x80 { return nil }
            switch (x, y) {
            case (nil, nil):
                return false
            case (nil, _):
                // `left` has ended: at the end of a name of `right` it has fewer names; inside
                // one, its last name is the shorter.
                return true
            case (_?, nil):
                return false
            case let (x?, y?):
                if x == y {
                    i += 1
                    j += 1
                    continue
                }
                // A name that ends here is a prefix of the other's: the smaller.
                if x == slash { return true }
                if y == slash { return false }
                // The rest of each must be ASCII too for byte order to be `String` order.
                guard a[i...].allSatisfy({ $0 < 0x80 }), b[j...].allSatisfy({ $0 < 0x80 }) else { return nil }
                return x < y
            }
        }
    }

    /// Whether `path` is `folder` or below it, byte for byte.
    private static func isSameOrBelow(_ path: String, _ folder: String) -> Bool {
        let (p, f) = (path.utf8, folder.utf8)
        guard p.starts(with: f) else { return false }
        return p.count == f.count || p[p.index(p.startIndex, offsetBy: f.count)] == UInt8(ascii: "/")
    }

    private static func lowerBound(of path: String, in records: [NoteRecord]) -> Int {
        var low = 0, high = records.count
        while low < high {
            let middle = (low + high) / 2
            if walkPrecedes(records[middle].path, path) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// A vault-relative path made of names only: not the root, no `.`, `..` or empty name, and
    /// nothing a name that is not UTF-8 was decoded into.
    package static func isPlaceable(_ path: String) -> Bool {
        guard !path.isEmpty, !path.unicodeScalars.contains("\u{FFFD}"), !path.utf8.contains(0) else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { $0 != "" && $0 != "." && $0 != ".." }
    }

    /// Whether a name of the path is hidden: the walk enters none.
    package static func isHidden(_ path: String) -> Bool {
        path.split(separator: "/").contains { $0.hasPrefix(".") }
    }

    /// What the walk of `scope` lists at `path` now: the file, or the files below the folder.
    static func stamps(at path: String, vault: Vault, scope: Scope, journal: [String]) -> [FileStamp] {
        let names = path.split(separator: "/")
        // The walk enters no hidden name, and follows no symbolic link to a folder.
        if isHidden(path) { return [] }
        var folder = vault.root
        for name in names.dropLast() {
            folder += "/" + name
            guard let info = linkStat(folder), info.st_mode & S_IFMT == S_IFDIR else { return [] }
        }
        func inScope(_ file: String) -> Bool {
            if vault.isTemplate(file) { return false }
            switch scope {
            case .vault: return true
            case .journal: return journal.contains { file.hasPrefix($0 + "/") }
            case .pins: return !journal.contains { file.hasPrefix($0 + "/") }
            }
        }
        let absolute = vault.root + "/" + path
        guard let info = linkStat(absolute) else { return [] }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            if scope == .pins, journal.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) { return [] }
            let skipped = scope == .pins
                ? Set(journal.filter { $0.hasPrefix(path + "/") }.map { String($0.dropFirst(path.count + 1)) }) : []
            return vault.fileSystem.markdownFiles(under: absolute, stamps: true, skipping: skipped).compactMap { stamp in
                var stamp = stamp
                stamp.path = path + "/" + stamp.path
                return inScope(stamp.path) ? stamp : nil
            }
        case S_IFREG, S_IFIFO, S_IFCHR, S_IFBLK, S_IFSOCK:
            guard isMarkdownName(names.last!), inScope(path) else { return [] }
            let special = info.st_mode & S_IFMT != S_IFREG
            return [FileStamp(path: path, size: special ? -1 : Int(info.st_size),
                              modified: POSIXFileSystem.modifiedNanoseconds(info),
                              changed: POSIXFileSystem.changedNanoseconds(info))]
        default:
            return []
        }
    }

    /// A name ending in `.md` in any case, as the walk takes it.
    private static func isMarkdownName(_ name: Substring) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count > 3 else { return false }
        let count = bytes.count
        return bytes[count - 3] == UInt8(ascii: ".") && bytes[count - 2] | 0x20 == UInt8(ascii: "m")
            && bytes[count - 1] | 0x20 == UInt8(ascii: "d")
    }

    /// `lstat`: what is at the path itself, a symbolic link not followed.
    private static func linkStat(_ path: String) -> stat? {
        var info = stat()
        return lstat(path, &info) == 0 ? info : nil
    }
}
