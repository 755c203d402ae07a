#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BrainFormat
import BrainAnalytics

extension VaultIndex {
    /// The text of the lines links sit on, for backlink context, without leading and trailing
    /// blanks: each file is read once, the files on every core, and the result is in the order
    /// of `places` whatever the thread timing. A line a file no longer has gives "".
    package func lineTexts(_ places: [(path: String, line: Int)]) -> [String] {
        let (wanted, fileOf) = VaultIndex.grouped(places.map { (key: $0.path, line: $0.line) })
        let texts = lines(ofFiles: wanted)
        return zip(places, fileOf).map { place, file in texts[file][VaultIndex.slot(of: place.line, in: wanted[file].lines)] }
    }

    /// The texts of each file's `lines` (ascending, each once), one per line, "" for a line the
    /// file does not have (or a file that cannot be read): each file read once, the files on
    /// every core, the result in their order whatever the thread timing.
    package func lines(ofFiles wanted: [(key: String, lines: [Int])]) -> [[String]] {
        let texts: [[String]]
        let posix = vault.fileSystem.disk
        if let posix, let root = posix.openFolder(vault.root) {
            // On the disk: each thread reads its files into one buffer of its own, each file
            // opened by its path from the vault's folder (held open meanwhile).
            defer { posix.closeFolder(root) }
            let files = wanted
            texts = VaultIndex.concurrentRanges(files.count, atLeast: 16) { range in
                var reader = FileReader()
                return range.map { index in
                    // A file that can no longer be read gives no lines.
                    VaultIndex.padded(reader.read(files[index].key, from: root).map { VaultIndex.lines(files[index].lines, of: $0) } ?? [],
                                      to: files[index].lines.count)
                }
            }.flatMap { $0 }
        } else {
            texts = wanted.concurrentMap(atLeast: 16) { file in
                let bytes = vault.fileSystem.readListed(VaultPaths.join(vault.root, file.key)) ?? []
                return VaultIndex.padded(bytes.withUnsafeBufferPointer { VaultIndex.lines(file.lines, of: $0) }, to: file.lines.count)
            }
        }
        return texts
    }

    /// `texts` with "" after them up to `count`.
    private static func padded(_ texts: [String], to count: Int) -> [String] {
        texts.count < count ? texts + repeatElement("", count: count - texts.count) : texts
    }

    /// Where `line` is among `lines` (sorted), found by halving.
    package static func slot(of line: Int, in lines: [Int]) -> Int {
        var low = 0, high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if lines[middle] < line { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The keys of `places` (a file, a source record) each once, in order of first mention, with
    /// the lines of their places sorted and each once, and the group of each place. A key
    /// repeated from the place before is not looked up, nor is one while the keys only grow
    /// (backlinks come by source, in order).
    package static func grouped<Key: Hashable & Comparable>(_ places: [(key: Key, line: Int)]) -> (groups: [(key: Key, lines: [Int])], groupOf: [Int]) {
        var position: [Key: Int] = [:]
        var groups: [(key: Key, lines: [Int])] = []
        var groupOf: [Int] = []
        groupOf.reserveCapacity(places.count)
        var ascending = true
        for place in places {
            let group: Int
            if let last = groupOf.last, groups[last].key == place.key {
                group = last
            } else if ascending, groups.last.map({ $0.key < place.key }) ?? true {
                group = groups.count
                groups.append((place.key, []))
            } else {
                if ascending {
                    ascending = false
                    for (index, group) in groups.enumerated() { position[group.key] = index }
                }
                if let known = position[place.key] {
                    group = known
                } else {
                    group = groups.count
                    position[place.key] = group
                    groups.append((place.key, []))
                }
            }
            groups[group].lines.append(place.line)
            groupOf.append(group)
        }
        for group in groups.indices { ascendingOnce(&groups[group].lines) }
        return (groups, groupOf)
    }

    /// Sorts `lines` and keeps each once; lines already in order (one link after another in a
    /// file) are only stepped through.
    package static func ascendingOnce(_ lines: inout [Int]) {
        guard lines.count > 1 else { return }
        if zip(lines, lines.dropFirst()).allSatisfy({ $0 <= $1 }) {
            var kept = 1
            for index in 1..<lines.count where lines[index] != lines[kept - 1] {
                lines[kept] = lines[index]
                kept += 1
            }
            lines.removeLast(lines.count - kept)
        } else {
            lines = Array(Set(lines)).sorted()
        }
    }

    /// The lines numbered `wanted` (from 1, ascending, each once) of a file's bytes, trimmed of
    /// blanks and of a carriage return before the newline; newlines are found with `memchr`. A
    /// line past the end is "", and so are the lines after it: the result has one text per line
    /// wanted that the file has, in order.
    package static func lines(_ wanted: [Int], of buffer: UnsafeBufferPointer<UInt8>) -> [String] {
        var texts: [String] = []
        guard let base = buffer.baseAddress, !wanted.isEmpty else { return texts }
        texts.reserveCapacity(wanted.count)
        var line = 1
        var start = 0
        var next = 0
        while next < wanted.count && start <= buffer.count {
            let end: Int
            if start < buffer.count, let found = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start) {
                end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            } else {
                end = buffer.count
            }
            if wanted[next] == line {
                var stop = end
                if stop > start && buffer[stop - 1] == UInt8(ascii: "\r") { stop -= 1 }
                let kept = String.blankTrimmed(UnsafeBufferPointer(rebasing: buffer[start..<stop]))
                texts.append(String(decoding: UnsafeBufferPointer(rebasing: buffer[(start + kept.lowerBound)..<(start + kept.upperBound)]),
                                    as: UTF8.self))
                next += 1
            }
            line += 1
            start = end + 1
        }
        return texts
    }
}
