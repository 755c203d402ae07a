/// Saves a week or month review as a reflection note (`notes/DATE-week-review.md`); never
/// overwrites an existing one.
public struct WriteReview: VaultAction {
    public var period: Review.Period
    /// The last day of the review: the period holding it, through it.
    public var date: Day

    public init(period: Review.Period, date: Day) {
        self.period = period
        self.date = date
    }

    public var name: String { "review" }

    public struct Outcome: Codable, Sendable {
        public var date: Day
        public var review: Review
        public var path: String
    }

    public func plan(_ transaction: VaultTransaction) throws(ActionError) -> Outcome {
        let review = Review(journal: transaction.journal, period: period, today: date)
        let path = transaction.vault.config.folders.notes + "/\(date)-\(period.rawValue)-review.md"
        try transaction.create(review.markdown(), at: path)
        return Outcome(date: date, review: review, path: path)
    }
}
