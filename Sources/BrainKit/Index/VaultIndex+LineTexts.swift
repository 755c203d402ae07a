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
        var position: [String: Int] = [:]
        var wanted: [(path: String, lines: Set<Int>)] = []
        for place in places {
            if let index = position[place.path] {
                wanted[index].lines.insert(place.line)
            } else {
                position[place.path] = wanted.count
                wanted.append((place.path, [place.line]))
            }
        }
        let texts: [[Int: String]]
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
                    reader.read(files[index].path, from: root).map { VaultIndex.lines(files[index].lines, of: $0) } ?? [:]
                }
            }.flatMap { $0 }
        } else {
            texts = wanted.concurrentMap(atLeast: 16) { file in
                let bytes = vault.fileSystem.readListed(VaultPaths.join(vault.root, file.path)) ?? []
                return bytes.withUnsafeBufferPointer { VaultIndex.lines(file.lines, of: $0) }
            }
        }
        return places.map { place in position[place.path].flatMap { texts[$0][place.line] } ?? "" }
    }

    /// The lines numbered `wanted` (from 1) of a file's bytes, trimmed of blanks and of a
    /// carriage return before the newline; newlines are found with `memchr`.
    static func lines(_ wanted: Set<Int>, of buffer: UnsafeBufferPointer<UInt8>) -> [Int: String] {
        var texts: [Int: String] = [:]
        guard let base = buffer.baseAddress, let last = wanted.max() else { return texts }
        var line = 1
        var start = 0
        while line <= last && start <= buffer.count {
            let end: Int
            if start < buffer.count, let found = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start) {
                end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            } else {
                end = buffer.count
            }
            if wanted.contains(line) {
                var stop = end
                if stop > start && buffer[stop - 1] == UInt8(ascii: "\r") { stop -= 1 }
                let kept = String.blankTrimmed(UnsafeBufferPointer(rebasing: buffer[start..<stop]))
                texts[line] = String(decoding: UnsafeBufferPointer(rebasing: buffer[(start + kept.lowerBound)..<(start + kept.upperBound)]),
                                     as: UTF8.self)
            }
            line += 1
            start = end + 1
        }
        return texts
    }
}
