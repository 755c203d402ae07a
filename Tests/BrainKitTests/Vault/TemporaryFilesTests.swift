import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Issue 15, fix 9: 531 kills during writes left 69 temporary files that nothing ever removed.
@Suite struct TemporaryFilesTests {
    @Test func namesCarryTheWriter() {
        let name = TemporaryName.make(for: "read.md", pid: 4321)
        #expect(name.hasPrefix(".read.md.brain-4321-") && name.hasSuffix(".tmp"))
        #expect(TemporaryName.owner(of: name) == 4321)
        #expect(TemporaryName.owner(of: ".index.bin.brain-77-123.tmp") == 77)
        for other in ["read.md", ".read.md", ".x.brain-a-1.tmp", ".x.brain-12-.tmp", "x.brain-12-3.tmp", ".brain-12-3.tmp.md"] {
            #expect(TemporaryName.owner(of: other) == nil, "\(other)")
        }
    }

    @Test func theNextWriteClearsWhatAKilledHolderLeft() throws {
        let (vault, fileSystem) = MemoryVault.small()
        let dead = MemoryVault.root + "/notes/" + TemporaryName.make(for: "atomic-habits.md", pid: 999_001)
        let deadCache = MemoryVault.root + "/.brain/cache/" + TemporaryName.make(for: "index.bin", pid: 999_002)
        let alive = MemoryVault.root + "/daily/" + TemporaryName.make(for: "2026-11-22.md", pid: 999_003)
        for path in [dead, deadCache, alive] { try fileSystem.writeAtomically([1, 2, 3], to: path) }
        fileSystem.finishedProcesses = [999_001, 999_002]
        fileSystem.abandonLock(MemoryVault.root + "/" + VaultLock.path, by: 999_001)
        _ = try vault.perform(SetPinned(note: "atomic-habits", pinned: true))
        #expect(fileSystem.byteSnapshot[dead] == nil)
        #expect(fileSystem.byteSnapshot[deadCache] == nil)
        // A writer that still runs keeps its file.
        #expect(fileSystem.byteSnapshot[alive] == [1, 2, 3])
    }

    @Test func withoutAKilledHolderOnlyTheCacheFolderIsCleared() throws {
        let (vault, fileSystem) = MemoryVault.small()
        let note = MemoryVault.root + "/notes/" + TemporaryName.make(for: "atomic-habits.md", pid: 999_001)
        let cache = MemoryVault.root + "/.brain/cache/" + TemporaryName.make(for: "index.bin", pid: 999_001)
        for path in [note, cache] { try fileSystem.writeAtomically([1], to: path) }
        fileSystem.finishedProcesses = [999_001]
        _ = try vault.perform(SetPinned(note: "atomic-habits", pinned: true))
        #expect(fileSystem.byteSnapshot[cache] == nil)
        #expect(fileSystem.byteSnapshot[note] == [1])
    }

    /// The lock's "killed holder" mark is read once: a reader that takes the lock to finish an
    /// interrupted change clears the temporary files then, or nobody would.
    @Test func aReaderFinishingAJournalClearsThemToo() throws {
        let (vault, fileSystem) = MemoryVault.small()
        let dead = MemoryVault.root + "/notes/" + TemporaryName.make(for: "atomic-habits.md", pid: 999_001)
        try fileSystem.writeAtomically([1], to: dead)
        fileSystem.finishedProcesses = [999_001]
        fileSystem.abandonLock(MemoryVault.root + "/" + VaultLock.path, by: 999_001)
        let journal = ChangeJournal(action: "pin", direction: .forward, entries: [
            .init(path: "notes/a.md", before: nil, after: Array("a\n".utf8)),
            .init(path: "notes/b.md", before: nil, after: Array("b\n".utf8)),
        ])
        try fileSystem.writeAtomically(journal.encoded(), to: MemoryVault.root + "/" + ChangeJournal.path)
        let index = VaultIndex.open(vault)
        #expect(index.record(atPath: "notes/a.md") != nil && index.record(atPath: "notes/b.md") != nil)
        #expect(fileSystem.byteSnapshot[dead] == nil)
    }
}
