/// What `brain demo` generates: sizes, the seed, and the last day of the daily files.
public struct DemoOptions: Sendable, Hashable {
    public var years: Int
    public var habits: Int
    public var notes: Int
    public var seed: UInt64
    /// The last daily file ("today"); the generator never reads a clock.
    public var end: Day

    public init(years: Int = 1, habits: Int = 12, notes: Int = 200, seed: UInt64 = 1, end: Day) {
        self.years = years
        self.habits = habits
        self.notes = notes
        self.seed = seed
        self.end = end
    }

    /// Number of daily files: 365 per year, ending on `end`.
    public var days: Int { max(years, 0) * 365 }

    /// The first daily file.
    public var start: Day { end.adding(days: -(max(days, 1) - 1)) }
}
