import BrainFormat
import BrainAnalytics

/// Saves a week or month review as a reflection note (`notes/DATE-week-review.md`); never
/// overwrites an existing one.
package struct WriteReview: VaultAction {
    package var period: Review.Period
    /// The last day of the review: the period holding it, through it.
    package var date: Day

    package init(period: Review.Period, date: Day) {
        self.period = period
        self.date = date
    }

    package var name: String { "review" }

    package struct Outcome: Codable, Sendable {
        package var date: Day
        package var review: Review
        package var path: String
    }

    package func plan(_ transaction: VaultTransaction) throws(ActionError) -> Outcome {
        let review = Review(journal: transaction.journal, period: period, today: date)
        let path = transaction.vault.config.folders.notes + "/\(date)-\(period.rawValue)-review.md"
        try transaction.create(review.markdown(), at: path)
        return Outcome(date: date, review: review, path: path)
    }
}
