import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Step 13: analytics opens an index of the habits, goals, areas and daily folders alone
/// (`VaultIndex.Scope.journal`), with a cache of its own. Its journal is the whole vault's journal:
/// habit lines resolve among the habits, and a goal's task that links a habit, goal or area is not
/// a milestone, so nothing outside those folders changes what analytics says.
@Suite struct JournalScopeTests {
    static let files: [String: String] = [
        "habits/read.md": "---\nevery: day\ntitle: Morning Read\naliases: [books]\n---\n# Read\n",
        "habits/run.md": "---\nevery: 3 per week\ngoal: \"[[marathon]]\"\n---\n",
        "habits/old.md": "---\nevery: day\nstatus: paused\nbad key\n---\n",
        "goals/marathon.md": "---\narea: health\ndue: 2027-04-01\n---\n# Marathon\n"
            + "- [x] [[run]]\n- [ ] [[Some note]]\n- [ ] [[base]]\n- [x] First 10k ✅ 2026-11-01\n- [-] Cancelled\n",
        "goals/base.md": "---\nparent: \"[[marathon]]\"\n---\n- [ ] Run 20 km\n",
        "areas/health.md": "---\ncolor: green\n---\n# Health\n",
        "daily/2026-11-20.md": "---\nmood: 4\nenergy: 9\n---\n## Habits\n- [x] [[Morning Read]] 20 pages\n- [x] [[run]]\n- [ ] [[Some note]]\n",
        "daily/2026-11-21.md": "---\nrest: true\n---\n- [x] [[books]]\n- [-] [[run]] sore\n",
        "daily/2025/2025-12-31.md": "- [x] [[habits/read]]\n- [x] [[nothing-here]]\n",
        "daily/2026-11-22.md": "- [x] [[read]]\n",
        "daily/x/2026-11-22.md": "- [ ] [[read]]\n",
        "notes/Morning Read.md": "# A note with a habit's title\n",
        "notes/Some note.md": "#pinned\n",
        "notes/run.md": "A note with a habit's name.\n",
        "templates/daily.md": "- [ ] [[read]]\n",
        "inbox.md": "- [x] [[run]]\n",
    ]

    /// Everything a `Journal` holds, compared field by field.
    static func expectSame(_ scoped: Journal, _ whole: Journal, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(scoped.habits == whole.habits, sourceLocation: sourceLocation)
        #expect(scoped.areas == whole.areas, sourceLocation: sourceLocation)
        #expect(scoped.goals == whole.goals, sourceLocation: sourceLocation)
        #expect(scoped.milestones == whole.milestones, sourceLocation: sourceLocation)
        #expect(scoped.checkIns == whole.checkIns, sourceLocation: sourceLocation)
        #expect(scoped.dailyPaths == whole.dailyPaths, sourceLocation: sourceLocation)
        #expect(scoped.paths == whole.paths, sourceLocation: sourceLocation)
        #expect(scoped.duplicateDays == whole.duplicateDays, sourceLocation: sourceLocation)
        #expect(scoped.problems == whole.problems, sourceLocation: sourceLocation)
        #expect(scoped.histories == whole.histories, sourceLocation: sourceLocation)
    }

    @Test func theJournalIndexHoldsTheFourFoldersAndAgreesWithTheWholeIndex() throws {
        let (vault, _) = MemoryVault.make(JournalScopeTests.files)
        let whole = VaultIndex.open(vault)
        let scoped = VaultIndex.open(vault, scope: .journal)
        #expect(scoped.scope == .journal)
        // The same records in the same order, notes and templates left out.
        #expect(scoped.records == whole.records.filter { $0.kind != .note })
        #expect(scoped.records.count == 11)
        #expect(scoped.resolutions.allSatisfy { $0.isEmpty })
        let journal = Journal(index: scoped)
        JournalScopeTests.expectSame(journal, Journal(index: whole))
        // What that journal says, so that agreeing is not agreeing on nothing.
        #expect(journal.histories["read"]?.mark(on: Day("2026-11-20")!) == .done, "by title, though a note has that name")
        #expect(journal.histories["read"]?.mark(on: Day("2026-11-21")!) == .done, "by alias")
        #expect(journal.histories["read"]?.mark(on: Day("2025-12-31")!) == .done, "by path")
        #expect(journal.histories["run"]?.mark(on: Day("2026-11-20")!) == .done, "by stem, though a note has it too")
        #expect(journal.histories["run"]?.mark(on: Day("2026-11-21")!) == .skipped)
        #expect(journal.checkIns.first { $0.day == Day("2026-11-20")! }?.habitLines.count == 2, "a line naming a note is no habit line")
        #expect(journal.duplicateDays[Day("2026-11-22")!]?.count == 2)
        #expect(journal.checkIns.filter { $0.day == Day("2026-11-22")! }.count == 1, "two files of one day are one check-in")
        #expect(journal.histories["read"]?.mark(on: Day("2026-11-22")!) == .open, "the last file of a day wins")
        // The histories built by slot are the ones `HabitHistory.build` makes from the check-ins.
        #expect(journal.histories == HabitHistory.build(from: journal.checkIns))
        #expect(journal.histories.count == 2)
        #expect(journal.problems.contains { $0.path == "habits/old.md" })
        #expect(journal.problems.contains { $0.path == "daily/2026-11-20.md" }, "energy 9 is out of range")
        let milestones = try #require(journal.milestones["marathon"]).map(\.text)
        #expect(milestones == ["[[Some note]]", "First 10k ✅ 2026-11-01", "Cancelled"],
                "a task linking a habit or a goal is not a milestone; one linking a note is")
    }

    /// The sample vault: the journal index says what the whole index says, and the histories are
    /// what `HabitHistory.build` makes of the check-ins.
    @Test func theSampleVaultReadsTheSame() {
        let (vault, _) = MemoryVault.sample()
        let journal = Journal(index: VaultIndex.open(vault, scope: .journal))
        JournalScopeTests.expectSame(journal, Journal(index: VaultIndex.open(vault)))
        #expect(journal.histories.count >= 5)
        #expect(journal.histories == HabitHistory.build(from: journal.checkIns))
    }

    /// `validate` and analytics agree: a line that finds a habit among the habits is never "a
    /// habit line naming no habit", whatever notes share its name.
    @Test func validateAgreesWithTheJournal() {
        let (vault, _) = MemoryVault.make(JournalScopeTests.files)
        let problems = VaultIndex.open(vault).diagnostics(suggest: false).filter { $0.message.contains("names no habit") }
        #expect(problems.map(\.path) == ["daily/2025/2025-12-31.md"])
        #expect(problems.first?.message.contains("nothing-here") == true)
    }

    /// Folders set in the config, one inside another, and one behind a symbolic link: the journal
    /// index walks what the whole walk walks, in its order.
    @Test func foldersFromTheConfigNestedOrLinked() throws {
        var files = JournalScopeTests.files.filter { !$0.key.hasPrefix("habits/") && !$0.key.hasPrefix("daily/") }
        files[Vault.configPath] = "folders:\n  daily: life\n  habits: life/habits\n  areas: z-areas\n"
        files["life/2026-11-20.md"] = "- [x] [[read]]\n"
        files["life/habits/read.md"] = "---\nevery: day\n---\n"
        files["life-notes/a.md"] = "not in the journal\n"
        files["z-areas/health.md"] = "# Health\n"
        let (vault, fileSystem) = MemoryVault.make(files)
        #expect(VaultIndex.journalFolders(vault) == ["goals", "life", "z-areas"])
        let whole = VaultIndex.open(vault)
        let scoped = VaultIndex.open(vault, scope: .journal)
        #expect(scoped.records == whole.records.filter { $0.kind != .note })
        #expect(scoped.records.map(\.path).contains("life/habits/read.md"))
        JournalScopeTests.expectSame(Journal(index: scoped), Journal(index: whole))

        fileSystem.symbolicLinks = [MemoryVault.root + "/z-areas"]
        #expect(VaultIndex.journalFolders(vault) == ["goals", "life"])
    }

    /// On disk: a habits folder that is a symbolic link to a folder outside the vault is read by
    /// neither index.
    @Test func aLinkedFolderIsLeftOutOnDisk() throws {
        let scratch = try ScratchVault(files: ["daily/2026-11-20.md": "- [x] [[read]]\n"])
        let outside = try ScratchVault(files: ["read.md": "---\nevery: day\n---\n"])
        try FileManager.default.createSymbolicLink(atPath: scratch.root + "/habits", withDestinationPath: outside.root)
        let vault = Vault(root: scratch.root)
        let scoped = VaultIndex.open(vault, scope: .journal)
        #expect(scoped.records.map(\.path) == ["daily/2026-11-20.md"])
        #expect(scoped.records == VaultIndex.open(vault).records)
    }

    static let manifest = MemoryVault.root + "/" + VaultIndex.Scope.journal.cachePath

    static func journalCache(_ fileSystem: MemoryFileSystem) -> [String: [UInt8]] {
        fileSystem.byteSnapshot.filter { $0.key == manifest || $0.key.hasPrefix(MemoryVault.root + "/.brain/cache/journal-") }
    }

    /// The journal's cache is its own files; opening one index never writes the other's.
    @Test func itsCacheIsItsOwnAndKeepsWhatDidNotChange() throws {
        let (vault, fileSystem) = MemoryVault.make(JournalScopeTests.files)
        let first = VaultIndex.open(vault, scope: .journal)
        #expect(first.report.rebuilt && first.report.warnings.isEmpty)
        let cache = JournalScopeTests.journalCache(fileSystem)
        #expect(Set(cache.keys) == [JournalScopeTests.manifest, MemoryVault.root + "/" + VaultIndex.shardPath(0, scope: .journal)])
        #expect(fileSystem.byteSnapshot[MemoryVault.root + "/" + VaultIndex.cachePath] == nil)
        let again = VaultIndex.open(vault, scope: .journal)
        #expect(again.report.reread == 0 && !again.report.rebuilt)
        #expect(again.records == first.records)

        _ = VaultIndex.open(vault)
        #expect(JournalScopeTests.journalCache(fileSystem) == cache, "the whole index leaves the journal's cache alone")
        // A note changed: nothing for the journal to read. A day changed: that file only.
        try fileSystem.writeAtomically(Array("# changed\n".utf8), to: MemoryVault.root + "/notes/run.md")
        #expect(VaultIndex.open(vault, scope: .journal).report.reread == 0)
        try fileSystem.writeAtomically(Array("- [ ] [[run]]\n".utf8), to: MemoryVault.root + "/daily/2026-11-22.md")
        let changed = VaultIndex.open(vault, scope: .journal)
        #expect(changed.report.reread == 1 && changed.report.changed == 1)
        #expect(Journal(index: changed).histories["run"]?.mark(on: Day("2026-11-22")!) == .open)
        JournalScopeTests.expectSame(Journal(index: VaultIndex.open(vault, scope: .journal)), Journal(index: VaultIndex.open(vault)))
    }

    /// Every part of the journal's cache files, flipped or cut short, and the cache deleted: the
    /// index is rebuilt (with one warning for damage, none for a missing cache) and is the same.
    @Test func damageInEveryPartIsFoundAndRebuilt() throws {
        let (vault, fileSystem) = MemoryVault.make(JournalScopeTests.files)
        let first = VaultIndex.open(vault, scope: .journal)
        let good = JournalScopeTests.journalCache(fileSystem)
        let cases = try ShardedCacheTests.eachDamage(of: good, in: fileSystem) { path in
            let index = VaultIndex.open(vault, scope: .journal)
            #expect(index.report.rebuilt, "\(path) damaged")
            #expect(index.report.warnings.count == 1, "\(path): \(index.report.warnings)")
            #expect(index.records == first.records)
            #expect(VaultIndex.open(vault, scope: .journal).report.reread == 0)
        }
        #expect(cases == 2 * 11)
        // The whole index's cache in the journal's place is caught too.
        _ = VaultIndex.open(vault)
        let vaultManifest = try #require(fileSystem.byteSnapshot[MemoryVault.root + "/" + VaultIndex.cachePath])
        try fileSystem.writeAtomically(vaultManifest, to: JournalScopeTests.manifest)
        let swapped = VaultIndex.open(vault, scope: .journal)
        #expect(swapped.report.rebuilt && swapped.records == first.records)

        for path in JournalScopeTests.journalCache(fileSystem).keys { try fileSystem.remove(path) }
        let fresh = VaultIndex.open(vault, scope: .journal)
        #expect(fresh.report.rebuilt && fresh.report.warnings.isEmpty)
        #expect(fresh.records == first.records)
    }

    /// The journal index read with one, two and three threads: the same records and cache bytes.
    @Test func resultsDoNotDependOnTheNumberOfThreads() throws {
        var caches: [[String: [UInt8]]] = []
        var records: [[NoteRecord]] = []
        for workers in [1, 2, 3] {
            let (vault, fileSystem) = CacheTamperTests.vault(note: "x")
            for (path, text) in JournalScopeTests.files {
                try fileSystem.writeAtomically(Array(text.utf8), to: MemoryVault.root + "/" + path)
            }
            Workers.$limit.withValue(workers) {
                records.append(VaultIndex.open(vault, scope: .journal).records)
            }
            caches.append(JournalScopeTests.journalCache(fileSystem))
        }
        #expect(records.allSatisfy { $0 == records[0] })
        #expect(caches.allSatisfy { $0 == caches[0] })
    }

    /// A journal opened from the cache reads each daily file's habit lines from the cache bytes
    /// without making them (a check-in makes its lines when asked for), and says what a journal of
    /// freshly parsed files says: the same check-ins, lines renamed to habit ids, lines naming no
    /// habit left out, and the same histories, whatever order, case, path or Unicode form a day
    /// writes its habits in.
    @Test func aJournalFromTheCacheSaysWhatAFreshOneSays() throws {
        var files = JournalScopeTests.files
        files["habits/café.md"] = "---\nevery: day\n---\n"
        files["daily/2026-11-23.md"] = "- [x] [[run]] 5 km easy\n- [ ] [[nothing-here]]\n- [x] [[READ]] 12 pages\n- [x] [[cafe\u{301}]]\n"
        files["daily/2026-11-24.md"] = "- [x] [[café]]\n- [x] [[habits/run]]\n- [x] [[read]]\n- [-] [[read]]\n"
        files["daily/2026-11-25.md"] = "- [x] [[read]] 3\n- [x] [[run]]\n- [x] [[café]]\n- [ ] [[Some note]]\n"
        files["daily/2026-11-26.md"] = "---\nrest: true\n---\n"
        // More names than the first table of names holds, then the habits again.
        files["daily/2026-11-27.md"] = (0..<150).map { "- [ ] [[missing \($0)]]\n" }.joined() + "- [x] [[run]]\n- [x] [[read]]\n"
        files["daily/2026-11-28.md"] = "- [x] [[read]]\n" + (0..<150).reversed().map { "- [x] [[missing \($0)]]\n" }.joined()
        let (vault, _) = MemoryVault.make(files)
        for scope in [VaultIndex.Scope.vault, .journal] {
            // The files parsed again, their records as parsed (an index keeps them encoded).
            let rebuilt = VaultIndex.open(vault, scope: scope, rebuild: true, save: true)
            let parsed = VaultIndex(vault: vault, records: VaultIndex.parseAll(rebuilt.records.map(\.stamp), vault: vault),
                                    resolutions: rebuilt.resolutions, report: rebuilt.report)
            parsed.scope = scope
            let fresh = Journal(index: parsed)
            let index = VaultIndex.open(vault, scope: scope)
            #expect(!index.report.rebuilt)
            let cached = Journal(index: index)
            // Two files of one day are made one check-in, whose lines are read (a day `validate` reports).
            #expect(cached.checkIns.filter { cached.duplicateDays[$0.day] == nil }.allSatisfy { $0.cachedLines != nil },
                    "every day's lines stay in the cache")
            #expect(fresh.checkIns.allSatisfy { $0.cachedLines == nil })
            JournalScopeTests.expectSame(cached, fresh)
            #expect(cached.histories == HabitHistory.build(from: cached.checkIns))
            let day = try #require(cached.checkIn(on: Day("2026-11-23")!))
            #expect(day.habitLines.map(\.habit) == ["run", "read", "café"])
            #expect(day.habitLines.map(\.value) == [5, 12, nil])
            #expect(day.habitLines.first?.unit == "km" && day.habitLines.first?.note == "easy")
            #expect(cached.histories["café"]?.mark(on: Day("2026-11-23")!) == .done, "the decomposed spelling")
            #expect(cached.histories["read"]?.mark(on: Day("2026-11-24")!) == .skipped, "the last line of a day wins")
            #expect(cached.histories["run"]?.mark(on: Day("2026-11-24")!) == .done, "by path")
            #expect(cached.histories["read"]?.value(on: Day("2026-11-25")!) == 3)
            #expect(cached.checkIn(on: Day("2026-11-25")!)?.habitLines.count == 3)
            #expect(cached.checkIn(on: Day("2026-11-27")!)?.habitLines.map(\.habit) == ["run", "read"])
            #expect(cached.histories["read"]?.mark(on: Day("2026-11-28")!) == .done)
        }
    }

    /// A daily file's habit lines in the cache that pass the checksum but say nonsense (a state
    /// that does not exist, a line past the file's end): the journal's scan refuses them as a
    /// whole decode does, reads that file itself, and says what a fresh journal says.
    @Test func badHabitLinesInTheCacheAreReadFromTheFile() throws {
        let files = ["habits/zzread.md": "---\nevery: day\n---\n",
                     "daily/2026-11-20.md": "- [x] [[zzread]] 3\n- [ ] [[zzread]]\n",
                     "daily/2026-11-21.md": "- [-] [[zzread]]\n"]
        let (vault, fileSystem) = MemoryVault.make(files)
        let fresh = Journal(index: VaultIndex.open(vault, scope: .journal, rebuild: true, save: true))
        let shardPath = MemoryVault.root + "/" + VaultIndex.shardPath(0, scope: .journal)
        let manifestPath = MemoryVault.root + "/" + VaultIndex.Scope.journal.cachePath
        let good = try #require(fileSystem.byteSnapshot[shardPath])
        let goodManifest = try #require(fileSystem.byteSnapshot[manifestPath])
        // Where each habit line starts in the shard: with its habit's name (length 6, then
        // "zzread"), then its label flag, state and value flag.
        let buffer = CacheBuffer(good)
        let starts = try good.withUnsafeBufferPointer { pointer throws(BinaryReader.Corrupt) -> [Int] in
            var reader = BinaryReader(pointer, offset: VaultIndex.headerSize)
            _ = try reader.uint()
            _ = try reader.uint()
            var sections: [Int] = []
            for _ in 0..<(try reader.count()) {
                if let parts = try NoteRecord.decode(from: &reader, buffer: buffer).cachedHabitLines { sections.append(parts.habitLinesAt) }
            }
            var starts: [Int] = []
            for section in sections {
                var lines = BinaryReader(pointer, offset: section)
                for _ in 0..<(try lines.count()) {
                    starts.append(lines.offset)
                    _ = try lines.stringBytes()
                    _ = try lines.optionalStringBytes()
                    _ = try lines.byte()
                    if try lines.bool() { _ = try lines.double() }
                    _ = try lines.optionalStringBytes()
                    _ = try lines.optionalStringBytes()
                    _ = try lines.uint()
                }
            }
            return starts
        }
        #expect(starts.count == 3)
        #expect(starts.allSatisfy { good[$0...].starts(with: [UInt8(6)] + Array("zzread".utf8)) })
        for start in starts {
            // After the name: the label flag, the state, the value flag.
            for (offset, byte) in [(8, UInt8(7)), (8, 0xFF), (9, 5), (7, 9)] {
                var bytes = good
                bytes[start + offset] = byte
                try fileSystem.writeAtomically(goodManifest, to: manifestPath)
                try CacheTamperTests.reseal(shard: bytes, in: fileSystem, scope: .journal)
                let index = VaultIndex.open(vault, scope: .journal)
                #expect(!index.report.rebuilt, "the checksum is right: the bad part is found when read")
                let journal = Journal(index: index)
                JournalScopeTests.expectSame(journal, fresh)
                #expect(fileSystem.byteSnapshot[manifestPath] == nil, "the bad part was found: the next command rebuilds")
                #expect(journal.histories["zzread"]?.value(on: Day("2026-11-20")!) == nil, "the second line of the day wins")
            }
        }
    }

    /// The journal decodes daily files, and the stats table works out habits, on every core:
    /// the same journal and the same table with one, two or three threads.
    @Test func theJournalAndTheStatsTableDoNotDependOnTheNumberOfThreads() throws {
        let (vault, _) = MemoryVault.sample()
        let index = VaultIndex.open(vault)
        let one = Workers.$limit.withValue(1) { Journal(index: index) }
        let table = Workers.$limit.withValue(1) { HabitStatsTable(journal: one, today: .sampleToday, range: .all) }
        #expect(one.checkIns.count > 10 && table.habits.count > 3)
        for workers in [2, 3] {
            let journal = Workers.$limit.withValue(workers) { Journal(index: index) }
            JournalScopeTests.expectSame(journal, one)
            #expect(Workers.$limit.withValue(workers) { HabitStatsTable(journal: journal, today: .sampleToday, range: .all) } == table)
        }
    }
}
