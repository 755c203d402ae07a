/// A habit's current and best streak as `today --json` and `log --json` carry it.
public struct StreakSummary: Hashable, Sendable, Codable {
    public var current: Int
    public var best: Int
    public var unit: Streaks.Unit
    /// The block length in days for an `N in M days` habit; null otherwise.
    @Nullable public var blockDays: Int?

    public init(_ streaks: Streaks) {
        current = streaks.current
        best = streaks.best
        unit = streaks.unit
        blockDays = streaks.blockDays
    }
}
