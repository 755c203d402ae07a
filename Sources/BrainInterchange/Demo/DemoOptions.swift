import BrainFormat
import BrainAnalytics
import BrainStore

/// What `brain demo` generates: sizes, the seed, and the last day of the daily files.
package struct DemoOptions: Sendable, Hashable {
    package var years: Int
    package var habits: Int
    package var notes: Int
    package var seed: UInt64
    /// The last daily file ("today"); the generator never reads a clock.
    package var end: Day

    package init(years: Int = 1, habits: Int = 12, notes: Int = 200, seed: UInt64 = 1, end: Day) {
        self.years = years
        self.habits = habits
        self.notes = notes
        self.seed = seed
        self.end = end
    }

    /// Number of daily files: 365 per year, ending on `end`.
    package var days: Int { max(years, 0) * 365 }

    /// The first daily file.
    package var start: Day { end.adding(days: -(max(days, 1) - 1)) }
}
