import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct StatusCommandTests {
    @Test func transcript() throws {
        let vault = try TestVault()
        try Golden.check("status", [
            "status",
            "status --date 2026-10-27",
            "status --format '{checkin} {done}/{due} · next {next} · mood {mood}'",
            "status --format '{today} · {rest}'",
            "status --format '{strek}'",
            "status --format '{done'",
            "status --json",
        ], vault: vault)
    }

    @Test func readsNoIndex() throws {
        let vault = try TestVault()
        #expect(!vault.exists(".brain/cache/index.bin"))
        let result = vault.run("status")
        #expect(result.status == 0 && result.stdout == "3/11 done · momentum on fire · review-budget 2mo\n")
        // The index was neither read nor written: no cache appeared.
        #expect(!vault.exists(".brain/cache/index.bin"))
        // Today's note of a check-off shows at once.
        #expect(vault.run("done read").status == 0)
        #expect(vault.run("status --format {done}/{due}").stdout == "4/11\n")
    }

    /// Issue 14, point 6: the status line shows an auto-tracked habit's value against its rule,
    /// the same as `brain today`, and follows `brain track`.
    @Test func autoTrackedProgress() throws {
        let vault = try TestVault()
        let today = vault.run("today --json")
        let entry = try #require((try JSONSerialization.jsonObject(with: Data(today.stdout.utf8)) as? [String: Any])?["habits"]
            .flatMap { $0 as? [[String: Any]] }?.first { $0["id"] as? String == "walk" })
        let text = try #require((entry["progress"] as? [String: Any])?["text"] as? String)
        #expect(text == "2,310 of 8,000 steps")
        #expect(vault.run("status --format {auto}").stdout == "walk \(text)\n")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(vault.run("status --json").stdout.utf8)) as? [String: Any])
        let progress = try #require(json["progress"] as? [[String: Any]])
        #expect(progress.count == 1 && progress.first?["id"] as? String == "walk" && progress.first?["threshold"] as? Double == 8000)
        // A tracked value from a CSV export replaces the line's; the status follows it.
        try vault.write("steps.csv", "date,metric,value\n2026-11-22,steps,6210\n")
        try vault.write("habits/walk.md", try vault.read("habits/walk.md")
            .replacingOccurrences(of: "source: health", with: "source: csv"))
        let track = vault.run("track --source csv=steps.csv --since 2026-11-22")
        #expect(track.status == 0, "\(track.stderr)")
        #expect(vault.run("status --format {auto}").stdout == "walk 6,210 of 8,000 steps\n")
    }

    @Test func plainEvenOnATerminal() throws {
        let vault = try TestVault()
        vault.environment = ["COLORTERM": "truecolor"]
        #expect(!vault.run(["status"], terminal: true).stdout.contains("\u{1B}"))
    }
}
