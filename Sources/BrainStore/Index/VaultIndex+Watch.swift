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
        // Each named path's range in the cached records: the file itself and what is below it.
        var removed: [Range<Int>] = []
        var added: [FileStamp] = []
        for path in outer {
            let start = lowerBound(of: path, in: cached)
            var end = start
            while end < cached.count, isSameOrBelow(cached[end].path, path) { end += 1 }
            if start < end { removed.append(start..<end) }
            added += stamps(at: path, vault: vault, scope: scope, journal: journal)
        }
        // `outer` is in walk order and no path is below another: the ranges and the added runs
        // come in the records' order; merged, the list stays in walk order.
        var files: [FileStamp] = []
        files.reserveCapacity(cached.count + added.count)
        var position = 0
        var next = 0
        // Two spellings of one name (composed and decomposed "é") side by side: the walk's order
        // of the two is the folder listing's, which this cannot know; the caller walks.
        var tie = false
        func addUpTo(_ limit: Int) {
            while position < limit {
                let stamp = cached[position].stamp
                while next < added.count {
                    if walkPrecedes(added[next].path, stamp.path) {
                        files.append(added[next])
                        next += 1
                    } else {
                        if !walkPrecedes(stamp.path, added[next].path), !added[next].path.utf8.elementsEqual(stamp.path.utf8) { tie = true }
                        break
                    }
                }
                files.append(stamp)
                position += 1
            }
        }
        for range in removed {
            addUpTo(range.lowerBound)
            position = range.upperBound
        }
        addUpTo(cached.count)
        files += added[next...]
        return tie ? nil : files
    }

    /// Whether the walk lists `left` before `right`: depth-first, each folder's names in the
    /// walk's order (`String` order, which is byte order for ASCII names; see `emit` in
    /// POSIXFileSystem+Walk). Two spellings of one name are neither before the other.
    package static func walkPrecedes(_ left: String, _ right: String) -> Bool {
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
    private static func stamps(at path: String, vault: Vault, scope: Scope, journal: [String]) -> [FileStamp] {
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
