import Foundation

/// When a habit is due: the `every:` key of a habit file.
public enum Frequency: Hashable, Sendable {
    case daily
    case weekdays
    case weekends
    case days(Set<Weekday>)
    case perWeek(Int)
    case perMonth(Int)
    case inDays(times: Int, days: Int)
    case everyNDays(Int)

    public static let expected = "expected day, weekdays, weekends, [mon, wed], N/week, N/month, N in M days or every N days"

    /// The longest period a frequency may name, in days (ten years). Schedules and scores keep a
    /// window of this many days at most, so no number in a file can make them grow further.
    public static let maximumDays = 3650

    /// Parses every form of the format contract; anything else throws with the accepted forms listed.
    package init(_ value: YAMLValue) throws(FrequencyError) {
        switch value {
        case .list(let items):
            var names: [String] = []
            for item in items {
                guard let text = item.string else {
                    throw FrequencyError("unknown frequency \(Frequency.show(value)): \(Frequency.expected)")
                }
                names.append(text)
            }
            self = try Frequency.weekdayList(names, original: Frequency.show(value))
        case .string(let text):
            self = try Frequency.parse(text)
        case .null:
            self = .daily
        default:
            throw FrequencyError("unknown frequency \(Frequency.show(value)): \(Frequency.expected)")
        }
    }

    /// Parses the text form (`3/week`, `[mon, wed]`, `every 2 days`).
    package init(parsing text: String) throws(FrequencyError) {
        self = try Frequency.parse(text)
    }

    /// Loop Habit Tracker's frequency as (numerator, denominator): repetitions per number of days.
    /// As in Loop, a numerator that reaches the denominator means every day: `7/week`, `2 in 2 days`,
    /// `[mon … sun]` and `30/month` or `31/month` are 1/1 (Loop's frequency picker stores 1/1 for
    /// N ≥ D, and its `Frequency` reduces N = D to 1/1).
    public var loopRatio: (numerator: Int, denominator: Int) {
        let ratio: (Int, Int)
        switch self {
        case .daily: ratio = (1, 1)
        case .weekdays: ratio = (5, 7)
        case .weekends: ratio = (2, 7)
        case .days(let set): ratio = (set.count, 7)
        case .perWeek(let n): ratio = (n, 7)
        case .perMonth(let n): ratio = (n, 30)
        case .inDays(let n, let m): ratio = (n, m)
        case .everyNDays(let n): ratio = (1, n)
        }
        return ratio.0 >= ratio.1 ? (1, 1) : ratio
    }

    /// Loop Habit Tracker's frequency as a fraction of a day (`3/week` is 3/7).
    public var loopFraction: Double {
        let ratio = loopRatio
        return Double(ratio.numerator) / Double(ratio.denominator)
    }

    /// True for frequencies counted in periods (a week, a month, a rolling window) rather than on set days.
    public var isPeriodic: Bool {
        switch self {
        case .perWeek, .perMonth, .inDays: return true
        default: return false
        }
    }

    /// Canonical text form, as written back to a file: `day`, `3/week`, `[mon, wed, fri]`.
    public var description: String {
        switch self {
        case .daily: return "day"
        case .weekdays: return "weekdays"
        case .weekends: return "weekends"
        case .days(let set):
            let names = Weekday.allCases.filter(set.contains).map(\.shortName)
            return "[" + names.joined(separator: ", ") + "]"
        case .perWeek(let n): return "\(n)/week"
        case .perMonth(let n): return "\(n)/month"
        case .inDays(let n, let m): return "\(n) in \(m) days"
        case .everyNDays(let n): return "every \(n) days"
        }
    }

    // MARK: - Parsing

    private static func show(_ value: YAMLValue) -> String {
        switch value {
        case .list(let items): return "[" + items.map { $0.string ?? "?" }.joined(separator: ", ") + "]"
        case .map: return "{…}"
        default: return "\"\(value.string ?? "")\""
        }
    }

    private static func parse(_ original: String) throws(FrequencyError) -> Frequency {
        let quoted = "\"\(original)\""
        // Messages are made only when needed: every habit of every command parses its frequency.
        var unknown: FrequencyError { FrequencyError("unknown frequency \(quoted): \(expected)") }
        var tooLong: FrequencyError { FrequencyError("frequency \(quoted): at most \(maximumDays) days (ten years)") }
        var text = Frequency.trimmed(original.lowercased())
        if text.hasPrefix("["), text.hasSuffix("]") {
            text = String(text.dropFirst().dropLast())
            return try weekdayList(splitNames(text), original: quoted)
        }
        // Spaces around "/" and a glued "x" ("3x week") become separate words.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: the same on bytes, without Foundation.
            if text.utf8.contains(UInt8(ascii: "/")) {
                var spaced: [UInt8] = []
                for byte in text.utf8 {
                    if byte == UInt8(ascii: "/") { spaced += [0x20, byte, 0x20] } else { spaced.append(byte) }
                }
                text = String(decoding: spaced, as: UTF8.self)
            }
        } else if text.contains("/") {
            text = text.replacingOccurrences(of: "/", with: " / ")
        }
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        if words.count >= 1, words[0].count > 1, words[0].hasSuffix("x"), Int(words[0].dropLast()) != nil {
            words[0].removeLast()
            words.insert("x", at: 1)
        }
        switch words {
        case ["day"], ["daily"], ["every", "day"], ["everyday"]: return .daily
        case ["weekdays"]: return .weekdays
        case ["weekends"]: return .weekends
        default: break
        }
        if words.count >= 2, words[0] == "every", let n = Int(words[1]) {
            guard words.count == 3, ["day", "days"].contains(words[2]) else { throw unknown }
            guard n >= 1 else { throw FrequencyError("frequency \(quoted): the number of days must be at least 1") }
            guard n <= maximumDays else { throw tooLong }
            return n == 1 ? .daily : .everyNDays(n)
        }
        if words.count == 4, let n = Int(words[0]), words[1] == "in", let m = Int(words[2]), ["day", "days"].contains(words[3]) {
            guard n >= 1, m >= 1 else { throw FrequencyError("frequency \(quoted): counts must be at least 1") }
            guard m <= maximumDays else { throw tooLong }
            guard n <= m else { throw FrequencyError("frequency \(quoted): \(n) times cannot fit in \(m) days") }
            return .inDays(times: n, days: m)
        }
        if let first = words.first, let n = Int(first), words.count >= 3 {
            let middle = Array(words[1..<(words.count - 1)])
            let unit = words[words.count - 1]
            let separators: [[String]] = [["/"], ["per"], ["x"], ["a"], ["times", "per"], ["times", "a"], ["x", "per"], ["x", "a"], ["x", "/"], ["times", "/"]]
            if separators.contains(middle) {
                switch unit {
                case "week", "weeks", "wk":
                    guard n >= 1 else { throw FrequencyError("frequency \(quoted): the count must be at least 1") }
                    guard n <= 7 else { throw FrequencyError("frequency \(quoted): a week has only 7 days") }
                    return .perWeek(n)
                case "month", "months", "mo":
                    guard n >= 1 else { throw FrequencyError("frequency \(quoted): the count must be at least 1") }
                    guard n <= 31 else { throw FrequencyError("frequency \(quoted): a month has at most 31 days") }
                    return .perMonth(n)
                default: break
                }
            }
        }
        // A bare list of weekday names without brackets: "mon, wed, fri" or "mon".
        let names = splitNames(original.lowercased())
        if !names.isEmpty, names.allSatisfy({ Weekday(name: $0) != nil }) {
            return try weekdayList(names, original: quoted)
        }
        throw unknown
    }

    /// `text` without leading and trailing spaces and tabs (`CharacterSet.whitespaces`: tab and
    /// the space separators), without a trip through Foundation.
    public static func trimmed(_ text: String) -> String {
        // An ASCII first and last byte other than space and tab start and end characters that are
        // not blank: nothing to trim (the usual case).
        if let first = text.utf8.first, let last = text.utf8.last, first < 0x80, last < 0x80,
           first != 0x20, first != 0x09, last != 0x20, last != 0x09 { return text }
        func isSpace(_ character: Character) -> Bool {
            character.unicodeScalars.allSatisfy { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
        }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(text[first...last])
    }

    private static func splitNames(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map(String.init)
    }

    private static func weekdayList(_ names: [String], original: String) throws(FrequencyError) -> Frequency {
        var set = Set<Weekday>()
        for name in names {
            let trimmed = Frequency.trimmed(name)
            guard let day = Weekday(name: trimmed) else {
                throw FrequencyError("frequency \(original): \"\(trimmed)\" is not a weekday")
            }
            set.insert(day)
        }
        guard !set.isEmpty else { throw FrequencyError("frequency \(original): the list of weekdays is empty") }
        if set.count == 7 { return .daily }
        return .days(set)
    }
}

extension Frequency: Codable {
    /// Decodes the canonical text form.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try Frequency.parse(text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
        }
    }

    /// Encodes the canonical text form.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension Frequency: CustomStringConvertible {}
