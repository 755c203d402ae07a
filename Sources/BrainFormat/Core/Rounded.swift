/// A number that JSON carries rounded to four decimals, so output stays stable across platforms
/// and runs; the value in memory keeps full precision for text output and further arithmetic.
/// An optional one (or one that is not finite) is written as `null`.
@propertyWrapper
package struct Rounded<Value: RoundableNumber>: Codable {
    package var wrappedValue: Value

    package init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    package init(from decoder: Decoder) throws {
        wrappedValue = try Value(from: decoder)
    }

    package func encode(to encoder: Encoder) throws {
        if encoder.userInfo[.exactNumbers] as? Bool == true {
            try wrappedValue.encode(to: encoder)
        } else {
            try wrappedValue.fourDecimals.encode(to: encoder)
        }
    }
}

extension CodingUserInfoKey {
    /// True for an encoding that is read back rather than shown (a kept answer in the cache):
    /// `@Rounded` then writes every digit, so that the value decoded is the value encoded.
    package static let exactNumbers = CodingUserInfoKey(rawValue: "brain.exactNumbers")!
}

extension Rounded: Equatable where Value: Equatable {}
extension Rounded: Hashable where Value: Hashable {}
extension Rounded: Sendable where Value: Sendable {}

/// A number `@Rounded` can hold: `Double` or `Double?`.
package protocol RoundableNumber: Codable {
    /// The value as JSON carries it.
    var fourDecimals: Self { get }
}

extension Double: RoundableNumber {
    /// Rounded to four decimals (0.123456 → 0.1235), the precision of every JSON fraction.
    package var fourDecimals: Double { (self * 10_000).rounded() / 10_000 }
}

extension Optional: RoundableNumber where Wrapped == Double {
    package var fourDecimals: Double? {
        guard let value = self, value.isFinite else { return nil }
        return value.fourDecimals
    }
}

extension KeyedDecodingContainer {
    /// A `@Rounded` optional whose key is missing decodes as nil instead of failing.
    package func decode(_ type: Rounded<Double?>.Type, forKey key: Key) throws -> Rounded<Double?> {
        try decodeIfPresent(type, forKey: key) ?? Rounded(wrappedValue: nil)
    }
}
