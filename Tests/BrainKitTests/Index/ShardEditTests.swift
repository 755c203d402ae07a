import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainStore

/// `VaultIndex.editedShard`: an edit in place spliced into its shard writes the bytes `open`
/// writes for the same change, and every edit it cannot splice is left to the whole shard or to
/// `open`.
@Suite struct ShardEditTests {
    /// 700 notes, three shards of 256 records: tags, pins, links, tasks, headings.
    static func note(_ number: Int, body: String = "Text", tag: String? = nil, pinned: Bool? = nil, link: Int? = nil) -> String {
        let pin = pinned ?? number.isMultiple(of: 7)
        return "---\ntitle: N\(number)\n" + (pin ? "pinned: true\n" : "") + "---\n# Heading \(number)\n"
            + "\(body) #\(tag ?? "t\(number % 5)") [[n\(link ?? (number + 1) % 700)]]\n- [ ] task \(number)\n"
    }

    static func name(_ number: Int) -> String { "notes/n" + String(repeating: "0", count: 3 - String(number).count) + "\(number).md" }

    static func scratch() throws -> ScratchVault {
        try ScratchVault(files: Dictionary(uniqueKeysWithValues: (0..<700).map { (name($0), note($0)) }))
    }

    /// Every file of the cache folder, by name.
    static func cacheFiles(_ root: String) throws -> [String: Data] {
        let folder = root + "/.brain/cache"
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".bin") {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
        }
        return files
    }

    static func restore(_ files: [String: Data], in root: String) throws {
        for (name, data) in files { try data.write(to: URL(fileURLWithPath: root + "/.brain/cache/" + name)) }
    }

    /// Each kind of edit, in the vault's and the pins' cache: the shard `editedShard` makes (or
    /// leaves to the whole shard), then the cache files and the summary the watched answer
    /// writes, which equal those `open` writes for the same change, byte for byte.
    @Test(arguments: [VaultIndex.Scope.vault, .pins])
    func anEditWritesTheBytesOpenWrites(scope: VaultIndex.Scope) throws {
        let scratch = try Self.scratch()
        let vault = Vault(root: scratch.root)
        #expect(VaultIndex.shardSize(for: 700) == 256)
        // (what is written, the shard's number, what editedShard makes of it)
        let cases: [(edits: [Int: String], shard: Int, expected: String)] = [
            ([256: Self.note(256, body: "A longer text than the one the note had before")], 1, "spliced"),
            ([0: Self.note(0, body: "T"), 255: Self.note(255, body: "Other words here")], 0, "spliced"),
            ([699: Self.note(699, body: "The very last record")], 2, "spliced"),
            // The pins' cache keeps no tags: a new tag changes nothing it sums up.
            ([300: Self.note(300, tag: "retagged")], 1, scope == .pins ? "spliced" : "whole"),
            ([302: Self.note(302, pinned: true)], 1, "whole"),
            ([10: Self.note(10, body: "Edited"), 600: Self.note(600, body: "Edited too")], 0, "spliced"),
        ]
        for (edits, shard, expected) in cases {
            let what = "\(scope) \(edits.keys.sorted())"
            _ = VaultIndex.open(vault, scope: scope, changes: FixedChangeSource(answer: .unknown(token: "t-1:1")))
            #expect(VaultIndex.cachedToken(vault, scope: scope) == "t-1:1")
            let before = try Self.cacheFiles(scratch.root)
            for (number, text) in edits { try scratch.write(Self.name(number), text) }
            let paths = edits.keys.sorted().map(Self.name)
            // The edited notes that shard holds (note N is record N).
            let named = edits.keys.filter { $0 / 256 == shard }.sorted().map(Self.name)
            let manifest = try #require(Self.manifest(vault, scope: scope))
            let edited = VaultIndex.editedShard(vault, scope: scope, number: shard, sum: manifest.sums[shard], total: 700, size: 256, paths: named)
            switch edited {
            case .spliced: #expect(expected == "spliced", "\(what)")
            case .whole: #expect(expected == "whole", "\(what)")
            default: Issue.record("\(what): \(edited)")
            }
            // The spliced shard is the whole shard's bytes, made from its decoded records.
            if case .spliced(let bytes, _) = edited {
                let index = VaultIndex.open(vault, scope: scope, save: false)
                let size = VaultIndex.shardSize(for: index.records.count)
                #expect(bytes == index.sealedShard(shard, size: size).bytes, "\(what)")
            }
            let changes = FixedChangeSource(answer: .changed(token: "t-1:2", paths: paths))
            let summary = try #require(VaultIndex.watchedSummary(vault, scope: scope, changes: changes), "\(what)")
            let watched = try Self.cacheFiles(scratch.root)
            try Self.restore(before, in: scratch.root)
            let opened = VaultIndex.open(vault, scope: scope, changes: changes)
            #expect(opened.report.watched, "\(what)")
            let written = try Self.cacheFiles(scratch.root)
            #expect(watched.keys.sorted() == written.keys.sorted(), "\(what)")
            for (name, bytes) in written { #expect(watched[name] == bytes, "\(what): \(name)") }
            #expect(Dictionary(uniqueKeysWithValues: summary.tags.map { ($0.name, $0.count) })
                    == Dictionary(uniqueKeysWithValues: opened.tagCounts().map { ($0.name, $0.count) }), "\(what)")
            #expect(summary.pinned.map(\.path) == opened.records.filter(\.pinned).map(\.path), "\(what)")
        }
    }

    /// What is not an edit in place of a file the shard holds is not spliced.
    @Test func onlyAnEditInPlaceIsSpliced() throws {
        let scratch = try Self.scratch()
        let vault = Vault(root: scratch.root)
        _ = VaultIndex.open(vault, changes: FixedChangeSource(answer: .unknown(token: "t-1:1")))
        func edited(_ paths: [String], shard: Int = 0) throws -> VaultIndex.ShardEdit {
            let manifest = try #require(Self.manifest(vault, scope: .vault))
            return VaultIndex.editedShard(vault, scope: .vault, number: shard, sum: manifest.sums[shard], total: 700, size: 256, paths: paths)
        }
        #expect(try edited([Self.name(3)]) == .unchanged, "named, not changed")
        try scratch.write(Self.name(4), Self.note(4, link: 9))
        #expect(try edited([Self.name(4)]) == .failed, "a link to another note")
        try scratch.write(Self.name(4), Self.note(4).replacingOccurrences(of: "title: N4", with: "title: Renamed"))
        #expect(try edited([Self.name(4)]) == .failed, "a new title")
        try scratch.write(Self.name(4), Self.note(4))
        try scratch.write("notes/n004a.md", Self.note(4))
        #expect(try edited(["notes/n004a.md"]) == .whole, "a file the shard does not hold")
        #expect(try edited(["notes"]) == .whole, "a folder")
        try scratch.remove(Self.name(5))
        #expect(try edited([Self.name(5)]) == .whole, "a file removed")
        try scratch.remove("notes/n004a.md")
        try scratch.write(Self.name(5), Self.note(5))
        // A shard that is not the manifest's: nothing is spliced into it.
        let path = scratch.root + "/" + VaultIndex.shardPath(0)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[bytes.count - 2] ^= 0x01
        try bytes.write(to: URL(fileURLWithPath: path))
        try scratch.write(Self.name(6), Self.note(6, body: "Changed"))
        #expect(try edited([Self.name(6)]) == .failed, "a damaged shard")
    }

    static func manifest(_ vault: Vault, scope: VaultIndex.Scope) -> VaultIndex.Manifest? {
        guard case .success(let bytes) = VaultIndex.cacheFile(vault, scope.cachePath),
              case .success(let manifest) = VaultIndex.readManifest(bytes, vault, scope: scope) else { return nil }
        return manifest
    }
}
