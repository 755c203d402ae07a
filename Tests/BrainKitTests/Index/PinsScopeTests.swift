import Foundation
import Testing
@testable import BrainKit

/// Step 13: `brain today` lists the pinned notes from an index of every file that keeps only its
/// stamp, title and `pinned` (`VaultIndex.Scope.pins`), with a cache of its own, while the journal's
/// index reads the habits and days beside it. Its pins are the whole vault's.
@Suite struct PinsScopeTests {
    static let files: [String: String] = [
        "habits/read.md": "---\nevery: day\npinned: true\n---\n# Read\n",
        "daily/2026-11-20.md": "---\npinned: true\n---\n- [x] [[read]]\n",
        "notes/a.md": "---\ntitle: Alpha\npinned: true\ntags: [x]\n---\nSee [[b]] and [[read]].\n",
        "notes/b.md": "---\npinned: false\n---\n# Bee\n[[a]]\n",
        "notes/deep/c.md": "---\npinned: true\n---\n# Sea\n",
        // Not a boolean in YAML 1.2: not pinned, in either index.
        "notes/e.md": "---\npinned: yes\n---\n",
        "notes/d.md": "# Not pinned\n",
        "inbox.md": "---\npinned: true\n---\n",
        "templates/note.md": "---\npinned: true\n---\n# A template is not a note\n",
    ]

    static func pins(_ list: [DayOverview.PinnedNote]) -> [String] { list.map { "\($0.path) \($0.title)" } }

    @Test func thePinsAreTheWholeVaultsPins() throws {
        let (vault, _) = MemoryVault.make(PinsScopeTests.files)
        let expected = ["daily/2026-11-20.md 2026-11-20", "habits/read.md Read", "inbox.md inbox", "notes/a.md Alpha", "notes/deep/c.md Sea"]
        #expect(PinsScopeTests.pins(DayOverview.pinnedNotes(in: VaultIndex.open(vault))) == expected)
        let first = DayOverview.pinnedNotes(in: vault)
        #expect(PinsScopeTests.pins(first.notes) == expected && first.warnings.isEmpty)
        // From its cache: nothing read again, the same pins; its records hold nothing else.
        let cached = VaultIndex.open(vault, scope: .pins)
        #expect(cached.report.reread == 0 && !cached.report.rebuilt)
        #expect(PinsScopeTests.pins(DayOverview.pinnedNotes(in: cached)) == expected)
        #expect(cached.records.count == VaultIndex.open(vault).records.count)
        for record in cached.records {
            let empty = record.links.isEmpty && record.tags.isEmpty && record.aliases.isEmpty && record.frontMatter.entries.isEmpty
                && record.tasks.isEmpty && record.headings.isEmpty && record.habitLines.isEmpty
            #expect(empty, "\(record.path)")
        }
        #expect(cached.resolutions.allSatisfy { $0.isEmpty })
    }

    /// Pins added, removed, renamed and deleted in the files are seen at once, as the whole
    /// vault's index sees them.
    @Test func editsAreSeenAsTheVaultsIndexSeesThem() throws {
        let (vault, fileSystem) = MemoryVault.make(PinsScopeTests.files)
        _ = DayOverview.pinnedNotes(in: vault)
        let root = MemoryVault.root + "/"
        try fileSystem.writeAtomically(Array("---\npinned: true\n---\n# Now pinned\n".utf8), to: root + "notes/d.md")
        try fileSystem.writeAtomically(Array("---\ntitle: Alpha two\npinned: true\n---\n".utf8), to: root + "notes/a.md")
        try fileSystem.remove(root + "inbox.md")
        try fileSystem.writeAtomically(Array("---\npinned: false\n---\n".utf8), to: root + "notes/deep/c.md")
        try fileSystem.writeAtomically(Array("---\npinned: true\n---\n".utf8), to: root + "notes/new.md")
        let found = DayOverview.pinnedNotes(in: vault)
        #expect(PinsScopeTests.pins(found.notes) == ["daily/2026-11-20.md 2026-11-20", "habits/read.md Read", "notes/a.md Alpha two",
                                                     "notes/d.md Now pinned", "notes/new.md new"])
        #expect(found.notes == DayOverview.pinnedNotes(in: VaultIndex.open(vault, save: false)))
        let reopened = VaultIndex.open(vault, scope: .pins)
        #expect(reopened.report.reread == 0)
    }

    /// A damaged pins cache is rebuilt with one warning and gives the same pins; the vault's own
    /// cache is left alone.
    @Test func aDamagedCacheIsRebuilt() throws {
        let (vault, fileSystem) = MemoryVault.make(PinsScopeTests.files)
        _ = VaultIndex.open(vault)
        let first = DayOverview.pinnedNotes(in: vault)
        let shard = MemoryVault.root + "/" + VaultIndex.shardPath(0, scope: .pins)
        let vaultShard = MemoryVault.root + "/" + VaultIndex.shardPath(0)
        let kept = try #require(fileSystem.byteSnapshot[vaultShard])
        for position in [0, VaultIndex.headerSize, VaultIndex.headerSize + 5] {
            var bytes = try #require(fileSystem.byteSnapshot[shard])
            bytes[position] ^= 0x20
            try fileSystem.writeAtomically(bytes, to: shard)
            let found = DayOverview.pinnedNotes(in: vault)
            #expect(found.notes == first.notes)
            #expect(found.warnings.count == 1)
        }
        #expect(fileSystem.byteSnapshot[vaultShard] == kept)
        #expect(VaultIndex.open(vault).report.reread == 0)
    }

    /// The pins are found beside the caller's work, which gets its result back, or its error
    /// after the pins are found.
    @Test func pinsAreFoundBesideOtherWork() throws {
        let (vault, _) = MemoryVault.make(PinsScopeTests.files)
        let found = DayOverview.pinnedNotes(in: vault) { 42 }
        #expect(found.result == 42 && found.pinned.count == 5)
        struct Failure: Error {}
        #expect(throws: Failure.self) { _ = try DayOverview.pinnedNotes(in: vault) { () throws -> Int in throw Failure() } }
        #expect(VaultIndex.open(vault, scope: .pins).report.reread == 0)
    }
}
