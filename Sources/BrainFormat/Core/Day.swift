/// A calendar day (year, month, day) with no time and no time zone.
///
/// Stored as the number of days since 1970-01-01 so that arithmetic and
/// comparison are integer operations. It deliberately has no conversion from
/// `Date`: turning an instant into a day needs a time zone and the vault's
/// `day-starts-at`, which `Clock` supplies.
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before).
    public let ordinal: Int

    /// The first and last days `Day` can hold (years 1 to 9999).
    public static let earliest = Day(year: 1, month: 1, day: 1)!
    public static let latest = Day(year: 9999, month: 12, day: 31)!
    /// The days a vault's dates may name: daily files, `created:`, `archived:`, `start:`, `due:`
    /// and `--date`. Histories and schedules run from a habit's first day to today, so a far
    /// date in a file would make them (and the memory they take) as long as it is far.
    public static let supported = Day(year: 1900, month: 1, day: 1)!...Day(year: 2199, month: 12, day: 31)!

    public init(ordinal: Int) {
        self.ordinal = ordinal
    }

    /// A day from its parts, or nil when the parts name no real day.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= Day.daysIn(month: month, year: year),
              (1...9999).contains(year) else { return nil }
        self.ordinal = Day.ordinal(year: year, month: month, day: day)
    }

    /// Why `text`, written as `YYYY-MM-DD`, names no day brain reads (`2026-11-31 is not a date:
    /// November 2026 has 30 days`); nil when it names one, or is not written as a date at all.
    package static func problem(ofDate text: some StringProtocol) -> String? {
        guard let (year, month, day) = parts(text) else { return nil }
        if !(1...12).contains(month) { return "\(text) is not a date: a month is 01 to 12" }
        let length = Day.daysIn(month: month, year: year)
        if day < 1 || day > length {
            let name = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                        "October", "November", "December"][month - 1]
            return "\(text) is not a date: \(name) \(year) has \(length) days"
        }
        if let parsed = Day(year: year, month: month, day: day), !supported.contains(parsed) {
            return "\(text) is outside the days brain reads, \(supported.lowerBound) to \(supported.upperBound)"
        }
        return nil
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(_ text: some StringProtocol) {
        guard let (year, month, day) = Day.parts(text) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The numbers of a text written exactly `YYYY-MM-DD`, whether or not they name a day.
    private static func parts(_ text: some StringProtocol) -> (year: Int, month: Int, day: Int)? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        return (year, month, day)
    }

    public var parts: (year: Int, month: Int, day: Int) {
        // Howard Hinnant's civil_from_days.
        let z = ordinal + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        return (y, m, d)
    }

    public var year: Int { parts.year }
    public var month: Int { parts.month }
    public var dayOfMonth: Int { parts.day }

    public var weekday: Weekday {
        // 1970-01-01 was a Thursday.
        let index = ((ordinal % 7) + 7 + 3) % 7  // 0 = Monday
        return Weekday(rawValue: index + 1)!
    }

    public func adding(days: Int) -> Day { Day(ordinal: ordinal + days) }

    /// Days from `self` to `other` (positive when `other` is later).
    public func distance(to other: Day) -> Int { other.ordinal - ordinal }

    /// The first day of the week containing this day.
    public func startOfWeek(_ weekStart: Weekday) -> Day {
        let offset = (weekday.rawValue - weekStart.rawValue + 7) % 7
        return adding(days: -offset)
    }

    public var startOfMonth: Day { Day(ordinal: ordinal - (dayOfMonth - 1)) }

    public var isLeapYear: Bool { Day.isLeap(year) }

    public var description: String {
        let (y, m, d) = parts
        guard (0...9999).contains(y) else { return "\(Day.pad(y, 4))-\(Day.pad(m, 2))-\(Day.pad(d, 2))" }
        // Ten ASCII digits and dashes, written in place: a day's text is made for every day of a
        // `--json` output that lists days.
        return String(unsafeUninitializedCapacity: 10) { text in
            func digit(_ value: Int) -> UInt8 { 48 &+ UInt8(truncatingIfNeeded: value) }
            text[0] = digit(y / 1000); text[1] = digit(y / 100 % 10); text[2] = digit(y / 10 % 10); text[3] = digit(y % 10)
            text[4] = 45
            text[5] = digit(m / 10); text[6] = digit(m % 10)
            text[7] = 45
            text[8] = digit(d / 10); text[9] = digit(d % 10)
            return 10
        }
    }

    public static func < (lhs: Day, rhs: Day) -> Bool { lhs.ordinal < rhs.ordinal }

    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func ordinal(year: Int, month: Int, day: Int) -> Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}

extension Day: Codable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = Day(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a YYYY-MM-DD day: \(text)")
        }
        self = day
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A day of the week, ISO numbered: Monday is 1, Sunday is 7.
public enum Weekday: Int, CaseIterable, Hashable, Sendable, Codable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// Three-letter lower-case name, as written in front-matter (`mon`).
    public var shortName: String {
        ["mon", "tue", "wed", "thu", "fri", "sat", "sun"][rawValue - 1]
    }

    public var name: String {
        ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"][rawValue - 1]
    }

    /// Accepts `mon`, `monday`, `Mon`, `MONDAY`, and `tues`/`thur`/`thurs`.
    public init?(name: some StringProtocol) {
        let lower = name.lowercased()
        for weekday in Weekday.allCases where lower == weekday.shortName || lower == weekday.name {
            self = weekday
            return
        }
        switch lower {
        case "tues": self = .tuesday
        case "thur", "thurs": self = .thursday
        default: return nil
        }
    }

    public var isWeekend: Bool { self == .saturday || self == .sunday }
}
