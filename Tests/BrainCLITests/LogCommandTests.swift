import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct LogCommandTests {
    static let paused = "---\ntitle: Piano\nevery: day\nstatus: paused\n---\n"

    @Test func doneTranscript() throws {
        let vault = try TestVault()
        try vault.write("habits/piano.md", LogCommandTests.paused)
        try Golden.check("log-done", [
            "done meditate",
            "done read 12",
            "done read 10 --add",
            "done coffee 3",
            "done coffee 2",
            "done no-doomscrolling",
            "done strength --note 'push-ups only'",
            "done run --date yesterday",
            "done journal --date -2",
            "done journal --date thu",
            "done spanish 20 --date 2026-11-19",
            "done run --date 2026-09-01",
            "done run --date 2026-09-01 --force",
            "done piano",
            "done read --date tomorrow",
            "done swimming",
            "done r",
            "done cold-shower",
            "done read twelve",
            "done read --add",
        ], vault: vault)
    }

    @Test func doneWritesExactlyTheIntendedLines() throws {
        let vault = try TestVault()
        let before = try vault.read("daily/2026-11-22.md")
        #expect(vault.run("done read 12").status == 0)
        var diff = LineDiff(before, try vault.read("daily/2026-11-22.md"))
        #expect(diff.removed == ["- [ ] [[read]]"])
        #expect(diff.added == ["- [ ] [[read]] 12 pages"])

        #expect(vault.run("done read 8 --add").status == 0)
        diff = LineDiff(before, try vault.read("daily/2026-11-22.md"))
        #expect(diff.added == ["- [x] [[read]] 20 pages"])

        #expect(vault.run("done run").status == 0)
        #expect(vault.run("done run --note easy").status == 0)
        let after = try vault.read("daily/2026-11-22.md")
        diff = LineDiff(before, after)
        #expect(diff.removed == ["- [ ] [[read]]"])
        #expect(diff.added.sorted() == ["- [x] [[read]] 20 pages", "- [x] [[run]] easy"])
        // The new line closes the habits section, before its blank line.
        #expect(after.contains("- [ ] [[no-doomscrolling]]\n- [x] [[run]] easy\n\n## Reflection"))
    }

    @Test func quitHabitOverTheLimitIsNotHeld() throws {
        let vault = try TestVault()
        let result = vault.run("done coffee 3")
        #expect(result.stdout.contains("over the limit"))
        #expect(try vault.read("daily/2026-11-22.md").contains("- [ ] [[coffee]] 3 cups\n"))
        // Step 16, point 2: every view says the same of the day, and the streak ends at once.
        let today = vault.run("today").stdout.split(separator: "\n").map(String.init)
        let row = try #require(today.firstIndex { $0.contains("At most two coffees") })
        #expect(today[row].hasPrefix("  ✗ ") && !today[row].contains("days"), "\(today[row])")
        #expect(today[row + 1].contains("over the limit"))
        let log = vault.run("log coffee --since -2").stdout
        #expect(log.contains("over the limit") && !log.contains("missed"), "\(log)")
        #expect(vault.run("stats coffee").stdout.contains("0 days") || !vault.run("stats coffee").stdout.contains("current"))
        #expect(vault.run("done coffee 1").status == 0)
        #expect(try vault.read("daily/2026-11-22.md").contains("- [x] [[coffee]] 1 cup\n"))
    }

    @Test func aNewDayIsMadeFromTheDailyTemplate() throws {
        let vault = try TestVault()
        #expect(vault.run("done run --date 2026-09-01 --force").status == 0)
        #expect(try vault.read("daily/2026-09-01.md")
            == "---\ndate: 2026-09-01\nmood:\nenergy:\nevening-mood:\nrest: false\n---\n## Intentions\n- \n\n## Habits\n- [x] [[run]]\n\n## Reflection\n")
    }

    @Test func theVaultsOwnDailyTemplateIsUsed() throws {
        let vault = try TestVault()
        try vault.write("templates/daily.md", "---\ndate: \"{{date}}\"\n---\n# {{weekday}}\n\n## Habits\n")
        #expect(vault.run("done run --date 2026-09-01 --force").status == 0)
        #expect(try vault.read("daily/2026-09-01.md") == "---\ndate: 2026-09-01\n---\n# Tuesday\n\n## Habits\n- [x] [[run]]\n")
    }

    @Test func theDaysFileIsFoundWhereverItLives() throws {
        let vault = try TestVault()
        let text = try vault.read("daily/2026-11-22.md")
        try FileManager.default.removeItem(atPath: vault.root + "/daily/2026-11-22.md")
        try vault.write("daily/2026/11/2026-11-22.md", text)
        #expect(vault.run("done read 30").status == 0)
        #expect(!vault.exists("daily/2026-11-22.md"))
        #expect(try vault.read("daily/2026/11/2026-11-22.md").contains("- [x] [[read]] 30 pages\n"))
    }

    @Test func beforeTheDayStartsACheckOffBelongsToTheDayBefore() throws {
        let vault = try TestVault(now: "2026-11-23T01:30:00Z")
        let result = vault.run("done run")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!vault.exists("daily/2026-11-23.md"))
        #expect(try vault.read("daily/2026-11-22.md").contains("- [x] [[run]]\n"))
        // And tomorrow, seen from 01:30, is the 23rd, which has not begun.
        #expect(vault.run("done run --date tomorrow").status == 1)
    }

    @Test func crlfDailyFilesGetCRLFLines() throws {
        let vault = try TestVault()
        let text = try vault.read("daily/2026-11-22.md").replacingOccurrences(of: "\n", with: "\r\n")
        try vault.write("daily/2026-11-22.md", text)
        #expect(vault.run("done run").status == 0)
        #expect(vault.run("done read 25").status == 0)
        let after = try vault.read("daily/2026-11-22.md")
        #expect(after.contains("- [x] [[run]]\r\n"))
        #expect(after.contains("- [x] [[read]] 25 pages\r\n"))
        #expect(!after.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }

    @Test func undoSkipRestTranscript() throws {
        let vault = try TestVault()
        try Golden.check("log-undo-skip-rest", [
            "undo meditate",
            "undo meditate",
            "undo run",
            "undo run --date 2026-09-01",
            "skip strength knee hurts",
            "skip walk",
            "skip run --date yesterday",
            "rest --reason flu",
            "rest",
            "rest --off",
            "rest --date 2026-09-01",
            "rest --off --reason x",
            "rest --date tomorrow",
        ], vault: vault)
        #expect(!vault.exists("daily/2026-11-23.md"))
    }

    @Test func undoAndSkipChangeOneLine() throws {
        let vault = try TestVault()
        let before = try vault.read("daily/2026-11-22.md")
        #expect(vault.run("undo spanish").status == 0)
        var diff = LineDiff(before, try vault.read("daily/2026-11-22.md"))
        #expect(diff.removed == ["- [x] [[spanish]] 15 minutes"])
        #expect(diff.added == ["- [ ] [[spanish]]"])
        #expect(vault.run("skip walk rain all day").status == 0)
        diff = LineDiff(before, try vault.read("daily/2026-11-22.md"))
        #expect(diff.removed.sorted() == ["- [ ] [[walk]] 2310 steps (auto: health ≥ 8000)", "- [x] [[spanish]] 15 minutes"])
        #expect(diff.added.sorted() == ["- [ ] [[spanish]]", "- [-] [[walk]] rain all day"])
    }

    @Test func restTouchesOnlyFrontMatterKeys() throws {
        let vault = try TestVault()
        let before = try vault.read("daily/2026-11-22.md")
        #expect(vault.run("rest --reason flu").status == 0)
        var diff = LineDiff(before, try vault.read("daily/2026-11-22.md"))
        #expect(diff.removed.isEmpty)
        #expect(diff.added == ["rest: true", "rest-reason: flu"])
        #expect(vault.run("rest --off").status == 0)
        diff = LineDiff(before, try vault.read("daily/2026-11-22.md"))
        #expect(diff.added == ["rest: false"])
    }

    /// A typo in --date (-400 for -4) cannot rewrite a habit's history: a line that would move the
    /// habit's first day back by more than 7 days, or land more than 60 days back, is refused with
    /// what it would do, and --force confirms it.
    @Test func aDateFarBackIsRefusedUnlessForced() throws {
        let vault = try TestVault()
        let typo = vault.run("done read 20 --date -400")
        #expect(typo.status == 1)
        #expect(typo.stdout == "")
        #expect(typo.stderr == "brain: 2025-10-18 is 301 days before read's first day (2026-08-15): this would create "
            + "daily/2025-10-18.md and move the start of read's history back to 2025-10-18, so every day from then on counts\n"
            + "if that is what you meant, run the command again with --force\n")
        #expect(!vault.exists("daily/2025-10-18.md"))
        // Within the habit's history but long ago.
        let old = vault.run("skip walk --date 2026-08-20")
        #expect(old.status == 1)
        #expect(old.stderr.hasPrefix("brain: 2026-08-20 is 94 days back (today is 2026-11-22): this would create daily/2026-08-20.md\n"))
        // Moving a young habit's first day back by two weeks.
        let before = try vault.read("daily/2026-09-30.md")
        let early = vault.run("done spanish --date 2026-09-30")
        #expect(early.status == 1)
        #expect(early.stderr.hasPrefix("brain: 2026-09-30 is 14 days before spanish's first day (2026-10-14): this would write to daily/2026-09-30.md"))
        #expect(try vault.read("daily/2026-09-30.md") == before)
        // A few days back, or a few days before the first day, needs nothing more.
        #expect(vault.run("done spanish --date 2026-10-10").status == 0)
        let forced = vault.run("done read 20 --date -400 --force")
        #expect(forced.status == 0)
        #expect(vault.exists("daily/2025-10-18.md"))
    }

    /// `undo` right after `done` puts the day's file back exactly as it was: the added line goes,
    /// and a file the check-off created is deleted.
    @Test func undoRightAfterDonePutsTheDayFileBack() throws {
        let vault = try TestVault()
        let before = try vault.read("daily/2026-11-20.md")
        #expect(vault.run("done call-family --date 2026-11-20").status == 0)
        #expect(try vault.read("daily/2026-11-20.md") != before)
        let undone = vault.run("undo call-family --date 2026-11-20")
        #expect(undone.status == 0)
        #expect(try vault.read("daily/2026-11-20.md") == before)
        #expect(vault.run("done read 20 --date 2026-09-01 --force").stdout.hasPrefix("created daily/2026-09-01.md\n"))
        let removed = vault.run("undo read --date 2026-09-01")
        #expect(removed.status == 0)
        #expect(removed.stdout == "read: undone; deleted daily/2026-09-01.md, which the check-off had created\n")
        #expect(!vault.exists("daily/2026-09-01.md"))
        // Not right after: the line is set back to open as always.
        #expect(vault.run("done read 20 --date 2026-11-21").status == 0)
        #expect(vault.run("skip meditate --date 2026-11-21").status == 0)
        #expect(vault.run("undo read --date 2026-11-21").status == 0)
        #expect(try vault.read("daily/2026-11-21.md").contains("- [ ] [[read]]"))
    }
}

