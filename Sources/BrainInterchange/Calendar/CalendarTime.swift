import Foundation
import BrainFormat
import BrainAnalytics
import BrainStore

/// A DATE or DATE-TIME value of iCalendar (RFC 5545, sections 3.3.4 and 3.3.5): a day (all-day),
/// a UTC time (`…Z`), a time in a named zone (`TZID=Europe/Berlin`), or a floating time that
/// means the same clock time wherever one is.
package enum CalendarTime: Hashable, Sendable {
    case date(Day)
    /// Unix seconds.
    case utc(Int64)
    /// Seconds since 1970-01-01 00:00 on the wall clock of `zone`; nil zone: floating.
    case local(Int64, zone: CalendarZone?)

    /// Reads `20261122`, `20261122T073000`, `20261122T073000Z` with the property's `TZID` and
    /// `VALUE` parameters; a TZID is resolved by `CalendarZone.named`, with the file's own
    /// VTIMEZONE blocks (`defined`). An unknown TZID gives a floating time and a message.
    package static func parse(_ text: String, parameters: [String: String],
                              defined: [String: ZoneDefinition] = [:]) -> (time: CalendarTime?, problem: String?) {
        let bytes = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for index in range {
                guard bytes[index] >= 0x30, bytes[index] <= 0x39 else { return nil }
                value = value * 10 + Int(bytes[index] - 0x30)
            }
            return value
        }
        guard bytes.count >= 8, let year = number(0..<4), let month = number(4..<6), let dayNumber = number(6..<8),
              let day = Day(year: year, month: month, day: dayNumber) else { return (nil, nil) }
        if bytes.count == 8 { return (.date(day), nil) }
        guard parameters["VALUE"]?.uppercased() != "DATE" else { return (nil, nil) }
        guard bytes.count == 15 || (bytes.count == 16 && (bytes[15] == 0x5A || bytes[15] == 0x7A)), bytes[8] == 0x54 || bytes[8] == 0x74,
              let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
              hour < 24, minute < 60, second < 61 else { return (nil, nil) }
        let seconds = Int64(day.ordinal) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        if bytes.count == 16 { return (.utc(seconds), nil) }
        guard let name = parameters["TZID"] else { return (.local(seconds, zone: nil), nil) }
        if let zone = CalendarZone.named(name, defined: defined) { return (.local(seconds, zone: zone), nil) }
        return (.local(seconds, zone: nil), "unknown time zone \"\(name)\" (neither an IANA nor a Windows name, and no VTIMEZONE of the file defines it); read as local time")
    }

    /// The instant, reading a floating time in `local`; for a day, its midnight in `local`.
    package func instant(floatingIn local: CalendarZone) -> Int64 {
        switch self {
        case .date(let day): return local.instant(ofWallClock: Int64(day.ordinal) * 86_400)
        case .utc(let seconds): return seconds
        case .local(let seconds, let zone): return (zone ?? local).instant(ofWallClock: seconds)
        }
    }

    package func instant(floatingIn local: TimeZone) -> Int64 {
        instant(floatingIn: .system(local))
    }

    /// The wall-clock seconds in the time's own zone (UTC for UTC times, midnight for days).
    package var wallClock: Int64 {
        switch self {
        case .date(let day): return Int64(day.ordinal) * 86_400
        case .utc(let seconds): return seconds
        case .local(let seconds, _): return seconds
        }
    }

    package var isDate: Bool {
        if case .date = self { return true }
        return false
    }

    /// The zone the time's wall clock is read in: nil for floating times and days.
    package var zone: CalendarZone? {
        switch self {
        case .date: return nil
        case .utc: return .utc
        case .local(_, let zone): return zone
        }
    }

    /// The same kind of time (same zone) at other wall-clock seconds.
    package func with(wallClock seconds: Int64) -> CalendarTime {
        switch self {
        case .date: return .date(Day(ordinal: Int(LocalDays.floorDivide(seconds, 86_400))))
        case .utc: return .utc(seconds)
        case .local(_, let zone): return .local(seconds, zone: zone)
        }
    }
}
