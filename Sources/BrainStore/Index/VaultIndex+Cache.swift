import Dispatch
import BrainFormat
import BrainAnalytics

/// The index cache on disk: `.brain/cache/index.bin`, a small manifest, and one shard file per
/// `shardSize(for:)` records (`shard-0000.bin`, …) holding those records and their links' resolutions.
///
/// A change to one file rewrites its shard and the manifest, not the cache of the whole vault.
/// Each file starts with a magic word, the format version and a checksum of the rest; the manifest
/// also holds each shard's checksum, so a shard from another save (a save cut short between the
/// shard and the manifest, a file copied in) is caught and the index rebuilt. Records are sorted by
/// path and links resolve to record positions, so a file added or removed moves every later record:
/// then every shard is written again.
extension VaultIndex {
    /// The fewest records a shard holds: small enough that an edit writes about 130 KB (a 520 KB
    /// shard of 1,024 cost a tenth of a no-change open of 10,000 notes).
    package static let shardSize = 256
    /// The most shards a cache is cut into: a larger vault has larger shards. Making a file is
    /// the costliest part of writing a shard (a cold index of 100,000 notes in 405 shards spent
    /// 15 % of its CPU in ext4's inode allocation and in renames), and opening one is a cost of
    /// every query; the larger a shard, the more an edit reads and writes again (with a watcher,
    /// `tags` after one edit on the 100k demo: 14.6 ms in 58 shards of 1,792 records, 10.9 ms in
    /// 102 of 1,024).
    @TaskLocal package static var shardLimit = 128

    /// Records per shard for `count` records: `shardSize`, or a multiple of it that keeps the
    /// shards within `shardLimit`. An index of a fixed number of records always has the same
    /// shards, so an edit rewrites only its own.
    package static func shardSize(for count: Int) -> Int {
        let needed = (count + shardLimit - 1) / max(1, shardLimit)
        return max(shardSize, (needed + shardSize - 1) / shardSize * shardSize)
    }
    package static let manifestMagic: [UInt8] = Array("BRAINIDX".utf8)
    package static let shardMagic: [UInt8] = Array("BRAINSHD".utf8)
    /// Magic word, format version, checksum.
    package static let headerSize = 24

    /// The vault-relative path of shard `number` of the cache of `scope`.
    package static func shardPath(_ number: Int, scope: Scope = .vault) -> String {
        let digits = String(number)
        return ".brain/cache/" + scope.shardPrefix + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".bin"
    }

    /// The shard number of a file name in the cache folder (`shard-0012.bin` → 12).
    package static func shardNumber(ofName name: String, scope: Scope = .vault) -> Int? {
        let prefix = scope.shardPrefix
        guard name.hasPrefix(prefix), name.hasSuffix(".bin") else { return nil }
        return Int(name.dropFirst(prefix.count).dropLast(4))
    }

    package struct CachedIndex {
        package var records: [NoteRecord]
        package var resolutions: [[Resolution]]
        /// Each shard's checksum, as the manifest lists them.
        package var shardSums: [UInt64]
        /// Each shard's summary, as the manifest lists them (`ShardSummary`).
        package var summaries: [ShardSummary]
        /// The watcher's token taken before the files were read (`brain watch`), if one ran.
        package var token: String? = nil
    }

    package enum CacheProblem: Error {
        case missing
        case unusable(String)

        package var message: String? {
            switch self {
            case .missing: return nil
            case .unusable(let message): return message
            }
        }

        package static let corrupt = CacheProblem.unusable("the index cache is corrupt; rebuilding it")
    }

    // MARK: Sealing

    /// Writes the header in front of `payload`: magic, version, checksum of the payload.
    package static func sealed(_ magic: [UInt8], payload: [UInt8]) -> (bytes: [UInt8], sum: UInt64) {
        payload.withUnsafeBufferPointer { sealed(magic, payloadBytes: $0) }
    }

    /// `sealed` of what `payload` wrote, copied once, into the sealed bytes.
    package static func sealed(_ magic: [UInt8], payload: borrowing BinaryWriter) -> (bytes: [UInt8], sum: UInt64) {
        payload.withBytes { sealed(magic, payloadBytes: $0) }
    }

    private static func sealed(_ magic: [UInt8], payloadBytes payload: UnsafeBufferPointer<UInt8>) -> (bytes: [UInt8], sum: UInt64) {
        sealed(magic, payloadCount: payload.count) { UnsafeMutableRawBufferPointer($0).copyMemory(from: UnsafeRawBufferPointer(payload)) }
    }

    /// `sealed` of a payload of `payloadCount` bytes that `fill` writes in place, behind the header.
    package static func sealed(_ magic: [UInt8], payloadCount: Int,
                               fill: (UnsafeMutableBufferPointer<UInt8>) -> Void) -> (bytes: [UInt8], sum: UInt64) {
        precondition(magic.count == 8)
        var sum: UInt64 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: headerSize + payloadCount) { buffer, initialized in
            let payload = UnsafeMutableBufferPointer(rebasing: buffer[headerSize..<(headerSize + payloadCount)])
            fill(payload)
            sum = cacheChecksum(UnsafeBufferPointer(payload))
            for index in 0..<8 {
                buffer[index] = magic[index]
                buffer[8 + index] = UInt8(truncatingIfNeeded: formatVersion >> (8 * UInt64(index)))
                buffer[16 + index] = UInt8(truncatingIfNeeded: sum >> (8 * UInt64(index)))
            }
            initialized = headerSize + payloadCount
        }
        return (bytes, sum)
    }

    /// Checks the header of a cache file; its checksum when it is good.
    package static func unseal(_ buffer: UnsafeBufferPointer<UInt8>, magic: [UInt8]) -> Result<UInt64, CacheProblem> {
        guard buffer.count >= headerSize, magic.indices.allSatisfy({ buffer[$0] == magic[$0] }) else { return .failure(.corrupt) }
        func word(at offset: Int) -> UInt64 {
            var value: UInt64 = 0
            for index in 0..<8 { value |= UInt64(buffer[offset + index]) << (8 * UInt64(index)) }
            return value
        }
        guard word(at: 8) == formatVersion else {
            return .failure(.unusable("the index cache is from another version of brain; rebuilding it"))
        }
        let sum = word(at: 16)
        guard cacheChecksum(UnsafeBufferPointer(rebasing: buffer[headerSize...])) == sum else { return .failure(.corrupt) }
        return .success(sum)
    }

    /// The cache files' checksum: `checksum`'s step on four lanes of 8-byte words, so that four
    /// multiplications are in flight at once (one lane waited on each multiplication: checking
    /// the 19 MB cache of a 20,000-note vault was 3 % of the CPU of every query). Each step is a
    /// bijection of its lane, and the lanes are folded in by bijections, so any one changed word
    /// always changes the sum.
    package static func cacheChecksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let raw = UnsafeRawBufferPointer(bytes)
        let multiplier: UInt64 = 0xFF51_AFD7_ED55_8CCD
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count), 0xC2B2_AE3D_27D4_EB4F,
                                                        0x1656_67B1_9E37_79F9, 0x85EB_CA77_C2B2_AE63)
        @inline(__always) func step(_ lane: inout UInt64, _ word: UInt64) {
            lane = (lane ^ word) &* multiplier
            lane ^= lane >> 32
        }
        var offset = 0
        while offset + 32 <= raw.count {
            step(&lanes.0, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            step(&lanes.1, raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
            step(&lanes.2, raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
            step(&lanes.3, raw.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
            offset += 32
        }
        var hash = lanes.0
        step(&hash, lanes.1)
        step(&hash, lanes.2)
        step(&hash, lanes.3)
        while offset + 8 <= raw.count {
            step(&hash, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        while offset < raw.count {
            hash = (hash ^ UInt64(raw[offset])) &* 0xC4CE_B9FE_1A85_EC53
            offset += 1
        }
        return hash ^ (hash >> 29)
    }

    /// A 64-bit checksum (multiply-xor over 8-byte words, one lane) that catches damaged files:
    /// the change journal's, whose format outlives a version of the cache.
    package static func checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = 0
        while offset + 8 <= raw.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            offset += 8
        }
        while offset < raw.count {
            hash = (hash ^ UInt64(raw[offset])) &* 0xC4CE_B9FE_1A85_EC53
            offset += 1
        }
        return hash ^ (hash >> 29)
    }

    /// The folder settings the cache was made with, and which files it covers.
    package static func layoutKey(_ vault: Vault, scope: Scope = .vault) -> String {
        let folders = vault.config.folders
        let key = [folders.areas, folders.habits, folders.goals, folders.notes, folders.daily, folders.templates].joined(separator: "\u{1F}")
        switch scope {
        case .vault: return key
        case .journal: return key + "\u{1F}journal"
        case .pins: return key + "\u{1F}pins"
        }
    }

    // MARK: Loading

    /// Reads one of the cache's files: nil when it is missing, a problem when it cannot be used.
    static func cacheFile(_ vault: Vault, _ relative: String) -> Result<[UInt8], CacheProblem> {
        let path = VaultPaths.join(vault.root, relative)
        if vault.fileSystem.isSymbolicLink(path) {
            return .failure(.unusable("the index cache is a symbolic link; rebuilding it"))
        }
        guard vault.fileSystem.exists(path) else { return .failure(.missing) }
        guard let bytes = try? vault.fileSystem.read(path) else { return .failure(.unusable("cannot read the index cache; rebuilding it")) }
        return .success(bytes)
    }

    /// A shard's bytes, which its records keep: the file mapped on the disk (no copy), read
    /// into memory elsewhere.
    static func cacheBuffer(_ vault: Vault, _ relative: String, manifest: String) -> Result<CacheBuffer, CacheProblem> {
        guard let posix = vault.fileSystem.disk else {
            return cacheFile(vault, relative).map { CacheBuffer($0, vault: vault, manifest: manifest) }
        }
        switch posix.mapRegularFile(VaultPaths.join(vault.root, relative)) {
        case .mapped(let address, let count, _):
            return .success(CacheBuffer(mapped: address, count: count, vault: vault, manifest: manifest))
        case .missing: return .failure(.missing)
        case .symbolicLink: return .failure(.unusable("the index cache is a symbolic link; rebuilding it"))
        case .failed: return .failure(.unusable("cannot read the index cache; rebuilding it"))
        }
    }

    package static func loadCache(_ vault: Vault, scope: Scope = .vault) -> Result<CachedIndex, CacheProblem> {
        guard (try? vault.internalPath(VaultPaths.directory(of: scope.cachePath))) != nil else { return .failure(.missing) }
        let manifestBytes: [UInt8]
        switch cacheFile(vault, scope.cachePath) {
        case .success(let bytes): manifestBytes = bytes
        case .failure(let problem): return .failure(problem)
        }
        let manifest: Manifest
        switch readManifest(manifestBytes, vault, scope: scope) {
        case .success(let value): manifest = value
        case .failure(let problem): return .failure(problem)
        }
        let (count, sums, token) = (manifest.count, manifest.sums, manifest.token)
        let size = shardSize(for: count)
        // Shards are read and decoded on every core, each straight into its own range of the
        // records (copying 100,000 records after would cost as much as decoding them).
        let slots = SlotBuffer<Result<[[Resolution]], CacheProblem>>(count: sums.count)
        var problem: CacheProblem?
        let records = [NoteRecord](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = 0
            guard let base = buffer.baseAddress else { return }
            let target = RecordSlots(base: base)
            let workers = VaultIndex.workers(for: sums.count, atLeast: 4)
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                for number in stride(from: worker, to: sums.count, by: workers) {
                    let start = RecordSlots(base: target.base + number * size)
                    slots.set(number, loadShard(vault, scope: scope, number: number, sum: sums[number], total: count, size: size, into: start))
                }
            }
            for result in slots.values() {
                // A shard that is gone while the manifest lists it is damage, not a first run.
                if case .failure(let found) = result { problem = found.message == nil ? .corrupt : found }
            }
            if problem == nil {
                initialized = count
            } else {
                // Each shard that succeeded holds its records: free them.
                for (number, result) in slots.values().enumerated() {
                    if case .success = result {
                        let first = number * size
                        (base + first).deinitialize(count: min(size, count - first))
                    }
                }
            }
        }
        if let problem { return .failure(problem) }
        var resolutions: [[Resolution]] = []
        resolutions.reserveCapacity(count)
        for case .success(let shard) in slots.values() { resolutions += shard }
        guard records.count == count, resolutions.count == count else { return .failure(.corrupt) }
        return .success(CachedIndex(records: records, resolutions: resolutions, shardSums: sums,
                                    summaries: manifest.summaries, token: token))
    }

    /// What a manifest holds.
    package struct Manifest {
        package var count: Int
        package var sums: [UInt64]
        package var summaries: [ShardSummary]
        /// When a watcher ran, the token the files were read at.
        package var token: String?
    }

    /// The manifest of `scope`, checked: layout key, record count, shard size, each shard's
    /// checksum, each shard's summary, then the watcher's token if one ran. The shard size is
    /// worked out here, on the calling thread (`shardLimit` is task-local).
    /// `withSummaries: false` steps over the summaries (`cachedToken` needs the token alone).
    package static func readManifest(_ bytes: [UInt8], _ vault: Vault, scope: Scope, withSummaries: Bool = true) -> Result<Manifest, CacheProblem> {
        bytes.withUnsafeBufferPointer { buffer -> Result<Manifest, CacheProblem> in
            if case .failure(let problem) = unseal(buffer, magic: manifestMagic) { return .failure(problem) }
            var reader = BinaryReader(buffer, offset: headerSize)
            do {
                guard try reader.string() == layoutKey(vault, scope: scope) else {
                    return .failure(.unusable("the vault's folder settings changed; rebuilding the index"))
                }
                // Counts of records, not of bytes here: bounded, not `count()`.
                let count = try reader.bounded(Int(Int32.max))
                let size = shardSize(for: count)
                guard try reader.bounded(Int(Int32.max)) == size else { return .failure(.corrupt) }
                let shards = try reader.bounded(Int(Int32.max))
                guard shards == (count + size - 1) / size else { return .failure(.corrupt) }
                var sums: [UInt64] = []
                sums.reserveCapacity(shards)
                for _ in 0..<shards { sums.append(try reader.uint()) }
                var summaries: [ShardSummary] = []
                summaries.reserveCapacity(shards)
                for _ in 0..<shards {
                    if withSummaries { summaries.append(try ShardSummary.decode(from: &reader)) } else { try ShardSummary.skip(from: &reader) }
                }
                let token = reader.isAtEnd ? nil : try reader.string()
                guard reader.isAtEnd else { return .failure(.corrupt) }
                return .success(Manifest(count: count, sums: sums, summaries: summaries, token: token))
            } catch {
                return .failure(.corrupt)
            }
        }
    }

    /// The manifest's bytes, sealed (see `readManifest`).
    package static func manifestBytes(_ vault: Vault, scope: Scope, _ manifest: Manifest) -> [UInt8] {
        let size = shardSize(for: manifest.count)
        var writer = BinaryWriter(capacity: 256 + manifest.sums.count * 10)
        writer.string(layoutKey(vault, scope: scope))
        writer.uint(UInt64(manifest.count))
        writer.uint(UInt64(size))
        writer.uint(UInt64(manifest.sums.count))
        for sum in manifest.sums { writer.uint(sum) }
        for summary in manifest.summaries { summary.encode(into: &writer) }
        if let token = manifest.token { writer.string(token) }
        return sealed(manifestMagic, payload: writer).bytes
    }

    /// The watcher's token the manifest of `scope` records, read from the manifest alone (no
    /// shard): nil when there is none, or no usable manifest.
    package static func cachedToken(_ vault: Vault, scope: Scope = .vault) -> String? {
        guard case .success(let bytes) = cacheFile(vault, scope.cachePath),
              case .success(let manifest) = readManifest(bytes, vault, scope: scope, withSummaries: false) else { return nil }
        return manifest.token
    }

    /// Where shard loaders put their records: each writes only its own range.
    package struct RecordSlots: @unchecked Sendable {
        package let base: UnsafeMutablePointer<NoteRecord>
    }

    /// One shard: its number, first record, record count, the records, their links' resolutions.
    /// The records are initialized from `target` on (the shard's first record's place) on success
    /// only (on failure that range is left uninitialized).
    package static func loadShard(_ vault: Vault, scope: Scope, number: Int, sum: UInt64, total: Int, size: Int,
                                  into target: RecordSlots) -> Result<[[Resolution]], CacheProblem> {
        let shared: CacheBuffer
        switch cacheBuffer(vault, shardPath(number, scope: scope), manifest: scope.cachePath) {
        case .success(let buffer): shared = buffer
        case .failure(let problem): return .failure(problem)
        }
        return withExtendedLifetime(shared) {
            let buffer = shared.bytes
            switch unseal(buffer, magic: shardMagic) {
            case .failure(let problem): return .failure(problem)
            case .success(let found): guard found == sum else { return .failure(.corrupt) }
            }
            var reader = BinaryReader(buffer, offset: headerSize)
            let first = number * size
            let records = target.base
            var decoded = 0
            do {
                guard try reader.bounded(Int(Int32.max)) == number, try reader.bounded(Int(Int32.max)) == first,
                      try reader.bounded(Int(Int32.max)) == min(size, total - first) else { throw BinaryReader.Corrupt() }
                let count = min(size, total - first)
                while decoded < count {
                    (records + decoded).initialize(to: try NoteRecord.decode(from: &reader, buffer: shared))
                    decoded += 1
                }
                var resolutions: [[Resolution]] = []
                resolutions.reserveCapacity(count)
                for position in 0..<count {
                    let linkCount = try reader.count()
                    // Each link has its resolution (none in the journal's and the pins' caches,
                    // which resolve no link): a cache where the two disagree is rebuilt, not trusted.
                    guard linkCount == (scope == .vault ? records[position].cachedLinkCount : 0) else { throw BinaryReader.Corrupt() }
                    var links: [Resolution] = []
                    links.reserveCapacity(linkCount)
                    for _ in 0..<linkCount {
                        let value = try reader.int()
                        switch value {
                        case -1: links.append(.missing)
                        case -2: links.append(.external)
                        case -3:
                            let candidates = try reader.count()
                            var list: [Int] = []
                            for _ in 0..<candidates {
                                let candidate = try reader.int()
                                guard candidate >= 0, candidate < total else { throw BinaryReader.Corrupt() }
                                list.append(candidate)
                            }
                            links.append(.ambiguous(list))
                        default:
                            guard value >= 0, value < total else { throw BinaryReader.Corrupt() }
                            links.append(.note(value))
                        }
                    }
                    resolutions.append(links)
                }
                guard reader.isAtEnd else { throw BinaryReader.Corrupt() }
                return .success(resolutions)
            } catch {
                records.deinitialize(count: decoded)
                return .failure(.corrupt)
            }
        }
    }

    // MARK: Saving

    /// The name of a cache file kept per key (`lines-KEY.bin`, `answer-KEY.bin`): `prefix`, a hash
    /// of `key` in 16 hexadecimal digits, `.bin`.
    package static func keyedFileName(_ prefix: String, key: String) -> String {
        let sum = Array(key.utf8).withUnsafeBufferPointer { cacheChecksum($0) }
        let hex = String(sum, radix: 16)
        return prefix + String(repeating: "0", count: 16 - hex.count) + hex + ".bin"
    }

    /// Removes the oldest files named `prefix*.bin` in `folder` beyond `limit`, `kept` (just
    /// written) counting as the newest and never removed.
    package static func removeOldest(_ prefix: String, in folder: String, beyond limit: Int, besides kept: String,
                                     fileSystem: any FileSystem) {
        let others = fileSystem.names(in: folder).filter { $0 != kept && $0.hasPrefix(prefix) && $0.hasSuffix(".bin") }
        guard others.count >= limit else { return }
        let byAge = others.map { other in
            (name: other, modified: fileSystem.stamp(VaultPaths.join(folder, other), relative: other)?.modified ?? 0)
        }.sorted { ($0.modified, $0.name) < ($1.modified, $1.name) }
        for old in byAge.prefix(others.count - (limit - 1)) { try? fileSystem.remove(VaultPaths.join(folder, old.name)) }
    }

    /// The absolute path of `.brain/cache`, made if missing, with `.brain/.gitignore` keeping it out
    /// of git; nil when a symbolic link stands in the way.
    package static func cacheFolder(_ vault: Vault) -> String? {
        guard let ignore = try? vault.internalPath(Vault.ignorePath),
              let folder = try? vault.internalPath(".brain/cache") else { return nil }
        if !vault.fileSystem.exists(ignore) { try? vault.fileSystem.createNew(Array(Vault.ignoreText.utf8), at: ignore) }
        try? vault.fileSystem.makeDirectories(folder)
        return folder
    }

    /// Writes the whole cache; a failure to write only costs speed next time.
    package func saveCache() {
        saveCache(shards: nil)
    }

    /// Writes the shards numbered in `dirty` (every shard when nil, or when the shards this index
    /// was loaded with are not known), then the manifest. Each file is replaced atomically.
    package func saveCache(shards dirty: Set<Int>?) {
        let fileSystem = vault.fileSystem
        guard let folder = VaultIndex.cacheFolder(vault) else { return }

        let size = VaultIndex.shardSize(for: records.count)
        let shardCount = (records.count + size - 1) / size
        var sums = [UInt64](repeating: 0, count: shardCount)
        var numbers = Array(0..<shardCount)
        if let dirty, let known = shardSums, known.count == shardCount {
            sums = known
            numbers = dirty.filter { $0 < shardCount }.sorted()
        }
        let toWrite = numbers
        // Encoded and written on every core; each shard is its own file.
        let written = SlotBuffer<UInt64?>(count: toWrite.count)
        let workers = VaultIndex.workers(for: toWrite.count, atLeast: 2)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for slot in stride(from: worker, to: toWrite.count, by: workers) {
                let number = toWrite[slot]
                let (bytes, sum) = sealedShard(number, size: size)
                // Renamed into place: a symbolic link standing there is replaced, never followed.
                let path = VaultPaths.join(vault.root, VaultIndex.shardPath(number, scope: scope))
                written.set(slot, (try? fileSystem.writeAtomically(bytes, to: path, durable: false)) == nil ? nil : sum)
            }
        }
        for (slot, sum) in written.values().enumerated() {
            // A shard that could not be written leaves the manifest as it was: the next open
            // finds the mismatch and rebuilds.
            guard let sum else { return }
            sums[toWrite[slot]] = sum
        }
        // Each shard's summary: the written ones' made again, the others' as loaded.
        var summaries: [ShardSummary]
        if let known = shardSummaries, known.count == shardCount, toWrite.count < shardCount {
            summaries = known
            for number in toWrite { summaries[number] = ShardSummary(records[(number * size)..<min(records.count, (number + 1) * size)]) }
        } else {
            summaries = (0..<shardCount).map { ShardSummary(records[($0 * size)..<min(records.count, ($0 + 1) * size)]) }
        }
        // The watcher's token, only for an index that is the whole walk's: conflict copies are
        // kept apart from the records, so such a cache is always checked by a walk.
        let token = conflictCopies.isEmpty ? watchToken : nil
        let sealed = VaultIndex.manifestBytes(vault, scope: scope, Manifest(count: records.count, sums: sums, summaries: summaries, token: token))
        guard (try? fileSystem.writeAtomically(sealed, to: VaultPaths.join(vault.root, scope.cachePath), durable: false)) != nil else { return }
        shardSummaries = summaries
        shardSums = sums
        // An edit (the shards as they were, some written again) leaves nothing to clear: the
        // folder is listed when every shard is written.
        if toWrite.count < shardCount { return }
        // Shards beyond the last (the vault had more files) and temporary files whose writer was
        // killed are removed.
        for name in fileSystem.names(in: folder) {
            if let number = VaultIndex.shardNumber(ofName: name, scope: scope), number >= shardCount {
                try? fileSystem.remove(VaultPaths.join(folder, name))
            }
        }
        TemporaryFiles.clean(in: folder, fileSystem: fileSystem)
    }

    /// Shard `number`, sealed, and its checksum.
    package func sealedShard(_ number: Int, size: Int) -> (bytes: [UInt8], sum: UInt64) {
        let range = (number * size)..<min(records.count, (number + 1) * size)
        return VaultIndex.sealedShard(number, first: range.lowerBound, records: records[range], resolutions: resolutions[range])
    }

    /// Shard `number`, whose first record is the index's `first`, sealed, and its checksum.
    package static func sealedShard(_ number: Int, first: Int, records: ArraySlice<NoteRecord>,
                                    resolutions: ArraySlice<[Resolution]>) -> (bytes: [UInt8], sum: UInt64) {
        var writer = BinaryWriter(capacity: max(1 << 12, records.count * 512))
        writer.uint(UInt64(number))
        writer.uint(UInt64(first))
        writer.uint(UInt64(records.count))
        for record in records { record.encode(into: &writer) }
        for links in resolutions {
            writer.uint(UInt64(links.count))
            for resolution in links {
                switch resolution {
                case .missing: writer.int(-1)
                case .external: writer.int(-2)
                case .ambiguous(let candidates):
                    writer.int(-3)
                    writer.uint(UInt64(candidates.count))
                    for candidate in candidates { writer.int(candidate) }
                case .note(let index): writer.int(index)
                }
            }
        }
        return VaultIndex.sealed(VaultIndex.shardMagic, payload: writer)
    }
}
