import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// `ImportLoop` on vaults in memory: habit files, daily lines, idempotence, dry runs, bad rows,
/// and Brain's strength against the export's own `Scores.csv`.
@Suite struct ImportLoopTests {
    let today = LoopFixture.today

    /// Every habit's strength, computed by Brain from the imported files, equals Loop's
    /// `Scores.csv` to 4 decimals on every day it covers. With skips, the habits that are not
    /// daily (3/7, 2/3, 1/7 yes/no and 1/7 numerical) need Loop's rule for a skipped day inside
    /// the window (issue 11): the day stays in the window as not done (as 0.003 units for a
    /// numerical habit, Loop's skip code) and leaves the score as it was.
    @Test(arguments: Array(0..<LoopFixture.habits().count))
    func strengthEqualsScoresCSV(habitIndex: Int) throws {
        try Self.compareStrength(habitIndex: habitIndex, skips: true)
    }

    /// The fixture imported once into an empty vault, then read back through the index.
    struct Imported: Sendable {
        var files: [String: [UInt8]]
        var export: LoopExport
        var journal: Journal

        init(skips: Bool) {
            files = LoopFixture.files(skips: skips)
            export = try! LoopExport(files: files, source: "loop")
            let (vault, _) = MemoryVault.make([:])
            _ = try! vault.perform(ImportLoop(export: export, today: LoopFixture.today))
            journal = Journal(index: VaultIndex.open(vault))
        }
    }

    static let withSkips = Imported(skips: true)
    static let withoutSkips = Imported(skips: false)

    static func compareStrength(habitIndex: Int, skips: Bool) throws {
        let imported = skips ? withSkips : withoutSkips
        let (files, export, journal) = (imported.files, imported.export, imported.journal)
        let loop = export.habits[habitIndex]
        let folder = try #require(loop.folder)
        let expected = LoopFixture.scores(files, folder: folder)
        #expect(expected.count > 100)
        let habit = try #require(journal.habits.first { $0.title == loop.name.trimmingCharacters(in: .whitespaces) })
        let schedule = try #require(Schedule(habit: habit, history: journal.history(of: habit.id), today: LoopFixture.exportDay,
                                             weekStart: journal.weekStart))
        let brain = HabitStrength.scores(schedule)
        var compared = 0
        var mismatches: [String] = []
        for (day, score) in expected {
            let value = day < schedule.first ? 0 : brain[schedule.first.distance(to: day)]
            compared += 1
            if abs(value - score) > ImportLoop.strengthTolerance { mismatches.append("\(day): Brain \(value), Loop \(score)") }
        }
        #expect(compared == expected.count)
        #expect(mismatches.count == 0, "\(habit.id) (\(loop.numerator)/\(loop.denominator), \(loop.type.rawValue)): \(mismatches.count) of \(compared) days differ, first: \(mismatches.prefix(3).joined(separator: "; "))")
    }
}

extension ImportLoopTests {
    @Test(arguments: Array(0..<LoopFixture.habits().count))
    func strengthEqualsScoresCSVWithoutSkips(habitIndex: Int) throws {
        try Self.compareStrength(habitIndex: habitIndex, skips: false)
    }
}

extension ImportLoopTests {
    @Test func habitsBecomeHabitFiles() throws {
        let (vault, fileSystem) = MemoryVault.make([:])
        let result = try vault.perform(ImportLoop(export: LoopFixture.export(), today: today))
        let notes = MemoryVault.notes(fileSystem)
        #expect(result.outcome.habits.map(\.id) == ["meditate", "gym-heavy-days", "wake-up-early", "read", "coffee", "run", "café-日本語"])
        #expect(result.outcome.habits.allSatisfy { $0.created })
        let gym = try #require(notes["habits/gym-heavy-days.md"])
        #expect(gym.contains("title: Gym, \"heavy\" days\n"), "\(gym)")
        #expect(gym.contains("every: 3/week"))
        #expect(gym.contains("color: \"#D32F2F\""))
        #expect(gym.contains("## Loop Habit Tracker\n\nSquats, deadlifts.<br>Then stretch.\n"))
        let wake = try #require(notes["habits/wake-up-early.md"])
        #expect(wake.contains("every: 2 in 3 days"))
        #expect(wake.contains("Did you wake up before 6am?"))
        let read = try #require(notes["habits/read.md"])
        #expect(read.contains("target: 20\n") && read.contains("unit: pages\n") && read.contains("kind: build\n"))
        let coffee = try #require(notes["habits/coffee.md"])
        #expect(coffee.contains("kind: quit\n") && coffee.contains("target: 2\n"))
        let run = try #require(notes["habits/run.md"])
        #expect(run.contains("every: 1/week"))
        let cafe = try #require(notes["habits/café-日本語.md"])
        #expect(cafe.contains("title: Café ☕ 日本語"))
        #expect(cafe.contains("status: archived\n") && cafe.contains("archived: 2026-11-21\n"))
        // Every habit file reads back with the frequency, target and kind Loop had.
        let journal = Journal(index: VaultIndex.open(vault))
        let frequencies = Dictionary(uniqueKeysWithValues: journal.habits.map { ($0.id, $0.frequency.loopRatio) })
        #expect(frequencies["meditate"]! == (1, 1) && frequencies["gym-heavy-days"]! == (3, 7) && frequencies["wake-up-early"]! == (2, 3))
        #expect(journal.habit("coffee")?.isAtMost == true)
        #expect(journal.habits.allSatisfy { $0.issues.isEmpty })
        #expect(journal.habits.allSatisfy { $0.created != nil })
    }

    @Test func entriesBecomeLines() throws {
        var habit = LoopReference.Habit(name: "Read", numerical: true, target: 20, unit: "pages")
        let day = LoopFixture.exportDay
        habit.original[day] = (24_000, "good chapter, \"really\"")
        habit.original[day.adding(days: -1)] = (8_500, "")
        habit.original[day.adding(days: -2)] = (LoopReference.skip, "flu")
        habit.original[day.adding(days: -3)] = (LoopReference.no, "")
        habit.original[day.adding(days: -4)] = (1_000, "")
        var meditate = LoopReference.Habit(name: "Meditate", numerator: 1, denominator: 2)
        meditate.original[day] = (LoopReference.yesManual, "")
        meditate.original[day.adding(days: -1)] = (LoopReference.no, "line one\nline two")
        meditate.original[day.adding(days: -2)] = (LoopReference.skip, "")
        meditate.original[day.adding(days: -3)] = (LoopReference.yesManual, "")
        let export = try LoopExport(files: LoopReference.export([habit, meditate], today: day), source: "loop")
        let (vault, fileSystem) = MemoryVault.make([:])
        _ = try vault.perform(ImportLoop(export: export, today: today))
        let notes = MemoryVault.notes(fileSystem)
        func lines(_ day: Day) -> [String] {
            (notes["daily/\(day).md"] ?? "").split(separator: "\n").filter { $0.hasPrefix("- [") }.map(String.init)
        }
        #expect(lines(day) == ["- [x] [[read]] 24 pages — good chapter, \"really\"", "- [x] [[meditate]]"])
        // A NO with a note keeps the note on an open line; YES_AUTO without one writes nothing.
        #expect(lines(day.adding(days: -1)) == ["- [ ] [[read]] 8.5 pages", "- [ ] [[meditate]] line one<br>line two"])
        #expect(lines(day.adding(days: -2)) == ["- [-] [[read]] flu", "- [-] [[meditate]]"])
        #expect(lines(day.adding(days: -3)) == ["- [ ] [[read]] 0 pages", "- [x] [[meditate]]"])
        #expect(lines(day.adding(days: -4)) == ["- [ ] [[read]] 1 page"])
        let text = try #require(notes["daily/\(day).md"])
        #expect(text.hasPrefix("---\ndate: \(day)\n"), "new days start from the daily template")
    }

    @Test func secondImportChangesNothing() throws {
        let (vault, fileSystem) = MemoryVault.make([:])
        let first = try vault.perform(ImportLoop(export: LoopFixture.export(), today: today))
        #expect(first.outcome.linesAdded > 500)
        let after = MemoryVault.notes(fileSystem)
        let second = try vault.perform(ImportLoop(export: LoopFixture.export(), today: today))
        #expect(second.changes.isEmpty)
        #expect(second.outcome.linesAdded == 0)
        #expect(second.outcome.linesUnchanged == first.outcome.linesAdded)
        #expect(second.outcome.habits.allSatisfy { !$0.created })
        #expect(MemoryVault.notes(fileSystem).filter { !$0.key.hasPrefix(".brain/") } == after.filter { !$0.key.hasPrefix(".brain/") })
    }

    @Test func dryRunWritesNothingAndListsTheChanges() throws {
        let (vault, fileSystem) = MemoryVault.make([:])
        let before = MemoryVault.notes(fileSystem)
        let result = try vault.perform(ImportLoop(export: LoopFixture.export(), today: today), dryRun: true)
        #expect(result.dryRun)
        #expect(result.changes.count == result.outcome.daysCreated + result.outcome.habits.count)
        #expect(result.changes.contains { $0.path == "habits/meditate.md" && $0.kind == .created })
        #expect(MemoryVault.notes(fileSystem).filter { !$0.key.hasPrefix(".brain/") } == before.filter { !$0.key.hasPrefix(".brain/") })
    }

    @Test func existingFilesAreEditedMinimallyAndExistingHabitsMatched() throws {
        let day = LoopFixture.exportDay
        let daily = "---\r\ndate: \(day)\r\nmood: 4\r\n---\r\n## Habits\r\n- [x] [[meditate]] — my own note\r\n\r\n## Reflection\r\nA day. #good\r\n"
        let (vault, fileSystem) = MemoryVault.make([
            "habits/sitting.md": "---\ntitle: Meditate\nevery: day\n---\nMine.\n",
            "daily/\(day).md": daily,
        ])
        var meditate = LoopReference.Habit(name: "Meditate")
        meditate.original[day] = (LoopReference.yesManual, "")
        meditate.original[day.adding(days: -1)] = (LoopReference.yesManual, "")
        var read = LoopReference.Habit(name: "Read")
        read.original[day] = (LoopReference.yesManual, "")
        let export = try LoopExport(files: LoopReference.export([meditate, read], today: day), source: "loop")
        let result = try vault.perform(ImportLoop(export: export, today: today))
        #expect(result.outcome.habits.map(\.id) == ["sitting", "read"])
        #expect(result.outcome.habits.map(\.created) == [false, true])
        let notes = MemoryVault.notes(fileSystem)
        #expect(notes["habits/sitting.md"] == "---\ntitle: Meditate\nevery: day\n---\nMine.\n")
        #expect(notes["habits/meditate.md"] == nil)
        // The vault's own line names the habit by its title: it is kept; one line is added, CRLF kept.
        #expect(notes["daily/\(day).md"] == daily.replacingOccurrences(of: "my own note\r\n", with: "my own note\r\n- [x] [[read]]\r\n"))
        let change = try #require(result.changes.first { $0.path == "daily/\(day).md" })
        #expect(change.lines == [LineChange(line: 7, before: nil, after: "- [x] [[read]]")])
        #expect(result.outcome.linesKept == 1)
        #expect(result.outcome.conflicts.first?.vault == "- [x] [[meditate]] — my own note")
        #expect(notes["daily/\(day.adding(days: -1)).md"]?.contains("- [x] [[sitting]]") == true)
    }

    @Test func badRowsAreReportedWithFileAndLineAndTheRestImports() throws {
        var files = LoopReference.export([LoopReference.Habit(name: "Meditate", original: [
            LoopFixture.exportDay: (LoopReference.yesManual, ""), LoopFixture.exportDay.adding(days: -1): (LoopReference.yesManual, ""),
        ])], today: LoopFixture.exportDay)
        files["001 Meditate/Checkmarks.csv"]! += Array("2026-13-01,YES_MANUAL,\n2026-11-01,MAYBE,\n2026-11-02,YES_MANUAL,\"ok, fine\"\n".utf8)
        files["Habits.csv"]! += Array("002,Broken,YES_NO,,,2,1,#FFFFFF,,,,false\n".utf8)
        let export = try LoopExport(files: files, source: "loop.zip")
        #expect(export.diagnostics.map(\.description) == [
            "loop.zip/Habits.csv:3:1: error: frequency 2/1 is not N times in D days with 1 ≤ N ≤ D; habit left out",
            "loop.zip/001 Meditate/Checkmarks.csv:4:1: error: \"2026-13-01\" is not a date YYYY-MM-DD; row left out",
            "loop.zip/001 Meditate/Checkmarks.csv:5:1: error: value \"MAYBE\" is neither a number nor YES_MANUAL, YES_AUTO, NO, SKIP or UNKNOWN; row left out",
        ])
        let (vault, fileSystem) = MemoryVault.make([:])
        let result = try vault.perform(ImportLoop(export: export, today: today))
        #expect(result.outcome.skippedRows == 3)
        #expect(result.notices.count == 3)
        #expect(result.outcome.linesAdded == 3)
        #expect(MemoryVault.notes(fileSystem)["daily/2026-11-02.md"]?.contains("- [x] [[meditate]] ok, fine") == true)
    }

    @Test func aMissingHabitFolderImportsTheHabitWithoutEntries() throws {
        let habits = [LoopReference.Habit(name: "Meditate", original: [LoopFixture.exportDay: (LoopReference.yesManual, "")]),
                      LoopReference.Habit(name: "Stretch", original: [LoopFixture.exportDay: (LoopReference.yesManual, "")])]
        let files = LoopReference.export(habits, today: LoopFixture.exportDay, selected: [0])
        let export = try LoopExport(files: files, source: "loop")
        #expect(export.diagnostics.map(\.description) == [
            "loop/Habits.csv:3:1: warning: habit \"Stretch\" has no folder 002 … in the export; imported without entries",
        ])
        let (vault, fileSystem) = MemoryVault.make([:])
        let result = try vault.perform(ImportLoop(export: export, today: today))
        #expect(result.outcome.skippedRows == 0)
        #expect(result.outcome.habits.map(\.entries) == [1, 0])
        #expect(MemoryVault.notes(fileSystem)["habits/stretch.md"]?.contains("created: 2026-11-20") == true)
    }

    @Test(arguments: [
        ("Habits.csv", "Position,Name\n001,x\n", "loop/Habits.csv:1:1: error: header is \"Position,Name\"; expected"),
        ("Habits.csv", "Position,Name,Question,Description,NumRepetitions,Interval,Color\n", "loop/Habits.csv:1:1: error: this export comes from Loop Habit Tracker before version 2.3.1"),
        ("001 Meditate/Checkmarks.csv", "2026-11-20,2\n", "loop/001 Meditate/Checkmarks.csv:1:1: error: header is \"2026-11-20,2\"; expected \"Date,Value,Notes\""),
        ("001 Meditate/Scores.csv", "Date,Score\n2026-11-20,\"0.5\n", "loop/001 Meditate/Scores.csv:2:12: error: the quoted field opened here is never closed"),
    ])
    func unreadableFilesStopTheImport(file: String, text: String, message: String) throws {
        var files = LoopReference.export([LoopReference.Habit(name: "Meditate")], today: LoopFixture.exportDay)
        files[file] = Array(text.utf8)
        let error = #expect(throws: LoopExport.Failure.self) { try LoopExport(files: files, source: "loop") }
        #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "")")
    }

    @Test func anExportWithoutHabitsCSVIsRefused() {
        let error = #expect(throws: LoopExport.Failure.self) { try LoopExport(files: ["notes.txt": []], source: "x.zip") }
        #expect(error?.message == "x.zip: no Habits.csv; is this a Loop Habit Tracker CSV export (Settings → Export as CSV)?")
    }

    @Test func theActionChecksStrengthAgainstScoresCSV() throws {
        let (vault, _) = MemoryVault.make([:])
        let result = try vault.perform(ImportLoop(export: LoopFixture.export(skips: false), today: today), dryRun: true)
        #expect(result.outcome.strength.compared > 1000)
        #expect(result.outcome.strength.matching == result.outcome.strength.compared)
        #expect(result.outcome.strength.mismatches.isEmpty)
    }
}

extension ImportLoopTests {
    /// Names and notes with commas, quotes and line breaks, as opencsv quotes them, come through.
    @Test func namesWithLineBreaksAndQuotes() throws {
        var habit = LoopReference.Habit(name: "Stretch\nthen \"rest\", ok", question: "Did you?\r\nReally?",
                                        description: "Line one,\nline \"two\"")
        habit.original[LoopFixture.exportDay] = (LoopReference.yesManual, "a, b\r\n\"c\"")
        let files = LoopReference.export([habit], today: LoopFixture.exportDay)
        #expect(String(decoding: files["Habits.csv"]!, as: UTF8.self).contains("\"Stretch\nthen \"\"rest\"\", ok\""))
        let export = try LoopExport(files: files, source: "loop")
        #expect(export.habits.first?.name == "Stretch\nthen \"rest\", ok")
        let (vault, fileSystem) = MemoryVault.make([:])
        let result = try vault.perform(ImportLoop(export: export, today: today))
        let id = try #require(result.outcome.habits.first?.id)
        #expect(id == "stretch-then-rest-ok")
        let journal = Journal(index: VaultIndex.open(vault))
        let imported = try #require(journal.habit(id))
        // Step 25: the name is one line (its line break a space), the question and description
        // one line each (their line breaks <br>, as a note's).
        #expect(imported.title == "Stretch then \"rest\", ok")
        #expect(imported.issues.isEmpty)
        let file = try #require(MemoryVault.notes(fileSystem)["habits/\(id).md"])
        #expect(file.contains("\n# Stretch then \"rest\", ok\n"), "\(file)")
        #expect(file.contains("\nDid you?<br>Really?\n"), "\(file)")
        #expect(file.contains("\nLine one,<br>line \"two\"\n"), "\(file)")
        let day = try #require(MemoryVault.notes(fileSystem)["daily/\(LoopFixture.exportDay).md"])
        #expect(day.contains("- [x] [[\(id)]] a, b<br>\"c\"\n"))
    }
}

extension ImportLoopTests {
    /// Step 25, point 8: a Loop name, question or description with line breaks added lines to the
    /// habit file — its `# heading` broke, and the rest passed for a section and a check-off of
    /// another habit. Each is one line now, and the file has the template's lines and no more.
    @Test func aNameWithLineBreaksAddsNoLines() throws {
        let name = "Read\n## Habits\r\n- [x] [[meditate]]\u{2028}---\u{0B}end"
        var habit = LoopReference.Habit(name: name, question: "Did you?\n\n## Habits\n- [x] [[meditate]]",
                                        description: "---\ntitle: forged\n---")
        habit.original[LoopFixture.exportDay] = (LoopReference.yesManual, "")
        let export = try LoopExport(files: LoopReference.export([habit], today: LoopFixture.exportDay), source: "loop")
        let (vault, fileSystem) = MemoryVault.make([:])
        let result = try vault.perform(ImportLoop(export: export, today: today))
        let id = try #require(result.outcome.habits.first?.id)
        let file = try #require(MemoryVault.notes(fileSystem)["habits/\(id).md"])
        let lines = file.split(separator: "\n", omittingEmptySubsequences: false)
        let title = "Read ## Habits - [x] [[meditate]] --- end"
        #expect(lines.filter { $0.hasPrefix("#") } == ["# \(title)", "## Loop Habit Tracker"], "\(file)")
        #expect(!lines.contains { $0.hasPrefix("- [x]") || $0.hasPrefix("title: forged") }, "\(file)")
        #expect(lines.filter { $0 == "---" }.count == 2, "\(file)")
        #expect(!file.contains("\u{2028}") && !file.contains("\u{0B}") && !file.contains("\r"))
        #expect(file.contains("\nDid you?<br><br>## Habits<br>- [x] [[meditate]]\n"), "\(file)")
        #expect(file.contains("\n---<br>title: forged<br>---\n"), "\(file)")
        let journal = Journal(index: VaultIndex.open(vault))
        let imported = try #require(journal.habit(id))
        #expect(imported.title == title)
        #expect(imported.issues.isEmpty)
        // Messages name it on one line too.
        let unmatched = try LoopExport(files: LoopReference.export([habit], today: LoopFixture.exportDay, selected: []), source: "loop")
        #expect(unmatched.diagnostics.allSatisfy { !$0.description.contains("\n") }, "\(unmatched.diagnostics)")
    }

    /// Loop allows two habits of one name; each gets its own file (the second titled "Sport (2)")
    /// and every one of its lines, a second import matches each to its own file, and a Loop
    /// database backup is told apart from the CSV export.
    @Test func twoHabitsOfOneNameKeepEveryLine() throws {
        var first = LoopReference.Habit(name: "Sport")
        var second = LoopReference.Habit(name: "Sport", numerator: 3, denominator: 7)
        for offset in 0..<12 {
            first.original[LoopFixture.exportDay.adding(days: -offset)] = (LoopReference.yesManual, "")
            second.original[LoopFixture.exportDay.adding(days: -offset)] = (LoopReference.yesManual, "")
        }
        let export = try LoopExport(files: LoopReference.export([first, second], today: LoopFixture.exportDay), source: "loop")
        let (vault, fileSystem) = MemoryVault.make([:])
        let result = try vault.perform(ImportLoop(export: export, today: today))
        #expect(result.outcome.habits.map(\.id) == ["sport", "sport-2"])
        #expect(result.outcome.habits.map(\.linesAdded) == [12, 12])
        #expect(result.outcome.problems.isEmpty, "\(result.outcome.problems)")
        let notes = MemoryVault.notes(fileSystem)
        #expect(notes["habits/sport-2.md"]?.contains("title: Sport (2)\n") == true, "\(notes["habits/sport-2.md"] ?? "")")
        #expect(notes["daily/2026-11-20.md"]?.contains("- [x] [[sport]]\n- [x] [[sport-2]]\n") == true)
        // Two habits of one title written by hand are what validate warns about.
        try fileSystem.writeAtomically(Array("---\ntitle: Sport\n---\n".utf8), to: MemoryVault.root + "/habits/sport-copy.md", durable: false)
        let warning = VaultIndex.open(vault).diagnostics().filter { $0.message.hasPrefix("two habits titled") }.map(\.description)
        #expect(warning.count == 1)
        #expect(warning.first?.hasSuffix(": warning: two habits titled \"Sport\": habits/sport-copy.md and habits/sport.md; "
            + "give each its own title (a line naming the title is read as one of them)") == true, "\(warning)")
        try fileSystem.remove(MemoryVault.root + "/habits/sport-copy.md", durable: false)
        let again = try vault.perform(ImportLoop(export: export, today: today))
        #expect(again.changes.isEmpty)
        #expect(again.outcome.linesUnchanged == 24)
        #expect(again.outcome.problems.isEmpty, "\(again.outcome.problems)")
    }

    @Test func aLoopDatabaseBackupIsToldHowToExportTheCSV() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brain-loopdb-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/Loop Habits Backup 2026-11-20.db"
        try Data(Array("SQLite format 3\0".utf8) + [UInt8](repeating: 0, count: 100)).write(to: URL(fileURLWithPath: path))
        let failure = #expect(throws: LoopExport.Failure.self) { try LoopExport.read(at: path, source: "backup.db") }
        #expect(failure?.message == "backup.db: a Loop Habit Tracker database backup (SQLite), not its CSV export; in Loop, "
            + "Settings → Export as CSV shares a zip that brain import loop reads")
    }
}
