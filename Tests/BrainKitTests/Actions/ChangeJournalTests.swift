import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Issue 15, fix 3: a rename killed part-way left some links rewritten and others not (0 → 367
/// validate errors), and on a full disk it moved the file and left 76 broken links. A multi-file
/// change now records an intent journal first and is finished (or undone) by the next command.
@Suite struct ChangeJournalTests {
    static let journal = MemoryVault.root + "/" + ChangeJournal.path

    /// A note linked from three others.
    static func linkedVault() -> (Vault, MemoryFileSystem) {
        MemoryVault.make([
            "notes/target.md": "---\ntitle: Target\n---\n# Target\n",
            "notes/one.md": "See [[target]].\n",
            "notes/two.md": "Also [[target|the target]] and [[Target]].\n",
            "notes/three.md": "---\nsee: \"[[target]]\"\n---\nBody.\n",
        ])
    }

    static func rename() -> RenameNote { RenameNote(note: "target", newTitle: "Aim") }

    /// The notes after a rename that ran to the end.
    static let renamed: [String: String] = {
        let (vault, fileSystem) = linkedVault()
        _ = try! vault.perform(rename())
        return content(fileSystem)
    }()

    /// The vault's files, brain's own (cache, `.gitignore`, journal) aside.
    static func content(_ fileSystem: MemoryFileSystem) -> [String: String] {
        MemoryVault.notes(fileSystem).filter { !$0.key.hasPrefix(".brain/") || $0.key == Vault.configPath }
    }

    @Test func aRenameKilledAtEachStepIsWholeAfterTheNextCommand() throws {
        let (_, probe) = ChangeJournalTests.linkedVault()
        let original = ChangeJournalTests.content(probe)
        #expect(ChangeJournalTests.renamed != original)
        for crash in 0..<12 {
            for next in ["index", "action"] {
                let (vault, fileSystem) = ChangeJournalTests.linkedVault()
                _ = VaultIndex.open(vault)
                fileSystem.writesBeforeCrash = crash
                let finished = (try? vault.perform(ChangeJournalTests.rename())) != nil
                fileSystem.writesBeforeCrash = nil
                if next == "index" {
                    let index = VaultIndex.open(vault)
                    if !finished && crash > 0 { #expect(index.report.warnings.contains { $0.hasPrefix("finished an interrupted rename") }) }
                } else {
                    let result = try vault.perform(SetPinned(note: "one", pinned: false))
                    if !finished && crash > 0 { #expect(result.warnings.contains { $0.hasPrefix("finished an interrupted rename") }) }
                }
                let after = ChangeJournalTests.content(fileSystem)
                #expect(fileSystem.byteSnapshot[ChangeJournalTests.journal] == nil)
                // Nothing written before the journal, everything after it.
                #expect(after == (crash == 0 ? original : ChangeJournalTests.renamed), "crash after \(crash) writes, then \(next)")
                #expect(ValidationReport(index: VaultIndex.open(vault)).errors == 0)
            }
        }
    }

    @Test func aRenameInTheSampleVaultKilledPartWayIsFinished() throws {
        let (reference, referenceFiles) = MemoryVault.sample()
        _ = try reference.perform(RenameNote(note: "read", newTitle: "Read thirty pages"))
        let expected = ChangeJournalTests.content(referenceFiles)
        for crash in [1, 30, 70] {
            let (vault, fileSystem) = MemoryVault.sample()
            fileSystem.writesBeforeCrash = crash
            #expect(throws: ActionError.self) { try vault.perform(RenameNote(note: "read", newTitle: "Read thirty pages")) }
            fileSystem.writesBeforeCrash = nil
            let index = VaultIndex.open(vault)
            #expect(ChangeJournalTests.content(fileSystem) == expected)
            #expect(ValidationReport(index: index).errors == 0)
        }
    }

    /// A full disk on a linking file: the move is put back and no link is left broken.
    @Test func aFailedWriteUndoesTheWholeRename() throws {
        let (vault, fileSystem) = MemoryVault.sample()
        let before = ChangeJournalTests.content(fileSystem)
        fileSystem.failingWrites = [MemoryVault.root + "/daily/2026-11-20.md"]
        #expect(throws: ActionError.self) { try vault.perform(RenameNote(note: "read", newTitle: "Read thirty pages")) }
        #expect(ChangeJournalTests.content(fileSystem) == before)
        #expect(fileSystem.byteSnapshot[ChangeJournalTests.journal] == nil)
    }

    /// A disk that fills part-way, at every size from too small for the journal to large enough:
    /// the rename finishes; or every file is as before and no journal is left; or, when even the
    /// undo finds no room, the error says so and the next command finishes the change.
    @Test func aDiskThatFillsPartWayLeavesTheRenameWholeOrUndone() throws {
        let (_, probe) = ChangeJournalTests.linkedVault()
        let original = ChangeJournalTests.content(probe)
        let used = probe.byteSnapshot.reduce(0) { $0 + ($1.key.contains("/.brain/cache/") ? 0 : $1.value.count) }
        var refused = 0, finished = 0, leftForNext = 0
        for room in stride(from: 0, through: 1_200, by: 8) {
            let (vault, fileSystem) = ChangeJournalTests.linkedVault()
            _ = VaultIndex.open(vault)
            fileSystem.capacity = used + room
            do {
                _ = try vault.perform(ChangeJournalTests.rename())
                finished += 1
                #expect(ChangeJournalTests.content(fileSystem) == ChangeJournalTests.renamed, "\(room) bytes left")
            } catch {
                #expect(error.description.contains("No space left on device"), "\(room) bytes left: \(error)")
                if fileSystem.byteSnapshot[ChangeJournalTests.journal] == nil {
                    refused += 1
                    #expect(ChangeJournalTests.content(fileSystem) == original, "\(room) bytes left")
                } else {
                    // Even the undo found no room: the message says the next command finishes it,
                    // and the next command with room does, whole.
                    leftForNext += 1
                    #expect(error.description.contains("the next brain command that can write finishes the change"), "\(room) bytes left: \(error)")
                    fileSystem.capacity = nil
                    let result = try vault.perform(SetPinned(note: "two", pinned: false))
                    #expect(result.warnings.contains { $0.hasPrefix("finished an interrupted rename") })
                    #expect(ChangeJournalTests.content(fileSystem) == ChangeJournalTests.renamed, "\(room) bytes left")
                }
            }
            #expect(fileSystem.byteSnapshot[ChangeJournalTests.journal] == nil, "\(room) bytes left")
        }
        // Putting the renamed file back is a move, which needs no room: before it was written
        // anew, and a disk with room for the journal alone left every such rename half done.
        #expect(refused > 0 && finished > 0 && leftForNext <= 2, "refused \(refused), finished \(finished), left \(leftForNext)")
    }

    /// The undo fails too: the journal is marked "back", and the next command that can write undoes it.
    @Test func anUndoThatFailsIsFinishedByTheNextCommand() throws {
        let (vault, fileSystem) = ChangeJournalTests.linkedVault()
        let before = ChangeJournalTests.content(fileSystem)
        fileSystem.failingWrites = [MemoryVault.root + "/notes/two.md", MemoryVault.root + "/notes/target.md"]
        #expect(throws: ActionError.self) { try vault.perform(ChangeJournalTests.rename()) }
        let journal = try #require(fileSystem.byteSnapshot[ChangeJournalTests.journal])
        guard case .journal(let marked) = ChangeJournal.decode(journal) else { Issue.record("not a journal"); return }
        #expect(marked.direction == .back)
        #expect(throws: ActionError.self) { try vault.perform(SetPinned(note: "one", pinned: true)) }
        fileSystem.failingWrites = []
        let result = try vault.perform(SetPinned(note: "one", pinned: true))
        #expect(result.warnings.contains { $0.hasPrefix("undid an interrupted rename") })
        var expected = before
        expected["notes/one.md"] = "---\npinned: true\n---\nSee [[target]].\n"
        #expect(ChangeJournalTests.content(fileSystem) == expected)
    }

    @Test func aDamagedJournalIsKeptAsideNeverActedOn() throws {
        let (vault, fileSystem) = ChangeJournalTests.linkedVault()
        var bytes = ChangeJournal(action: "rename", direction: .forward,
                                  entries: [.init(path: "notes/one.md", before: nil, after: Array("forged\n".utf8))]).encoded()
        bytes[bytes.count - 2] ^= 0x20
        try fileSystem.writeAtomically(bytes, to: ChangeJournalTests.journal)
        let result = try vault.perform(SetPinned(note: "two", pinned: true))
        #expect(result.warnings.contains { $0.contains("was damaged") })
        #expect(MemoryVault.notes(fileSystem)["notes/one.md"] == "See [[target]].\n")
        #expect(fileSystem.byteSnapshot[MemoryVault.root + "/" + ChangeJournal.damagedPath] == bytes)
    }

    @Test func aJournalCannotWriteOutsideTheVault() throws {
        let (vault, fileSystem) = ChangeJournalTests.linkedVault()
        let journal = ChangeJournal(action: "rename", direction: .forward,
                                    entries: [.init(path: "../outside.md", before: nil, after: Array("x".utf8)),
                                              .init(path: "notes/one.md", before: nil, after: Array("y".utf8))])
        try fileSystem.writeAtomically(journal.encoded(), to: ChangeJournalTests.journal)
        let result = try vault.perform(SetPinned(note: "two", pinned: true))
        #expect(result.warnings.contains { $0.contains("was not replayed") && $0.contains("\"../outside.md\"") })
        #expect(fileSystem.byteSnapshot["/outside.md"] == nil)
        #expect(MemoryVault.notes(fileSystem)["notes/one.md"] == "See [[target]].\n")
    }

    /// A journal pulled by git into `.brain/journal` once set `core.fsmonitor` in `.git/config`,
    /// and the next `git status` ran the command: a journal names vault files only, and is acted on
    /// whole or not at all.
    @Test func aJournalNamingFilesNoVaultHoldsIsNeverReplayed() throws {
        for path in [".git/config", ".git/hooks/pre-commit", ".obsidian/app.json", "notes/.hidden.md", ".brain/cache/index.bin",
                     "notes/a\nb.md", "C:/x.md", "..\\..\\x.md", "notes/x.sh", "notes//x.md", "/etc/passwd"] {
            let (vault, fileSystem) = ChangeJournalTests.linkedVault()
            let journal = ChangeJournal(action: "rename", direction: .forward,
                                        entries: [.init(path: "notes/one.md", before: nil, after: Array("forged\n".utf8)),
                                                  .init(path: path, before: nil, after: Array("[core]\n\tfsmonitor = touch pwned\n".utf8))])
            let bytes = journal.encoded()
            try fileSystem.writeAtomically(bytes, to: ChangeJournalTests.journal)
            let result = try vault.perform(SetPinned(note: "two", pinned: true))
            #expect(result.warnings.contains { $0.contains("was not replayed") && $0.contains("kept as .brain/journal.refused") }, "\(path)")
            #expect(!fileSystem.byteSnapshot.keys.contains { $0.hasSuffix("/config") || $0.contains("hooks") || $0.contains(".obsidian") || $0.contains("x.sh") }, "\(path)")
            #expect(MemoryVault.notes(fileSystem)["notes/one.md"] == "See [[target]].\n", "\(path)")
            #expect(fileSystem.byteSnapshot[ChangeJournalTests.journal] == nil)
            #expect(fileSystem.byteSnapshot[MemoryVault.root + "/" + ChangeJournal.refusedPath] == bytes)
        }
    }

    /// A journal this machine did not write (signed with another key, or by an earlier brain that
    /// did not sign) is kept aside, even when every file it names is a vault file.
    @Test func aJournalFromAnotherMachineIsNotReplayed() throws {
        let journal = ChangeJournal(action: "rename", direction: .forward,
                                    entries: [.init(path: "notes/one.md", before: nil, after: Array("forged\n".utf8)),
                                              .init(path: "notes/two.md", before: nil, after: Array("forged\n".utf8))])
        var unsigned = journal.encoded()
        unsigned[8] = 1  // the earlier format's version
        for bytes in [journal.encoded(key: Array(repeating: 7, count: 32)), unsigned] {
            let (vault, fileSystem) = ChangeJournalTests.linkedVault()
            try fileSystem.writeAtomically(bytes, to: ChangeJournalTests.journal)
            let result = try vault.perform(SetPinned(note: "target", pinned: true))
            #expect(result.warnings.contains { $0.contains("was not replayed") })
            #expect(MemoryVault.notes(fileSystem)["notes/one.md"] == "See [[target]].\n")
            #expect(fileSystem.byteSnapshot[MemoryVault.root + "/" + ChangeJournal.refusedPath] == bytes)
        }
        // The same journal signed here is replayed.
        let (vault, fileSystem) = ChangeJournalTests.linkedVault()
        try fileSystem.writeAtomically(journal.encoded(), to: ChangeJournalTests.journal)
        let result = try vault.perform(SetPinned(note: "target", pinned: true))
        #expect(result.warnings.contains { $0.hasPrefix("finished an interrupted rename") })
        #expect(MemoryVault.notes(fileSystem)["notes/one.md"] == "forged\n")
    }

    @Test func aJournalMayNameTheVaultsOwnFiles() {
        for path in ["notes/one.md", "daily/2026/2026-11-22.md", ".brain/config.yml", ".brain/.gitignore", ".brain/trash/2026-11-22/notes/x.md",
                     "notes/ünïcode name.MD"] {
            #expect(ChangeJournal.problem(with: path) == nil, "\(path)")
        }
        for path in [".brain/trash/../../.git/config", ".brain/trash/2026-11-22/.git/config", ".brain/journal", ".brainx/config.yml", "notes/x.md\u{2028}"] {
            #expect(ChangeJournal.problem(with: path) != nil, "\(path)")
        }
    }

    @Test func journalRoundTrip() {
        let journal = ChangeJournal(action: "rename", direction: .back,
                                    entries: [.init(path: "a.md", before: [1, 2], after: nil), .init(path: "b.md", before: nil, after: [])])
        #expect(ChangeJournal.decode(journal.encoded()) == .journal(journal))
        #expect(ChangeJournal.decode(Array(journal.encoded().dropLast())) == .damaged)
    }
}
