/// A habit's streaks as `stats --json` carries them: `StreakSummary` and the day the current one began.
public struct StreakDetail: Hashable, Sendable, Codable {
    public var current: Int
    public var best: Int
    public var unit: Streaks.Unit
    /// The block length in days for an `N in M days` habit; null otherwise.
    @Nullable public var blockDays: Int?
    /// The first day of the current streak; null when it is 0.
    @Nullable public var currentSince: Day?

    public init(_ streaks: Streaks) {
        current = streaks.current
        best = streaks.best
        unit = streaks.unit
        blockDays = streaks.blockDays
        currentSince = streaks.currentSince
    }
}
