import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct CheckinTests {
    @Test func flagsTranscript() throws {
        let vault = try TestVault()
        try Golden.check("checkin-flags", [
            "checkin morning --mood 5 --energy 2 --intention 'Call Ana' --intention 'Bake bread'",
            "checkin evening --mood 4 --reflection 'Quiet day, long walk.'",
            "checkin evening --reflection 'Slept early.'",
            "checkin morning --mood 3 --date 2026-09-01",
            "checkin morning --mood 6",
            "checkin morning --energy high",
            "checkin evening --energy 3",
            "checkin morning --reflection x",
            "checkin noon",
            "checkin morning",
            "checkin evening",
            "checkin morning --mood 3 --date tomorrow",
        ], vault: vault)
    }

    @Test func morningFlagsEditKeysAndAppendIntentions() throws {
        let vault = try TestVault()
        let before = try vault.read("daily/2026-11-22.md")
        #expect(vault.run(["checkin", "morning", "--mood", "5", "--intention", "Call Ana"]).status == 0)
        let after = try vault.read("daily/2026-11-22.md")
        let diff = LineDiff(before, after)
        #expect(diff.removed == ["mood: 4"])
        #expect(diff.added == ["mood: 5", "- Call Ana"])
        #expect(after.contains("- Review the pull requests\n- Call Ana\n\n## Habits"))
    }

    @Test func eveningKeepsTheReflectionAlreadyThere() throws {
        let vault = try TestVault()
        #expect(vault.run(["checkin", "evening", "--reflection", "First."]).status == 0)
        #expect(vault.run(["checkin", "evening", "--mood", "2", "--reflection", "Second."]).status == 0)
        let after = try vault.read("daily/2026-11-22.md")
        #expect(after.hasSuffix("## Reflection\nFirst.\n\nSecond.\n"))
        #expect(after.contains("energy: 3\nevening-mood: 2\n---\n"))
    }

    @Test func aNewDayFillsTheTemplatesEmptyIntention() throws {
        let vault = try TestVault()
        #expect(vault.run(["checkin", "morning", "--energy", "4", "--intention", "Ship", "--date", "2026-09-01"]).status == 0)
        #expect(try vault.read("daily/2026-09-01.md")
            == "---\ndate: 2026-09-01\nmood:\nenergy: 4\nevening-mood:\nrest: false\n---\n## Intentions\n- Ship\n\n## Habits\n\n## Reflection\n")
    }

    @Test func interactiveMorningAsksAgainAfterABadAnswer() throws {
        let vault = try TestVault()
        vault.environment["NO_COLOR"] = "1"
        let arguments = ["checkin", "morning"]
        let result = vault.run(arguments, input: ["7", "four", "4", "", "Call Ana", "Bake bread", ""], terminal: true)
        #expect(result.status == 0)
        let text = try vault.read("daily/2026-11-22.md")
        #expect(text.contains("mood: 4\nenergy: 3\n"))
        #expect(text.contains("- Call Ana\n- Bake bread\n"))
        try CheckinTests.golden("checkin-interactive", result.transcript(arguments)
            + vault.run(["checkin", "evening"], input: ["", "Long day."], terminal: true).transcript(["checkin", "evening"])
            + vault.run(["checkin", "evening"], input: ["5"], terminal: true).transcript(["checkin", "evening"])
            + vault.run(["checkin", "evening"], input: ["", ""], terminal: true).transcript(["checkin", "evening"]))
        let after = try vault.read("daily/2026-11-22.md")
        #expect(after.contains("evening-mood: 5\n"))
        #expect(after.hasSuffix("## Reflection\nLong day.\n"))
    }

    @Test func anIntentionGoesAfterTheLastIntentionAndAHabitLineAfterTheLastHabitLine() throws {
        // Intentions followed by a subsection of habits, and a paragraph after the habit lines.
        let vault = try TestVault()
        try vault.write("daily/2026-11-22.md", """
            ---
            date: 2026-11-22
            ---
            ## Intentions
            - Call Ana

            ### habits
            - [x] [[read]] 20 pages
            - [ ] [[walk]]

            Long walk planned for the afternoon, if the rain stops.

            """)
        #expect(vault.run(["checkin", "morning", "--intention", "Bake bread"]).status == 0)
        #expect(vault.run(["done", "journal"]).status == 0)
        #expect(try vault.read("daily/2026-11-22.md") == """
            ---
            date: 2026-11-22
            ---
            ## Intentions
            - Call Ana
            - Bake bread

            ### habits
            - [x] [[read]] 20 pages
            - [ ] [[walk]]
            - [x] [[journal]]

            Long walk planned for the afternoon, if the rain stops.

            """)
    }

    @Test func anEveningReflectionTakesSeveralLines() throws {
        let vault = try TestVault()
        vault.environment["NO_COLOR"] = "1"
        let result = vault.run(["checkin", "evening"], input: ["4", "Slow start.", "# Good afternoon at the lake.", "Early night.", "", "ignored"],
                               terminal: true)
        #expect(result.status == 0, "\(result.stderr)")
        let text = try vault.read("daily/2026-11-22.md")
        // Every line is kept, in order; one that would be a heading stays text.
        #expect(text.hasSuffix("## Reflection\nSlow start.\n\\# Good afternoon at the lake.\nEarly night.\n"), "\(text)")
        #expect(!text.contains("ignored"))
        // Several lines through --reflection too, and a line break alone in an intention is refused.
        #expect(vault.run(["checkin", "evening", "--reflection", "One.\nTwo."]).status == 0)
        #expect(try vault.read("daily/2026-11-22.md").hasSuffix("Early night.\n\nOne.\nTwo.\n"))
        #expect(vault.run(["checkin", "morning", "--intention", "A\nB"]).status != 0)
    }

    @Test func withFlagsItNeverReadsInput() throws {
        let vault = try TestVault()
        let result = vault.run(["checkin", "morning", "--mood", "2"], input: ["5"], terminal: true)
        #expect(result.status == 0)
        #expect(!result.stdout.contains("Mood ("))
        #expect(try vault.read("daily/2026-11-22.md").contains("mood: 2\n"))
    }

    /// A transcript compared with (or, the first time or with BRAIN_RECORD, written to) `Transcripts/name.txt`.
    static func golden(_ name: String, _ transcript: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let path = Golden.folder + "/" + name + ".txt"
        if ProcessInfo.processInfo.environment["BRAIN_RECORD"] != nil || !FileManager.default.fileExists(atPath: path) {
            try transcript.write(toFile: path, atomically: true, encoding: .utf8)
            if ProcessInfo.processInfo.environment["BRAIN_RECORD"] == nil {
                Issue.record("recorded a new transcript \(name).txt; review it and run again", sourceLocation: sourceLocation)
            }
            return
        }
        let expected = try String(contentsOfFile: path, encoding: .utf8)
        if expected != transcript {
            Issue.record("transcript \(name).txt differs:\n\(Golden.lineDiff(expected, transcript))", sourceLocation: sourceLocation)
        }
    }
}

/// Step 16, point 10: two daily files for one day (a copy left by a sync) are read one way by
/// every view: the first file's values win, the other fills in what it leaves empty.
@Suite struct TwoFilesOfOneDayTests {
    @Test func everyViewReadsThemAlike() throws {
        let vault = try TestVault()
        let main = try vault.read("daily/2026-11-21.md")
        try vault.write("daily/2026-11-21.md", main.replacingOccurrences(of: "\nmood: 4\n", with: "\nmood:\n"))
        try vault.write("daily/old/2026-11-21.md", "---\ndate: 2026-11-21\nmood: 2\nenergy: 5\n---\n## Habits\n- [x] [[run]]\n")
        let days = vault.run(["days", "--date", "2026-11-22", "--json"])
        let week = vault.run(["week", "--date", "2026-11-22", "--json"])
        let today = vault.run(["today", "--date", "2026-11-21", "--json"])
        for run in [days, week, today] { #expect(run.status == 0, "\(run.stderr)") }
        func object(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }
        let dayRows = try #require((try object(days.stdout) as? [String: Any])?["days"] as? [[String: Any]])
        let row = try #require(dayRows.first { $0["date"] as? String == "2026-11-21" })
        #expect(row["mood"] as? Int == 2 && row["energy"] as? Int == 3, "\(row)")
        #expect(today.stdout.contains("\"mood\" : 2") && today.stdout.contains("\"energy\" : 3"), "\(today.stdout)")
        let weekDays = try #require((try object(week.stdout) as? [String: Any])?["days"] as? [[String: Any]])
        let weekDay = try #require(weekDays.first { $0["date"] as? String == "2026-11-21" })
        #expect(weekDay["mood"] as? Int == 2 && weekDay["energy"] as? Int == 3, "\(weekDay)")
    }
}

/// Step 16, point 9: stacks in the order of the day, and `next` the first open habit in it.
@Suite struct StacksInTheOrderOfTheDayTests {
    @Test func theMorningComesBeforeTheEvening() throws {
        let vault = try TestVault()
        try vault.write("habits/floss.md", "---\ntitle: Floss\nevery: day\nstack: evening\ncreated: 2026-11-01\n---\n")
        try vault.write("habits/stretch.md", "---\ntitle: Stretch\nevery: day\nstack: morning\nafter: meditate\ncreated: 2026-11-01\n---\n")
        let today = vault.run(["today", "--date", "2026-11-22"])
        #expect(today.status == 0, "\(today.stderr)")
        let morning = try #require(today.stdout.range(of: "  morning: "))
        let evening = try #require(today.stdout.range(of: "  evening: "))
        #expect(morning.lowerBound < evening.lowerBound, "\(today.stdout)")
        let next = vault.run(["status", "--format", "{next}", "--date", "2026-11-22"])
        #expect(next.stdout == "stretch\n", "\(next.stdout)")
    }
}
