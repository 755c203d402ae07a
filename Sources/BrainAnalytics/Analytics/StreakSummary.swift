import BrainFormat

/// A habit's current and best streak as `today --json` and `log --json` carry it.
package struct StreakSummary: Hashable, Sendable, Codable {
    package var current: Int
    package var best: Int
    package var unit: Streaks.Unit
    /// The block length in days for an `N in M days` habit; null otherwise.
    @Nullable package var blockDays: Int?

    package init(_ streaks: Streaks) {
        current = streaks.current
        best = streaks.best
        unit = streaks.unit
        blockDays = streaks.blockDays
    }
}
