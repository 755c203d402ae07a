import BrainFormat
import BrainAnalytics

/// A habit's streaks as `stats --json` carries them: `StreakSummary` and the day the current one began.
package struct StreakDetail: Hashable, Sendable, Codable {
    package var current: Int
    package var best: Int
    package var unit: Streaks.Unit
    /// The block length in days for an `N in M days` habit; null otherwise.
    @Nullable package var blockDays: Int?
    /// The first day of the current streak; null when it is 0.
    @Nullable package var currentSince: Day?

    package init(_ streaks: Streaks) {
        current = streaks.current
        best = streaks.best
        unit = streaks.unit
        blockDays = streaks.blockDays
        currentSince = streaks.currentSince
    }
}
