/// An optional that JSON always carries: `null` when absent, never a left-out key, so every field
/// a schema promises is present. Decoding accepts the key missing or `null`.
@propertyWrapper
package struct Nullable<Wrapped: Codable>: Codable {
    package var wrappedValue: Wrapped?

    package init(wrappedValue: Wrapped?) {
        self.wrappedValue = wrappedValue
    }

    package init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Wrapped.self)
    }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension Nullable: Equatable where Wrapped: Equatable {}
extension Nullable: Hashable where Wrapped: Hashable {}
extension Nullable: Sendable where Wrapped: Sendable {}

extension KeyedDecodingContainer {
    /// A `@Nullable` field whose key is missing decodes as nil instead of failing.
    package func decode<Wrapped>(_ type: Nullable<Wrapped>.Type, forKey key: Key) throws -> Nullable<Wrapped> {
        try decodeIfPresent(type, forKey: key) ?? Nullable(wrappedValue: nil)
    }
}
