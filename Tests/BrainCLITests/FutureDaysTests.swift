import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit

/// Step 16, point 3: the future has not happened. With the clock on 22 Nov 2026, a `--date` after
/// it counts no day after the 22nd as a miss, and a review is written only for a period that has
/// begun, covering its days through today.
@Suite struct FutureDaysTests {
    func object(_ vault: TestVault, _ arguments: [String]) throws -> [String: Any] {
        let run = vault.run(arguments)
        #expect(run.status == 0, "\(arguments): \(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    func canon(_ value: Any?) -> String {
        guard let value, let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]) else { return "-" }
        return String(decoding: data, as: UTF8.self)
    }

    @Test func statsAfterTodayAreTodaysStats() throws {
        let vault = try TestVault()
        let now = try #require(try object(vault, ["stats", "--json"])["habits"] as? [[String: Any]])
        let later = try #require(try object(vault, ["stats", "--date", "2026-12-31", "--json"])["habits"] as? [[String: Any]])
        #expect(now.count == later.count && now.count > 10)
        for (a, b) in zip(now, later) {
            for key in ["streak", "strength", "momentum", "rate"] {
                #expect(canon(a[key]) == canon(b[key]), "\(a["id"] ?? ""): \(key)")
            }
        }
        let today = try object(vault, ["today", "--json"])
        let ahead = try object(vault, ["today", "--date", "2026-12-01", "--json"])
        #expect(canon(today["momentum"]) == canon(ahead["momentum"]))
    }

    @Test func aReviewIsWrittenOnlyForABegunPeriodAndItsPastDays() throws {
        let vault = try TestVault()
        let refused = vault.run(["review", "week", "--write", "--date", "2026-11-30"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("has begun"), "\(refused.stderr)")
        #expect(!vault.exists("notes/2026-11-30-week-review.md"))

        let written = vault.run(["review", "month", "--write", "--date", "2026-11-30"])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout == "notes/2026-11-22-month-review.md\n")
        let note = try String(contentsOfFile: vault.root + "/notes/2026-11-22-month-review.md", encoding: .utf8)
        let asOfToday = vault.run(["review", "month", "--date", "2026-11-22"]).stdout
        #expect(note == asOfToday, "the note counts the days through today, not the coming days as misses")
    }
}
