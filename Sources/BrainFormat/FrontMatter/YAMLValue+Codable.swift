/// Front-matter values as JSON: dates as `"YYYY-MM-DD"` strings, maps as objects. Decoding reads
/// such a string back as a date, as the YAML reader does.
extension YAMLValue: Codable {
    public init(from decoder: Decoder) throws {
        if let container = try? decoder.container(keyedBy: YAMLMap.Key.self) {
            self = .map(try YAMLMap(from: container))
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var items: [YAMLValue] = []
            while !container.isAtEnd { items.append(try container.decode(YAMLValue.self)) }
            self = .list(items)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int.self) {
            self = .int(number)
        } else if let number = try? container.decode(Double.self) {
            self = .double(number)
        } else {
            let text = try container.decode(String.self)
            self = Day(text).map(YAMLValue.date) ?? .string(text)
        }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
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
            // JSON has no infinity or NaN: those go out as their YAML spelling.
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
            for item in items { try container.encode(item) }
        case .map(let map):
            try map.encode(to: encoder)
        }
    }
}

/// A front-matter map as a JSON object. JSON objects carry no order, so a decoded map's keys come
/// in the decoder's order.
extension YAMLMap: Codable {
    package struct Key: CodingKey {
        package var stringValue: String
        package var intValue: Int? { nil }
        package init(_ string: String) { stringValue = string }
        package init?(stringValue: String) { self.stringValue = stringValue }
        package init?(intValue: Int) { nil }
    }

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: Key.self))
    }

    package init(from container: KeyedDecodingContainer<Key>) throws {
        self.init(try container.allKeys.map { Entry(key: $0.stringValue, value: try container.decode(YAMLValue.self, forKey: $0)) })
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for entry in entries { try container.encode(entry.value, forKey: Key(entry.key)) }
    }
}
