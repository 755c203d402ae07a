import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct AnalyticsCommandTests {
    @Test func statsTranscripts() throws {
        let vault = try TestVault()
        try Golden.check("stats-all", [
            "stats",
            "stats --range 1y",
            "stats --range 2w",
            "stats --date someday",
        ], vault: vault)
        try Golden.check("stats-habit", [
            "stats read",
            "stats strength",
            "stats guitar --date 2026-10-01",
            "stats cold-shower",
            "stats reed",
            "stats read walk",
        ], vault: vault)
        try Golden.check("stats-json", [
            "stats walk --json",
            "stats --json --range 7d --date 2026-10-15",
        ], vault: vault)
    }

    @Test func heatmapTranscripts() throws {
        let vault = try TestVault()
        try Golden.check("heatmap-all", [
            "heatmap",
            "heatmap --year 2025",
            "heatmap --year abc",
        ], vault: vault)
        try Golden.check("heatmap-habit", [
            "heatmap read",
            "heatmap strength --date 2026-10-31",
            "heatmap run --json --date 2026-01-02",
            "heatmap nothing",
        ], vault: vault)
    }

    @Test func calendarTranscripts() throws {
        let vault = try TestVault()
        try Golden.check("week", [
            "week",
            "week --date 2026-09-10",
            "week --date 2026-11-18 --json",
            "week --date 2026-13-01",
        ], vault: vault)
        try Golden.check("month", [
            "month",
            "month --date 2026-09-15",
            "month --date 2026-10-01 --json",
            "month --date 2026-02-30",
        ], vault: vault)
    }

    @Test func goalsAndAreasTranscripts() throws {
        let vault = try TestVault()
        try Golden.check("goals", [
            "goals",
            "goals --date 2026-10-01",
            "goals --json",
            "goals extra",
        ], vault: vault)
        try Golden.check("areas", [
            "areas",
            "areas --date 2026-10-01",
            "areas --json",
            "areas --jsn",
        ], vault: vault)
    }

    @Test func coachTranscripts() throws {
        let vault = try TestVault()
        try Golden.check("coach", [
            "coach",
            "coach --date 2026-11-15",
            "coach --date 2026-10-01",
            "coach --date 2026-09-08",
            "coach --json",
            "coach --date",
        ], vault: vault)
    }

    @Test func reviewTranscripts() throws {
        let vault = try TestVault()
        try Golden.check("review-week", [
            "review week",
            "review week --write",
            "review week --write",
            "review year",
            "review",
        ], vault: vault)
        try Golden.check("review-month", [
            "review month --date 2026-10-31",
            "review month --json",
        ], vault: vault)
    }

    @Test func reviewWriteCreatesAReflectionNote() throws {
        let vault = try TestVault()
        let result = vault.run("review month --write")
        #expect(result.status == 0)
        #expect(result.stdout == "notes/2026-11-22-month-review.md\n")
        let text = try vault.read("notes/2026-11-22-month-review.md")
        #expect(text.hasPrefix("---\ntitle: Month review Nov 2026\ntype: reflection\ncreated: 2026-11-22\n"))
        // The index sees it as a reflection.
        let listed = vault.run("list reflection")
        #expect(listed.stdout.contains("notes/2026-11-22-month-review.md"))
        // A second write refuses and leaves the file alone.
        try vault.write("notes/2026-11-22-month-review.md", "mine\n")
        let again = vault.run("review month --write")
        #expect(again.status == 1)
        #expect(try vault.read("notes/2026-11-22-month-review.md") == "mine\n")
    }

    @Test func statsJSONHasTheDocumentedKeys() throws {
        let vault = try TestVault()
        let result = vault.run("stats read --json")
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["schemaVersion", "date", "habit", "streaks", "rates", "strength", "momentum", "mood", "achievements",
                                     "scoreHistory", "scoreChange", "repetitions", "bestStreaks", "frequency", "totals"])
        let totals = try #require(object["totals"] as? [[String: Any]])
        #expect(totals.map { $0["period"] as? String } == ["day", "week", "month", "quarter", "year"])
        #expect(object["schemaVersion"] as? Int == 1)
        let rates = try #require(object["rates"] as? [String: Any])
        #expect(Set(rates.keys) == ["7d", "30d", "90d", "365d", "all"])
        let streaks = try #require(object["streaks"] as? [String: Any])
        #expect(streaks["unit"] as? String == "days")
    }

    @Test func colourCellsOnATerminal() throws {
        let vault = try TestVault()
        vault.environment = ["TERM": "xterm-256color"]
        let result = vault.run(["heatmap", "read"], terminal: true)
        // Forest (the sample vault's theme), dark (no COLORFGBG), 256 colours: level 4 and the empty cell.
        let palette = Theme.forest.palette(.dark)
        #expect(result.stdout.contains("\u{1B}[38;5;\(palette.levels[4].xterm256)m■"))
        #expect(result.stdout.contains("\u{1B}[38;5;\(palette.levels[0].xterm256)m■"))
        #expect(!result.stdout.contains("█"))
        // 16 colours (TERM=xterm): levels fall on few system colours, so the glyphs keep them apart.
        vault.environment = ["TERM": "xterm"]
        let sixteen = vault.run(["heatmap", "read"], terminal: true).stdout
        #expect(sixteen.contains("\u{1B}[\(ColorMode.ansi16.foreground(palette.levels[4]))m█"), "\(sixteen)")
        #expect(sixteen.contains("\u{1B}[\(ColorMode.ansi16.foreground(palette.levels[0]))m·"), "\(sixteen)")
        #expect(!sixteen.contains("■") && !sixteen.contains("38;5;"))
    }
}
