#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension VaultIndex {
    /// The text of the lines links sit on, for backlink context, without leading and trailing
    /// blanks: each file is read once, the files on every core, and the result is in the order
    /// of `places` whatever the thread timing. A line a file no longer has gives "".
    public func lineTexts(_ places: [(path: String, line: Int)]) -> [String] {
        // The files in order of first mention, each with its lines; a path repeated from the
        // place before (backlinks come grouped by file) is not looked up again.
        var position: [String: Int] = [:]
        var wanted: [(path: String, lines: [Int])] = []
        var fileOf: [Int] = []
        fileOf.reserveCapacity(places.count)
        for place in places {
            let file: Int
            if let last = fileOf.last, wanted[last].path == place.path {
                file = last
            } else if let known = position[place.path] {
                file = known
            } else {
                file = wanted.count
                position[place.path] = file
                wanted.append((place.path, []))
            }
            wanted[file].lines.append(place.line)
            fileOf.append(file)
        }
        for file in wanted.indices { VaultIndex.ascendingOnce(&wanted[file].lines) }
        let texts: [[String]]
        let posix = vault.fileSystem as? POSIXFileSystem
        if let posix, let root = posix.openFolder(vault.root) {
            // On the disk: each thread reads its files into one buffer of its own, each file
            // opened by its path from the vault's folder (held open meanwhile).
            defer { posix.closeFolder(root) }
            let files = wanted
            texts = VaultIndex.concurrentRanges(files.count, atLeast: 16) { range in
                var reader = FileReader()
                return range.map { index in
                    // A file that can no longer be read gives no lines.
                    reader.read(files[index].path, from: root).map { VaultIndex.lines(files[index].lines, of: $0) } ?? []
                }
            }.flatMap { $0 }
        } else {
            texts = wanted.concurrentMap(atLeast: 16) { file in
                let bytes = vault.fileSystem.readListed(VaultPaths.join(vault.root, file.path)) ?? []
                return bytes.withUnsafeBufferPointer { VaultIndex.lines(file.lines, of: $0) }
            }
        }
        return zip(places, fileOf).map { place, file in
            let lines = wanted[file].lines
            // The place's line among its file's (sorted): found by halving.
            var low = 0, high = lines.count
            while low < high {
                let middle = (low + high) / 2
                if lines[middle] < place.line { low = middle + 1 } else { high = middle }
            }
            return low < texts[file].count ? texts[file][low] : ""
        }
    }

    /// Sorts `lines` and keeps each once; lines already in order (one link after another in a
    /// file) are only stepped through.
    static func ascendingOnce(_ lines: inout [Int]) {
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
    static func lines(_ wanted: [Int], of buffer: UnsafeBufferPointer<UInt8>) -> [String] {
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
