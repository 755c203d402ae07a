#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BrainFormat
import BrainAnalytics

/// The lines of the links into a much-linked note, kept in `.brain/cache/lines-KEY.bin` (KEY: a
/// hash of the note's path), so that its backlinks do not open every file that links to it: in
/// the 10,000-note test set one note is linked from 5,796 files, and opening and reading them was
/// half the time of its `brain backlinks`.
///
/// Only notes linked from at least `threshold` files get one, at most `limit` of them (the
/// oldest file goes). Each source's lines are kept with the size, modification and change time
/// its index record has: they are used only while the fresh record has the same stamp, and only
/// when that stamp is older by `racyWindow` than the cache file itself (a second write within
/// the same tick of the file system's clock could keep it, as git treats a "racily clean" index
/// entry). A source whose lines cannot be used is read again, and the file rewritten — unless,
/// on a disk, every source read again is still within `racyWindow` of the clock: the file
/// written now would trust none of them either, so it is written by the first query after.
///
/// It stays a cache: deleting it loses nothing, and a damaged, truncated or foreign file (magic
/// word, format version and checksum, as the index's shards) is ignored and written again.
package enum LineCache {
    package static let magic: [UInt8] = Array("BRAINLIN".utf8)
    /// Files linking to a note from which its lines are kept: below, reading them is cheap.
    @TaskLocal package static var threshold = 256
    /// The most notes whose lines are kept.
    package static let limit = 8
    /// Nanoseconds: a source stamped this close to the cache file's own modification time may
    /// have changed again unseen. Tests whose clock counts writes set it to 0.
    @TaskLocal package static var racyWindow: Int64 = 2_000_000_000
    package static let prefix = "lines-"
    /// The highest line number a file may keep (a larger one is damage).
    package static let maxLine = Int(Int32.max)

    /// The file system's time now, in nanoseconds since 1970 (the clock a file's modification
    /// and change times are taken from).
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// Whether writing the lines again now can be left to a later query: on a disk (whose clock
    /// this can read), when each of `stamps` (the sources read again) changed within
    /// `racyWindow` of now. A file written now would not trust them, so it would be written
    /// again by every query until the window passes: 7.8 MB each time for the corpus's
    /// most-linked note, read back by nobody.
    static func mayWait(_ vault: Vault, _ stamps: some Sequence<FileStamp>) -> Bool {
        guard vault.fileSystem.disk != nil else { return false }
        let trustable = now() - racyWindow
        return stamps.allSatisfy { max($0.modified, $0.changed) > trustable }
    }

    /// The file name of the lines of the links into `target`.
    package static func name(of target: String) -> String {
        VaultIndex.keyedFileName(prefix, key: target)
    }

    package static func relativePath(of target: String) -> String { ".brain/cache/" + name(of: target) }

    /// Whether `path` is these bytes: one `memcmp`, where `utf8.elementsEqual` stepped through
    /// both a byte at a time (5.4 M instructions for the 5,796 sources of the most-linked note).
    static func same(_ path: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var path = path
        return path.withUTF8 { own in
            own.count == bytes.count && (own.isEmpty || memcmp(own.baseAddress!, bytes.baseAddress!, own.count) == 0)
        }
    }

    // MARK: Reading

    /// A lines file's contents, pointing into its bytes: entry `e` is the source `paths[e]` with
    /// its stamp, and its lines `lines[starts[e]..<starts[e + 1]]` (ascending, each once) whose
    /// texts are the same positions of `texts`.
    package struct Kept {
        package var paths: [UnsafeBufferPointer<UInt8>] = []
        package var stamps: [(size: Int, modified: Int64, changed: Int64)] = []
        package var starts: [Int] = [0]
        package var lines: [Int] = []
        package var texts: [UnsafeBufferPointer<UInt8>] = []
        /// The file's modification time.
        package var written: Int64 = 0

        package var count: Int { paths.count }

        package func matches(_ entry: Int, _ stamp: FileStamp) -> Bool {
            stamps[entry] == (stamp.size, stamp.modified, stamp.changed)
        }

        /// The positions in `texts` of `wanted` (ascending, each once) when entry `entry` has
        /// every one of them.
        package func positions(of wanted: [Int], in entry: Int) -> [Int]? {
            let range = starts[entry]..<starts[entry + 1]
            if range.count == wanted.count && lines[range].elementsEqual(wanted) { return Array(range) }
            var positions: [Int] = []
            positions.reserveCapacity(wanted.count)
            var index = range.lowerBound
            for line in wanted {
                while index < range.upperBound && lines[index] < line { index += 1 }
                guard index < range.upperBound, lines[index] == line else { return nil }
                positions.append(index)
            }
            return positions
        }
    }

    /// Calls `body` with the kept lines of the links into `target`, nil when there are none or
    /// the file cannot be used; they point into the file's bytes, valid during the call only.
    package static func withKept<R>(_ vault: Vault, target: String, _ body: (Kept?) -> R) -> R {
        let relative = relativePath(of: target)
        guard let path = try? vault.internalPath(relative) else { return body(nil) }
        if let posix = vault.fileSystem.disk {
            // Mapped, not copied: the page cache's pages are read as they are. A symbolic link
            // is refused, and the time comes from the mapped file itself.
            guard case .mapped(let address, let count, let modified) = posix.mapRegularFile(path), let address else { return body(nil) }
            defer { DiskMapping.unmap(address, count: count) }
            let buffer = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: count)
            return body(decode(buffer, target: target, written: modified))
        }
        guard !vault.fileSystem.isSymbolicLink(path), let written = vault.fileSystem.stamp(path, relative: relative),
              let bytes = try? vault.fileSystem.read(path) else { return body(nil) }
        return bytes.withUnsafeBufferPointer { body(decode($0, target: target, written: written.modified)) }
    }

    /// The contents of a lines file's bytes, nil when it is not one (another magic word, format
    /// version or checksum), is another note's, or says anything out of place.
    package static func decode(_ buffer: UnsafeBufferPointer<UInt8>, target: String, written: Int64) -> Kept? {
        guard case .success = VaultIndex.unseal(buffer, magic: magic) else { return nil }
        var reader = BinaryReader(buffer, offset: VaultIndex.headerSize)
        do throws(BinaryReader.Corrupt) {
            guard target.utf8.elementsEqual(try reader.stringBytes()) else { return nil }
            let count = try reader.count()
            var kept = Kept(written: written)
            kept.paths.reserveCapacity(count)
            kept.stamps.reserveCapacity(count)
            kept.starts.reserveCapacity(count + 1)
            for _ in 0..<count {
                kept.paths.append(try reader.stringBytes())
                kept.stamps.append((try reader.int(), Int64(try reader.int()), Int64(try reader.int())))
                let lineCount = try reader.count()
                var previous = 0
                for _ in 0..<lineCount {
                    previous = try reader.bounded(maxLine, from: previous + 1)
                    kept.lines.append(previous)
                    kept.texts.append(try reader.stringBytes())
                }
                kept.starts.append(kept.lines.count)
            }
            guard reader.isAtEnd else { return nil }
            return kept
        } catch {
            return nil
        }
    }

    // MARK: Writing

    /// Keeps the lines of `groups` (sources by record position, each with its lines) as the lines
    /// of the links into `target`, their texts given by `text(group, line position)`; then removes
    /// the oldest files beyond `limit`. Sources whose records do not come from a file as it is on
    /// the disk are left out; a failure only costs speed next time.
    package static func save(_ groups: [(key: Int, lines: [Int])], of index: VaultIndex, target: String,
                     text: (Int, Int) -> UnsafeBufferPointer<UInt8>) {
        let vault = index.vault
        guard let folder = VaultIndex.cacheFolder(vault) else { return }
        let kept = groups.indices.filter { index.records[groups[$0].key].stamp.modified > 0 }
        var capacity = 64 + target.utf8.count
        for group in kept {
            capacity += 48 + index.records[groups[group].key].path.utf8.count
            for position in groups[group].lines.indices { capacity += 12 + text(group, position).count }
        }
        var writer = BinaryWriter(capacity: capacity)
        writer.string(target)
        writer.uint(UInt64(kept.count))
        for group in kept {
            let stamp = index.records[groups[group].key].stamp
            writer.string(stamp.path)
            writer.int(stamp.size)
            writer.int(Int(stamp.modified))
            writer.int(Int(stamp.changed))
            writer.uint(UInt64(groups[group].lines.count))
            for (position, line) in groups[group].lines.enumerated() {
                writer.uint(UInt64(line))
                writer.string(bytes: text(group, position))
            }
        }
        let fileSystem = vault.fileSystem
        let name = name(of: target)
        let bytes = VaultIndex.sealed(magic, payload: writer).bytes
        guard (try? fileSystem.writeAtomically(bytes, to: VaultPaths.join(folder, name), durable: false)) != nil else { return }
        VaultIndex.removeOldest(prefix, in: folder, beyond: limit, besides: name, fileSystem: fileSystem)
    }
}

extension VaultIndex {
    /// Calls `body` with each of `places` (links into note `target`: a source record and a line)
    /// in order, and the text of its line as `lineTexts` gives it, as UTF-8 bytes valid during
    /// the call. For a note linked from `LineCache.threshold` files or more, the lines of sources
    /// unchanged since they were kept come from its `LineCache` file, never made into strings;
    /// the others are read, and the file written again.
    package func withBacklinkLineTexts(into target: Int, _ places: [(source: Int, line: Int)],
                               _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
        let (groups, groupOf) = VaultIndex.grouped(places.map { (key: $0.source, line: $0.line) })
        guard groups.count >= LineCache.threshold else {
            let texts = lines(ofFiles: groups.map { (records[$0.key].path, $0.lines) })
            for (index, place) in places.enumerated() {
                var text = texts[groupOf[index]][VaultIndex.slot(of: place.line, in: groups[groupOf[index]].lines)]
                text.withUTF8 { body(index, $0) }
            }
            return
        }

        let targetPath = records[target].path
        LineCache.withKept(vault, target: targetPath) { kept in
            let trustedBefore = (kept?.written ?? 0) - LineCache.racyWindow
            var entry = 0
            var entryOfPath: [String: Int]?
            // The positions in `kept.texts` of a group's lines, when its source's entry can be used.
            func keptPositions(_ wanted: (key: Int, lines: [Int])) -> [Int]? {
                let stamp = records[wanted.key].stamp
                guard let kept, stamp.modified > 0, max(stamp.modified, stamp.changed) <= trustedBefore else { return nil }
                // The file's entries are in the order of the sources: found by stepping on, or
                // looked up when the vault's files changed.
                let found: Int?
                if entry < kept.count, LineCache.same(stamp.path, kept.paths[entry]) {
                    found = entry
                } else {
                    if entryOfPath == nil {
                        entryOfPath = Dictionary(kept.paths.indices.map { (String(decoding: kept.paths[$0], as: UTF8.self), $0) },
                                                 uniquingKeysWith: { first, _ in first })
                    }
                    found = entryOfPath?[stamp.path]
                }
                guard let found else { return nil }
                entry = found + 1
                return kept.matches(found, stamp) ? kept.positions(of: wanted.lines, in: found) : nil
            }
            // Each group's first place in `references`, and for each of its lines the position of
            // a kept text (0 and up) or of a text read now (-1 and down).
            var starts: [Int] = []
            starts.reserveCapacity(groups.count + 1)
            var references: [Int] = []
            references.reserveCapacity(places.count)
            var toRead: [Int] = []
            for (group, wanted) in groups.enumerated() {
                starts.append(references.count)
                if let positions = keptPositions(wanted) {
                    references.append(contentsOf: positions)
                } else {
                    toRead.append(group)
                    references.append(contentsOf: repeatElement(0, count: wanted.lines.count))
                }
            }
            starts.append(references.count)
            // The texts read now, one after another in one buffer.
            var read: [UInt8] = []
            var readRanges: [Range<Int>] = []
            let readTexts = toRead.isEmpty ? [] : lines(ofFiles: toRead.map { (records[groups[$0].key].path, groups[$0].lines) })
            for (group, texts) in zip(toRead, readTexts) {
                for (slot, text) in zip(starts[group]..<starts[group + 1], texts) {
                    let start = read.count
                    read.append(contentsOf: text.utf8)
                    readRanges.append(start..<read.count)
                    references[slot] = -readRanges.count
                }
            }
            let keptTexts = kept?.texts ?? []
            read.withUnsafeBufferPointer { read in
                func text(_ reference: Int) -> UnsafeBufferPointer<UInt8> {
                    reference >= 0 ? keptTexts[reference] : UnsafeBufferPointer(rebasing: read[readRanges[-1 - reference]])
                }
                for (index, place) in places.enumerated() {
                    let group = groupOf[index]
                    body(index, text(references[starts[group] + VaultIndex.slot(of: place.line, in: groups[group].lines)]))
                }
                if kept == nil || (!toRead.isEmpty && !LineCache.mayWait(vault, toRead.map { records[groups[$0].key].stamp })) {
                    LineCache.save(groups, of: self, target: targetPath) { group, position in text(references[starts[group] + position]) }
                }
            }
        }
    }
}
