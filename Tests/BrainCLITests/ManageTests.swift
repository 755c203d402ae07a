import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// `edit`, `archive`, `unarchive`, `delete`, `restore` and `goal`: transcripts, and a check that a
/// refused command leaves every file as it was.
@Suite struct ManageTests {
    /// Every file of the vault but the cache, by path.
    static func snapshot(_ vault: TestVault) throws -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(atPath: vault.root)!
        while let path = enumerator.nextObject() as? String {
            if path.hasPrefix(".brain/cache") { continue }
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: vault.root + "/" + path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { result[path] = Array(FileManager.default.contents(atPath: vault.root + "/" + path)!) }
        }
        return result
    }

    /// Runs each failing command line and checks its status and that no file changed.
    static func refuses(_ lines: [(String, Int32)], on vault: TestVault, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        for (line, status) in lines {
            let before = try snapshot(vault)
            let result = vault.run(line)
            #expect(result.status == status, "\(line): \(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stderr.hasPrefix("brain: "), "\(line): \(result.stderr)", sourceLocation: sourceLocation)
            #expect(try snapshot(vault) == before, "\(line) changed a file", sourceLocation: sourceLocation)
        }
    }

    @Test func editTranscript() throws {
        let vault = try TestVault()
        try Golden.check("edit", [
            "edit read --set target=25 --set 'cue=After tea'",
            "edit read --set every=weekdays --dry-run",
            "edit run-5k --set due=2027-04-01 --unset start",
            "edit read --set every=fortnightly",
            "edit read --set frequncy=day",
            "edit read --set target=lots",
            "edit read --unset nope",
            "edit reed --set cue=x",
            "edit read",
            "edit read --set mantra=onward --force",
        ], vault: vault)
        #expect(try vault.read("habits/read.md").contains("mantra: onward\n"))
    }

    @Test func refusedEditsChangeNothing() throws {
        let vault = try TestVault()
        try Self.refuses([
            ("edit read --set every=fortnightly", 64), ("edit read --set frequncy=day", 64), ("edit read --set target=lots", 64),
            ("edit read --set remind=7pm", 64), ("edit read --unset nope", 1), ("edit reed --set cue=x", 1),
            ("edit read --set nothing", 64), ("edit 2026-11-22 --set date=2026-11-23", 1),
        ], on: vault)
    }

    @Test func archiveTranscript() throws {
        let vault = try TestVault()
        try Golden.check("archive", [
            "archive cold-shower",
            "archive read",
            "done read",
            "unarchive read",
            "done read",
            "archive atomic-habits",
            "archive raed",
            "archive learn-spanish --json",
        ], vault: vault)
    }

    @Test func deleteTranscript() throws {
        let vault = try TestVault()
        try Golden.check("delete", [
            "delete how-i-use-brain",
            "delete read",
            "delete notes/tiny-habits.md",
            "delete notes/zk.md --json",
            "restore",
            "restore zk",
            "restore zk",
            "delete how-i-use-brain --force",
            "restore notes/how-i-use-brain.md",
        ], vault: vault)
        #expect(vault.exists("notes/how-i-use-brain.md"))
        #expect(vault.exists("notes/zk.md"))
    }

    @Test func refusedDeletesChangeNothing() throws {
        let vault = try TestVault()
        try Self.refuses([("delete how-i-use-brain", 1), ("delete read", 1), ("delete health", 1), ("delete nothing-here", 1),
                          ("restore nothing-here", 1)], on: vault)
    }

    @Test func goalTranscript() throws {
        let vault = try TestVault()
        try Golden.check("goal", [
            "goal progress save-2000 +100",
            "goal progress save-2000 2000",
            "goal progress save-2000 -50.5",
            "goal tick emergency-fund 2000",
            "goal tick emergency-fund 4 --undo",
            "goal tick emergency-fund 'open a'",
            "goal progress save-2000 lots",
            "goal tick emergency-fund zz",
            "goal tick first-parkrun 1",
            "goal tick emergency-fund 9",
            "goal progress reed 3",
            "goal progress read 3",
        ], vault: vault)
    }

    @Test func refusedGoalUpdatesChangeNothing() throws {
        let vault = try TestVault()
        try Self.refuses([
            ("goal progress save-2000 lots", 64), ("goal progress save-2000 -5000", 64), ("goal tick emergency-fund zz", 1),
            ("goal tick first-parkrun 1", 1), ("goal tick emergency-fund 9", 1), ("goal progress reed 3", 1),
            ("goal tick emergency-fund 'saved'", 1),
        ], on: vault)
    }

    @Test func newHabitTakesEveryKeyFromTheCommandLine() throws {
        let vault = try TestVault()
        try Golden.check("new-habit-keys", [
            "new habit Stretch --every 3/week --cue 'After the run' --stack evening --after run --remind 19:30 --goal run-5k --area Health --created 2026-11-01",
            "done stretch --date 2026-11-10",
            "new habit Floss --remind 7pm",
            "new habit Floss --goal nowhere",
            "new note Idea --cue x",
            "new habit Floss --created someday",
        ], vault: vault)
        let log = vault.run("log stretch --since 2026-11-01 --date 2026-11-22")
        #expect(log.stdout.contains("2026-11-10 Tue  ✓ done"), "\(log.stdout)")
    }
}
