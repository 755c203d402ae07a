import BrainFormat
import BrainAnalytics

/// Where a link points, once resolved against the vault's files.
package enum Resolution: Hashable, Sendable {
    /// The record at this index of the index's records.
    case note(Int)
    /// Several files match equally well.
    case ambiguous([Int])
    /// No file matches.
    case missing
    /// An external URL, never resolved in the vault.
    case external

    package var note: Int? {
        if case .note(let index) = self { return index }
        return nil
    }
}

/// Resolves link targets: exact vault path, then the linking note's folder, then the unique
/// shortest path with that file name, then a unique title or alias; all case-insensitive and
/// with or without `.md`.
package struct LinkResolver {
    private var byPath: [String: Int] = [:]
    private var byStem: [String: [Int]] = [:]
    private var byName: [String: [Int]] = [:]
    /// Paths (keys) held by more than one file: twins that differ only by Unicode normalisation.
    private var twins: [String: [Int]] = [:]
    private let paths: [String]

    package init(records: [NoteRecord]) {
        paths = records.map(\.path)
        byPath.reserveCapacity(records.count)
        byStem.reserveCapacity(records.count)
        byName.reserveCapacity(records.count)
        // Built on one core between parsing and resolving, so each file's keys are made with
        // as few strings as can be: the stem's key is cut from the path's (`stemKey`).
        for (index, record) in records.enumerated() {
            let key = LinkResolver.key(record.path)
            if let first = byPath[key] {
                twins[key, default: [first]].append(index)
            } else {
                byPath[key] = index
            }
            byStem[LinkResolver.stemKey(pathKey: key, path: record.path) ?? LinkResolver.key(record.stem), default: []].append(index)
            LinkResolver.forEachName(of: record) { byName[$0, default: []].append(index) }
        }
    }

    /// `key(stem)` of an ASCII `path` whose key is `pathKey`, without making the stem: the key's
    /// last component, with a `.md` cut once more (`key` of the stem of `a.md.md` is `a`, as
    /// the stem `a.md` is cut again). nil for other paths, whose lower-casing may depend on the
    /// letters around (they take `key(stem)`).
    static func stemKey(pathKey: String, path: String) -> String? {
        // `key` lower-cases an ASCII path byte for byte and cuts its `.md`.
        guard path.utf8.withContiguousStorageIfAvailable({ !$0.contains { $0 >= 0x80 } }) == true else { return nil }
        var copy = pathKey
        let part = copy.withUTF8 { bytes -> Range<Int> in
            var start = bytes.count, end = bytes.count
            while start > 0 && bytes[start - 1] != UInt8(ascii: "/") { start -= 1 }
            if end - start >= 3, bytes[end - 3] == UInt8(ascii: "."), bytes[end - 2] == UInt8(ascii: "m"),
               bytes[end - 1] == UInt8(ascii: "d") {
                end -= 3
            }
            return start..<end
        }
        if part == 0..<pathKey.utf8.count { return pathKey }
        let utf8 = pathKey.utf8
        return String(Substring(utf8[utf8.index(utf8.startIndex, offsetBy: part.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: part.upperBound)]))
    }

    /// The title and aliases a record is found by, lower-cased.
    package static func names(of record: NoteRecord) -> Set<String> {
        var names = Set([record.title.lowercased()])
        for alias in record.aliases { names.insert(alias.lowercased()) }
        names.remove("")
        return names
    }

    /// `names(of:)` without building a set when there are no aliases (most notes).
    private static func forEachName(of record: NoteRecord, _ body: (String) -> Void) {
        if record.aliases.isEmpty {
            let title = record.title.lowercased()
            if !title.isEmpty { body(title) }
        } else {
            for name in names(of: record) { body(name) }
        }
    }

    /// The record at `index` now has `record`'s title and aliases (its path unchanged): the
    /// tables change as if built again.
    package mutating func rename(_ index: Int, from old: NoteRecord, to record: NoteRecord) {
        let before = LinkResolver.names(of: old), after = LinkResolver.names(of: record)
        for name in before.subtracting(after) {
            byName[name]?.removeAll { $0 == index }
            if byName[name]?.isEmpty == true { byName[name] = nil }
        }
        for name in after.subtracting(before) {
            var list = byName[name] ?? []
            list.insert(index, at: list.firstIndex { $0 > index } ?? list.count)
            byName[name] = list
        }
    }

    /// Lower-cased, without a `.md` extension: the form every table is keyed by.
    package static func key(_ path: some StringProtocol) -> String {
        // ASCII, most paths: lower-cased and cut byte by byte over the bytes in place, one
        // allocation (a string whose bytes are not contiguous is copied first).
        let ascii = path.utf8.withContiguousStorageIfAvailable { asciiKey($0) } ?? {
            var copy = String(path)
            return copy.withUTF8 { asciiKey($0) }
        }()
        if let ascii { return ascii }
        var text = path.lowercased()
        let lowered = text.utf8
        if lowered.count >= 3 {
            var tail = lowered.suffix(3).makeIterator()
            if tail.next() == UInt8(ascii: "."), tail.next() == UInt8(ascii: "m"), tail.next() == UInt8(ascii: "d") {
                text.removeLast(3)
            }
        }
        return text
    }

    /// `key` of ASCII bytes; nil when there is another byte.
    private static func asciiKey(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        for byte in bytes where byte >= 0x80 { return nil }
        var count = bytes.count
        if count >= 3, bytes[count - 3] == UInt8(ascii: "."), bytes[count - 2] | 0x20 == UInt8(ascii: "m"),
           bytes[count - 1] | 0x20 == UInt8(ascii: "d") {
            count -= 3
        }
        return String(unsafeUninitializedCapacity: count) { buffer in
            for index in 0..<count {
                let byte = bytes[index]
                buffer[index] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            }
            return count
        }
    }

    package func resolve(_ link: Link, from source: Int) -> Resolution {
        resolveNoting(link, from: source).resolution
    }

    /// `resolve(_:from:)`, and whether the link resolves alike from every folder: a wikilink's
    /// source folder only counts when a file of that name sits in it (`folder/target`), so a
    /// bare name (no slash) that at most one file has as its stem, or an exact path, finds the
    /// same file, or none, from anywhere. Markdown links are relative to their folder.
    package func resolveNoting(_ link: Link, from source: Int) -> (resolution: Resolution, alike: Bool) {
        switch link.kind {
        case .url:
            return (.external, false)
        case .markdown:
            if link.target.isEmpty { return (.note(source), false) }
            let folder = VaultPaths.directory(of: paths[source])
            let joined = link.target.hasPrefix("/") ? String(link.target.dropFirst()) : VaultPaths.join(folder, link.target)
            if let normalized = try? VaultPaths.normalize(joined), let index = byPath[LinkResolver.key(normalized)] {
                return (twins[LinkResolver.key(normalized)].map { .ambiguous($0) } ?? .note(index), false)
            }
            return (resolve(target: link.target, from: source), false)
        case .wikilink, .embed:
            if link.target.isEmpty { return (.note(source), false) }
            return resolveNoting(target: link.target, fromPath: paths[source])
        case .reference:
            return resolveNoting(target: link.target, fromPath: paths[source])
        case .optionalReference:
            // `after: wake-up` naming no note is a moment a stack starts from, not a broken link.
            let found = resolveNoting(target: link.target, fromPath: paths[source])
            return found.resolution == .missing ? (.external, found.alike) : found
        }
    }

    package func resolve(target: String, from source: Int?) -> Resolution {
        resolve(target: target, fromPath: source.map { paths[$0] })
    }

    /// `resolve(target:from:)` for a link written in the file at `sourcePath`, which need not be
    /// one of this resolver's files (a table of the habits alone resolves a daily file's lines).
    package func resolve(target: String, fromPath sourcePath: String?) -> Resolution {
        resolveNoting(target: target, fromPath: sourcePath).resolution
    }

    /// `resolve(target:fromPath:)`, and whether the target resolves alike from every folder
    /// (see `resolveNoting(_:from:)`).
    private func resolveNoting(target: String, fromPath sourcePath: String?) -> (resolution: Resolution, alike: Bool) {
        let trimmed = target.trimmingBlanks
        var key = LinkResolver.key(trimmed)
        while key.utf8.first == UInt8(ascii: "/") { key.removeFirst() }
        if key.utf8.starts(with: "./".utf8) { key.removeFirst(2) }
        if key.isEmpty { return (.missing, true) }
        if let exact = byPath[key] { return (twins[key].map { .ambiguous($0) } ?? .note(exact), true) }
        // Most targets are bare names: no folder to cut off or to match (and a byte test, not
        // Foundation's substring search, 11 % of a cold index's instructions).
        let inFolder = VaultPaths.hasSlash(key)
        let name = inFolder ? key.split(separator: "/").last.map(String.init) ?? key : key
        var candidates = byStem[name] ?? []
        // A file of this name in the source's folder comes first: only when one can be there.
        let alike = !inFolder && candidates.count <= 1
        if let sourcePath, !candidates.isEmpty {
            let folder = VaultPaths.directory(of: sourcePath).lowercased()
            if !folder.isEmpty, let sibling = byPath[folder + "/" + key] {
                return (twins[folder + "/" + key].map { .ambiguous($0) } ?? .note(sibling), alike)
            }
        }
        if inFolder {
            candidates = candidates.filter { LinkResolver.key(paths[$0]).hasSuffix("/" + key) }
        }
        if candidates.count == 1 { return (.note(candidates[0]), alike) }
        if candidates.count > 1 {
            // Lengths in characters: an NFD name is not "longer" than its NFC twin.
            let lengths = candidates.map { paths[$0].count }
            let shortest = lengths.min()!
            let best = candidates.filter { paths[$0].utf8.count == shortest }
            return (best.count == 1 ? .note(best[0]) : .ambiguous(candidates), alike)
        }
        if let named = byName[trimmed.lowercased()] {
            return (named.count == 1 ? .note(named[0]) : .ambiguous(named), alike)
        }
        return (.missing, alike)
    }
}

