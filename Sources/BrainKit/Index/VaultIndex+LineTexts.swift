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
        // On the disk, files are opened by their path from the vault's folder, held open meanwhile.
        let posix = vault.fileSystem as? POSIXFileSystem
        let root = posix?.openFolder(vault.root)
        defer { if let root { posix?.closeFolder(root) } }
        let texts = wanted.concurrentMap(atLeast: 16) { file in
            // A file that can no longer be read gives no lines.
            var stamp = FileStamp(path: file.path, size: 0, modified: 0)
            let bytes = (root.flatMap { posix?.readListed(file.path, at: $0, stamp: &stamp) }
                ?? vault.fileSystem.readListed(VaultPaths.join(vault.root, file.path))) ?? []
            return bytes.withUnsafeBufferPointer { VaultIndex.lines(file.lines, of: $0) }
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
