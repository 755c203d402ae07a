import Foundation
import Testing
@testable import BrainCLI
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore

/// Counts say what they count, and one amount reads one way in every view.
@Suite struct UnitsAndWordsTests {
    @Test func aHabitDueEveryFewDaysCountsTimesNotDays() throws {
        let vault = try TestVault(sample: false)
        vault.run("init")
        try vault.write("habits/water.md", "---\ntitle: Water the plants\nevery: every 3 days\ncreated: 2026-11-10\n---\n")
        for day in ["2026-11-10", "2026-11-13", "2026-11-16", "2026-11-19", "2026-11-22"] {
            #expect(vault.run(["done", "water", "--date", day]).status == 0)
        }
        let stats = vault.run("stats --date 2026-11-22").stdout
        #expect(stats.contains("5 times"), "\(stats)")
        #expect(!stats.contains("5 days"))
        let json = vault.run("stats --date 2026-11-22 --json").stdout
        #expect(json.contains("\"unit\" : \"times\""))
        #expect(Streaks.describe(1, unit: .times, blockDays: nil) == "1 time")
        #expect(Streaks.phrase(5, unit: .times, blockDays: nil) == "the streak of 5 times")
        #expect(Streaks.unit(of: .daily) == .days && Streaks.unit(of: .everyNDays(3)) == .times)
    }

    @Test func anAmountReadsOneWayWhetherTypedOrTracked() throws {
        #expect(Quantity.progress(1, of: 2, unit: "cups") == "1 of 2 cups")
        #expect(Quantity.progress(1, of: 1, unit: "cups") == "1 of 1 cup")
        #expect(Quantity.progress(12000, of: 8000, unit: "steps") == "12,000 of 8,000 steps")
        #expect(Quantity.progress(nil, of: 20, unit: "pages") == "— of 20 pages")
        let vault = try TestVault()
        // A quit habit's amount, a tracked one and a typed one, in today and in done's answer.
        #expect(vault.run("done coffee 1").stdout.contains("1 of 2 cups"))
        let today = vault.run("today --date 2026-11-22").stdout
        #expect(today.contains("1 of 2 cups"), "\(today)")
        #expect(today.contains("2,310 of 8,000 steps"))
        #expect(vault.run("done walk 12000").stdout.contains("12,000 of 8,000 steps"))
        #expect(!vault.run("today --date 2026-11-22").stdout.contains("12000/8000"))
    }

    @Test func archivedHabitsAreMarkedInTheStatsTable() throws {
        let vault = try TestVault()
        let stats = vault.run("stats --date 2026-11-22").stdout
        #expect(stats.contains("Cold shower (archived)"), "\(stats)")
        #expect(!stats.contains("Run (archived)"))
        let json = vault.run("stats --date 2026-11-22 --json").stdout
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let rows = object?["habits"] as? [[String: Any]] ?? []
        #expect(rows.first { $0["id"] as? String == "cold-shower" }?["archived"] as? Bool == true)
        #expect(rows.first { $0["id"] as? String == "run" }?["archived"] as? Bool == false)
    }
}
