import Foundation
import Testing
@testable import BrainFormat
@testable import BrainInterchange

/// harsh's streaks for habits of N in M days, from `Fixtures/harsh-windowed`, against the account
/// worked out by hand in its README (harsh's `StreakLengths` and days until break).
@Suite struct HarshStreakTests {
    static let folder = MemoryVault.packageRoot + "/Tests/BrainKitTests/Fixtures/harsh-windowed"
    static let today = Day(year: 2025, month: 1, day: 14)!

    struct Expected: Sendable, CustomTestStringConvertible {
        var habit: String
        var done: Int
        var streak: Int
        var best: Int
        var daysUntilBreak: Int
        var testDescription: String { habit }
    }

    static let expected = [
        Expected(habit: "Gym", done: 5, streak: 7, best: 7, daysUntilBreak: 1),
        Expected(habit: "Swim", done: 3, streak: 3, best: 3, daysUntilBreak: 3),
        Expected(habit: "Floss", done: 2, streak: 0, best: 2, daysUntilBreak: -999),
    ]

    @Test(arguments: expected) func windowedHabitsCountAsHarshDoes(_ expected: Expected) throws {
        let history = try HistoryReaders.harsh(Self.folder, source: "harsh-windowed", today: Self.today)
        #expect(history.diagnostics.isEmpty)
        let habit = try #require(history.habits.first { $0.name == expected.habit })
        #expect(habit.source.done == expected.done)
        #expect(habit.source.streak == expected.streak)
        #expect(habit.source.best == expected.best)
        #expect(habit.source.daysUntilBreak == expected.daysUntilBreak)
    }

    /// A satisfied `n` day counts only through windows of `y` lines; an `s` covers the days after it.
    @Test func nDayNeedsTheWindowMet() throws {
        let history = try HistoryReaders.harsh(Self.folder, source: "harsh-windowed", today: Self.today)
        let swim = try #require(history.habits.first { $0.name == "Swim" })
        let streak = HarshStreak(swim.entries, target: 2, interval: 7)
        #expect(!streak.satisfied(Day(year: 2025, month: 1, day: 2)!, countingSkips: false), "only 01 in 01–07")
        #expect(!streak.satisfied(Day(year: 2025, month: 1, day: 9)!, countingSkips: false), "10 and 11 come after 09")
        #expect(streak.satisfied(Day(year: 2025, month: 1, day: 13)!, countingSkips: false))
        #expect(streak.warning(Day(year: 2025, month: 1, day: 7)!) && !streak.warning(Day(year: 2025, month: 1, day: 6)!))
    }

    /// The habit's end day stops the count there, as harsh's does.
    @Test func endDayStopsTheCount() throws {
        let history = try HistoryReaders.harsh(Self.folder, source: "harsh-windowed", today: Self.today)
        let gym = try #require(history.habits.first { $0.name == "Gym" })
        let ended = HarshStreak(gym.entries, target: 3, interval: 7, end: Day(year: 2025, month: 1, day: 5)!)
        let lengths = try #require(ended.lengths(today: Self.today))
        #expect(lengths.current == 3 && lengths.longest == 3)
    }
}
