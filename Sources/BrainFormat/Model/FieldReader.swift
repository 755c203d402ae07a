import Foundation

/// Reads typed values out of a front-matter map leniently, recording a `FieldIssue` for each bad key.
package struct FieldReader {
    package let map: YAMLMap
    package var issues: [FieldIssue] = []

    package init(_ map: YAMLMap) {
        self.map = map
    }

    package mutating func issue(_ key: String, _ message: String, _ severity: Diagnostic.Severity = .error) {
        issues.append(FieldIssue(key: key, message: message, severity: severity))
    }

    /// The text without surrounding whitespace; most values have none, checked on bytes first
    /// because this runs for every file of the vault.
    package static func trimmed(_ text: String) -> String {
        guard let first = text.utf8.first, let last = text.utf8.last else { return text }
        func plain(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x80 }
        if plain(first) && plain(last) { return text }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// The value of a key, with `null` read as absent.
    package func value(_ key: String) -> YAMLValue? {
        guard let value = map[key], !value.isNull else { return nil }
        return value
    }

    package mutating func string(_ key: String) -> String? {
        guard let value = value(key) else { return nil }
        switch value {
        case .string(let text): return text
        case .int, .double, .bool, .date: return value.string
        default:
            issue(key, "\(key) \(VaultSchema.ValueType.text.expectation)")
            return nil
        }
    }

    package mutating func link(_ key: String) -> String? {
        guard let text = string(key) else { return nil }
        return LinkTarget.normalize(text)
    }

    package mutating func links(_ key: String) -> [String] {
        guard let value = value(key) else { return [] }
        guard let list = value.stringList, value.map == nil else {
            issue(key, "\(key) must be a link or a list of links")
            return []
        }
        if case .list(let items) = value, items.contains(where: { $0.string == nil }) {
            issue(key, "\(key) must list links only")
        }
        return list.compactMap(LinkTarget.normalize)
    }

    /// The largest magnitude a number in a file may have: sums over ten years of daily values stay
    /// exact in a `Double` and far inside `Int`, so no arithmetic on them can overflow.
    package static let maximumNumber = 1e12

    package mutating func number(_ key: String) -> Double? {
        guard let value = value(key) else { return nil }
        var found: Double?
        if let number = value.double { found = number }
        if case .string(let text) = value, let number = Double(text.trimmingCharacters(in: .whitespaces)) { found = number }
        guard let number = found else {
            issue(key, "\(key) \(VaultSchema.ValueType.number.expectation)")
            return nil
        }
        guard number.isFinite, abs(number) <= FieldReader.maximumNumber else {
            issue(key, "\(key) must be a finite number of at most 10^12")
            return nil
        }
        return number
    }

    package mutating func int(_ key: String, range: ClosedRange<Int>? = nil) -> Int? {
        guard let value = value(key) else { return nil }
        guard let number = value.int else {
            issue(key, "\(key) " + (range.map { VaultSchema.ValueType.score($0).expectation } ?? "must be a whole number"))
            return nil
        }
        if let range, !range.contains(number) {
            issue(key, "\(key) must be from \(range.lowerBound) to \(range.upperBound), not \(number)")
            return nil
        }
        return number
    }

    /// A flag (`YAMLValue.bool`: `yes`, `on` and `true` in any case); anything else is a warning and reads as unset.
    package mutating func bool(_ key: String) -> Bool? {
        guard let value = value(key) else { return nil }
        if let flag = value.bool { return flag }
        issue(key, "\(key) \(VaultSchema.ValueType.boolean.expectation)", .warning)
        return nil
    }

    package mutating func day(_ key: String) -> Day? {
        guard let value = value(key) else { return nil }
        if let day = value.day {
            guard Day.supported.contains(day) else {
                issue(key, "\(key) must be a date from \(Day.supported.lowerBound) to \(Day.supported.upperBound), not \(day)")
                return nil
            }
            return day
        }
        issue(key, "\(key) \(VaultSchema.ValueType.day.expectation), not \"\(value.string ?? "…")\"")
        return nil
    }

    /// One of the raw values of `E`, lower-cased; an issue names the accepted values otherwise.
    package mutating func choice<E: RawRepresentable & CaseIterable>(_ key: String, _ type: E.Type) -> E? where E.RawValue == String {
        guard let text = string(key) else { return nil }
        // Foundation's trimming costs microseconds a call (half the notes of a vault have a
        // `type:`): only a value that starts or ends with a blank or a non-ASCII byte needs it.
        let lowered = text.lowercased()
        let plain = { (byte: UInt8?) in byte.map { $0 > 0x20 && $0 < 0x7F } ?? false }
        let raw = plain(lowered.utf8.first) && plain(lowered.utf8.last) ? lowered : lowered.trimmingCharacters(in: .whitespaces)
        if let found = E(rawValue: raw) { return found }
        let names = E.allCases.map(\.rawValue).joined(separator: ", ")
        issue(key, "unknown \(key) \"\(text)\": expected \(names)")
        return nil
    }

    /// `tags` as a list or a string split on commas and whitespace; a leading `#` is dropped.
    package mutating func tags(_ key: String = "tags") -> [String] {
        guard let value = value(key) else { return [] }
        var raw: [String] = []
        switch value {
        case .list(let items):
            for item in items {
                guard let text = item.string else {
                    issue(key, "\(key) must list strings only")
                    continue
                }
                raw.append(text)
            }
        case .string(let text):
            raw = text.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
        case .map:
            issue(key, "\(key) \(VaultSchema.ValueType.tags.expectation)")
        default:
            raw = value.string.map { [$0] } ?? []
        }
        return raw.compactMap { tag in
            var text = Substring(FieldReader.trimmed(tag))
            while text.hasPrefix("#") { text = text.dropFirst() }
            return text.isEmpty ? nil : String(text)
        }
    }

    /// `aliases`: a list of strings or one string.
    package mutating func strings(_ key: String) -> [String] {
        guard let value = value(key) else { return [] }
        guard value.map == nil, let list = value.stringList else {
            issue(key, "\(key) \(VaultSchema.ValueType.texts.expectation)")
            return []
        }
        return list
    }

    /// The display name: front-matter `title`, else the first `# Heading`, else the id.
    package mutating func title(id: String, bodyTitle: String?) -> String {
        if let title = string("title").map(FieldReader.trimmed), !title.isEmpty { return title }
        if let bodyTitle {
            let trimmed = FieldReader.trimmed(bodyTitle)
            if !trimmed.isEmpty { return trimmed }
        }
        return id
    }
}
