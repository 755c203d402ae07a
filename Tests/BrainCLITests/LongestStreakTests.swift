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
