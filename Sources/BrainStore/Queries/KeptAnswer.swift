import BrainFormat
import BrainAnalytics

/// The printed answer to a large query, kept in `.brain/cache/answer-KEY.bin` (KEY: a hash of
/// the query and the form) with the state of the index it was printed from: the same query
/// asked again, in the same form (text in one style, or JSON), of the same files, is those bytes
/// again. The backlinks of the 10,000-note test set's most-linked note are 9,975 lines (8.5 MB):
/// finding them and laying them out was a third of the command's time, above the walk that
/// learns that no file changed.
///
/// The state is the index's shards' checksums and its count of records, trusted only when the
/// index found every file as its cache had them (`VaultIndex.unchangedSinceCache`): a file
/// edited, added or removed since makes new shards, and the kept answer is not used. The files
/// the answer reads beyond the index (the lines of the links) follow the racily-clean rule of
/// `LineCache`: an answer is kept only when each of them was last changed `racyWindow` before
/// the answer was made, so that a later write, even within the same tick of the file system's
/// clock as the read, gives the file a stamp the index sees as a change.
///
/// It stays a cache: deleting it loses nothing, and a damaged, truncated or foreign file (magic
/// word, format version and checksum, as the index's shards) is ignored and written again.
package enum KeptAnswer {
    static let magic: [UInt8] = Array("BRAINANS".utf8)
    /// Changes whenever a kept answer would print differently (a query's output, its reading of
    /// the files): an answer kept by another version of brain is never printed.
    package static let version = 1
    package static let prefix = "answer-"
    /// The most answers kept, a query in one form each (the oldest file goes).
    package static let limit = 8

    /// The state of `index`'s files that an answer is kept with: a checksum of its shards'
    /// checksums and its count of records; nil unless `open` found every file as its cache had them.
    package static func state(of index: VaultIndex) -> UInt64? {
        guard index.unchangedSinceCache, let sums = index.shardSums else { return nil }
        var writer = BinaryWriter(capacity: 16 + 10 * sums.count)
        writer.uint(UInt64(index.records.count))
        for sum in sums { writer.uint(sum) }
        return writer.withBytes { VaultIndex.cacheChecksum($0) }
    }

    /// The file name of the answer to `query` in `form`: one file each, so that reading one
    /// form checks the bytes of that form alone.
    package static func name(of query: String, form: String) -> String {
        VaultIndex.keyedFileName(prefix, key: query + "\u{1F}" + form)
    }

    package static func relativePath(of query: String, form: String) -> String { ".brain/cache/" + name(of: query, form: form) }

    /// What a kept answer is kept for: this version's rules, the vault's folders and settings,
    /// the query and the form.
    static func key(_ vault: Vault, query: String, form: String) -> String {
        ["v\(version)", VaultIndex.layoutKey(vault), String(vault.configChecksum, radix: 16), query, form].joined(separator: "\u{1F}")
    }

    // MARK: Reading

    /// Calls `write` with the answer to `query` in `form` kept from the state `index` is in, and
    /// returns true; false, with nothing written, when there is none.
    package static func print(_ index: VaultIndex, query: String, form: String,
                              to write: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        guard let state = state(of: index) else { return false }
        let key = key(index.vault, query: query, form: form)
        return withKept(index.vault, name: name(of: query, form: form)) { buffer in
            guard let bytes = answer(in: buffer, key: key, state: state) else { return false }
            write(UnsafeBufferPointer(rebasing: buffer[bytes]))
            return true
        } ?? false
    }

    /// Where the answer is in a kept file's bytes, when the file is whole and kept for `key` from `state`.
    static func answer(in buffer: UnsafeBufferPointer<UInt8>, key: String, state: UInt64) -> Range<Int>? {
        guard case .success = VaultIndex.unseal(buffer, magic: magic) else { return nil }
        var reader = BinaryReader(buffer, offset: VaultIndex.headerSize)
        do throws(BinaryReader.Corrupt) {
            guard try reader.string() == key, try reader.uint() == state else { return nil }
            let count = try reader.count()
            let bytes = reader.offset..<(reader.offset + count)
            reader.skip(count)
            return reader.isAtEnd ? bytes : nil
        } catch {
            return nil
        }
    }

    /// `body` with the bytes of the kept file `name` in `.brain/cache/`, mapped when on a disk;
    /// nil when there is none to trust (a vault with a change left half done, a symbolic link in
    /// its place or on the way: never followed).
    static func withKept<T>(_ vault: Vault, name: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T? {
        guard !vault.hasInterruptedChange, let folder = try? vault.internalPath(".brain/cache") else { return nil }
        let file = VaultPaths.join(folder, name)
        if let disk = vault.fileSystem.disk {
            guard case .mapped(let address, let count, _) = disk.mapRegularFile(file), let address else { return nil }
            defer { DiskMapping.unmap(address, count: count) }
            return body(UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: count))
        }
        guard !vault.fileSystem.isSymbolicLink(file), let bytes = try? vault.fileSystem.read(file) else { return nil }
        return bytes.withUnsafeBufferPointer(body)
    }

    // MARK: Writing

    /// The file system's time now, in nanoseconds: taken before an answer's files are read, it is
    /// the `madeAt` of `keep`.
    package static func now() -> Int64 { LineCache.now() }

    /// Keeps `pieces`, the answer to `query` in `form` printed from `index` after `madeAt`
    /// (`now()`), in the pieces it was written in; `sources` are the files it read beyond the
    /// index. Nothing is kept when the index is not in a state an answer can be kept with, or a
    /// source changed within `racyWindow` of `madeAt`; else the oldest files beyond `limit` go.
    /// A failure only costs speed next time.
    package static func keep(_ pieces: [[UInt8]], _ index: VaultIndex, query: String, form: String,
                             sources: some Sequence<FileStamp>, madeAt: Int64) {
        let vault = index.vault
        let trustedBefore = madeAt - LineCache.racyWindow
        let name = name(of: query, form: form)
        guard let state = state(of: index), !vault.hasInterruptedChange,
              sources.allSatisfy({ $0.modified > 0 && max($0.modified, $0.changed) <= trustedBefore }),
              let folder = VaultIndex.cacheFolder(vault) else { return }
        // Written in the cache folder (not a link): a symbolic link in the file's place is replaced.
        let file = VaultPaths.join(folder, name)
        // The key, the state and the answer's length, then the pieces, copied once into the
        // sealed bytes (the most-linked note's answer is 8.5 MB: each copy of it costs about 2 ms).
        let count = pieces.reduce(0) { $0 + $1.count }
        var head = BinaryWriter(capacity: 64 + form.utf8.count + query.utf8.count)
        head.string(key(vault, query: query, form: form))
        head.uint(state)
        head.uint(UInt64(count))
        let sealed = head.withBytes { head in
            VaultIndex.sealed(magic, payloadCount: head.count + count) { payload in
                var offset = 0
                func copy(_ bytes: UnsafeBufferPointer<UInt8>) {
                    guard let base = bytes.baseAddress else { return }
                    (payload.baseAddress! + offset).update(from: base, count: bytes.count)
                    offset += bytes.count
                }
                copy(head)
                for piece in pieces { piece.withUnsafeBufferPointer(copy) }
            }
        }.bytes
        let fileSystem = vault.fileSystem
        guard (try? fileSystem.writeAtomically(sealed, to: file, durable: false)) != nil else { return }
        VaultIndex.removeOldest(prefix, in: folder, beyond: limit, besides: name, fileSystem: fileSystem)
    }
}
