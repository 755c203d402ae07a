import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit
import BrainTestSupport

/// Step 25, point 6: `brain import json` of a 100,000-note export ran for more than 300 s, its
/// time growing with the square of the files. Restores of any size now finish in time that grows
/// with the files, and stay all or nothing when killed.
@Suite struct ImportVaultJSONTests {
    /// An export of `count` notes, each linking the next, built as text.
    static func export(notes count: Int) -> [UInt8] {
        var text = "{\n  \"schemaVersion\" : 1,\n  \"notes\" : [\n"
        text += (0..<count).map { number in
            "    {\"path\" : \"notes/note-\(number).md\", \"text\" : \"---\\ntitle: Note \(number)\\n---\\n# Note \(number)\\n\\nSee [[note-\(number + 1)]].\\n\"}"
        }.joined(separator: ",\n")
        text += "\n  ]\n}\n"
        return Array(text.utf8)
    }

    /// The processor time this thread spent importing `count` notes into an empty vault in
    /// memory. Not the time on the clock: on a shared machine that doubles whenever another
    /// process takes the core, while the thread's own time only counts the work it did.
    static func importTime(_ count: Int) throws -> Double {
        let action = try ImportVaultJSON(json: export(notes: count), source: "e.json")
        let fileSystem = MemoryFileSystem()
        try fileSystem.makeDirectories("/v/.brain")
        let start = ThreadTime.seconds
        let result = try Vault(root: "/v", fileSystem: fileSystem).perform(action)
        let time = ThreadTime.seconds - start
        #expect(result.outcome.created == count + 1, "the notes and .brain/.gitignore")
        return time
    }

    /// Four times the files takes about four times as long, not sixteen: each file was checked
    /// against every file staged before it (`VaultTransaction.twin`), twice.
    @Test func importTimeGrowsLinearlyWithTheFiles() throws {
        _ = try Self.importTime(200)
        // The best of three each. Linear is 4 times as long; the square of the files was 16
        // (15.8 before the fix).
        let small = try (0..<3).map { _ in try Self.importTime(1_000) }.min()!
        let large = try (0..<3).map { _ in try Self.importTime(4_000) }.min()!
        let ratio = large / small
        #expect(ratio < 10, "1,000 notes in \(small), 4,000 in \(large): \(ratio) times as long")
    }

    /// Files that differ only by letter case or Unicode normalisation from one already staged or
    /// already in the vault are still refused: one could not be told from the other.
    @Test func twinsAreStillRefused() throws {
        struct CreateAll: VaultAction {
            var paths: [String]
            var name: String { "create-all" }
            func plan(_ transaction: VaultTransaction) throws(ActionError) -> Int {
                for path in paths { try transaction.create("x\n", at: path) }
                return paths.count
            }
        }
        let (vault, fileSystem) = MemoryVault.make(["notes/CAF\u{C9}.md": "mine\n"])
        for paths in [["notes/a.md", "notes/Caf\u{E9}.md"], ["notes/b.md", "notes/X.md", "notes/c.md", "notes/x.md"],
                      ["notes/d.md", "notes/re\u{301}sume\u{301}.md", "notes/R\u{E9}sum\u{E9}.md"]] {
            let error = #expect(throws: ActionError.self, "\(paths)") { try vault.perform(CreateAll(paths: paths)) }
            #expect(error?.message.contains("only by Unicode normalisation or letter case") == true, "\(String(describing: error))")
        }
        #expect(MemoryVault.notes(fileSystem).keys.filter { $0.hasPrefix("notes/") } == ["notes/CAF\u{C9}.md"])
        // The import says the same of a file of the export that the vault has under another spelling.
        let single = "{\"schemaVersion\": 1, \"notes\": [{\"path\": \"notes/caf\u{E9}.md\", \"text\": \"a\"}]}"
        #expect(throws: ActionError.self) { try vault.perform(ImportVaultJSON(json: Array(single.utf8), source: "e.json")) }
        #expect(try vault.perform(CreateAll(paths: ["notes/e.md", "notes/f.md"])).outcome == 2)
    }

    /// The journal of an import names the files it creates, not their contents (a 100,000-file
    /// journal held the export twice), and a kill at any step is undone by the next command: the
    /// vault is as before the import, or, once the import has returned, as after it.
    @Test func anImportKilledAtEachStepIsUndoneByTheNextCommand() throws {
        let bytes = Self.export(notes: 6)
        let journal = MemoryVault.root + "/" + ChangeJournal.path
        var undone = 0
        for crash in 0..<14 {
            for next in ["index", "action"] {
                let (vault, fileSystem) = MemoryVault.make(["notes/mine.md": "mine\n"])
                _ = VaultIndex.open(vault)
                let before = MemoryVault.notes(fileSystem)
                fileSystem.writesBeforeCrash = crash
                let finished = (try? vault.perform(ImportVaultJSON(json: bytes, source: "e.json"))) != nil
                fileSystem.writesBeforeCrash = nil
                if let recorded = fileSystem.byteSnapshot[journal] {
                    #expect(!String(decoding: recorded, as: UTF8.self).contains("See [["), "the journal holds no file's text")
                    guard case .journal(let decoded) = ChangeJournal.decode(recorded) else { Issue.record("unreadable journal"); continue }
                    #expect(decoded.direction == .back && decoded.entries.allSatisfy { $0.before == nil && $0.after == nil })
                    undone += 1
                }
                if next == "index" {
                    _ = VaultIndex.open(vault)
                } else {
                    _ = try vault.perform(SetPinned(note: "mine", pinned: true))
                }
                #expect(fileSystem.byteSnapshot[journal] == nil)
                let after = MemoryVault.notes(fileSystem).filter { $0.key != "notes/mine.md" }
                if finished {
                    #expect(after.keys.filter { $0.hasPrefix("notes/note-") }.count == 6, "crash after \(crash) writes")
                } else {
                    #expect(after == before.filter { $0.key != "notes/mine.md" }, "crash after \(crash) writes, then \(next)")
                }
            }
        }
        #expect(undone > 10)
    }

    /// Progress is reported as files are written, ending at the total.
    @Test func progressCountsTheFilesWritten() throws {
        let reports = Reports()
        var action = try ImportVaultJSON(json: Self.export(notes: 1_200), source: "e.json")
        action.progress = { done, total in reports.add(done, total) }
        let (vault, _) = MemoryVault.make([:])
        _ = try vault.perform(action)
        let seen = reports.values
        #expect(seen.count >= 2)
        #expect(seen.last.map { $0.done == $0.total && $0.total == 1_201 } == true, "\(seen)")
        #expect(seen.map(\.done) == seen.map(\.done).sorted())
    }

    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [(done: Int, total: Int)] = []
        func add(_ done: Int, _ total: Int) { lock.withLock { list.append((done, total)) } }
        var values: [(done: Int, total: Int)] { lock.withLock { list } }
    }
}
