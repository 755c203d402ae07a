import BrainFormat

/// What a shard of the cache holds, summed up in the manifest: with a watcher (`brain watch`)
/// saying nothing changed, `brain tags` and the pins of `brain today` are answered from the
/// manifest alone, without decoding a record; after an edit, from the edited shard and the
/// others' summaries (`watchedSummary`).
package struct ShardSummary: Equatable, Sendable {
    /// The path of the shard's first record: where a path falls among the shards.
    package var firstPath: String
    /// `VaultIndex.tagCounts(of:)` of the shard's records.
    package var tags: [TagCount]
    /// The shard's pinned records, in record order.
    package var pinned: [Pin]

    package struct TagCount: Equatable, Sendable {
        package var name: String
        package var count: Int
    }

    package struct Pin: Equatable, Sendable {
        package var path: String
        package var title: String
    }

    package init(_ records: ArraySlice<NoteRecord>) {
        firstPath = records.first?.path ?? ""
        tags = VaultIndex.tagCounts(of: records).map { TagCount(name: $0.name, count: $0.count) }
        pinned = records.filter(\.pinned).map { Pin(path: $0.path, title: $0.title) }
    }

    private init(firstPath: String, tags: [TagCount], pinned: [Pin]) {
        self.firstPath = firstPath
        self.tags = tags
        self.pinned = pinned
    }

    package func encode(into writer: inout BinaryWriter) {
        writer.string(firstPath)
        writer.uint(UInt64(tags.count))
        for tag in tags {
            writer.string(tag.name)
            writer.uint(UInt64(tag.count))
        }
        writer.uint(UInt64(pinned.count))
        for pin in pinned {
            writer.string(pin.path)
            writer.string(pin.title)
        }
    }

    /// Steps over a summary `encode` wrote.
    package static func skip(from reader: inout BinaryReader) throws(BinaryReader.Corrupt) {
        try reader.skipString()
        for _ in 0..<(try reader.count()) {
            try reader.skipString()
            _ = try reader.bounded(Int(Int32.max))
        }
        for _ in 0..<(try reader.count()) {
            try reader.skipString()
            try reader.skipString()
        }
    }

    package static func decode(from reader: inout BinaryReader) throws(BinaryReader.Corrupt) -> ShardSummary {
        let first = try reader.string()
        var tags: [TagCount] = []
        for _ in 0..<(try reader.count()) {
            tags.append(TagCount(name: try reader.string(), count: try reader.bounded(Int(Int32.max))))
        }
        var pinned: [Pin] = []
        for _ in 0..<(try reader.count()) {
            pinned.append(Pin(path: try reader.string(), title: try reader.string()))
        }
        return ShardSummary(firstPath: first, tags: tags, pinned: pinned)
    }
}

extension VaultIndex {
    /// What the summaries of a scope's shards say together.
    package struct Summary: Sendable {
        /// As `tagCounts()`: each name once, in no particular order.
        package var tags: [(name: String, count: Int)]
        /// As the index's pinned records, in record order.
        package var pinned: [ShardSummary.Pin]

        init(_ summaries: [ShardSummary]) {
            var counts: [String: Int] = [:]
            var order: [String] = []
            for summary in summaries {
                for tag in summary.tags {
                    if let known = counts[tag.name] {
                        counts[tag.name] = known + tag.count
                    } else {
                        counts[tag.name] = tag.count
                        order.append(tag.name)
                    }
                }
            }
            tags = order.map { ($0, counts[$0]!) }
            pinned = summaries.flatMap(\.pinned)
        }
    }

    /// The most shards an answer from the summaries re-reads; more edits open the index.
    static let summaryShardLimit = 4

    /// The summary of `scope`'s records as they are now, when a watcher can say what changed
    /// since the cache's token and every change is an edit of a file the cache holds (no file
    /// came, went or was renamed; no title, alias or link changed): the edited files are read
    /// again, their shards and the manifest written as `open` would write them, and the rest
    /// comes from the manifest's summaries, so no other record is decoded. nil in every other
    /// case (no watcher, no usable cache, any other change): the caller opens the index, which
    /// checks every file or asks the watcher itself.
    package static func watchedSummary(_ vault: Vault, scope: Scope, changes: (any ChangeSource)? = nil) -> Summary? {
        guard vault.fileSystem.disk != nil, !vault.hasInterruptedChange,
              let source = changes ?? changeSources?(vault),
              (try? vault.internalPath(VaultPaths.directory(of: scope.cachePath))) != nil,
              case .success(let bytes) = cacheFile(vault, scope.cachePath),
              case .success(var manifest) = readManifest(bytes, vault, scope: scope),
              let token = manifest.token,
              case .changed(let now, let paths)? = source.changes(since: token) else { return nil }
        var named: [String] = []
        for path in paths {
            guard isPlaceable(path) else { return nil }
            // The walk enters no hidden name: such a path (an editor's temporary file, a save's
            // before its rename) holds no record.
            if !isHidden(path) { named.append(path) }
        }
        if !named.isEmpty {
            guard applyEdits(vault, scope: scope, manifest: &manifest, paths: named) else { return nil }
        }
        if now != token || !paths.isEmpty {
            // The next question asks since now; a failed write only costs the next one more.
            manifest.token = now
            let sealed = manifestBytes(vault, scope: scope, manifest)
            _ = try? vault.fileSystem.writeAtomically(sealed, to: VaultPaths.join(vault.root, scope.cachePath), durable: false)
        }
        return Summary(manifest.summaries)
    }

    /// Reads the files at `paths` again into their shards, writes those shards and updates
    /// `manifest`'s checksums and summaries; false (nothing written) when a change is not an
    /// edit in place that leaves every link's resolution as it was. An edit that keeps its
    /// shard's summary is spliced into the shard (`editedShard`); otherwise the shard is
    /// decoded, made again and its summary counted again.
    private static func applyEdits(_ vault: Vault, scope: Scope, manifest: inout Manifest, paths: [String]) -> Bool {
        let size = shardSize(for: manifest.count)
        let firsts = manifest.summaries.map(\.firstPath)
        guard !firsts.isEmpty else { return false }
        // Each path's shard: the last whose first record is not after it.
        var byShard: [Int: [String]] = [:]
        for path in paths {
            var low = 0, high = firsts.count
            while low < high {
                let middle = (low + high) / 2
                if walkPrecedes(path, firsts[middle]) { high = middle } else { low = middle + 1 }
            }
            byShard[max(0, low - 1), default: []].append(path)
        }
        guard byShard.count <= summaryShardLimit else { return false }
        var written: [(number: Int, bytes: [UInt8], sum: UInt64, summary: ShardSummary)] = []
        for (number, named) in byShard.sorted(by: { $0.key < $1.key }) {
            switch editedShard(vault, scope: scope, number: number, sum: manifest.sums[number], total: manifest.count, size: size, paths: named) {
            case .unchanged: continue
            case .failed: return false
            case .spliced(let bytes, let sum):
                written.append((number, bytes, sum, manifest.summaries[number]))
                continue
            case .whole: break
            }
            let first = number * size
            let count = min(size, manifest.count - first)
            var loaded: [[Resolution]]?
            var records = [NoteRecord](unsafeUninitializedCapacity: count) { buffer, initialized in
                initialized = 0
                guard let base = buffer.baseAddress,
                      case .success(let resolutions) = loadShard(vault, scope: scope, number: number, sum: manifest.sums[number],
                                                                 total: manifest.count, size: size, into: RecordSlots(base: base)) else { return }
                loaded = resolutions
                initialized = count
            }
            guard let resolutions = loaded, records.count == count,
                  let files = watchedFiles(vault, scope: scope, cached: records, paths: named), files.count == count,
                  zip(records, files).allSatisfy({ $0.path.utf8.elementsEqual($1.path.utf8) }) else { return false }
            let differing = records.indices.filter { records[$0].stamp != files[$0] }
            if differing.isEmpty { continue }
            let parsed = parseAll(differing.map { files[$0] }, vault: vault, compactFor: scope)
            for (slot, position) in differing.enumerated() {
                let old = records[position], new = parsed[slot]
                // A new title, alias or link may resolve links elsewhere: `open` does that.
                if scope == .vault, !sameNames(old, new) || !sameLinks(old, new) { return false }
                records[position] = new
            }
            let sealed = sealedShard(number, first: first, records: records[...], resolutions: resolutions[...])
            written.append((number, sealed.bytes, sealed.sum, ShardSummary(records[...])))
        }
        for shard in written {
            let path = VaultPaths.join(vault.root, shardPath(shard.number, scope: scope))
            guard (try? vault.fileSystem.writeAtomically(shard.bytes, to: path, durable: false)) != nil else { return false }
            manifest.sums[shard.number] = shard.sum
            manifest.summaries[shard.number] = shard.summary
        }
        return true
    }
}
