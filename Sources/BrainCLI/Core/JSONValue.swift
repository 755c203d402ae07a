import BrainKit

/// Front-matter values as JSON: dates as `"YYYY-MM-DD"` strings, maps keep their key order in
/// the encoder's sorted output.
struct JSONValue: Encodable {
    let value: YAMLValue

    init(_ value: YAMLValue) { self.value = value }

    func encode(to encoder: Encoder) throws {
        switch value {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .int(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .double(let number):
            var container = encoder.singleValueContainer()
            if number.isFinite { try container.encode(number) } else { try container.encode(String(number)) }
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .date(let day):
            var container = encoder.singleValueContainer()
            try container.encode(day.description)
        case .list(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(JSONValue(item)) }
        case .map(let map):
            var container = encoder.container(keyedBy: DynamicKey.self)
            for entry in map.entries { try container.encode(JSONValue(entry.value), forKey: DynamicKey(entry.key)) }
        }
    }

    struct DynamicKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// Schema-versioned JSON payloads share this wrapper's first key.
let schemaVersion = 1
