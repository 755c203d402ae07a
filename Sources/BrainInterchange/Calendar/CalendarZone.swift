import Foundation
import BrainFormat
import BrainAnalytics
import BrainStore

/// The time zone of a TZID: a zone Foundation knows (an IANA name, or the IANA zone of an Outlook
/// Windows name), or the offsets a file's own VTIMEZONE block defines for a name that is neither.
package enum CalendarZone: Hashable, Sendable {
    case system(TimeZone)
    case defined(ZoneDefinition)

    package static let utc = CalendarZone.system(TimeZone(identifier: "UTC")!)

    /// The offset from UTC at an instant (Unix seconds).
    package func offset(at instant: Int64) -> Int64 {
        switch self {
        case .system(let zone): return Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant))))
        case .defined(let definition): return definition.offset(at: instant)
        }
    }

    /// The instant of a wall-clock time (seconds since 1970-01-01 00:00 local), as RFC 5545 reads one
    /// (`LocalDays.instant(ofWallClock:offset:)`).
    package func instant(ofWallClock local: Int64) -> Int64 {
        LocalDays.instant(ofWallClock: local, offset: offset(at:))
    }

    /// Resolves a TZID: an IANA name, also behind a prefix some programs add
    /// (`/mozilla.org/20050126_1/Europe/Berlin`), `UTC`/`GMT`, an Outlook Windows name
    /// (`W. Europe Standard Time`, by CLDR's table), or a VTIMEZONE of the file (`defined`).
    package static func named(_ name: String, defined: [String: ZoneDefinition] = [:]) -> CalendarZone? {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if let zone = TimeZone(identifier: trimmed) { return .system(zone) }
        let cleaned = trimmed.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        if let iana = WindowsZones.iana[cleaned], let zone = TimeZone(identifier: iana) { return .system(zone) }
        let parts = cleaned.split(separator: "/")
        for count in [3, 2, 1] where parts.count > count {
            if let zone = TimeZone(identifier: parts.suffix(count).joined(separator: "/")) { return .system(zone) }
        }
        if let definition = defined[name] ?? defined[trimmed] { return .defined(definition) }
        return nil
    }
}

/// A VTIMEZONE block (RFC 5545, section 3.6.5): observances, each a STANDARD or DAYLIGHT part
/// whose onsets are its DTSTART, its RRULE's occurrences and its RDATEs, read in the offset before
/// the onset (TZOFFSETFROM); from each onset on, the offset is its TZOFFSETTO.
package struct ZoneDefinition: Hashable, Sendable {
    package struct Observance: Hashable, Sendable {
        /// Local wall-clock seconds of DTSTART.
        package var start: Int64
        package var offsetFrom: Int64
        package var offsetTo: Int64
        package var rule: RecurrenceRule?
        /// Local wall-clock seconds of RDATEs.
        package var extraStarts: [Int64]

        package init(start: Int64, offsetFrom: Int64, offsetTo: Int64, rule: RecurrenceRule? = nil, extraStarts: [Int64] = []) {
            self.start = start
            self.offsetFrom = offsetFrom
            self.offsetTo = offsetTo
            self.rule = rule
            self.extraStarts = extraStarts
        }
    }

    package var id: String
    /// Onsets in time order: the UTC instant and the offset from then on.
    package private(set) var transitions: [(instant: Int64, offset: Int64)] = []
    /// The offset before the first onset: the first observance's TZOFFSETFROM.
    package private(set) var initialOffset: Int64 = 0

    /// Onsets are computed up to the end of this year (rules without end repeat to it).
    package static let lastYear = 2200

    package init(id: String, observances: [Observance]) {
        self.id = id
        let limit = Int64(Day(year: ZoneDefinition.lastYear, month: 12, day: 31)!.ordinal) * 86_400
        var onsets: [(instant: Int64, offset: Int64)] = []
        for observance in observances {
            var starts = [observance.start]
            if let rule = observance.rule {
                starts = rule.expand(from: .local(observance.start, zone: nil), through: limit, floatingIn: .utc).starts
            }
            for wall in starts + observance.extraStarts {
                onsets.append((wall - observance.offsetFrom, observance.offsetTo))
            }
        }
        onsets.sort { $0.instant < $1.instant }
        transitions = onsets
        initialOffset = observances.min(by: { $0.start < $1.start })?.offsetFrom ?? 0
    }

    package func offset(at instant: Int64) -> Int64 {
        // The last onset at or before the instant.
        var low = 0, high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle].instant <= instant { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? initialOffset : transitions[low - 1].offset
    }

    package static func == (lhs: ZoneDefinition, rhs: ZoneDefinition) -> Bool {
        lhs.id == rhs.id && lhs.initialOffset == rhs.initialOffset && lhs.transitions.elementsEqual(rhs.transitions, by: { $0 == $1 })
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(transitions.count)
    }
}
