import BrainTestSupport
import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// An index updated in memory from new contents answers exactly as one opened from the files.
@Suite struct VaultIndexUpdateTests {
    /// Records with their stamps set aside (an updated record's stamp is -1 on purpose).
    static func normalized(_ index: VaultIndex) -> [NoteRecord] {
        index.records.map { record in
            var copy = record
            copy.stamp = FileStamp(path: record.path, size: 0, modified: 0)
            return copy
        }
    }

    /// Applies `contents` both ways: in memory, and written to the files then opened afresh.
    static func check(_ contents: [String: String?], resolveOthers: Bool = true,
                      sourceLocation: Testing.SourceLocation = #_sourceLocation) -> VaultIndex.Update {
        let (vault, fileSystem) = MemoryVault.sample()
        let before = VaultIndex.open(vault)
        var (updated, update) = before.updating(contents.mapValues { $0.map { Array($0.utf8) } }, resolveOthers: resolveOthers)
        if update.othersPending { updated = updated.resolvingAllLinks() }
        for (path, text) in contents {
            if let text { try! fileSystem.writeAtomically(Array(text.utf8), to: MemoryVault.root + "/" + path) }
            else { try! fileSystem.remove(MemoryVault.root + "/" + path) }
        }
        let fresh = VaultIndex.open(vault, rebuild: true)
        #expect(normalized(updated) == normalized(fresh), sourceLocation: sourceLocation)
        #expect(updated.resolutions == fresh.resolutions, sourceLocation: sourceLocation)
        #expect(updated.diagnostics() == fresh.diagnostics(), sourceLocation: sourceLocation)
        #expect(updated.records.map(\.path) == fresh.records.map(\.path), sourceLocation: sourceLocation)
        return update
    }

    static func sample(_ path: String) -> String {
        String(decoding: MemoryVault.sampleFiles[path]!, as: UTF8.self)
    }

    @Test func bodyEditResolvesOnlyThatFile() {
        let text = Self.sample("notes/how-i-use-brain.md") + "\nSee [[run-5k]] and [[nowhere]] and [[walk]].\n"
        let update = Self.check(["notes/how-i-use-brain.md": text])
        #expect(update.changed == ["notes/how-i-use-brain.md"])
        #expect(!update.namesChanged)
    }

    @Test func titleChangeMovesOtherFilesLinks() {
        // A link by title elsewhere starts to resolve once a note takes that title.
        let linking = Self.sample("notes/zk.md") + "\n[[Brand New Title]]\n"
        let titled = "---\ntitle: Brand New Title\n---\nBody.\n"
        let update = Self.check(["notes/zk.md": linking, "notes/tiny-habits.md": titled])
        #expect(update.namesChanged)
    }

    @Test func deferredTitleChangeResolvesTheRestLater() {
        let (vault, _) = MemoryVault.sample()
        let index = VaultIndex.open(vault)
        let linking = Self.sample("notes/zk.md") + "\n[[Brand New Title]]\n"
        let (first, _) = index.updating(["notes/zk.md": Array(linking.utf8)])
        let zk = first.index(ofPath: "notes/zk.md")!
        #expect(first.resolutions[zk].last == .missing)
        let (second, update) = first.updating(["notes/tiny-habits.md": Array("# Brand New Title\n".utf8)], resolveOthers: false)
        #expect(update.namesChanged && update.othersPending)
        // The changed file is up to date; the other file's link waits.
        #expect(second.resolutions[zk].last == .missing)
        let settled = second.resolvingAllLinks()
        #expect(settled.resolutions[zk].last == .note(settled.index(ofPath: "notes/tiny-habits.md")!))
        _ = Self.check(["notes/zk.md": linking, "notes/tiny-habits.md": "# Brand New Title\n"], resolveOthers: false)
    }

    @Test func aliasAddedAndRemoved() {
        _ = Self.check(["notes/zk.md": "---\naliases: [read]\n---\n# zk\n"])
        _ = Self.check(["habits/read.md": Self.sample("habits/read.md").replacingOccurrences(of: "title: Read 20 pages", with: "title: Reading")])
    }

    @Test func filesAddedAndRemoved() {
        let update = Self.check(["notes/a-new-note.md": "# A new note\n[[run-5k]] [[zk]]\n", "notes/zk.md": nil,
                                 "daily/2026-11-23.md": "---\ndate: 2026-11-23\n---\n## Habits\n- [x] [[read]]\n",
                                 "zzz/deep/er.md": "# Deeper\n"])
        #expect(update.namesChanged)
        #expect(update.changed.count == 4)
    }

    @Test func templatesStayOutOfTheIndex() {
        let (vault, _) = MemoryVault.sample()
        let index = VaultIndex.open(vault)
        let (updated, update) = index.updating(["templates/habit.md": Array("# t\n".utf8)])
        #expect(update.changed.isEmpty)
        #expect(updated.records.count == index.records.count)
    }

    @Test func noFileIsRead() throws {
        let (vault, fileSystem) = MemoryVault.sample()
        let counting = CountingFileSystem(fileSystem)
        let index = VaultIndex.open(Vault(root: vault.root, fileSystem: counting))
        counting.reset()
        let text = Self.sample("notes/zk.md") + "\n[[run-5k]]\n"
        let (updated, _) = index.updating(["notes/zk.md": Array(text.utf8)])
        _ = updated.validation(of: try #require(updated.index(ofPath: "notes/zk.md")))
        let (renamed, _) = updated.updating(["notes/zk.md": Array("# Retitled\n".utf8)], resolveOthers: false)
        _ = renamed.resolvingAllLinks().validation(of: 0)
        #expect(counting.operations == 0)
    }
}
