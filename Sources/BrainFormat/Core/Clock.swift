import Foundation

/// What time it is, and so which day it is: the one place brain asks. A day starts
/// `day-starts-at` minutes after midnight in the clock's time zone (a check-off at 01:30 belongs to
/// the day before when the day starts at 04:00). The command line, the language server and every
/// action take their day from a clock; tests and scripts stop it with `BRAIN_NOW`.
public struct Clock: Sendable {
    /// The zone whose midnight (plus `day-starts-at`) starts a day.
    public let timeZone: TimeZone
    private let stopped: Date?

    /// The system's clock, moving on, in `timeZone`.
    public static func system(timeZone: TimeZone = .current) -> Clock {
        Clock(timeZone: timeZone, stopped: nil)
    }

    /// A clock stopped at `instant`: every call to `now` gives it.
    public static func fixed(_ instant: Date, timeZone: TimeZone = .current) -> Clock {
        Clock(timeZone: timeZone, stopped: instant)
    }

    /// The clock an environment asks for: stopped at `BRAIN_NOW` (an ISO 8601 date-time, with or
    /// without a zone, or a day, read as its noon) when that is set and readable, else the system's.
    /// This is the only place `BRAIN_NOW` is read.
    public static func from(environment: [String: String], timeZone: TimeZone = .current) -> Clock {
        if let text = environment["BRAIN_NOW"], let instant = parseInstant(text, timeZone: timeZone) {
            return .fixed(instant, timeZone: timeZone)
        }
        return .system(timeZone: timeZone)
    }

    private init(timeZone: TimeZone, stopped: Date?) {
        self.timeZone = timeZone
        self.stopped = stopped
    }

    /// The current instant.
    public var now: Date { stopped ?? Date() }

    /// Whether the clock is stopped (then the day never moves on while a server runs).
    public var isFixed: Bool { stopped != nil }

    /// The calendar day of `now`, for days that start `dayStartsAt` minutes after midnight.
    public func today(dayStartsAt: Int) -> Day {
        Clock.day(of: now, timeZone: timeZone, dayStartsAt: dayStartsAt)
    }

    /// The vault's day now: in its `time-zone:` (else this clock's zone), from its `day-starts-at`.
    package func today(for config: VaultConfig) -> Day {
        Clock.day(of: now, timeZone: zone(for: config), dayStartsAt: config.dayStartsAt)
    }

    /// The zone the vault's days are reckoned in: its `time-zone:`, else this clock's.
    package func zone(for config: VaultConfig) -> TimeZone {
        config.timeZone ?? timeZone
    }

    /// `2026-11-22T09:30:00`, with or without a zone, or a bare day (noon local time).
    public static func parseInstant(_ text: String, timeZone: TimeZone = .current) -> Date? {
        // The usual form, `2026-11-22T09:30:00Z` or with `+01:00`, without a formatter (building
        // one costs more than a whole `brain status`).
        if let date = internetInstant(text) { return date }
        let withZone = ISO8601DateFormatter()
        if let date = withZone.date(from: text) { return date }
        let local = DateFormatter()
        local.locale = Locale(identifier: "en_US_POSIX")
        local.timeZone = timeZone
        for format in ["yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd HH:mm"] {
            local.dateFormat = format
            if let date = local.date(from: text) { return date }
        }
        if let day = Day(text) {
            var components = DateComponents()
            (components.year, components.month, components.day) = (day.year, day.month, day.dayOfMonth)
            components.hour = 12
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            return calendar.date(from: components)
        }
        return nil
    }

    /// `YYYY-MM-DDTHH:MM:SS` then `Z` or `±HH:MM`, every field in range, years 1600 to 9999 (where
    /// the Gregorian calendar holds): the instant `ISO8601DateFormatter` reads; nil for anything
    /// else, which the formatters then read.
    static func internetInstant(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20 || bytes.count == 25, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":") else { return nil }
        func number(_ from: Int, _ length: Int) -> Int? { DecimalDigits.value(bytes, from: from, length: length) }
        guard let year = number(0, 4), year >= 1600, let month = number(5, 2), let dayOfMonth = number(8, 2),
              let day = Day(year: year, month: month, day: dayOfMonth),
              let hour = number(11, 2), hour < 24, let minute = number(14, 2), minute < 60,
              let second = number(17, 2), second < 60 else { return nil }
        var offset = 0
        if bytes.count == 20 {
            guard bytes[19] == UInt8(ascii: "Z") else { return nil }
        } else {
            guard bytes[19] == UInt8(ascii: "+") || bytes[19] == UInt8(ascii: "-"), bytes[22] == UInt8(ascii: ":"),
                  let hours = number(20, 2), hours < 24, let minutes = number(23, 2), minutes < 60 else { return nil }
            offset = (hours * 60 + minutes) * 60 * (bytes[19] == UInt8(ascii: "-") ? -1 : 1)
        }
        let seconds = day.ordinal * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// The calendar day of an instant in a time zone, for days that start `dayStartsAt` minutes
    /// after midnight.
    public static func day(of now: Date, timeZone: TimeZone, dayStartsAt: Int) -> Day {
        // The zone's offset at that instant, then whole days since 1970: what the Gregorian
        // calendar says for every year from 1600 on, without building a calendar.
        let shifted = now.addingTimeInterval(TimeInterval(-dayStartsAt * 60))
        let local = (shifted.timeIntervalSince1970 + TimeInterval(timeZone.secondsFromGMT(for: shifted))) / 86_400
        if local.isFinite, local > -135_000, local < 2_900_000 {
            let day = Day(ordinal: Int(local.rounded(.down)))
            if day.year >= 1600 && day.year <= 9999 { return day }
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: shifted)
        return Day(year: parts.year!, month: parts.month!, day: parts.day!)!
    }
}
