/// An auto-tracking rule: `auto: {source: health, metric: steps, at-least: 8000}`.
///
/// A source (`TrackingSources`) gives a value per day for the rule's metric (and `match`, where the
/// source reads one); the rule decides whether that value completes the habit. Exactly one of
/// `atLeast` and `atMost` is set once a rule has been read (`Habit` fills the defaults).
public struct AutoRule: Hashable, Sendable, Codable {
    /// How several values of one day make the day's value.
    public enum PerDay: String, Hashable, Sendable, Codable, CaseIterable {
        /// The total (steps, minutes): the default.
        case sum
        /// The largest single value (the longest workout).
        case max
        /// The smallest single value.
        case min
    }

    /// The source's name: `health`, `calendar`, `csv` (see `TrackingSources`).
    public var source: String
    public var metric: String
    public var atLeast: Double?
    public var atMost: Double?
    /// A pattern the source matches (case-insensitively) against what it reads: an event's
    /// summary for `calendar`, a workout's type for `health`'s workout metrics.
    public var match: String?
    public var perDay: PerDay
    /// Where samples of several origins overlap in time, which counts: the first origin whose
    /// name holds one of these (case-insensitive), in this order; then a watch, then a phone.
    package var priority: [String]?
    /// `all-day: true`: all-day events count too (`calendar`); without it only timed events count.
    package var allDay: Bool?

    public init(source: String, metric: String, atLeast: Double? = nil, atMost: Double? = nil, match: String? = nil,
                perDay: PerDay = .sum) {
        self.source = source
        self.metric = metric
        self.atLeast = atLeast
        self.atMost = atMost
        self.match = match
        self.perDay = perDay
    }

    /// The threshold: `at-least` or `at-most`.
    public var threshold: Double { atLeast ?? atMost ?? 0 }

    /// True when the value must stay at or below the threshold.
    public var isAtMost: Bool { atLeast == nil && atMost != nil }

    /// Whether a day's value completes the habit.
    public func isMet(_ value: Double) -> Bool {
        if let atLeast, value < atLeast { return false }
        if let atMost, value > atMost { return false }
        return true
    }

    /// `≥` or `≤`.
    public var comparison: String { isAtMost ? "≤" : "≥" }

    /// The note `brain track` ends a habit line with: `(auto: health ≥ 8000)`. A line carrying it
    /// was written by `brain track`, and the next run may rewrite it.
    public var marker: String { "(auto: \(source) \(comparison) \(Quantity.number(threshold)))" }

    /// `health steps ≥ 8000`, `calendar "Gym|Yoga" minutes ≥ 30`.
    public var summary: String {
        var text = source
        if let match { text += " \"\(match)\"" }
        text += " " + metric
        if perDay != .sum { text += " (\(perDay.rawValue) per day)" }
        if allDay == true { text += " (all-day too)" }
        return text + " \(comparison) \(Quantity.number(threshold))"
    }

    /// What the rule asks its source for; rules that differ only in threshold or `per-day` share one.
    package var query: TrackingQuery { TrackingQuery(source: source, metric: metric, match: match, allDay: allDay == true) }
}

/// What a source is asked to read: a metric, narrowed by a pattern where the source reads one.
package struct TrackingQuery: Hashable, Sendable, Codable, Comparable {
    package var source: String
    package var metric: String
    package var match: String?
    /// All-day events count too (`calendar`'s `all-day: true`); nil when they do not.
    package var allDay: Bool?

    package init(source: String, metric: String, match: String? = nil, allDay: Bool = false) {
        self.source = source
        self.metric = metric
        self.match = match
        self.allDay = allDay ? true : nil
    }

    package static func < (lhs: TrackingQuery, rhs: TrackingQuery) -> Bool {
        (lhs.source, lhs.metric, lhs.match ?? "", lhs.allDay == true ? 1 : 0) < (rhs.source, rhs.metric, rhs.match ?? "", rhs.allDay == true ? 1 : 0)
    }
}
