import BrainFormat

/// Each auto-tracked habit's value on a day against its rule's threshold, `6,210 of 8,000 steps`,
/// as `brain today` shows it (and any other view may: `AutoProgress(journal:day:)`).
///
/// The value is the one on the day's habit line: `brain track` keeps no other record, so the
/// daily file is where the last tracked value lives, and a value typed by hand shows the same way.
public struct AutoProgress: Hashable, Sendable, Codable {
    /// One habit on the day.
    public struct Item: Hashable, Sendable, Codable {
        public var id: String
        public var title: String
        public var source: String
        public var metric: String
        /// `at-least` or `at-most`.
        public var comparison: String
        public var threshold: Double
        /// The value on the day's line; nil before the first `brain track` of the day.
        @Nullable package var value: Double?
        @Nullable package var unit: String?
        /// The line's checkbox: `done`, `open`, `skipped`; nil without a line.
        @Nullable package var state: TaskItem.State?
        /// Whether the value meets the rule (false without a value).
        public var met: Bool
        /// Whether the line is one `brain track` wrote (it ends with the `(auto: …)` marker).
        public var tracked: Bool
        /// The value as a share of an at-least threshold (0–1, capped at 1); nil for at-most rules or no value.
        @Rounded package var fraction: Double?
        /// `6,210 of 8,000 steps`, or `— of 8,000 steps` without a value.
        public var text: String

        public init(id: String, title: String, source: String, metric: String, comparison: String, threshold: Double, value: Double?, unit: String?, state: TaskItem.State?, met: Bool, tracked: Bool, fraction: Double?, text: String) {
            self.id = id
            self.title = title
            self.source = source
            self.metric = metric
            self.comparison = comparison
            self.threshold = threshold
            self.value = value
            self.unit = unit
            self.state = state
            self.met = met
            self.tracked = tracked
            self.fraction = fraction
            self.text = text
        }
    }

    public var date: Day
    /// The habits with an `auto:` rule that are not archived, by title.
    public var items: [Item]

    /// The progress of every auto-tracked habit on `day`.
    public init(journal: Journal, day: Day) {
        date = day
        let lines = journal.checkIns.last { $0.day == day }?.lines ?? [:]
        items = journal.habits
            .filter { $0.auto != nil && $0.status != .archived && !($0.archived.map { day >= $0 } ?? false) }
            .sorted { ($0.title.lowercased(), $0.id) < ($1.title.lowercased(), $1.id) }
            .compactMap { AutoProgress.item($0, line: lines[$0.id.lowercased()]) }
    }

    /// The progress of one habit given its line on the day; nil when it has no rule.
    public static func item(_ habit: Habit, line: HabitLine?) -> Item? {
        guard let rule = habit.auto else { return nil }
        let unit = habit.unit ?? line?.unit ?? TrackingSources.metric(of: rule)?.unit
        let value = line?.value
        let fraction = rule.isAtMost || rule.threshold <= 0 ? nil : value.map { min(1, max(0, $0 / rule.threshold)) }
        let text = Quantity.progress(value, of: rule.threshold, unit: unit)
        return Item(id: habit.id, title: habit.title, source: rule.source, metric: rule.metric,
                    comparison: rule.isAtMost ? "at-most" : "at-least", threshold: rule.threshold, value: value, unit: unit,
                    state: line?.state, met: value.map(rule.isMet) ?? false,
                    tracked: line?.note.flatMap(AutoMarker.init) != nil, fraction: fraction, text: text)
    }
}
