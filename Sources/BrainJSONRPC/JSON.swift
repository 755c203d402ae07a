import Foundation

/// A JSON value: what JSON-RPC messages (the language server's and the MCP server's) are made
/// of. Read by `JSONReader` and written by `JSONWriter`, straight from and to bytes; integers
/// stay integers.
package enum JSON: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    /// The value at `key` of an object; `.null` when absent or not an object.
    package subscript(key: String) -> JSON {
        get {
            if case .object(let members) = self { return members[key] ?? .null }
            return .null
        }
        set {
            guard case .object(var members) = self else { return }
            members[key] = newValue
            self = .object(members)
        }
    }

    /// The element at `index` of an array; `.null` when absent or not an array.
    package subscript(index: Int) -> JSON {
        if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
        return .null
    }

    package var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// An integer, or a number with no fraction that fits one.
    package var int: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value) where value.rounded() == value && abs(value) < 9e15: return Int(value)
        default: return nil
        }
    }

    package var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    package var array: [JSON]? {
        if case .array(let value) = self { return value }
        return nil
    }

    package var object: [String: JSON]? {
        if case .object(let value) = self { return value }
        return nil
    }

    package var isNull: Bool { self == .null }

    /// Parses UTF-8 JSON text; nil when it is not JSON.
    package static func parse(_ bytes: [UInt8]) -> JSON? {
        JSONReader.parse(bytes)
    }

    /// The value as compact UTF-8 JSON text, keys sorted.
    package func encoded() -> [UInt8] {
        JSONWriter.encode(self)
    }

    /// A Codable value as JSON (through its encoded text).
    package static func from<T: Encodable>(_ value: T) -> JSON {
        guard let data = try? JSONEncoder().encode(value) else { return .null }
        return JSONReader.parse(Array(data)) ?? .null
    }
}

extension JSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    package init(nilLiteral: ()) { self = .null }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(integerLiteral value: Int) { self = .int(value) }
    package init(floatLiteral value: Double) { self = .double(value) }
    package init(stringLiteral value: String) { self = .string(value) }
    package init(arrayLiteral elements: JSON...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension JSON: CustomStringConvertible {
    package var description: String { String(decoding: encoded(), as: UTF8.self) }
}

extension Optional where Wrapped == String {
    /// The string as JSON, `null` when nil.
    package var json: JSON { map(JSON.string) ?? .null }
}
