import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Step 13: `brain today` lists the pinned notes of the journal's folders from the journal's index,
/// and the others from an index of the files outside those folders that keeps only each one's
/// stamp, title and `pinned` (`VaultIndex.Scope.pins`), with a cache of its own, opened beside the
/// journal's. Together their pins are the whole vault's.
@Suite struct PinsScopeTests {
    static let files: [String: String] = [
        "habits/read.md": "---\nevery: day\npinned: true\n---\n# Read\n",
        "daily/2026-11-20.md": "---\npinned: true\n---\n- [x] [[read]]\n",
        "notes/a.md": "---\ntitle: Alpha\npinned: true\ntags: [x]\n---\nSee [[b]] and [[read]].\n",
        "notes/b.md": "---\npinned: false\n---\n# Bee\n[[a]]\n",
        "notes/deep/c.md": "---\npinned: true\n---\n# Sea\n",
        // Not a flag (yes, on and true are): not pinned, in either index.
        "notes/e.md": "---\npinned: maybe\n---\n",
        "notes/d.md": "# Not pinned\n",
        "inbox.md": "---\npinned: true\n---\n",
        "templates/note.md": "---\npinned: true\n---\n# A template is not a note\n",
    ]

    static func pins(_ list: [DayOverview.PinnedNote]) -> [String] { list.map { "\($0.path) \($0.title)" } }

    static let expected = ["daily/2026-11-20.md 2026-11-20", "habits/read.md Read", "inbox.md inbox", "notes/a.md Alpha", "notes/deep/c.md Sea"]

    @Test func thePinsAreTheWholeVaultsPins() throws {
        let (vault, _) = MemoryVault.make(PinsScopeTests.files)
        let whole = VaultIndex.open(vault)
        #expect(PinsScopeTests.pins(DayOverview.pinnedNotes(in: whole)) == PinsScopeTests.expected)
        let first = DayOverview.pinnedNotes(in: vault)
        #expect(PinsScopeTests.pins(first.notes) == PinsScopeTests.expected && first.warnings.isEmpty)
        // The pins' index covers the files outside the journal's folders, from its cache the
        // second time; its records hold nothing but titles and pins.
        let cached = VaultIndex.open(vault, scope: .pins)
        #expect(cached.report.reread == 0 && !cached.report.rebuilt)
        #expect(cached.records.map(\.path) == whole.records.map(\.path).filter { !$0.hasPrefix("habits/") && !$0.hasPrefix("daily/") })
        #expect(PinsScopeTests.pins(DayOverview.pinnedNotes(in: cached)) == ["inbox.md inbox", "notes/a.md Alpha", "notes/deep/c.md Sea"])
        for record in cached.records {
            let empty = record.links.isEmpty && record.tags.isEmpty && record.aliases.isEmpty && record.frontMatter.entries.isEmpty
                && record.tasks.isEmpty && record.headings.isEmpty && record.habitLines.isEmpty
            #expect(empty, "\(record.path)")
        }
        #expect(cached.resolutions.allSatisfy { $0.isEmpty })
    }

    /// On the disk the journal's folders are never entered by the pins' walk, a nested one
    /// (`notes/habits`) included; the pins are still the whole vault's.
    @Test func onTheDiskTheJournalsFoldersAreSkipped() throws {
        var files = PinsScopeTests.files
        files[".brain/config.yml"] = "folders:\n  habits: notes/habits\n"
        files["notes/habits/walk.md"] = "---\nevery: day\npinned: true\n---\n# Walk\n"
        files["notes/habits-list.md"] = "---\npinned: true\n---\n"
        let scratch = try ScratchVault(files: files)
        let vault = Vault(root: scratch.root)
        let whole = VaultIndex.open(vault, save: false)
        let found = DayOverview.pinnedNotes(in: vault)
        #expect(found.notes == DayOverview.pinnedNotes(in: whole))
        #expect(PinsScopeTests.pins(found.notes).contains("notes/habits/walk.md Walk") && found.notes.count == 7)
        let pins = VaultIndex.open(vault, scope: .pins)
        let journalFolders = ["notes/habits/", "daily/", "goals/", "areas/"]
        #expect(pins.records.map(\.path) == whole.records.map(\.path).filter { path in !journalFolders.contains { path.hasPrefix($0) } })
        #expect(pins.records.contains { $0.path == "habits/read.md" } && pins.records.contains { $0.path == "notes/habits-list.md" })
        #expect(POSIXFileSystem().markdownFiles(under: scratch.root, stamps: true, skipping: ["notes/habits", "daily"])
            == POSIXFileSystem().markdownFiles(under: scratch.root, stamps: true).filter { !$0.path.hasPrefix("notes/habits/") && !$0.path.hasPrefix("daily/") })
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
    /// after the pins are found; a whole vault's index in the journal's place gives each pin once.
    @Test func pinsAreFoundBesideOtherWork() throws {
        let (vault, _) = MemoryVault.make(PinsScopeTests.files)
        let found = DayOverview.pinnedNotes(in: vault) { (42, journal: VaultIndex.open(vault, scope: .journal)) }
        #expect(found.result == 42 && PinsScopeTests.pins(found.pinned) == PinsScopeTests.expected)
        let whole = DayOverview.pinnedNotes(in: vault) { ("whole", journal: VaultIndex.open(vault)) }
        #expect(PinsScopeTests.pins(whole.pinned) == PinsScopeTests.expected)
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            _ = try DayOverview.pinnedNotes(in: vault) { () throws -> (Int, journal: VaultIndex) in throw Failure() }
        }
        #expect(VaultIndex.open(vault, scope: .pins).report.reread == 0)
    }
}
