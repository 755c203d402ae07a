import Foundation

/// A place auto-tracked habits take their numbers from: a kind of file a person can export
/// (Apple Health's export, an iCalendar file, a CSV of metrics). A source names its metrics and
/// reads a file into per-day values for each query it is given. Adding a source is one type that
/// conforms to this protocol, listed in `TrackingSources.all`.
public protocol TrackingSource: Sendable {
    /// The name rules and `--source NAME=FILE` use: `health`.
    static var name: String { get }
    /// One line for help and docs.
    static var summary: String { get }
    /// The metrics the source reads; nil when any name is accepted (a CSV's metric column).
    static var metrics: [TrackingMetric]? { get }

    /// Fills the defaults of a rule read from a habit (`Habit.auto`) and returns what is wrong
    /// with it, as messages for `brain validate`. The default implementation checks the metric,
    /// `match` and the threshold (`checkRule`).
    static func complete(_ rule: inout AutoRule) -> [String]

    /// Reads `file`, adding a value for every record that answers one of `queries` (all of
    /// this source) to `collector`; a bad record is reported through the collector and skipped.
    /// Throws when the file cannot be read at all.
    static func read(_ file: TrackingFile, queries: [TrackingQuery], into collector: inout TrackingCollector,
                     context: TrackingContext) throws(TrackingError)
}

/// One metric of a source.
public struct TrackingMetric: Hashable, Sendable, Codable {
    /// The name in rules: `steps`.
    public var name: String
    /// The unit a written value carries when the habit has no `unit:` (`steps`, `km`, `hours`).
    public var unit: String
    /// Where the number comes from.
    public var summary: String
    /// What `match:` is compared with for this metric, or nil when `match:` does not apply.
    public var matches: String?
    /// Decimals a value is rounded to before it is written and compared with the threshold.
    public var decimals: Int

    public init(name: String, unit: String, summary: String, matches: String? = nil, decimals: Int = 0) {
        self.name = name
        self.unit = unit
        self.summary = summary
        self.matches = matches
        self.decimals = decimals
    }

    /// `value` rounded to the metric's decimals.
    public func rounded(_ value: Double) -> Double {
        let scale = pow(10, Double(decimals))
        return (value * scale).rounded() / scale
    }
}

extension TrackingSource {
    public static func complete(_ rule: inout AutoRule) -> [String] {
        checkRule(rule)
    }

    /// The metric a rule names, when the source knows it (any name for an open source).
    public static func metric(named name: String) -> TrackingMetric? {
        guard let metrics else { return TrackingMetric(name: name, unit: name, summary: "the \(name) rows", decimals: 6) }
        return metrics.first { $0.name == name }
    }

    /// The checks every source makes: a known metric, `match` only where it applies and is a
    /// valid pattern, and a threshold.
    public static func checkRule(_ rule: AutoRule) -> [String] {
        var problems: [String] = []
        if rule.metric.isEmpty {
            problems.append("auto needs a metric, e.g. " + (metrics?.first?.name ?? "screen-minutes"))
        } else if let metric = metric(named: rule.metric) {
            if let match = rule.match {
                if metric.matches == nil {
                    let takers = (metrics ?? []).filter { $0.matches != nil }.map(\.name)
                    problems.append("match does not apply to \(name) \(rule.metric)"
                                    + (takers.isEmpty ? "" : "; it narrows \(takers.joined(separator: " and "))"))
                } else if let problem = TrackingPattern.problem(match) {
                    problems.append(problem)
                }
            }
        } else {
            let names = (metrics ?? []).map(\.name)
            var message = "unknown \(name) metric \"\(rule.metric)\": expected \(names.joined(separator: ", "))"
            if let close = Suggestion.closest(to: rule.metric, in: names) { message += "; did you mean \(close)?" }
            problems.append(message)
        }
        if rule.atLeast == nil && rule.atMost == nil {
            problems.append("auto needs a threshold: at-least: N or at-most: N")
        }
        return problems
    }
}

/// The sources `auto: {source: …}` may name.
public enum TrackingSources {
    /// Every source, in the order help lists them.
    public static var all: [any TrackingSource.Type] { [HealthSource.self, CalendarSource.self, CSVSource.self] }

    /// Their names: `health`, `calendar`, `csv`.
    public static var names: [String] { all.map { $0.name } }

    /// The source called `name` (any case).
    public static func named(_ name: String) -> (any TrackingSource.Type)? {
        let lower = name.lowercased()
        return all.first { $0.name == lower }
    }

    /// The metric a rule reads, when its source and metric are known.
    public static func metric(of rule: AutoRule) -> TrackingMetric? {
        named(rule.source)?.metric(named: rule.metric)
    }
}

/// A file to read for a source.
public struct TrackingFile: Hashable, Sendable, Codable {
    public var source: String
    /// The absolute path read.
    public var path: String
    /// The path as the person gave it, for messages.
    public var shown: String

    public init(source: String, path: String, shown: String? = nil) {
        self.source = source
        self.path = path
        self.shown = shown ?? path
    }
}

/// How instants become days, which days are kept, and where progress goes.
public struct TrackingContext {
    public var timeZone: TimeZone
    /// Minutes after midnight at which a day starts (`day-starts-at`).
    public var dayStartsAt: Int
    /// Only values on these days are kept (nil: every day); a recurring event is expanded up to
    /// the last of them.
    public var days: ClosedRange<Day>?
    /// Called now and then with the bytes read and the bytes in all (for a progress line).
    public var progress: ((_ done: Int64, _ total: Int64) -> Void)?

    public init(timeZone: TimeZone, dayStartsAt: Int = 0, days: ClosedRange<Day>? = nil,
                progress: ((_ done: Int64, _ total: Int64) -> Void)? = nil) {
        self.timeZone = timeZone
        self.dayStartsAt = dayStartsAt
        self.days = days
        self.progress = progress
    }
}

/// A file that could not be read at all (missing, not the expected format, damaged).
public struct TrackingError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    public init(_ message: String) {
        self.message = message
    }
}

/// `match:` patterns: regular expressions matched anywhere in the text, ignoring case.
public enum TrackingPattern {
    /// Why `pattern` is not a valid regular expression, or nil when it is.
    public static func problem(_ pattern: String) -> String? {
        compile(pattern) == nil ? "match \"\(pattern)\" is not a valid regular expression" : nil
    }

    /// The compiled pattern, or nil when it is not valid.
    public static func compile(_ pattern: String) -> NSRegularExpression? {
        try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
    }

    /// Whether `text` contains a match of `expression`.
    public static func matches(_ expression: NSRegularExpression, _ text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
