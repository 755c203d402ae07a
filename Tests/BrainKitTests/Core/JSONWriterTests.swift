import Foundation
import Testing
@testable import BrainFormat
import BrainTestSupport

/// `JSONWriter` writes what Foundation's encoder wrote (with `schemaVersion` moved first and empty
/// containers collapsed), byte for byte, for every kind of value an output holds.
@Suite struct JSONWriterTests {
    /// A value of every shape: strings with every kind of character (escapes at every offset of an
    /// eight-byte word), numbers at their edges, absent values, nesting, empty containers, keys
    /// whose byte order differs from their numeric or canonical order.
    struct Sample: Encodable {
        var text: String
        var texts: [String]
        var whole: Int
        var wholes: [Int64]
        var unsigned: UInt64
        var real: Double
        var reals: [Double]
        var single: Float
        var flag: Bool
        var missing: String?
        var present: Int?
        var nested: [String: [Sample]]
        var empty: [Int]
        var emptyObject: [String: Int]
        var day: Date
        var bytes: Data
        var link: URL
        var amount: Decimal
        var kind: Kind

        enum Kind: String, Encodable { case build, quit }
    }

    static let pieces = ["a", "é", "😀", "\"", "\\", "\n", "\r", "\t", "\u{8}", "\u{c}", "\u{1}", "\u{1f}", "\u{7f}", "/", "\u{2028}",
                         "e\u{301}", " ", "[[link]]", "0123456789abcdef", "<b>&amp;</b>"]
    static let keys = ["a10", "a2", "B", "b", "_x", "é", "e\u{301}", "Z", "a-", "aB", "ab", "schemaVersionX", "", "key with space"]
    static let reals: [Double] = [0, -0.0, 1, -1, 0.1, 1.5, 1e-7, 1e-5, 3e15, 9007199254740992, 1e16, 1e20, 1e23, .leastNonzeroMagnitude,
                                  .greatestFiniteMagnitude, -.leastNormalMagnitude, 1.0 / 3, 123456789012, 2.5e-10]

    static func string(_ random: inout SeededRandom) -> String {
        (0..<Int.random(in: 0...40, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    static func sample(_ random: inout SeededRandom, depth: Int) -> Sample {
        var nested: [String: [Sample]] = [:]
        if depth > 0 {
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                nested[keys.randomElement(using: &random)!] = (0..<Int.random(in: 0...2, using: &random)).map { _ in sample(&random, depth: depth - 1) }
            }
        }
        return Sample(
            text: string(&random), texts: (0..<Int.random(in: 0...4, using: &random)).map { _ in string(&random) },
            whole: Int.random(in: Int.min...Int.max, using: &random), wholes: [.min, .max, 0, -1],
            unsigned: .random(in: 0...UInt64.max, using: &random), real: reals.randomElement(using: &random)!,
            reals: (0..<3).map { _ in Double.random(in: -1e6...1e6, using: &random) }, single: Float.random(in: -10...10, using: &random),
            flag: Bool.random(using: &random), missing: nil, present: Bool.random(using: &random) ? 7 : nil, nested: nested,
            empty: [], emptyObject: [:], day: Date(timeIntervalSinceReferenceDate: Double(Int.random(in: 0...900_000_000, using: &random)) / 8),
            bytes: Data((0..<Int.random(in: 0...9, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }),
            link: URL(string: "https://example.org/a%20b?q=\(Int.random(in: 0...99, using: &random))")!,
            amount: Decimal(string: "\(Int.random(in: -999...999, using: &random)).25")!, kind: Bool.random(using: &random) ? .build : .quit)
    }

    @Test(arguments: 0..<60)
    func writesWhatTheEncoderWrote(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed))
        let value = Self.sample(&random, depth: 3)
        let written = String(decoding: try JSONOutput.bytes(value), as: UTF8.self)
        let reference = String(decoding: try JSONReference.bytes(value), as: UTF8.self)
        #expect(written == reference, "seed \(seed)")
    }

    /// A type that writes a key twice, through nested and super encoders: the last value wins, as
    /// with the encoder.
    struct Odd: Encodable {
        enum Keys: String, CodingKey { case a, b, c, schemaVersion }

        func encode(to encoder: Encoder) throws {
            var keyed = encoder.container(keyedBy: Keys.self)
            try keyed.encode(1, forKey: .a)
            try keyed.encode("two", forKey: .a)
            var list = keyed.nestedUnkeyedContainer(forKey: .b)
            try list.encode(true)
            var inner = list.nestedContainer(keyedBy: Keys.self)
            try inner.encodeNil(forKey: .c)
            try list.encode(2.5)
            try [3, 4].encode(to: keyed.superEncoder(forKey: .c))
            try keyed.encode(99, forKey: .schemaVersion)
        }
    }

    @Test func aKeyWrittenTwiceAndNestedEncodersAsTheEncoder() throws {
        #expect(String(decoding: try JSONOutput.bytes(Odd()), as: UTF8.self) == String(decoding: try JSONReference.bytes(Odd()), as: UTF8.self))
        #expect(String(decoding: try JSONOutput.bytes(Odd()), as: UTF8.self).hasPrefix("{\n  \"schemaVersion\" : 1,\n  \"a\" : \"two\""))
    }

    @Test func aNumberJSONCannotHoldIsAnError() {
        struct Bad: Encodable { var value: Double }
        #expect(throws: EncodingError.self) { try JSONOutput.bytes(Bad(value: .nan)) }
        #expect(throws: EncodingError.self) { try JSONOutput.bytes(["x": [Float.infinity]]) }
        #expect(throws: EncodingError.self) { try JSONReference.bytes(Bad(value: .nan)) }
    }
}
