import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Issue 15, fix 10: a cache whose checksum is right but whose contents are not (written by hand
/// or by another program) made `show` trap with an index out of range. Every part read lazily is
/// now checked, and a bad one means "rebuild", never a trap.
@Suite struct CacheTamperTests {
    static let cachePath = MemoryVault.root + "/" + VaultIndex.cachePath
    static let shardPath = MemoryVault.root + "/" + VaultIndex.shardPath(0)

    /// A vault written in a fixed order, so two of them get the same modification times.
    static func vault(note a: String) -> (Vault, MemoryFileSystem) {
        let fileSystem = MemoryFileSystem()
        try! fileSystem.writeAtomically(Array("week-start: monday\n".utf8), to: MemoryVault.root + "/" + Vault.configPath)
        try! fileSystem.writeAtomically(Array(a.utf8), to: MemoryVault.root + "/notes/a.md")
        try! fileSystem.writeAtomically(Array("# B\n".utf8), to: MemoryVault.root + "/notes/b.md")
        return (Vault(root: MemoryVault.root, fileSystem: fileSystem), fileSystem)
    }

    /// Writes `bytes` as the first shard with its checksum made right again, in the shard and in
    /// the manifest, so that only what the bytes say is tested.
    static func reseal(shard bytes: [UInt8], in fileSystem: MemoryFileSystem, scope: VaultIndex.Scope = .vault) throws {
        let shardPath = MemoryVault.root + "/" + VaultIndex.shardPath(0, scope: scope)
        let cachePath = MemoryVault.root + "/" + scope.cachePath
        let payload = Array(bytes[VaultIndex.headerSize...])
        let shard = VaultIndex.sealed(VaultIndex.shardMagic, payload: payload)
        try fileSystem.writeAtomically(shard.bytes, to: shardPath)
        let manifest = try #require(fileSystem.byteSnapshot[cachePath])
        var writer = BinaryWriter()
        // What follows the checksums (each shard's summary, the watcher's token) is kept as it was.
        var rest: [UInt8] = []
        try manifest.withUnsafeBufferPointer { buffer throws(BinaryReader.Corrupt) in
            var reader = BinaryReader(buffer, offset: VaultIndex.headerSize)
            writer.string(try reader.string())
            writer.uint(try reader.uint())
            writer.uint(try reader.uint())
            let shards = Int(try reader.uint())
            writer.uint(UInt64(shards))
            // Shard 0's checksum in place of the one read.
            _ = try reader.uint()
            writer.uint(shard.sum)
            for _ in 1..<shards { writer.uint(try reader.uint()) }
            rest = Array(buffer[reader.offset...])
        }
        try fileSystem.writeAtomically(VaultIndex.sealed(VaultIndex.manifestMagic, payload: writer.bytes + rest).bytes, to: cachePath)
    }

    /// The records of a shard's bytes (after its number, first record and count), and where they end.
    static func records(_ bytes: [UInt8]) throws -> (records: [NoteRecord], end: Int) {
        let buffer = CacheBuffer(bytes)
        return try bytes.withUnsafeBufferPointer { pointer throws(BinaryReader.Corrupt) -> ([NoteRecord], Int) in
            var reader = BinaryReader(pointer, offset: VaultIndex.headerSize)
            _ = try reader.uint()
            _ = try reader.uint()
            let count = try reader.count()
            let records = try (0..<count).map { _ throws(BinaryReader.Corrupt) in try NoteRecord.decode(from: &reader, buffer: buffer) }
            return (records, reader.offset)
        }
    }

    static func firstRecord(_ bytes: [UInt8]) throws -> NoteRecord { try #require(try records(bytes).records.first) }

    /// A vault whose `notes/a.md` holds `note` (two links), indexed; its first shard's bytes and
    /// where `a.md`'s links start in them.
    static func linksOfA(_ note: String) throws -> (Vault, MemoryFileSystem, [UInt8], Int) {
        let (vault, fileSystem) = CacheTamperTests.vault(note: note)
        _ = VaultIndex.open(vault)
        let bytes = try #require(fileSystem.byteSnapshot[CacheTamperTests.shardPath])
        let record = try CacheTamperTests.firstRecord(bytes)
        #expect(record.path == "notes/a.md")
        let links = try #require(record.cachedLinks).linksAt
        #expect(bytes[links] == 2)
        return (vault, fileSystem, bytes, links)
    }

    /// Where the resolutions start in a shard: after its number, first record, count and records.
    static func resolutionsOffset(_ bytes: [UInt8]) throws -> Int { try records(bytes).end }

    /// The records of one cache with the resolutions of another: `a.md` has one link in the
    /// records and two resolutions, the mismatch that trapped in `backlinks`.
    @Test func linksAndResolutionsThatDisagreeRebuildTheCache() throws {
        let (vault, fileSystem) = CacheTamperTests.vault(note: "[[b]] [[b]]\n")
        _ = VaultIndex.open(vault)
        let (other, otherFileSystem) = CacheTamperTests.vault(note: "[[b]] [ [b]\n")
        _ = VaultIndex.open(other)
        let two = try #require(fileSystem.byteSnapshot[CacheTamperTests.shardPath])
        let one = try #require(otherFileSystem.byteSnapshot[CacheTamperTests.shardPath])
        let split = try CacheTamperTests.resolutionsOffset(one)
        try CacheTamperTests.reseal(shard: Array(one[..<split]) + Array(two[(try CacheTamperTests.resolutionsOffset(two))...]), in: fileSystem)

        let index = VaultIndex.open(vault)
        #expect(index.report.rebuilt)
        let b = try #require(index.index(ofPath: "notes/b.md"))
        #expect(index.backlinks(of: b).count == 2)
        #expect(QueryTour.run(index) > 0)
    }

    /// A file added means every link is resolved again, read from the cache bytes without making
    /// the links: a bad link there (a kind out of range, under a valid checksum) makes that note
    /// read from its file, and the index equals a rebuild.
    @Test func aBadLinkMetWhileResolvingIsReadFromTheFile() throws {
        var (vault, fileSystem, bytes, links) = try CacheTamperTests.linksOfA("[[b]] [[b]]\n")
        bytes[links + 1] = 0xFF
        try CacheTamperTests.reseal(shard: bytes, in: fileSystem)
        try fileSystem.writeAtomically(Array("[[a]]\n".utf8), to: MemoryVault.root + "/notes/c.md")

        let index = VaultIndex.open(vault)
        #expect(index.report.added == 1 && !index.report.rebuilt)
        let rebuilt = VaultIndex.open(vault, rebuild: true, save: false)
        #expect(index.records == rebuilt.records && index.resolutions == rebuilt.resolutions)
        #expect(index.backlinks(of: try #require(index.index(ofPath: "notes/b.md"))).count == 2)
    }

    /// A backlink list steps to its links' places without making them: a bad link there (a kind
    /// out of range, or a line beyond the file, under a valid checksum) makes that note read from
    /// its file, and the list equals a rebuild's.
    @Test func aBadLinkMetByABacklinkListIsReadFromTheFile() throws {
        for damage in ["kind", "line"] {
            var (vault, fileSystem, bytes, links) = try CacheTamperTests.linksOfA("x [[b]]\n\ny [[b]]\n")
            if damage == "kind" {
                bytes[links + 1] = 0xFF
            } else {
                // After the count, each link is its kind, its target "b" (length and byte), no
                // fragment, no label, then line, column, start and length, one byte each.
                let link = 1 + 2 + 1 + 1 + 4
                let line = links + 1 + link + (1 + 2 + 1 + 1)
                #expect(bytes[line] == 3)
                bytes[line] = 0x7F
            }
            try CacheTamperTests.reseal(shard: bytes, in: fileSystem)

            let index = VaultIndex.open(vault)
            #expect(index.report.reread == 0 && !index.report.rebuilt)
            let b = try #require(index.index(ofPath: "notes/b.md"))
            let backlinks = BacklinkList(index: index, note: b).backlinks
            #expect(backlinks.map { "\($0.line):\($0.column) \($0.text)" } == ["1:3 x [[b]]", "3:3 y [[b]]"], "\(damage)")
            let rebuilt = VaultIndex.open(vault, rebuild: true, save: false)
            #expect(backlinks == BacklinkList(index: rebuilt, note: b).backlinks)
        }
    }

    /// Lines, byte ranges and days beyond what the file can hold are refused when decoded.
    @Test func partsOutsideTheFileAreRefused() throws {
        var writer = BinaryWriter()
        writer.uint(1)
        writer.byte(0)
        writer.string("b")
        writer.optionalString(nil)
        writer.optionalString(nil)
        writer.uint(1)
        writer.uint(1)
        writer.uint(UInt64.max)  // a byte offset that is no Int
        writer.uint(3)
        writer.bytes.withUnsafeBufferPointer { buffer in
            var reader = BinaryReader(buffer)
            #expect(throws: BinaryReader.Corrupt.self) { try NoteRecord.decodeLinks(&reader, size: 100) }
        }
        var day = BinaryWriter()
        day.int(Int.max)
        day.bytes.withUnsafeBufferPointer { buffer in
            var reader = BinaryReader(buffer)
            #expect(throws: BinaryReader.Corrupt.self) { try reader.day() }
        }
    }

    /// Random bytes of a good cache changed and the checksum made right: whatever they become,
    /// opening the index and every query returns.
    @Test func randomDamageUnderAValidChecksumNeverTraps() throws {
        let (vault, fileSystem) = MemoryVault.small()
        _ = VaultIndex.open(vault)
        let good = try #require(fileSystem.byteSnapshot[CacheTamperTests.shardPath])
        let goodManifest = try #require(fileSystem.byteSnapshot[CacheTamperTests.cachePath])
        var random = SeededRandom(seed: 15)
        for round in 0..<150 {
            var bytes = good
            for _ in 0..<(1 + round % 4) {
                let at = VaultIndex.headerSize + Int(random.next() % UInt64(bytes.count - VaultIndex.headerSize))
                switch random.next() % 4 {
                case 0: bytes[at] ^= UInt8(1 << (random.next() % 8))
                case 1: bytes[at] = 0xFF
                case 2: bytes[at] = 0
                default: bytes[at] = UInt8(truncatingIfNeeded: random.next())
                }
            }
            // A part that failed to decode dropped the manifest last round: put it back.
            try fileSystem.writeAtomically(goodManifest, to: CacheTamperTests.cachePath)
            try CacheTamperTests.reseal(shard: bytes, in: fileSystem)
            QueryTour.run(VaultIndex.open(vault))
        }
    }
}

/// A small deterministic generator: the same seed gives the same damage on every run. The demo
/// vault's SplitMix64, under the name the tests know it by.
typealias SeededRandom = DemoRandom
