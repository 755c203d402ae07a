import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Previews: an action planned without writing, with each file in full before and after; and
/// actions run over an overlay see an editor's unsaved text.
@Suite struct ActionPreviewTests {
    let today = Day.sampleToday

    @Test func previewHoldsWhatPerformingWrites() throws {
        let (vault, fileSystem) = MemoryVault.sample()
        let before = MemoryVault.notes(fileSystem)
        let preview = try vault.preview(RenameNote(note: "walk", newTitle: "Walk more"))
        #expect(preview.result.dryRun)
        #expect(MemoryVault.notes(fileSystem) == before, "a preview writes nothing")
        let moved = try #require(preview.result.changes.first { $0.kind == .moved })
        #expect(moved.from == "habits/walk.md" && moved.path == "habits/walk-more.md")
        #expect(preview.before["habits/walk.md"] != nil && preview.after["habits/walk.md"] == nil)
        _ = try vault.perform(RenameNote(note: "walk", newTitle: "Walk more"))
        let after = MemoryVault.notes(fileSystem)
        for change in preview.result.changes {
            #expect(preview.after[change.path].map { String(decoding: $0, as: UTF8.self) } == after[change.path], "\(change.path)")
            #expect(preview.before[change.from ?? change.path].map { String(decoding: $0, as: UTF8.self) } == before[change.from ?? change.path])
        }
        #expect(preview.after.count == preview.result.changes.count)
    }

    @Test func openLineIsAddedOnceAndNeverChangesALine() throws {
        let (vault, fileSystem) = MemoryVault.sample()
        // journal is not on 2026-11-22's list.
        let added = try vault.perform(LogHabit(habit: "journal", change: .open, day: today, today: today))
        #expect(added.action == "add")
        #expect(added.outcome.result == .added)
        #expect(added.outcome.text == "- [ ] [[journal]]")
        let text = try #require(MemoryVault.notes(fileSystem)["daily/2026-11-22.md"])
        #expect(text.contains("- [ ] [[no-doomscrolling]]\n- [ ] [[journal]]\n"))
        let again = try vault.perform(LogHabit(habit: "journal", change: .open, day: today, today: today))
        #expect(again.outcome.result == .unchanged && again.changes.isEmpty)
        let done = try vault.perform(LogHabit(habit: "meditate", change: .open, day: today, today: today))
        #expect(done.outcome.result == .unchanged && done.changes.isEmpty, "a done line stays done")
    }

    @Test func actionsOverAnOverlaySeeUnsavedText() throws {
        let (base, fileSystem) = MemoryVault.sample()
        let overlay = OverlayFileSystem(base: fileSystem)
        let vault = Vault(root: base.root, fileSystem: overlay)
        let path = MemoryVault.root + "/daily/2026-11-22.md"
        let unsaved = String(decoding: try fileSystem.read(path), as: UTF8.self) + "Typed, not saved: [[walk]]\n"
        overlay.set(path, Array(unsaved.utf8))
        // A note that exists only in the editor is listed and indexed.
        overlay.set(MemoryVault.root + "/notes/unsaved.md", Array("# Unsaved\n[[walk]]\n".utf8))
        let index = VaultIndex.open(vault)
        #expect(index.record(atPath: "notes/unsaved.md")?.title == "Unsaved")
        #expect(!fileSystem.exists(MemoryVault.root + "/.brain/cache/index.bin"), "no cache holds unsaved text")
        let preview = try vault.preview(RenameNote(note: "walk", newTitle: "Stroll"))
        let daily = String(decoding: try #require(preview.after["daily/2026-11-22.md"]), as: UTF8.self)
        #expect(daily.hasSuffix("Typed, not saved: [[stroll]]\n"))
        #expect(preview.result.changes.contains { $0.path == "notes/unsaved.md" })
        overlay.set(path, nil)
        overlay.set(MemoryVault.root + "/notes/unsaved.md", nil)
        _ = VaultIndex.open(vault)
        #expect(fileSystem.exists(MemoryVault.root + "/.brain/cache/index.bin"), "without overlays the cache is saved")
    }
}
