import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit

/// Step 16, point 7: `status`'s `{streak}` and a review's longest streak name the same habit: the
/// streak covering the most days, whatever unit it counts in (2 months of a monthly habit lead
/// 71 days of a daily one when they began earlier).
@Suite struct LongestStreakTests {
    @Test func statusAndTheReviewPickTheSameHabit() throws {
        let vault = try TestVault()
        let status = vault.run(["status", "--format", "{streak-habit}", "--date", "2026-11-22"])
        #expect(status.status == 0, "\(status.stderr)")
        let review = vault.run(["review", "week", "--date", "2026-11-22"])
        let streaks = review.stdout.components(separatedBy: "## Streaks\n").last ?? ""
        let first = streaks.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("- [[\(status.stdout.trimmingCharacters(in: .newlines))]]: "), "\(status.stdout) against \(first)")
        #expect(status.stdout == "review-budget\n", "the sample's longest running streak covers two months")
    }
}

/// Step 16, point 11: a week review counts each habit as `week` does (a habit still open on the
/// day is due: 1/2 where `week` says 1/2, not 1/1).
@Suite struct ReviewCountsAsWeekTests {
    @Test func everyHabitsDoneAndDueAreTheWeeks() throws {
        let vault = try TestVault()
        func object(_ arguments: [String]) throws -> [String: Any] {
            let run = vault.run(arguments)
            #expect(run.status == 0, "\(run.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        }
        let week = try #require(try object(["week", "--date", "2026-11-22", "--json"])["habits"] as? [[String: Any]])
        let review = try #require((try object(["review", "week", "--date", "2026-11-22", "--json"])["review"] as? [String: Any])?["habits"] as? [[String: Any]])
        let weekCounts = Dictionary(uniqueKeysWithValues: week.filter { ($0["due"] as? Int ?? 0) > 0 }.map { ($0["id"] as! String, [$0["done"] as! Int, $0["due"] as! Int]) })
        let reviewCounts = Dictionary(uniqueKeysWithValues: review.map { ($0["habit"] as! String, [$0["done"] as! Int, $0["due"] as! Int]) })
        #expect(reviewCounts == weekCounts)
        #expect(reviewCounts["call-family"] == [1, 2])
    }
}
