import Foundation

/// A place auto-tracked habits take their numbers from: a kind of file a person can export
/// (Apple Health's export, an iCalendar file, a CSV of metrics), as `auto:` rules name it. This is
/// the schema half (the source's name, metrics and rule checks), which parsing a habit needs; the
/// half that reads files is `TrackingFileSource`, in BrainInterchange. Adding a source is one type
/// conforming to both, listed in `TrackingSources.all`.
package protocol TrackingSource: Sendable {
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
}

/// One metric of a source.
package struct TrackingMetric: Hashable, Sendable, Codable {
    /// The name in rules: `steps`.
    package var name: String
    /// The unit a written value carries when the habit has no `unit:` (`steps`, `km`, `hours`).
    package var unit: String
    /// Where the number comes from.
    package var summary: String
    /// What `match:` is compared with for this metric, or nil when `match:` does not apply.
    package var matches: String?
    /// Decimals a value is written with (the exact value is compared with the threshold).
    package var decimals: Int

    package init(name: String, unit: String, summary: String, matches: String? = nil, decimals: Int = 0) {
        self.name = name
        self.unit = unit
        self.summary = summary
        self.matches = matches
        self.decimals = decimals
    }

    /// `value` rounded to the metric's decimals.
    package func rounded(_ value: Double) -> Double {
        rounded(value, decimals: decimals)
    }

    /// `value` rounded to the metric's decimals, or to as many more (up to three) as it takes for
    /// the written value to meet `isMet` as the exact one does: 19.6 minutes against "at least
    /// 20" is written 19.6, not 20.
    package func rounded(_ value: Double, keeping isMet: (Double) -> Bool) -> Double {
        let met = isMet(value)
        for places in decimals...(decimals + 3) {
            let candidate = rounded(value, decimals: places)
            if isMet(candidate) == met { return candidate }
        }
        return value
    }

    private func rounded(_ value: Double, decimals: Int) -> Double {
        let scale = pow(10, Double(decimals))
        return (value * scale).rounded() / scale
    }
}

extension TrackingSource {
    package static func complete(_ rule: inout AutoRule) -> [String] {
        checkRule(rule)
    }

    /// The metric a rule names, when the source knows it (any name for an open source).
    package static func metric(named name: String) -> TrackingMetric? {
        guard let metrics else { return TrackingMetric(name: name, unit: name, summary: "the \(name) rows", decimals: 6) }
        return metrics.first { $0.name == name }
    }

    /// The checks every source makes: a known metric, `match` only where it applies and is a
    /// valid pattern, and a threshold.
    package static func checkRule(_ rule: AutoRule) -> [String] {
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
package enum TrackingSources {
    /// Every source, in the order help lists them.
    package static var all: [any TrackingSource.Type] { [HealthSource.self, CalendarSource.self, CSVSource.self] }

    /// Their names: `health`, `calendar`, `csv`.
    package static var names: [String] { all.map { $0.name } }

    /// The source called `name` (any case).
    package static func named(_ name: String) -> (any TrackingSource.Type)? {
        let lower = name.lowercased()
        return all.first { $0.name == lower }
    }

    /// The metric a rule reads, when its source and metric are known.
    package static func metric(of rule: AutoRule) -> TrackingMetric? {
        named(rule.source)?.metric(named: rule.metric)
    }
}

/// `match:` patterns: regular expressions matched anywhere in the text, ignoring case.
///
/// NSRegularExpression (ICU) backtracks, so some patterns take exponential time on a text that
/// almost matches: `(a+)+$` over a summary of a thousand `a`s would run for longer than the
/// universe. Two bounds keep `brain track` finite whatever the rule says: a pattern that repeats a
/// group holding a repetition (`(a+)+`, `(a*)*`, `(\w+\s?){2,}`) is refused when the rule is
/// checked (`brain validate` reports it and the habit is not tracked), and any match is stopped
/// after `timeLimit` seconds and counts as no match (a pattern of alternatives that overlap,
/// `(a|aa)+$`, escapes the first check but not the second).
package enum TrackingPattern {
    /// How long one text may be matched, in seconds.
    package static let timeLimit = 0.1

    /// Why `pattern` cannot be used: not a valid regular expression, or a nested repetition.
    package static func problem(_ pattern: String) -> String? {
        guard compile(pattern) != nil else { return "match \"\(pattern)\" is not a valid regular expression" }
        if let nested = nestedRepetition(pattern) {
            return "match \"\(pattern)\" repeats a group that holds a repetition (\(nested)), which can take "
                + "exponential time to match; write it without the outer repetition"
        }
        return nil
    }

    /// The first group of `pattern` that is repeated (`*`, `+`, `{…}`) and holds a repetition
    /// (`*`, `+`, `?`, `{…}`), as written, or nil. Escapes and character classes are skipped.
    package static func nestedRepetition(_ pattern: String) -> String? {
        let characters = Array(pattern)
        // Per open group: where it starts and whether something inside it repeats.
        var groups: [(start: Int, repeats: Bool)] = []
        var index = 0
        func markRepeat() {
            if !groups.isEmpty { groups[groups.count - 1].repeats = true }
        }
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "\\":
                index += 2
                continue
            case "[":
                // A class ends at the first `]` that is not its first character or escaped.
                var cursor = index + 1
                if cursor < characters.count, characters[cursor] == "^" { cursor += 1 }
                if cursor < characters.count, characters[cursor] == "]" { cursor += 1 }
                while cursor < characters.count, characters[cursor] != "]" {
                    cursor += characters[cursor] == "\\" ? 2 : 1
                }
                index = cursor + 1
                continue
            case "(":
                groups.append((index, false))
            case ")":
                guard let group = groups.popLast() else { break }
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let repeated = next == "*" || next == "+" || next == "{"
                if repeated && group.repeats {
                    var end = index + 2
                    if next == "{", let close = characters[(index + 1)...].firstIndex(of: "}") { end = close + 1 }
                    return String(characters[group.start..<min(end, characters.count)])
                }
                if group.repeats || repeated { markRepeat() }
            case "*", "+", "{":
                markRepeat()
            case "?":
                // `(?:`, `(?i)` and a lazy `+?` are not repetitions.
                if index > 0, characters[index - 1] != "(", !"*+?}".contains(characters[index - 1]) { markRepeat() }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// The compiled pattern, or nil when it is not valid.
    package static func compile(_ pattern: String) -> NSRegularExpression? {
        try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
    }

    /// Whether `text` contains a match of `expression`, found within `timeLimit` seconds.
    package static func matches(_ expression: NSRegularExpression, _ text: String) -> Bool {
        let started = DispatchTime.now().uptimeNanoseconds
        let limit = UInt64(timeLimit * 1e9)
        var found = false
        // `reportProgress` calls the block now and then while ICU works, so a match that runs
        // too long can be stopped.
        expression.enumerateMatches(in: text, options: [.reportProgress], range: NSRange(text.startIndex..., in: text)) { match, _, stop in
            if match != nil {
                found = true
                stop.pointee = true
            } else if DispatchTime.now().uptimeNanoseconds - started > limit {
                stop.pointee = true
            }
        }
        return found
    }
}

/// Apple Health: the `export.xml` the Health app exports (Profile → Export All Health Data), the
/// `export.zip` it shares, or the `apple_health_export` folder unpacked from it.
///
/// The file is read as bytes a window of four megabytes at a time (`HealthScanner`, `TrackingInput`),
/// never whole, so memory stays the same for a file of a megabyte or of ten gigabytes. Only the `Record` and `Workout`
/// elements the habits' rules ask for are decoded; a record inside a `Correlation` is skipped (the
/// export repeats it at the top level). Dates are read with their UTC offsets and counted on the
/// local day of the vault (`LocalDays`: the time zone `brain` runs in, and `day-starts-at`); a
/// record counts on the day it starts, sleep on the day it ends. Where the phone and the watch
/// both recorded a day, one of them counts (`DailyAccumulator`).
package enum HealthSource: TrackingSource {
    package static let name = "health"
    package static let summary = "Apple Health's export.xml, or the export.zip holding it"
    package static let metrics: [TrackingMetric]? = [
        TrackingMetric(name: "steps", unit: "steps", summary: "step count (HKQuantityTypeIdentifierStepCount)"),
        TrackingMetric(name: "distance", unit: "km",
                       summary: "walking and running distance in km (HKQuantityTypeIdentifierDistanceWalkingRunning)", decimals: 2),
        TrackingMetric(name: "active-energy", unit: "kcal", summary: "active energy in kcal (HKQuantityTypeIdentifierActiveEnergyBurned)"),
        TrackingMetric(name: "exercise-minutes", unit: "minutes", summary: "exercise minutes (HKQuantityTypeIdentifierAppleExerciseTime)"),
        TrackingMetric(name: "flights", unit: "flights", summary: "flights climbed (HKQuantityTypeIdentifierFlightsClimbed)"),
        TrackingMetric(name: "mindful-minutes", unit: "minutes",
                       summary: "minutes of mindful sessions (HKCategoryTypeIdentifierMindfulSession)", decimals: 1),
        TrackingMetric(name: "sleep-hours", unit: "hours",
                       summary: "hours asleep (HKCategoryTypeIdentifierSleepAnalysis, asleep values only), on the day the night ends",
                       decimals: 2),
        TrackingMetric(name: "workout-minutes", unit: "minutes", summary: "minutes of workouts (Workout elements)",
                       matches: "the workout's type (Running, Yoga, TraditionalStrengthTraining…)"),
        TrackingMetric(name: "workouts", unit: "workouts", summary: "the number of workouts",
                       matches: "the workout's type (Running, Yoga, TraditionalStrengthTraining…)"),
    ]
}

/// A calendar file (`.ics`, RFC 5545), as every calendar app exports or publishes one: a habit
/// is done on days with events whose summary matches a pattern,
/// `auto: {source: calendar, match: "Gym|Yoga", at-least-minutes: 30}`.
///
/// Recurring events are expanded (`RecurrenceRule`: DAILY to YEARLY with every BY part; EXDATE;
/// RDATE; RECURRENCE-ID overrides, `CalendarExpansion`). A timed event counts on the local day it
/// starts (time zone and `day-starts-at`, as for every source) with its minutes; an all-day event
/// counts only for rules with `all-day: true`, on each day it covers, with 1,440 minutes a day.
/// Cancelled, free (`TRANSP:TRANSPARENT`) and declined events do not count.
package enum CalendarSource: TrackingSource {
    package static let name = "calendar"
    package static let summary = "an iCalendar file (.ics)"
    package static let metrics: [TrackingMetric]? = [
        TrackingMetric(name: "events", unit: "events", summary: "the number of matching events", matches: "the event's summary"),
        TrackingMetric(name: "minutes", unit: "minutes", summary: "the minutes of matching events", matches: "the event's summary"),
    ]
    /// Without a metric the rule counts events, and without a threshold one event is enough.
    package static func complete(_ rule: inout AutoRule) -> [String] {
        if rule.metric.isEmpty { rule.metric = "events" }
        if rule.metric == "events", rule.atLeast == nil, rule.atMost == nil { rule.atLeast = 1 }
        return checkRule(rule)
    }
}

/// A CSV file of metrics, for anything else a person can export (screen time, location visits,
/// a scale's weight): a header naming the columns `date`, `metric` and `value` (in any order,
/// other columns ignored), then one row per value.
///
/// ```csv
/// date,metric,value
/// 2026-11-21,screen-minutes,48
/// 2026-11-22T07:30:00+01:00,screen-minutes,12
/// ```
///
/// A date counts as that day; a date-time with a zone (`Z`, `+01:00`) counts on the local day it
/// falls on, one without a zone as written; both respect `day-starts-at`. Several rows of one
/// metric on one day are added (or the largest or smallest taken, `per-day`). A bad row is
/// reported as `file:line` and left out; the rest is read.
package enum CSVSource: TrackingSource {
    package static let name = "csv"
    package static let summary = "a CSV file with the columns date, metric, value"
    /// Any metric name: the file's `metric` column says what it holds.
    package static let metrics: [TrackingMetric]? = nil
}
