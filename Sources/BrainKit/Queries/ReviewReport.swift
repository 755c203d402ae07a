/// `brain review week|month`: the period's review and the day it was made as of.
public struct ReviewReport: Hashable, Sendable, Codable {
    public var date: Day
    public var review: Review

    /// The review of the `period` holding `today`, through `today`.
    public init(journal: Journal, period: Review.Period, today: Day) {
        date = today
        review = Review(journal: journal, period: period, today: today)
    }
}
