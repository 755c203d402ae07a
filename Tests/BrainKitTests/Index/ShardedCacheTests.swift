import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Step 13: the cache is a manifest and one shard per `VaultIndex.shardSize` records. One changed
/// file rewrites its shard only; every part is checked on load, and any damage means "rebuild",
/// with the same index as before.
@Suite struct ShardedCacheTests {
    static let folder = MemoryVault.root + "/.brain/cache"
    static let manifest = MemoryVault.root + "/" + VaultIndex.cachePath
    static func shard(_ number: Int) -> String { MemoryVault.root + "/" + VaultIndex.shardPath(number) }

    /// Enough notes for three shards, linking to each other (some links broken, some ambiguous,
    /// some by title), plus a habit and a few daily files.
    static func files(notes: Int = 2 * VaultIndex.shardSize + 100) -> [String: String] {
        var files: [String: String] = [
            "habits/read.md": "---\nevery: day\n---\n# Read\n",
            "daily/2026-11-20.md": "- [x] [[read]]\n",
            "daily/2026-11-21.md": "- [ ] [[read]]\n",
            "notes/x/dup.md": "", "notes/y/dup.md": "",
        ]
        for number in 0..<notes {
            let title = number % 7 == 0 ? "---\ntitle: Title \(number)\n---\n" : ""
            files["notes/n\(number).md"] = title + "# Note \(number)\n"
                + "See [[n\((number * 31 + 7) % notes)]] and [[Title \((number / 7) * 7)]], [[gone \(number % 13)]] #t\(number % 5)\n"
                + (number % 50 == 0 ? "[[dup]] [ref](n\(number / 2).md)\n" : "")
        }
        return files
    }

    /// Opens the index again, which must re-read nothing, and rebuilds it without the cache, for
    /// comparing what was saved with what a rebuild finds.
    static func reopened(_ vault: Vault) -> (reopened: VaultIndex, rebuilt: VaultIndex) {
        let reopened = VaultIndex.open(vault)
        #expect(reopened.report.reread == 0)
        return (reopened, VaultIndex.open(vault, rebuild: true, save: false))
    }

    /// Eleven damaged copies of a cache file: a bit flipped in the magic word, the version, the
    /// checksum, the first payload byte, the middle and the end; cut to nothing, inside the header,
    /// at the middle, by one byte; one byte too many.
    static func damaged(_ bytes: [UInt8]) -> [[UInt8]] {
        let positions = [0, 8, 16, VaultIndex.headerSize, bytes.count / 2, bytes.count - 1]
        let flipped: [[UInt8]] = positions.map { position in
            var copy = bytes
            copy[position] ^= 0x20
            return copy
        }
        return flipped + [[], Array(bytes[..<(VaultIndex.headerSize - 1)]), Array(bytes[..<(bytes.count / 2)]),
                          Array(bytes.dropLast()), bytes + [0]]
    }

    /// Puts back the `good` cache files, then one damaged copy of one of them (see `damaged`), and
    /// calls `body` with that file's path, for every copy of every file; the number of cases.
    static func eachDamage(of good: [String: [UInt8]], in fileSystem: MemoryFileSystem,
                           _ body: (String) throws -> Void) throws -> Int {
        var cases = 0
        for (path, bytes) in good.sorted(by: { $0.key < $1.key }) {
            for damage in damaged(bytes) {
                for (restore, original) in good { try fileSystem.writeAtomically(original, to: restore) }
                try fileSystem.writeAtomically(damage, to: path)
                try body(path)
                cases += 1
            }
        }
        return cases
    }

    static func cacheFiles(_ fileSystem: MemoryFileSystem) -> [String: [UInt8]] {
        fileSystem.byteSnapshot.filter { $0.key.hasPrefix(folder + "/") }
    }

    @Test func theCacheIsAManifestAndShards() throws {
        let (vault, fileSystem) = MemoryVault.make(ShardedCacheTests.files())
        let index = VaultIndex.open(vault)
        let shards = (index.records.count + VaultIndex.shardSize - 1) / VaultIndex.shardSize
        #expect(shards == 3)
        #expect(Set(ShardedCacheTests.cacheFiles(fileSystem).keys)
            == Set([ShardedCacheTests.manifest] + (0..<shards).map(ShardedCacheTests.shard)))
        let again = VaultIndex.open(vault)
        #expect(again.report.reread == 0 && !again.report.rebuilt)
        #expect(again.records == index.records)
        #expect(again.resolutions == index.resolutions)
    }

    /// A larger vault has larger shards, never more than `shardLimit` of them: sizes are
    /// multiples of 256 records, the same for the same number of records.
    @Test func shardsGrowWithTheVault() {
        let limit = VaultIndex.shardLimit
        for count in [0, 1, 255, 256, 10_000, 256 * limit] { #expect(VaultIndex.shardSize(for: count) == 256, "\(count)") }
        #expect(VaultIndex.shardSize(for: 256 * limit + 1) == 512)
        #expect(VaultIndex.shardSize(for: 100_000) == (limit == 128 ? 1_024 : 1_792))
        for count in stride(from: 1, to: 400_000, by: 9_973) {
            let size = VaultIndex.shardSize(for: count)
            #expect(size % 256 == 0 && (count + size - 1) / size <= limit && (size == 256 || (count + size - 257) / (size - 256) > limit))
        }
    }

    /// With shards of several hundred records (a vault beyond the shard limit), the cache is read
    /// back the same, an edit rewrites its shard only, and files added until the size changes
    /// rewrite every shard at the new size.
    @Test func largerShardsBehaveAsSmallOnes() throws {
        try VaultIndex.$shardLimit.withValue(4) {
            let (vault, fileSystem) = MemoryVault.make(ShardedCacheTests.files(notes: 2_600))
            let first = VaultIndex.open(vault)
            let size = VaultIndex.shardSize(for: first.records.count)
            #expect(size == 768)
            #expect(Set(ShardedCacheTests.cacheFiles(fileSystem).keys) == Set([ShardedCacheTests.manifest] + (0..<4).map(ShardedCacheTests.shard)))
            let again = VaultIndex.open(vault)
            #expect(again.report.reread == 0 && !again.report.rebuilt && again.records == first.records)

            let before = ShardedCacheTests.cacheFiles(fileSystem)
            let position = try #require(first.index(ofPath: "notes/n900.md"))
            try fileSystem.writeAtomically(Array("# Note 900\nNow [[n1]].\n".utf8), to: MemoryVault.root + "/notes/n900.md")
            _ = VaultIndex.open(vault)
            let after = ShardedCacheTests.cacheFiles(fileSystem)
            #expect(Set(after.keys.filter { after[$0] != before[$0] }) == [ShardedCacheTests.manifest, ShardedCacheTests.shard(position / size)])

            for number in 0..<700 { try fileSystem.writeAtomically(Array("[[n\(number)]]\n".utf8), to: MemoryVault.root + "/notes/more/m\(number).md") }
            let grown = VaultIndex.open(vault)
            #expect(VaultIndex.shardSize(for: grown.records.count) == 1_024)
            let resized = ShardedCacheTests.cacheFiles(fileSystem)
            #expect(Set(resized.keys) == Set([ShardedCacheTests.manifest] + (0..<4).map(ShardedCacheTests.shard)))
            #expect(resized.allSatisfy { $0.value != after[$0.key] })
            let (reopened, rebuilt) = ShardedCacheTests.reopened(vault)
            #expect(!reopened.report.rebuilt && reopened.records == rebuilt.records && reopened.resolutions == rebuilt.resolutions)
        }
    }

    /// One changed file: its shard and the manifest are written, no other shard.
    @Test func oneChangedFileRewritesItsShardOnly() throws {
        let (vault, fileSystem) = MemoryVault.make(ShardedCacheTests.files())
        let first = VaultIndex.open(vault)
        let before = ShardedCacheTests.cacheFiles(fileSystem)
        let number = VaultIndex.shardSize + 100
        let path = "notes/n\(number).md"
        let position = try #require(first.index(ofPath: path))
        try fileSystem.writeAtomically(Array("# Note \(number)\nNow [[n1]] and [[n2]].\n".utf8), to: MemoryVault.root + "/" + path)
        let second = VaultIndex.open(vault)
        #expect(second.report.reread == 1)
        let after = ShardedCacheTests.cacheFiles(fileSystem)
        let changed = Set(after.keys.filter { after[$0] != before[$0] })
        #expect(changed == [ShardedCacheTests.manifest, ShardedCacheTests.shard(position / VaultIndex.shardSize)])
        // And what was saved is what a rebuild finds.
        let (third, rebuilt) = ShardedCacheTests.reopened(vault)
        #expect(third.records == rebuilt.records)
        #expect(third.resolutions == rebuilt.resolutions)
    }

    /// A title that links use changes resolutions in other shards: those shards are written too.
    @Test func aNewTitleRewritesTheShardsWhoseLinksMoved() throws {
        let (vault, fileSystem) = MemoryVault.make(ShardedCacheTests.files())
        _ = VaultIndex.open(vault)
        // "Title 14" is linked from notes 14–20, which sort into other shards than n14 itself.
        try fileSystem.writeAtomically(Array("---\ntitle: Renamed\n---\n".utf8), to: MemoryVault.root + "/notes/n14.md")
        let index = VaultIndex.open(vault)
        let (reopened, rebuilt) = ShardedCacheTests.reopened(vault)
        #expect(index.resolutions == rebuilt.resolutions)
        #expect(reopened.resolutions == rebuilt.resolutions)
    }

    /// Files added and removed move records between shards; a smaller vault leaves no stray shard.
    @Test func addedAndRemovedFilesRewriteEveryShard() throws {
        let (vault, fileSystem) = MemoryVault.make(ShardedCacheTests.files())
        _ = VaultIndex.open(vault)
        try fileSystem.writeAtomically(Array("[[n5]]\n".utf8), to: MemoryVault.root + "/notes/a-new.md")
        for number in 0..<(VaultIndex.shardSize + 200) {
            try fileSystem.remove(MemoryVault.root + "/notes/n\(number).md")
        }
        let index = VaultIndex.open(vault)
        #expect(index.report.added == 1)
        let shards = (index.records.count + VaultIndex.shardSize - 1) / VaultIndex.shardSize
        #expect(shards == 1)
        #expect(Set(ShardedCacheTests.cacheFiles(fileSystem).keys) == [ShardedCacheTests.manifest, ShardedCacheTests.shard(0)])
        let (reopened, rebuilt) = ShardedCacheTests.reopened(vault)
        #expect(!reopened.report.rebuilt)
        #expect(reopened.resolutions == rebuilt.resolutions)
    }

    /// Deleting the cache folder loses nothing: the index is rebuilt the same.
    @Test func deletingTheCacheLosesNothing() throws {
        let (vault, fileSystem) = MemoryVault.make(ShardedCacheTests.files())
        let first = VaultIndex.open(vault)
        for path in ShardedCacheTests.cacheFiles(fileSystem).keys { try fileSystem.remove(path) }
        let second = VaultIndex.open(vault)
        #expect(second.report.rebuilt)
        #expect(second.report.warnings.isEmpty, "a missing cache is a first run, not damage")
        #expect(second.records == first.records)
        #expect(second.resolutions == first.resolutions)
    }

    /// Every part of every cache file, flipped or cut short: the index is rebuilt with a warning
    /// and equals the first one, and the rebuilt cache is good again.
    @Test func damageInEveryPartIsFoundAndRebuilt() throws {
        let (vault, fileSystem) = MemoryVault.make(ShardedCacheTests.files())
        let first = VaultIndex.open(vault)
        let good = ShardedCacheTests.cacheFiles(fileSystem)
        let cases = try ShardedCacheTests.eachDamage(of: good, in: fileSystem) { path in
            let index = VaultIndex.open(vault)
            #expect(index.report.rebuilt, "\(path) damaged")
            #expect(index.report.warnings.count == 1, "\(path): \(index.report.warnings)")
            #expect(index.records == first.records)
            #expect(index.resolutions == first.resolutions)
            #expect(VaultIndex.open(vault).report.reread == 0)
        }
        #expect(cases == 4 * 11)
    }

    /// A shard missing, or from another save (a save cut short before its manifest), is caught.
    @Test func aMissingOrStaleShardIsCaught() throws {
        let (vault, fileSystem) = MemoryVault.make(ShardedCacheTests.files())
        let first = VaultIndex.open(vault)
        let stale = try #require(fileSystem.byteSnapshot[ShardedCacheTests.shard(1)])
        try fileSystem.remove(ShardedCacheTests.shard(1))
        let missing = VaultIndex.open(vault)
        #expect(missing.report.rebuilt && missing.report.warnings.count == 1)
        #expect(missing.resolutions == first.resolutions)

        let path = first.records[VaultIndex.shardSize + 3].path
        try fileSystem.writeAtomically(Array("# changed\n".utf8), to: MemoryVault.root + "/" + path)
        let changed = VaultIndex.open(vault)
        try fileSystem.writeAtomically(stale, to: ShardedCacheTests.shard(1))
        let reopened = VaultIndex.open(vault)
        #expect(reopened.report.rebuilt && reopened.report.warnings.count == 1)
        #expect(reopened.records == changed.records)
        #expect(reopened.records[VaultIndex.shardSize + 3].title == "changed")
    }

    /// The same vault indexed with one, two, three and eight threads: the same records, the same
    /// resolutions, and the same cache bytes, whatever the interleaving.
    @Test func resultsDoNotDependOnTheNumberOfThreads() throws {
        var files = ShardedCacheTests.files(notes: 2_600)
        // A note linked from every third note, all through the vault.
        files["notes/hub.md"] = "# Hub\n"
        for number in stride(from: 0, to: 2_600, by: 3) { files["notes/n\(number).md"]! += "\nAnd [[hub]] twice: [[Hub]]\n" }
        let (vault, fileSystem) = MemoryVault.make(files)
        var outcomes: [(records: [NoteRecord], resolutions: [[Resolution]], cache: [String: [UInt8]], problems: [Diagnostic],
                        backlinks: [[Backlink]])] = []
        for workers in [1, 2, 3, 8] {
            Workers.$limit.withValue(workers) {
                let built = VaultIndex.open(vault, rebuild: true)
                let loaded = VaultIndex.open(vault)
                #expect(loaded.report.reread == 0 && !loaded.report.rebuilt)
                #expect(loaded.records == built.records)
                // Backlinks of notes linked from many others, whose sources are scanned in ranges.
                let hub = loaded.index(ofPath: "notes/hub.md")!
                let backlinks = ([hub] + (0..<12)).map { BacklinkList(index: loaded, note: $0).backlinks }
                #expect(backlinks[0].count == 2 * 867 && backlinks[0].last?.path == "notes/n999.md")
                outcomes.append((built.records, built.resolutions, ShardedCacheTests.cacheFiles(fileSystem), loaded.diagnostics(), backlinks))
                #expect(loaded.diagnosticCount() == outcomes.last!.problems.count)
                #expect(built.diagnosticCount() == outcomes.last!.problems.count)
            }
        }
        let first = try #require(outcomes.first)
        #expect(first.resolutions.contains { $0.contains { if case .ambiguous = $0 { return true } else { return false } } })
        // Broken and ambiguous links in every part of the vault.
        #expect(first.problems.count > 2_600)
        #expect(first.problems.contains { $0.message.hasPrefix("ambiguous link") })
        for outcome in outcomes.dropFirst() {
            #expect(outcome.records == first.records)
            #expect(outcome.resolutions == first.resolutions)
            #expect(outcome.cache == first.cache)
            #expect(outcome.problems == first.problems)
            #expect(outcome.backlinks == first.backlinks)
        }
    }

    /// A record loaded from the cache is saved by copying its bytes; once changed in memory,
    /// it is encoded again.
    @Test func aChangedRecordIsEncodedAgainNotCopied() throws {
        let (vault, _) = MemoryVault.make(ShardedCacheTests.files(notes: 20))
        _ = VaultIndex.open(vault)
        let loaded = VaultIndex.open(vault)
        var record = try #require(loaded.record(atPath: "notes/n3.md"))
        #expect(record.cachedBytes != nil)
        record.title = "Changed"
        #expect(record.cachedBytes == nil)
        var links = try #require(loaded.record(atPath: "notes/n4.md"))
        links.links = []
        #expect(links.cachedBytes == nil)
        for changed in [record, links] {
            var writer = BinaryWriter()
            changed.encode(into: &writer)
            let buffer = CacheBuffer(writer.bytes)
            let decoded = try writer.bytes.withUnsafeBufferPointer { pointer throws(BinaryReader.Corrupt) -> NoteRecord in
                var reader = BinaryReader(pointer)
                return try NoteRecord.decode(from: &reader, buffer: buffer)
            }
            #expect(decoded == changed)
        }
    }

    /// The records an index parses are kept encoded, as the cache holds them (a fraction of the
    /// memory), and read back equal to the parsed ones; saving copies their bytes. Changed files
    /// and an update of one file leave the same records and cache as a rebuild.
    @Test func parsedRecordsAreKeptEncodedAndReadBackTheSame() throws {
        let (vault, fileSystem) = MemoryVault.sample()
        var files = ShardedCacheTests.files(notes: 300)
        files["daily/no date.md"] = "- [x] [[read]]\n"
        files["habits/odd.md"] = "---\nevery: sometimes\ntags: [a, b]\n---\n# Odd\n- [ ] a task\n"
        for (path, text) in files { try fileSystem.writeAtomically(Array(text.utf8), to: MemoryVault.root + "/" + path) }
        let built = VaultIndex.open(vault, rebuild: true)
        let parsed = VaultIndex.parseAll(built.records.map(\.stamp), vault: vault)
        #expect(built.records.count > 300 && built.records.count == parsed.count)
        #expect(built.records.allSatisfy { $0.cachedBytes != nil })
        #expect(parsed.allSatisfy { $0.cachedBytes == nil })
        for (kept, fresh) in zip(built.records, parsed) {
            #expect(kept == fresh, "\(fresh.path)")
            #expect(kept.frontMatter == fresh.frontMatter && kept.links == fresh.links && kept.tasks == fresh.tasks
                && kept.headings == fresh.headings && kept.diagnostics == fresh.diagnostics && kept.habitLines == fresh.habitLines)
        }
        #expect(built.records.contains { !$0.habitLines.isEmpty } && built.records.contains { !$0.diagnostics.isEmpty })
        // Links resolved from their encoding, by their target bytes, as from the parsed links.
        #expect(VaultIndex.resolveAll(parsed, resolver: LinkResolver(records: parsed)) == built.resolutions)
        let saved = ShardedCacheTests.cacheFiles(fileSystem)
        // The same cache when written from the parsed records themselves.
        let plain = VaultIndex(vault: vault, records: parsed, resolutions: built.resolutions, report: built.report)
        plain.saveCache()
        #expect(ShardedCacheTests.cacheFiles(fileSystem) == saved)

        try fileSystem.writeAtomically(Array("# Changed\n[[n1]] [[nowhere]]\n".utf8), to: MemoryVault.root + "/notes/n7.md")
        let changed = VaultIndex.open(vault)
        #expect(changed.report.reread == 1)
        let rebuilt = VaultIndex.open(vault, rebuild: true, save: false)
        #expect(changed.records == rebuilt.records && changed.resolutions == rebuilt.resolutions)
        #expect(changed.records.allSatisfy { $0.cachedBytes != nil })
    }

    /// On the disk the shards are mapped, not copied. Every damaged copy of every cache file
    /// (see `damaged`), a shard that is a symbolic link, a pipe, a folder or empty: the index is
    /// rebuilt with one warning and equals the first. An index whose cache is replaced meanwhile
    /// (as every save does, by renaming new files over the old) still reads its records' parts.
    @Test func mappedShardsOnTheDiskAreCheckedAndOutliveANewCache() throws {
        let scratch = try ScratchVault(files: ShardedCacheTests.files())
        let vault = Vault(root: scratch.root)
        let first = VaultIndex.open(vault)
        let folder = scratch.root + "/.brain/cache"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".bin") }.sorted()
        #expect(names.count == 4)
        var good: [String: [UInt8]] = [:]
        for name in names { good[name] = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))) }
        func restore() throws {
            for (name, bytes) in good {
                try? FileManager.default.removeItem(atPath: folder + "/" + name)
                try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name))
            }
        }
        func expectRebuilt(_ what: String, warning: String? = nil) {
            let index = VaultIndex.open(vault)
            #expect(index.report.rebuilt, "\(what)")
            #expect(index.report.warnings.count == 1, "\(what): \(index.report.warnings)")
            if let warning { #expect(index.report.warnings.first?.contains(warning) == true, "\(what): \(index.report.warnings)") }
            #expect(index.records == first.records, "\(what)")
            #expect(index.resolutions == first.resolutions, "\(what)")
        }
        var cases = 0
        for name in names {
            for damage in ShardedCacheTests.damaged(good[name]!) {
                try restore()
                try Data(damage).write(to: URL(fileURLWithPath: folder + "/" + name))
                expectRebuilt("\(name), \(damage.count) bytes")
                cases += 1
            }
        }
        #expect(cases == 4 * 11)
        let shard = scratch.root + "/" + VaultIndex.shardPath(1)
        try restore()
        try FileManager.default.removeItem(atPath: shard)
        try FileManager.default.createSymbolicLink(atPath: shard, withDestinationPath: scratch.root + "/notes/n1.md")
        expectRebuilt("a symbolic link", warning: "symbolic link")
        try restore()
        try FileManager.default.removeItem(atPath: shard)
        #expect(mkfifo(shard, 0o644) == 0)
        expectRebuilt("a pipe", warning: "cannot read")
        try restore()
        try FileManager.default.removeItem(atPath: shard)
        try FileManager.default.createDirectory(atPath: shard, withIntermediateDirectories: false)
        expectRebuilt("a folder", warning: "cannot read")
        try restore()
        try Data().write(to: URL(fileURLWithPath: shard))
        expectRebuilt("an empty shard")

        // Loaded with every part still encoded in the mapped shards, then the cache is written
        // anew under it: the parts read afterwards are the ones loaded.
        try restore()
        let loaded = VaultIndex.open(vault)
        #expect(loaded.report.reread == 0 && !loaded.report.rebuilt)
        #expect(loaded.records.allSatisfy { $0.cachedBytes != nil })
        let rebuilt = VaultIndex.open(vault, rebuild: true)
        #expect(rebuilt.report.rebuilt)
        #expect(loaded.records == first.records)
        #expect(loaded.records.map(\.links) == first.records.map(\.links))
        #expect(loaded.diagnostics() == first.diagnostics())
    }
}
