import BrainFormat

/// An edit of a few files written into their shard without decoding it: the edited records'
/// bytes replace theirs, the rest of the shard is copied as it is. With a watcher, `tags` after
/// one edit of the 100k demo decoded 1,024 records, encoded them again and counted their tags
/// again; now it reads the edited record alone.
extension VaultIndex {
    /// What reading a shard's edited files again makes of it (`editedShard`).
    package enum ShardEdit: Equatable {
        /// No file changed since the shard was written.
        case unchanged
        /// The shard with the edited records in place of the old, sealed, and its checksum: the
        /// bytes `sealedShard` writes for the records as they are now. Its summary is as it was.
        case spliced(bytes: [UInt8], sum: UInt64)
        /// A path is not one file the shard holds, or an edit changes the shard's summary (a tag,
        /// a pin, a title): the shard is decoded and its summary counted again.
        case whole
        /// The shard is not the manifest's, or an edit changes what a link resolves to: the index
        /// is opened instead.
        case failed
    }

    /// Shard `number` of `scope`'s cache (its checksum `sum` in a manifest of `total` records
    /// in shards of `size`) with the files at `paths` read again, when each is a file the shard
    /// holds at that very path and each edit leaves the names, links, tags and pin as they were.
    package static func editedShard(_ vault: Vault, scope: Scope, number: Int, sum: UInt64, total: Int, size: Int,
                                    paths: [String]) -> ShardEdit {
        let journal = journalFolders(vault)
        var targets: [(path: [UInt8], stamp: FileStamp)] = []
        for path in paths {
            let bytes = Array(path.utf8)
            if targets.contains(where: { $0.path == bytes }) { continue }
            // The walk lists one file at this very path (not a folder, nothing hidden or gone).
            let now = stamps(at: path, vault: vault, scope: scope, journal: journal)
            guard now.count == 1, now[0].path.utf8.elementsEqual(bytes) else { return .whole }
            targets.append((bytes, now[0]))
        }
        let shared: CacheBuffer
        switch cacheBuffer(vault, shardPath(number, scope: scope), manifest: scope.cachePath) {
        case .success(let buffer): shared = buffer
        case .failure: return .failed
        }
        return withExtendedLifetime(shared) { () -> ShardEdit in
            let buffer = shared.bytes
            guard case .success(let found) = unseal(buffer, magic: shardMagic), found == sum else { return .failed }
            // Each target's record as cached and where its bytes lie, in record order.
            var edits: [(old: NoteRecord, range: Range<Int>, stamp: FileStamp)] = []
            do {
                var reader = BinaryReader(buffer, offset: headerSize)
                let first = number * size, count = min(size, total - first)
                guard try reader.bounded(Int(Int32.max)) == number, try reader.bounded(Int(Int32.max)) == first,
                      try reader.bounded(Int(Int32.max)) == count else { return .failed }
                for _ in 0..<count {
                    let start = reader.offset
                    let path = try reader.stringBytes()
                    guard let target = targets.first(where: { $0.path.elementsEqual(path) }) else {
                        try NoteRecord.skipAfterPath(&reader)
                        continue
                    }
                    var whole = BinaryReader(buffer, offset: start)
                    let old = try NoteRecord.decode(from: &whole, buffer: shared)
                    reader = whole
                    edits.append((old, start..<reader.offset, target.stamp))
                }
            } catch {
                return .failed
            }
            guard edits.count == targets.count else { return .whole }
            let changed = edits.filter { $0.old.stamp != $0.stamp }
            if changed.isEmpty { return .unchanged }
            let parsed = parseAll(changed.map(\.stamp), vault: vault, compactFor: scope)
            for (edit, new) in zip(changed, parsed) {
                // A new title, alias or link may resolve links elsewhere: `open` does that.
                if scope == .vault, !sameNames(edit.old, new) || !sameLinks(edit.old, new) { return .failed }
                guard edit.old.tags == new.tags, edit.old.pinned == new.pinned, edit.old.title == new.title else { return .whole }
            }
            var encoded = BinaryWriter(capacity: 1 << 14)
            var ends: [Int] = []
            for record in parsed {
                record.encode(into: &encoded)
                ends.append(encoded.count)
            }
            let payload = buffer.count - headerSize - changed.reduce(0) { $0 + $1.range.count } + encoded.count
            let result = encoded.withBytes { pieces in
                sealed(shardMagic, payloadCount: payload) { out in
                    var at = 0, from = headerSize, piece = 0
                    func copy(_ bytes: UnsafeBufferPointer<UInt8>) {
                        UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: out[at..<(at + bytes.count)])).copyMemory(from: UnsafeRawBufferPointer(bytes))
                        at += bytes.count
                    }
                    for (slot, edit) in changed.enumerated() {
                        copy(UnsafeBufferPointer(rebasing: buffer[from..<edit.range.lowerBound]))
                        copy(UnsafeBufferPointer(rebasing: pieces[piece..<ends[slot]]))
                        piece = ends[slot]
                        from = edit.range.upperBound
                    }
                    copy(UnsafeBufferPointer(rebasing: buffer[from...]))
                }
            }
            return .spliced(bytes: result.bytes, sum: result.sum)
        }
    }
}
