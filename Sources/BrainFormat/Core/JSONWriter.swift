import Foundation

/// Writes an `Encodable` value as the JSON every `--json` output and every API answer prints: two
/// spaces of indentation, `"key" : value`, an object's keys in the order of their UTF-8 bytes, `/`
/// unescaped, empty arrays and objects as `[]` and `{}`. Byte for byte what Foundation's
/// `JSONEncoder` with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` writes once its
/// empty containers are collapsed (a test holds the two together on every command), at a fraction
/// of its cost: the values are gathered into a light tree whose strings are kept as they are, then
/// written straight to UTF-8 bytes, the runs of a string that need no escape copied whole.
package struct JSONWriter {
    package init() {}

    /// The bytes of `value`. `first`, when given, is set on the top-level object (which `value`
    /// must encode as) and written as its first key, whatever its place in the sorted order: the
    /// outputs' `schemaVersion`.
    package func bytes<T: Encodable>(_ value: T, first: (key: String, value: Int)? = nil) throws -> [UInt8] {
        if let streamed = streamBytes(value, first: first) { return streamed }
        return try treeBytes(value, first: first)
    }

    /// The bytes of `value` written as it is encoded (`JSONStream`), or nil when its encoding is
    /// one a stream cannot write in one pass (then `treeBytes` writes it, or throws the error).
    package func streamBytes<T: Encodable>(_ value: T, first: (key: String, value: Int)? = nil) -> [UInt8]? {
        let stream = JSONStream()
        do {
            if let first {
                let root = StreamEncoder(stream: stream, parent: nil, key: nil, indent: 0, level: 0)
                try value.encode(to: root)
                guard !stream.failed, root.frameIsObject, stream.isOpen(id: root.frameID, level: 0) else { return nil }
                stream.closeAbove(0)
                stream.beginEntry(0, key: first.key)
                stream.writeInteger(Int64(first.value))
                stream.closeTop(first: first.key)
            } else {
                try stream.write(value, indent: 0, parent: nil, key: nil)
                guard !stream.failed else { return nil }
            }
        } catch {
            return nil
        }
        return stream.out.array
    }

    /// The bytes of `value` gathered into a tree first: any encoding, the encoder's errors.
    package func treeBytes<T: Encodable>(_ value: T, first: (key: String, value: Int)? = nil) throws -> [UInt8] {
        let encoder = TreeEncoder(parent: nil, key: nil)
        try encoder.encodeValue(value)
        let root = encoder.root ?? .null
        if let first {
            guard case .object(let object) = root else {
                throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "a JSON output is an object"))
            }
            object.set(first.key, .number(String(first.value)))
        }
        let out = JSONBytes()
        var writer = Output(first: first?.key)
        writer.write(root, indent: 0, top: true, into: out)
        return out.array
    }

    /// Writes values on one line each, with no space: Foundation's `JSONEncoder` with
    /// `[.sortedKeys, .withoutEscapingSlashes]`, byte for byte (the records of `brain export json`).
    /// One writer for a run of records remembers their key lists' order, as `bytes` does for the
    /// objects of an array.
    package final class Compact {
        private var output = Output(first: nil, compact: true)

        package init() {}

        package func bytes<T: Encodable>(_ value: T) throws -> [UInt8] {
            let encoder = TreeEncoder(parent: nil, key: nil)
            try encoder.encodeValue(value)
            let out = JSONBytes()
            output.write(encoder.root ?? .null, indent: 0, into: out)
            return out.array
        }
    }

    // MARK: The tree

    enum Node {
        case null
        case bool(Bool)
        case number(String)
        case string(String)
        case array(ArrayBox)
        case object(ObjectBox)
    }

    final class ArrayBox {
        var items: [Node] = []
    }

    final class ObjectBox {
        var keys: [String]
        var values: [Node]

        init() {
            keys = []
            values = []
            keys.reserveCapacity(8)
            values.reserveCapacity(8)
        }

        func set(_ key: String, _ node: Node) {
            keys.append(key)
            values.append(node)
        }
    }

    static func number(_ value: Double, _ whole: Any, _ path: @autoclosure () -> [CodingKey]) throws -> Node {
        guard value.isFinite else {
            throw EncodingError.invalidValue(whole, .init(codingPath: path(), debugDescription: "Unable to encode \(value) directly in JSON."))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .number(text)
    }

    static func number(_ value: Float, _ path: @autoclosure () -> [CodingKey]) throws -> Node {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: path(), debugDescription: "Unable to encode \(value) directly in JSON."))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .number(text)
    }

    // MARK: Writing

    /// Writes a tree, remembering the order of the last key lists met: the objects of an array
    /// share their keys, so each list is sorted once.
    struct Output {
        let first: String?
        /// On one line, with no space (`Compact`).
        let compact: Bool
        private var orders: [(keys: [String], order: [Int])] = []
        private var nextOrder = 0

        init(first: String?, compact: Bool = false) {
            self.first = first
            self.compact = compact
        }

        mutating func write(_ node: Node, indent: Int, top: Bool = false, into out: JSONBytes) {
            switch node {
            case .null: out.append("null")
            case .bool(let value): out.append(value ? "true" : "false")
            case .number(let text): out.append(text)
            case .string(let text): JSONWriter.writeString(text, into: out)
            case .array(let box):
                guard !box.items.isEmpty else { out.append(91); out.append(93); return }
                out.append(91)
                for index in box.items.indices {
                    if index > 0 { out.append(44) }
                    if !compact { out.newline(indent + 2) }
                    write(box.items[index], indent: indent + 2, into: out)
                }
                if !compact { out.newline(indent) }
                out.append(93)
            case .object(let box):
                let order = top ? JSONWriter.order(box.keys, first: first) : order(box.keys)
                guard !order.isEmpty else { out.append(123); out.append(125); return }
                out.append(123)
                for (index, at) in order.enumerated() {
                    if index > 0 { out.append(44) }
                    if !compact { out.newline(indent + 2) }
                    JSONWriter.writeString(box.keys[at], into: out)
                    if compact { out.append(58) } else { out.append(" : ") }
                    write(box.values[at], indent: indent + 2, into: out)
                }
                if !compact { out.newline(indent) }
                out.append(125)
            }
        }

        private mutating func order(_ keys: [String]) -> [Int] {
            for entry in orders where entry.keys == keys { return entry.order }
            let order = JSONWriter.order(keys, first: nil)
            if orders.count < 8 {
                orders.append((keys, order))
            } else {
                orders[nextOrder] = (keys, order)
                nextOrder = (nextOrder + 1) % 8
            }
            return order
        }
    }

    /// The places of `keys` in the order written: `first` first, the rest by their UTF-8 bytes;
    /// of a key set twice, the last value only.
    static func order(_ keys: [String], first: String?) -> [Int] {
        var order = Array(keys.indices)
        order.sort { a, b in
            let x = keys[a], y = keys[b]
            if let first, (x == first) != (y == first) { return x == first }
            if x.utf8.elementsEqual(y.utf8) { return a < b }
            return x.utf8.lexicographicallyPrecedes(y.utf8)
        }
        var result: [Int] = []
        result.reserveCapacity(order.count)
        for at in order {
            if let last = result.last, keys[last].utf8.elementsEqual(keys[at].utf8) {
                result[result.count - 1] = at
            } else {
                result.append(at)
            }
        }
        return result
    }

    /// The high bit of each of the eight bytes of `word` that is a control character, a quote or a
    /// backslash — exact for the lowest such byte (a byte's borrow only reaches the bytes above it),
    /// maybe not for the ones above it. A byte of 0x80 or more is none of them, and has the high
    /// bit of `word ^ 0x22` and `word ^ 0x5C` too: one `~word` leaves out all three.
    @inline(__always)
    static func escapeMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
        return ((quote &- ones) | (backslash &- ones) | (word &- ones &* 0x20)) & ~word & highs
    }

    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x22 || byte == 0x5C }

    static let hex: StaticString = "0123456789abcdef"

    /// Writes `text` as a JSON string: the runs that need no escape are found eight bytes at a
    /// time and copied whole.
    static func writeString(_ text: String, into out: JSONBytes) {
        // A native string's bytes are read in place; another (bridged) is copied first.
        if text.utf8.withContiguousStorageIfAvailable({ writeString(bytes: $0, into: out) }) == nil {
            var text = text
            text.withUTF8 { writeString(bytes: $0, into: out) }
        }
    }

    static func writeString(bytes: UnsafeBufferPointer<UInt8>, into out: JSONBytes) {
        do {
            let count = bytes.count
            out.reserve(count &+ 2)
            out.appendReserved(34)
            guard let base = bytes.baseAddress else { out.appendReserved(34); return }
            var start = 0, index = 0
            while true {
                // The next byte to escape, or the end.
                let raw = UnsafeRawPointer(base)
                while index &+ 16 <= count {
                    let first = escapeMask(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
                    let second = escapeMask(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index &+ 8, as: UInt64.self)))
                    if first | second != 0 {
                        index &+= first != 0 ? first.trailingZeroBitCount >> 3 : 8 &+ second.trailingZeroBitCount >> 3
                        break
                    }
                    index &+= 16
                }
                if index &+ 16 > count {
                    while index &+ 8 <= count {
                        let mask = escapeMask(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
                        if mask != 0 { index &+= mask.trailingZeroBitCount >> 3; break }
                        index &+= 8
                    }
                }
                if index &+ 8 > count {
                    while index < count, !needsEscape(base[index]) { index &+= 1 }
                }
                guard index < count else { break }
                let byte = base[index]
                guard needsEscape(byte) else { index &+= 1; continue }
                if start < index { out.append(base + start, count: index &- start) }
                index &+= 1
                start = index
                writeEscape(byte, into: out)
            }
            if start < count { out.append(base + start, count: count &- start) }
            out.append(34)
        }
    }

    /// The escape of a control character, a quote or a backslash, as Foundation's encoder writes it.
    @inline(never)
    static func writeEscape(_ byte: UInt8, into out: JSONBytes) {
        out.reserve(6)
        out.appendReserved(92)
        switch byte {
        case 0x22, 0x5C: out.appendReserved(byte)
        case 10: out.appendReserved(110)
        case 13: out.appendReserved(114)
        case 9: out.appendReserved(116)
        case 8: out.appendReserved(98)
        case 12: out.appendReserved(102)
        default:
            let digits = hex.utf8Start
            out.appendReserved(117); out.appendReserved(48); out.appendReserved(48)
            out.appendReserved(digits[Int(byte >> 4)]); out.appendReserved(digits[Int(byte & 15)])
        }
    }
}

// MARK: The encoder

/// Gathers one value into a node. Its coding path is found, when asked, through its parents.
private final class TreeEncoder: Encoder {
    typealias Node = JSONWriter.Node
    let parent: TreeEncoder?
    let key: CodingKey?
    var root: Node?

    init(parent: TreeEncoder?, key: CodingKey?) {
        self.parent = parent
        self.key = key
    }

    var codingPath: [CodingKey] {
        var path: [CodingKey] = []
        var at: TreeEncoder? = self
        while let encoder = at {
            if let key = encoder.key { path.append(key) }
            at = encoder.parent
        }
        return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let box: JSONWriter.ObjectBox
        if case .object(let existing) = root { box = existing } else { box = .init(); root = .object(box) }
        return KeyedEncodingContainer(KeyedContainer<Key>(box: box, encoder: self))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        let box: JSONWriter.ArrayBox
        if case .array(let existing) = root { box = existing } else { box = .init(); root = .array(box) }
        return UnkeyedContainer(box: box, encoder: self)
    }

    func singleValueContainer() -> SingleValueEncodingContainer { SingleContainer(encoder: self) }

    /// The node of a value under this encoder at `key`, with the types `JSONEncoder` writes its own
    /// way: a date as its seconds since 2001, data as Base64, a URL as its text, a decimal as its
    /// number.
    func node<T: Encodable>(_ value: T, key: CodingKey?) throws -> Node {
        let type = T.self
        if type == String.self { return .string(value as! String) }
        if type == Int.self { return .number(String(value as! Int)) }
        if type == Bool.self { return .bool(value as! Bool) }
        if type == Double.self { return try JSONWriter.number(value as! Double, value, self.codingPath) }
        if type == Date.self {
            return try JSONWriter.number((value as! Date).timeIntervalSinceReferenceDate, value, self.codingPath)
        }
        if type == Data.self { return .string((value as! Data).base64EncodedString()) }
        if type == URL.self { return .string((value as! URL).absoluteString) }
        if type == Decimal.self { return .number((value as! Decimal).description) }
        let encoder = TreeEncoder(parent: self, key: key)
        try value.encode(to: encoder)
        return encoder.root ?? .object(.init())
    }

    func encodeValue<T: Encodable>(_ value: T) throws {
        // A value encoded through a single-value container takes this encoder's own place.
        let node = try (parent ?? TreeEncoder(parent: nil, key: nil)).node(value, key: key)
        root = node
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    typealias Node = JSONWriter.Node
    let box: JSONWriter.ObjectBox
    let encoder: TreeEncoder
    var codingPath: [CodingKey] { encoder.codingPath }

    func path(_ key: Key) -> [CodingKey] { codingPath + [key] }

    mutating func encodeNil(forKey key: Key) throws { box.set(key.stringValue, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { box.set(key.stringValue, .bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { box.set(key.stringValue, .string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { box.set(key.stringValue, try JSONWriter.number(value, value, path(key))) }
    mutating func encode(_ value: Float, forKey key: Key) throws { box.set(key.stringValue, try JSONWriter.number(value, path(key))) }
    mutating func encode(_ value: Int, forKey key: Key) throws { box.set(key.stringValue, .number(String(value))) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { box.set(key.stringValue, .number(String(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { box.set(key.stringValue, .number(String(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { box.set(key.stringValue, .number(String(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { box.set(key.stringValue, .number(String(value))) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { box.set(key.stringValue, .number(String(value))) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { box.set(key.stringValue, .number(String(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { box.set(key.stringValue, .number(String(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { box.set(key.stringValue, .number(String(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { box.set(key.stringValue, .number(String(value))) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        box.set(key.stringValue, try encoder.node(value, key: key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = TreeEncoder(parent: encoder, key: key)
        let container = nested.container(keyedBy: keyType)
        box.set(key.stringValue, nested.root!)
        return container
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        let nested = TreeEncoder(parent: encoder, key: key)
        let container = nested.unkeyedContainer()
        box.set(key.stringValue, nested.root!)
        return container
    }

    mutating func superEncoder() -> Encoder { superEncoder(name: "super", key: nil) }
    mutating func superEncoder(forKey key: Key) -> Encoder { superEncoder(name: key.stringValue, key: key) }

    private func superEncoder(name: String, key: CodingKey?) -> Encoder {
        let box = self.box
        return PlacingEncoder(TreeEncoder(parent: encoder, key: key ?? SuperKey())) { node in box.set(name, node) }
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    typealias Node = JSONWriter.Node
    let box: JSONWriter.ArrayBox
    let encoder: TreeEncoder
    var codingPath: [CodingKey] { encoder.codingPath }
    var count: Int { box.items.count }

    func path() -> [CodingKey] { codingPath + [IndexKey(count)] }

    mutating func encodeNil() throws { box.items.append(.null) }
    mutating func encode(_ value: Bool) throws { box.items.append(.bool(value)) }
    mutating func encode(_ value: String) throws { box.items.append(.string(value)) }
    mutating func encode(_ value: Double) throws { box.items.append(try JSONWriter.number(value, value, path())) }
    mutating func encode(_ value: Float) throws { box.items.append(try JSONWriter.number(value, path())) }
    mutating func encode(_ value: Int) throws { box.items.append(.number(String(value))) }
    mutating func encode(_ value: Int8) throws { box.items.append(.number(String(value))) }
    mutating func encode(_ value: Int16) throws { box.items.append(.number(String(value))) }
    mutating func encode(_ value: Int32) throws { box.items.append(.number(String(value))) }
    mutating func encode(_ value: Int64) throws { box.items.append(.number(String(value))) }
    mutating func encode(_ value: UInt) throws { box.items.append(.number(String(value))) }
    mutating func encode(_ value: UInt8) throws { box.items.append(.number(String(value))) }
    mutating func encode(_ value: UInt16) throws { box.items.append(.number(String(value))) }
    mutating func encode(_ value: UInt32) throws { box.items.append(.number(String(value))) }
    mutating func encode(_ value: UInt64) throws { box.items.append(.number(String(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        box.items.append(try encoder.node(value, key: IndexKey(count)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = TreeEncoder(parent: encoder, key: IndexKey(count))
        let container = nested.container(keyedBy: keyType)
        box.items.append(nested.root!)
        return container
    }

    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
        let nested = TreeEncoder(parent: encoder, key: IndexKey(count))
        let container = nested.unkeyedContainer()
        box.items.append(nested.root!)
        return container
    }

    mutating func superEncoder() -> Encoder {
        let at = box.items.count
        box.items.append(.null)
        let box = self.box
        return PlacingEncoder(TreeEncoder(parent: encoder, key: IndexKey(at))) { node in box.items[at] = node }
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.root = .null }
    mutating func encode(_ value: Bool) throws { encoder.root = .bool(value) }
    mutating func encode(_ value: String) throws { encoder.root = .string(value) }
    mutating func encode(_ value: Double) throws { encoder.root = try JSONWriter.number(value, value, codingPath) }
    mutating func encode(_ value: Float) throws { encoder.root = try JSONWriter.number(value, codingPath) }
    mutating func encode(_ value: Int) throws { encoder.root = .number(String(value)) }
    mutating func encode(_ value: Int8) throws { encoder.root = .number(String(value)) }
    mutating func encode(_ value: Int16) throws { encoder.root = .number(String(value)) }
    mutating func encode(_ value: Int32) throws { encoder.root = .number(String(value)) }
    mutating func encode(_ value: Int64) throws { encoder.root = .number(String(value)) }
    mutating func encode(_ value: UInt) throws { encoder.root = .number(String(value)) }
    mutating func encode(_ value: UInt8) throws { encoder.root = .number(String(value)) }
    mutating func encode(_ value: UInt16) throws { encoder.root = .number(String(value)) }
    mutating func encode(_ value: UInt32) throws { encoder.root = .number(String(value)) }
    mutating func encode(_ value: UInt64) throws { encoder.root = .number(String(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encodeValue(value) }
}

/// A super-encoder: its value, once encoded, is put where its container says.
private final class PlacingEncoder: Encoder {
    let inner: TreeEncoder
    let place: (JSONWriter.Node) -> Void
    var codingPath: [CodingKey] { inner.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ inner: TreeEncoder, place: @escaping (JSONWriter.Node) -> Void) {
        self.inner = inner
        self.place = place
    }

    deinit { place(inner.root ?? .object(.init())) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> { inner.container(keyedBy: type) }
    func unkeyedContainer() -> UnkeyedEncodingContainer { inner.unkeyedContainer() }
    func singleValueContainer() -> SingleValueEncodingContainer { inner.singleValueContainer() }
}

private struct IndexKey: CodingKey {
    var stringValue: String { "Index \(intValue!)" }
    var intValue: Int?
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}
