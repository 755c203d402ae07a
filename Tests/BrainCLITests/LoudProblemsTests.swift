import Testing
@testable import BrainCLI

/// Nothing a person wrote vanishes without a word: two files for one day, a dropped front-matter
/// key, and a line before a habit's `created` day.
@Suite struct LoudProblemsTests {
    @Test func twoFilesForOneDayWarnEverywhereAndDoneRefuses() throws {
        let vault = try TestVault()
        try vault.write("daily/copy-of-20.md", try vault.read("daily/2026-11-20.md"))
        for command in ["today --date 2026-11-20", "days", "week", "month", "stats", "log read"] {
            let result = vault.run(command)
            #expect(result.status == 0, "\(command)")
            #expect(result.stderr.contains("warning: 2026-11-20 has 2 daily files (daily/2026-11-20.md, daily/copy-of-20.md)"), "\(command)")
        }
        let before = try vault.read("daily/2026-11-20.md")
        let done = vault.run("done read --date 2026-11-20")
        #expect(done.status == 1)
        #expect(done.stderr == "brain: 2026-11-20 has 2 daily files (daily/2026-11-20.md, daily/copy-of-20.md); merge them into one, then try again\n")
        #expect(try vault.read("daily/2026-11-20.md") == before)
        // Another day is written as usual.
        #expect(vault.run("done read --date 2026-11-21").status == 0)
    }

    @Test func aDroppedKeyWarnsInEveryReaderAndInDone() throws {
        let vault = try TestVault()
        let text = try vault.read("habits/meditate.md")
        try vault.write("habits/meditate.md", text.replacingOccurrences(of: "created:", with: "paused:\n\t- \"2026-11-01..2026-11-03\"\ncreated:"))
        let warning = "warning: habits/meditate.md:"
        for command in ["today", "stats", "week", "days"] {
            let result = vault.run(command)
            #expect(result.stderr.contains(warning) && result.stderr.contains("tabs are not allowed for indentation"), "\(command)")
        }
        let done = vault.run("done meditate --date 2026-11-21")
        #expect(done.stderr.contains(warning) && done.stderr.contains("tabs are not allowed"))
    }

    @Test func aLineBeforeCreatedCountsAndIsSaid() throws {
        let vault = try TestVault()
        // read is created on 2026-08-15; a line on Aug 10 (confirmed: it is 104 days back) moves its first day back and counts.
        let done = vault.run("done read 25 --date 2026-08-10 --force")
        #expect(done.status == 0)
        #expect(done.stderr.contains("read now starts on 2026-08-10 (it started on 2026-08-15)"))
        let log = vault.run("log read --since 2026-08-09 --date 2026-08-11")
        #expect(log.stdout.contains("2026-08-10 Mon  ✓ done"))
        let stats = vault.run("stats read --json")
        #expect(stats.stdout.contains("\"day\" : \"2026-08-10\""))
    }
}
