import Foundation
import Testing
@testable import BrainKit
@testable import BrainStore

/// `VaultIndex.isCurrent`, the check `brain tui` makes every second before it reads the vault
/// again: true while the scope's files are those the index read, false after any edit (one of
/// the same size too), a new file or a removed one in the scope; files outside it do not count.
@Suite struct IndexFreshnessTests {
    static let files = [
        "habits/read.md": "---\nevery: day\n---\n# Read\n",
        "daily/2026-11-21.md": "- [x] [[read]]\n",
        "notes/idea.md": "# An idea\n",
    ]

    @Test func aChangeInTheScopeMakesTheIndexStale() throws {
        let scratch = try ScratchVault(files: Self.files)
        let vault = Vault(root: scratch.root)
        // The first open reads every file (stamps from its reads), the next one the cache.
        for _ in 0..<2 {
            #expect(VaultIndex.open(vault, scope: .journal).isCurrent)
        }
        let changes: [(String, () throws -> Void)] = [
            ("an edit of the same size", { try scratch.write("daily/2026-11-21.md", "- [-] [[read]]\n") }),
            ("a new day", { try scratch.write("daily/2026-11-22.md", "- [x] [[read]]\n") }),
            ("a removed day", { try FileManager.default.removeItem(atPath: scratch.root + "/daily/2026-11-21.md") }),
            ("a new habit in a subfolder", { try scratch.write("habits/sport/run.md", "---\nevery: day\n---\n") }),
        ]
        for (what, change) in changes {
            let index = VaultIndex.open(vault, scope: .journal)
            #expect(index.isCurrent, "before \(what)")
            // File times move with the kernel's clock tick (a few ms): let one pass since the read.
            Thread.sleep(forTimeInterval: 0.01)
            try change()
            #expect(!index.isCurrent, "after \(what)")
            #expect(VaultIndex.open(vault, scope: .journal).isCurrent, "reopened after \(what)")
        }
        // A note is outside the journal's scope, not outside the whole vault's.
        let journal = VaultIndex.open(vault, scope: .journal), whole = VaultIndex.open(vault)
        try scratch.write("notes/idea.md", "# An idea, longer now\n")
        #expect(journal.isCurrent)
        #expect(!whole.isCurrent)
    }

    @Test func anIndexUpdatedInMemoryIsNeverCurrent() throws {
        let scratch = try ScratchVault(files: Self.files)
        let index = VaultIndex.open(Vault(root: scratch.root), scope: .journal)
        #expect(index.isCurrent)
        let updated = index.updating(["daily/2026-11-21.md": Array("- [-] [[read]]\n".utf8)]).index
        #expect(!updated.isCurrent)
    }
}
