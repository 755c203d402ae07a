import BrainFormat
import BrainAnalytics

/// Saves a week or month review as a reflection note (`notes/DATE-week-review.md`); never
/// overwrites an existing one.
package struct WriteReview: VaultAction {
    package var period: Review.Period
    /// The last day of the review: the period holding it, through it.
    package var date: Day
    /// The clock's day: a review covers only the days through it, and is refused for a period
    /// that has not begun (docs/ANALYTICS.md, "The future").
    package var now: Day?

    package init(period: Review.Period, date: Day, now: Day? = nil) {
        self.period = period
        self.date = date
        self.now = now
    }

    package var name: String { "review" }

    package struct Outcome: Codable, Sendable {
        package var date: Day
        package var review: Review
        package var path: String
    }

    package func plan(_ transaction: VaultTransaction) throws(ActionError) -> Outcome {
        var journal = transaction.journal
        journal.now = now
        let review = Review(journal: journal, period: period, today: date)
        guard review.from <= review.through else {
            throw ActionError(.refused, "the \(period.rawValue) of \(date) begins on \(review.from), after today (\(review.through)): "
                              + "a review is written once its period has begun")
        }
        // Named for the last day it covers: a review asked for a later day covers the days through today.
        let path = transaction.vault.config.folders.notes + "/\(review.through)-\(period.rawValue)-review.md"
        try transaction.create(review.markdown(), at: path)
        return Outcome(date: review.through, review: review, path: path)
    }
}
