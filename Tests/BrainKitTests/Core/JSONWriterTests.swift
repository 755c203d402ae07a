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
        // Both of the writer's paths: this value is one the stream writes, and the tree agrees.
        let streamed = try #require(JSONWriter().streamBytes(value, first: (key: "schemaVersion", value: 1)), "seed \(seed)")
        #expect(String(decoding: streamed + [10], as: UTF8.self) == reference, "seed \(seed)")
        let tree = try JSONWriter().treeBytes(value, first: (key: "schemaVersion", value: 1))
        #expect(String(decoding: tree + [10], as: UTF8.self) == reference, "seed \(seed)")
    }

    /// A record as the large outputs hold them: keys declared out of their sorted order, optional
    /// keys present or not, a nested record and a list of them, so that the stream's reordering of
    /// an object's entries, its remembered orders and its closing of nested containers all run.
    struct Record: Encodable {
        var path: String
        var line: Int
        var column: Int
        var text: String
        var label: String?
        var fragment: String?
        var inner: [Record]
        var owner: Owner?
        var tags: [String]
        var counts: [String: Int]

        struct Owner: Encodable {
            var zeta: Double
            var alpha: Bool?
        }
    }

    static func record(_ random: inout SeededRandom, depth: Int) -> Record {
        Record(path: string(&random), line: Int.random(in: -5...100_000, using: &random), column: Int.random(in: 0...9, using: &random),
               text: string(&random), label: Bool.random(using: &random) ? string(&random) : nil,
               fragment: Bool.random(using: &random) ? string(&random) : nil,
               inner: depth > 0 ? (0..<Int.random(in: 0...3, using: &random)).map { _ in record(&random, depth: depth - 1) } : [],
               owner: Bool.random(using: &random) ? .init(zeta: reals.randomElement(using: &random)!, alpha: Bool.random(using: &random) ? true : nil) : nil,
               tags: (0..<Int.random(in: 0...3, using: &random)).map { _ in string(&random) },
               counts: Dictionary((0..<Int.random(in: 0...4, using: &random)).map { _ in (keys.randomElement(using: &random)!, Int.random(in: -9...9, using: &random)) },
                                  uniquingKeysWith: { a, _ in a }))
    }

    struct Records: Encodable {
        var records: [Record]
        var path: String
        var schemaVersion: Int
    }

    @Test(arguments: 0..<40)
    func theStreamWritesTheEncodersBytesForRecords(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(1000 + seed))
        let value = Records(records: (0..<Int.random(in: 0...30, using: &random)).map { _ in Self.record(&random, depth: 2) },
                            path: Self.string(&random), schemaVersion: 7)
        let reference = String(decoding: try JSONReference.bytes(value), as: UTF8.self)
        let streamed = try #require(JSONWriter().streamBytes(value, first: (key: "schemaVersion", value: 1)), "seed \(seed)")
        #expect(String(decoding: streamed + [10], as: UTF8.self) == reference, "seed \(seed)")
        #expect(String(decoding: try JSONOutput.bytes(value), as: UTF8.self) == reference, "seed \(seed)")
        // Without a first key, at the top as inside.
        let plain = JSONEncoder()
        plain.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let expected = JSONReference.collapseEmpty([UInt8](try plain.encode(value.records)))
        #expect(JSONWriter().streamBytes(value.records) == expected, "seed \(seed)")
    }

    /// Containers a hand-written `encode(to:)` opens in the order a stream can follow: nested ones
    /// written to and left, the same keyed container asked for twice, a value in a single-value
    /// wrapper, a key written twice, a nested record written after the nested containers.
    struct Nested: Encodable {
        enum Keys: String, CodingKey { case z, a, m, b, list }
        struct Wrapper: Encodable {
            var inner: [String: Int]
            func encode(to encoder: Encoder) throws {
                var single = encoder.singleValueContainer()
                try single.encode(inner)
            }
        }

        func encode(to encoder: Encoder) throws {
            var keyed = encoder.container(keyedBy: Keys.self)
            try keyed.encode("last", forKey: .z)
            var inner = keyed.nestedContainer(keyedBy: Keys.self, forKey: .m)
            try inner.encode(2, forKey: .b)
            try inner.encode(1, forKey: .a)
            var list = keyed.nestedUnkeyedContainer(forKey: .list)
            try list.encode(Wrapper(inner: ["y": 1, "x": 2]))
            var deeper = list.nestedContainer(keyedBy: Keys.self)
            try deeper.encodeNil(forKey: .z)
            try deeper.encode([Int](), forKey: .a)
            try list.encode(Wrapper(inner: [:]))
            var again = encoder.container(keyedBy: Keys.self)
            try again.encode(true, forKey: .a)
            try keyed.encode(false, forKey: .a)
            try keyed.encode(Wrapper(inner: ["k": 3]), forKey: .b)
        }
    }

    @Test func nestedContainersInTheirOrderAreStreamed() throws {
        let reference = String(decoding: try JSONReference.bytes(Nested()), as: UTF8.self)
        let streamed = try #require(JSONWriter().streamBytes(Nested(), first: (key: "schemaVersion", value: 1)))
        #expect(String(decoding: streamed + [10], as: UTF8.self) == reference)
        #expect(reference.contains("\"a\" : false"))
    }

    /// What a stream cannot write in one pass is written through the tree, with the same bytes:
    /// a super-encoder, a nested container written to after its parent moved on, a single value
    /// written twice.
    struct Late: Encodable {
        enum Keys: String, CodingKey { case a, b }
        func encode(to encoder: Encoder) throws {
            var keyed = encoder.container(keyedBy: Keys.self)
            var inner = keyed.nestedContainer(keyedBy: Keys.self, forKey: .b)
            try keyed.encode(1, forKey: .a)
            try inner.encode(2, forKey: .a)
        }
    }

    struct Twice: Encodable {
        func encode(to encoder: Encoder) throws {
            var single = encoder.singleValueContainer()
            try single.encode(1)
            try single.encode("two")
        }
    }

    @Test func whatAStreamCannotWriteGoesThroughTheTree() throws {
        #expect(JSONWriter().streamBytes(Odd(), first: (key: "schemaVersion", value: 1)) == nil)
        #expect(JSONWriter().streamBytes(Late(), first: (key: "schemaVersion", value: 1)) == nil)
        #expect(JSONWriter().streamBytes(["x": Twice()]) == nil)
        #expect(String(decoding: try JSONOutput.bytes(Late()), as: UTF8.self) == String(decoding: try JSONReference.bytes(Late()), as: UTF8.self))
        // (Foundation's encoder stops the program on a single value written twice; the tree keeps the last.)
        #expect(try JSONWriter().bytes(["x": Twice()]) == JSONWriter().treeBytes(["x": Twice()]))
        #expect(String(decoding: try JSONWriter().bytes(["x": Twice()]), as: UTF8.self).contains("\"two\""))
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

    /// The escape scan reads eight bytes at a time and jumps to the first byte to escape in them:
    /// every ASCII character and a few longer ones at every offset of three words, alone and then
    /// followed by another character to escape (or not) at every distance, in strings and in keys.
    static let characters = [UInt8](0...0x7F).map { String(UnicodeScalar($0)) } + ["é", "€", "😀", "\u{2028}", "\u{FEFF}", "e\u{301}"]

    @Test(arguments: characters)
    func everyCharacterAtEveryOffset(character: String) throws {
        struct Holder: Encodable {
            var texts: [String]
            var keys: [String: Int]
        }
        var texts: [String] = []
        for before in 0..<24 {
            let head = String(repeating: "a", count: before)
            for after in [0, 1, 7, 8, 9, 17] {
                texts.append(head + character + String(repeating: "b", count: after))
            }
            for gap in 0..<10 {
                for second in ["\"", "\\", "\n", "\u{1}", "\u{1f}", "é", "x"] {
                    texts.append(head + character + String(repeating: "c", count: gap) + second + "tail")
                }
            }
        }
        var keys: [String: Int] = [:]
        for (at, text) in texts.prefix(60).enumerated() { keys[text] = at }
        let value = Holder(texts: texts, keys: keys)
        let reference = try JSONReference.bytes(value)
        #expect(try JSONOutput.bytes(value) == reference)
        #expect(try JSONWriter().treeBytes(value, first: (key: "schemaVersion", value: 1)) + [10] == reference)
        #expect(try #require(JSONWriter().streamBytes(value, first: (key: "schemaVersion", value: 1))) + [10] == reference)
    }

    /// Integers are written digit by digit: every power of ten and its neighbours, both edges of
    /// every width; and the reals and singles at their edges.
    @Test func numbersAtTheirEdges() throws {
        struct Numbers: Encodable {
            var signed: [Int64]
            var unsigned: [UInt64]
            var ints: [Int]
            var small: [Int8]
            var shorts: [UInt16]
            var reals: [Double]
            var singles: [Float]
        }
        var signed: [Int64] = [.min, .max, .min + 1, .max - 1, 0, -1, 1]
        var unsigned: [UInt64] = [.max, .max - 1, 0, 1]
        var power: UInt64 = 1
        for exponent in 1...19 {
            power *= 10
            unsigned += [power - 1, power, power + 1]
            if exponent < 19 { signed += [Int64(power - 1), Int64(power), -Int64(power), -Int64(power - 1)] }
        }
        let value = Numbers(signed: signed, unsigned: unsigned, ints: [.min, .max, 0, 10, -10], small: [.min, .max, 0, -1],
                            shorts: [.max, 0, 9, 10], reals: Self.reals + [-1e-300, 5e-324, 1e300, 100, 1e15, -0.5],
                            singles: [0, -0.0, 1.5, .greatestFiniteMagnitude, .leastNonzeroMagnitude, -3.25, 1e-7, 16_777_216])
        let reference = try JSONReference.bytes(value)
        #expect(try JSONOutput.bytes(value) == reference)
        #expect(try JSONWriter().treeBytes(value, first: (key: "schemaVersion", value: 1)) + [10] == reference)
    }

    @Test func aNumberJSONCannotHoldIsAnError() {
        struct Bad: Encodable { var value: Double }
        #expect(throws: EncodingError.self) { try JSONOutput.bytes(Bad(value: .nan)) }
        #expect(throws: EncodingError.self) { try JSONOutput.bytes(["x": [Float.infinity]]) }
        #expect(throws: EncodingError.self) { try JSONReference.bytes(Bad(value: .nan)) }
    }
}
