import BrainFormat
import BrainAnalytics

/// `brain review week|month`: the period's review and the day it was made as of.
package struct ReviewReport: Hashable, Sendable, Codable {
    package var date: Day
    package var review: Review

    /// The review of the `period` holding `today`, through `today`.
    package init(journal: Journal, period: Review.Period, today: Day) {
        date = today
        review = Review(journal: journal, period: period, today: today)
    }
}
