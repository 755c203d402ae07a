import Foundation
import BrainFormat
import BrainAnalytics
import BrainStore

/// An RRULE (RFC 5545, section 3.3.10) of the kinds calendars use for habits: `FREQ=DAILY` or
/// `FREQ=WEEKLY`, with `INTERVAL`, `COUNT` or `UNTIL`, `BYDAY` (plain weekdays) and `WKST`.
/// Other parts are refused with a message rather than half understood.
package struct RecurrenceRule: Hashable, Sendable {
    package enum Frequency: String, Hashable, Sendable {
        case daily = "DAILY"
        case weekly = "WEEKLY"
    }

    package var frequency: Frequency
    package var interval = 1
    package var count: Int?
    package var until: CalendarTime?
    /// The weekdays of `BYDAY`; empty when the rule has none.
    package var byDay: [Weekday] = []
    package var weekStart: Weekday = .monday

    package static let weekdayCodes: [String: Weekday] = ["MO": .monday, "TU": .tuesday, "WE": .wednesday, "TH": .thursday,
                                                  "FR": .friday, "SA": .saturday, "SU": .sunday]

    package init(frequency: Frequency) {
        self.frequency = frequency
    }

    /// Reads an RRULE value; the message says what is wrong or not supported.
    package static func parse(_ text: String, parameters: [String: String] = [:]) -> Result<RecurrenceRule, RuleProblem> {
        var parts: [String: String] = [:]
        for part in text.split(separator: ";") where !part.isEmpty {
            guard let equals = part.firstIndex(of: "=") else { return .failure(RuleProblem("RRULE part \"\(part)\" has no value")) }
            parts[part[..<equals].uppercased().trimmingCharacters(in: .whitespaces)] = String(part[part.index(after: equals)...])
                .trimmingCharacters(in: .whitespaces)
        }
        guard let name = parts["FREQ"]?.uppercased() else { return .failure(RuleProblem("RRULE without FREQ")) }
        guard let frequency = Frequency(rawValue: name) else {
            return .failure(RuleProblem("RRULE FREQ=\(name) is not supported (only DAILY and WEEKLY); only the first occurrence counts"))
        }
        var rule = RecurrenceRule(frequency: frequency)
        for (key, value) in parts.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "FREQ": break
            case "INTERVAL":
                guard let number = Int(value), number >= 1, number <= 36_500 else {
                    return .failure(RuleProblem("RRULE INTERVAL=\(value) must be a whole number of at least 1"))
                }
                rule.interval = number
            case "COUNT":
                guard let number = Int(value), number >= 1, number <= 1_000_000 else {
                    return .failure(RuleProblem("RRULE COUNT=\(value) must be a whole number of at least 1"))
                }
                rule.count = number
            case "UNTIL":
                guard let time = CalendarTime.parse(value, parameters: [:]).time else {
                    return .failure(RuleProblem("RRULE UNTIL=\(value) is not a date or date-time"))
                }
                rule.until = time
            case "BYDAY":
                var days: [Weekday] = []
                for code in value.split(separator: ",") {
                    guard let day = weekdayCodes[code.uppercased().trimmingCharacters(in: .whitespaces)] else {
                        return .failure(RuleProblem("RRULE BYDAY=\(value): only plain weekdays (MO, TU, …) are supported; only the first occurrence counts"))
                    }
                    if !days.contains(day) { days.append(day) }
                }
                rule.byDay = days
            case "WKST":
                guard let day = weekdayCodes[value.uppercased()] else { return .failure(RuleProblem("RRULE WKST=\(value) is not a weekday")) }
                rule.weekStart = day
            default:
                return .failure(RuleProblem("RRULE part \(key) is not supported; only the first occurrence counts"))
            }
        }
        if rule.count != nil && rule.until != nil { return .failure(RuleProblem("RRULE has both COUNT and UNTIL; RFC 5545 allows one")) }
        return .success(rule)
    }

    /// The wall-clock starts (in `start`'s zone) of the occurrences, in order: `start` itself first
    /// (RFC 5545 always counts DTSTART), then the rule's days at the same clock time, up to and
    /// including `limit` (wall-clock seconds), `COUNT` and `UNTIL`. `local` reads floating times.
    package func starts(from start: CalendarTime, through limit: Int64, floatingIn local: TimeZone) -> [Int64] {
        let first = start.wallClock
        guard first <= limit else { return [] }
        let zone = start.zone ?? local
        let timeOfDay = first - LocalDays.floorDivide(first, 86_400) * 86_400
        let firstDay = Day(ordinal: Int(LocalDays.floorDivide(first, 86_400)))
        var result: [Int64] = [first]
        func beyondUntil(_ wall: Int64) -> Bool {
            guard let until else { return false }
            switch until {
            case .date(let day): return Day(ordinal: Int(LocalDays.floorDivide(wall, 86_400))) > day
            case .utc(let instant):
                return start.isDate ? wall > instant : LocalDays.instant(ofWallClock: wall, in: zone) > instant
            case .local(let seconds, let untilZone):
                if let untilZone, !start.isDate { return LocalDays.instant(ofWallClock: wall, in: zone) > LocalDays.instant(ofWallClock: seconds, in: untilZone) }
                return wall > seconds
            }
        }
        if beyondUntil(first) { return [] }
        func full() -> Bool { count.map { result.count >= $0 } ?? false }
        var steps = 0
        switch frequency {
        case .daily:
            var day = firstDay
            while !full() && steps < 1_000_000 {
                steps += 1
                day = day.adding(days: interval)
                let wall = Int64(day.ordinal) * 86_400 + timeOfDay
                if wall > limit || beyondUntil(wall) { break }
                if !byDay.isEmpty && !byDay.contains(day.weekday) { continue }
                result.append(wall)
            }
        case .weekly:
            let days = byDay.isEmpty ? [firstDay.weekday] : byDay
            let offsets = days.map { ($0.rawValue - weekStart.rawValue + 7) % 7 }.sorted()
            var week = firstDay.startOfWeek(weekStart)
            outer: while steps < 1_000_000 {
                for offset in offsets {
                    steps += 1
                    let day = week.adding(days: offset)
                    let wall = Int64(day.ordinal) * 86_400 + timeOfDay
                    if wall <= first { continue }
                    if wall > limit || beyondUntil(wall) || full() { break outer }
                    result.append(wall)
                }
                week = week.adding(days: 7 * interval)
            }
        }
        return result
    }
}

/// Why an RRULE could not be used.
package struct RuleProblem: Error, Hashable, Sendable {
    package var message: String
    package init(_ message: String) { self.message = message }
}
