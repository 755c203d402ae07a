import Foundation

/// A front-matter value: the YAML subset Brain accepts.
///
/// A plain scalar that reads as `YYYY-MM-DD` becomes `.date`; YAML 1.2's core
/// schema reads the same text as the string "YYYY-MM-DD", which is how dates
/// are rendered in JSON, so the two agree once serialised.
public indirect enum YAMLValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case date(Day)
    case list([YAMLValue])
    case map(YAMLMap)

    public var string: String? {
        switch self {
        case .string(let text): return text
        case .date(let day): return day.description
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        default: return nil
        }
    }

    public var int: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value) where value.rounded() == value && abs(value) < 1e15: return Int(value)
        default: return nil
        }
    }

    public var double: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    /// A flag: `true`/`false`, or a string `yes`/`no`, `on`/`off`, `true`/`false` in any case, as
    /// people type them (`rest: yes`); nil for anything else. Every reader of a flag asks this.
    public var bool: Bool? {
        switch self {
        case .bool(let value): return value
        case .string(let text):
            switch text.lowercased() {
            case "true", "yes", "on": return true
            case "false", "no", "off": return false
            default: return nil
            }
        default: return nil
        }
    }

    /// A day from a date value or a string that reads as one.
    public var day: Day? {
        switch self {
        case .date(let day): return day
        case .string(let text): return Day(text)
        default: return nil
        }
    }

    public var list: [YAMLValue]? {
        if case .list(let items) = self { return items }
        return nil
    }

    public var map: YAMLMap? {
        if case .map(let map) = self { return map }
        return nil
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// Strings of a list, or a single string as a one-element list (`tags: a` and `tags: [a]`).
    public var stringList: [String]? {
        switch self {
        case .list(let items): return items.compactMap(\.string)
        case .null: return []
        default: return string.map { [$0] }
        }
    }
}

/// An ordered map of front-matter keys; keys keep the order they were written in.
public struct YAMLMap: Hashable, Sendable, Sequence {
    /// One key of the map with its value, in file order.
    public struct Entry: Hashable, Sendable {
        public var key: String
        public var value: YAMLValue

        public init(key: String, value: YAMLValue) {
            self.key = key
            self.value = value
        }
    }

    public var entries: [Entry]

    public init(_ entries: [Entry] = []) {
        self.entries = entries
    }

    public init(_ pairs: KeyValuePairs<String, YAMLValue>) {
        self.entries = pairs.map { Entry(key: $0.key, value: $0.value) }
    }

    public var keys: [String] { entries.map(\.key) }
    public var isEmpty: Bool { entries.isEmpty }
    public var count: Int { entries.count }

    /// The entries whose keys are among `keys`, in order.
    public func only(_ keys: [String]) -> YAMLMap {
        YAMLMap(entries.filter { keys.contains($0.key) })
    }

    public subscript(key: String) -> YAMLValue? {
        get { entries.first(where: { $0.key == key })?.value }
        set {
            if let index = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append(Entry(key: key, value: newValue))
            }
        }
    }

    public func makeIterator() -> IndexingIterator<[Entry]> { entries.makeIterator() }
}
