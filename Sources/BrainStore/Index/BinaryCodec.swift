import BrainFormat
import BrainAnalytics

/// A compact binary encoding for the index cache: LEB128 varints and length-prefixed UTF-8.
/// Much faster to write and read than JSON for the hundreds of thousands of links of a large vault.
///
/// The writer keeps its bytes in a buffer of its own and writes each value with plain stores (an
/// `Array.append` per byte, with its checks, was most of encoding a record: a cold index encodes
/// 189,000 links). It is not copyable, so one buffer has one owner.
package struct BinaryWriter: ~Copyable {
    private var storage: ByteBuffer
    /// `storage`'s memory and size, kept here for the writes (read through `storage` on every
    /// byte, they cost a third more instructions).
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The number of bytes written.
    package private(set) var count = 0

    package init(capacity: Int = 1 << 16) {
        storage = ByteBuffer(capacity: capacity)
        base = storage.base
        self.capacity = storage.capacity
    }

    /// A copy of the bytes written.
    package var bytes: [UInt8] { withBytes { Array($0) } }

    /// The bytes written, without copying them.
    package func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(count + extra) }
    }

    private mutating func grow(_ size: Int) {
        storage.grow(to: size, keeping: count)
        base = storage.base
        capacity = storage.capacity
    }

    @inline(__always)
    package mutating func uint(_ value: UInt64) {
        // Most numbers written (lines, columns, counts, lengths) take one byte.
        if value < 0x80 && count < capacity {
            base[count] = UInt8(truncatingIfNeeded: value)
            count += 1
            return
        }
        longUInt(value)
    }

    private mutating func longUInt(_ value: UInt64) {
        reserve(10)
        var value = value
        while value >= 0x80 {
            base[count] = UInt8(truncatingIfNeeded: value) | 0x80
            count += 1
            value >>= 7
        }
        base[count] = UInt8(value)
        count += 1
    }

    package mutating func int(_ value: Int) {
        // Zig-zag so small negative numbers stay small.
        let signed = Int64(value)
        uint(UInt64(bitPattern: (signed << 1) ^ (signed >> 63)))
    }

    @inline(__always)
    package mutating func bool(_ value: Bool) { byte(value ? 1 : 0) }

    /// Starts a section whose length is written in front of it, so readers can skip it.
    package mutating func beginSection() -> Int {
        let position = count
        reserve(4)
        (base + count).initialize(repeating: 0, count: 4)
        count += 4
        return position
    }

    package mutating func endSection(_ position: Int) {
        let length = UInt32(count - position - 4)
        for index in 0..<4 { base[position + index] = UInt8(truncatingIfNeeded: length >> (8 * UInt32(index))) }
    }

    @inline(__always)
    package mutating func byte(_ value: UInt8) {
        reserve(1)
        base[count] = value
        count += 1
    }

    /// Bytes already encoded (a record copied from the cache as it was).
    package mutating func raw(_ value: UnsafeBufferPointer<UInt8>) {
        guard let source = value.baseAddress, !value.isEmpty else { return }
        reserve(value.count)
        (base + count).initialize(from: source, count: value.count)
        count += value.count
    }

    package mutating func double(_ value: Double) {
        reserve(8)
        var bits = value.bitPattern
        for _ in 0..<8 {
            base[count] = UInt8(truncatingIfNeeded: bits)
            count += 1
            bits >>= 8
        }
    }

    package mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { string(bytes: $0) }
    }

    /// A string given as its UTF-8 bytes, written as `string` writes one.
    package mutating func string(bytes: UnsafeBufferPointer<UInt8>) {
        uint(UInt64(bytes.count))
        raw(bytes)
    }

    /// Bytes with their length in front.
    package mutating func data(_ value: [UInt8]) {
        uint(UInt64(value.count))
        value.withUnsafeBufferPointer { raw($0) }
    }

    package mutating func optionalData(_ value: [UInt8]?) {
        bool(value != nil)
        if let value { data(value) }
    }

    package mutating func optionalString(_ value: String?) {
        if let value {
            bool(true)
            string(value)
        } else {
            bool(false)
        }
    }

    package mutating func strings(_ values: [String]) {
        uint(UInt64(values.count))
        for value in values { string(value) }
    }
}

/// Reads what `BinaryWriter` wrote; every read is bounds-checked and throws on truncated or corrupt input.
package struct BinaryReader {
    package struct Corrupt: Error {}

    private let bytes: UnsafeBufferPointer<UInt8>
    package private(set) var offset: Int

    package init(_ bytes: UnsafeBufferPointer<UInt8>, offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    package var isAtEnd: Bool { offset >= bytes.count }

    /// Skips a section written with `beginSection`/`endSection`; returns where its content starts.
    package mutating func skipSection() throws(Corrupt) -> Int {
        guard offset + 4 <= bytes.count else { throw Corrupt() }
        var length = 0
        for index in 0..<4 { length |= Int(bytes[offset + index]) << (8 * index) }
        let start = offset + 4
        guard start + length <= bytes.count else { throw Corrupt() }
        offset = start + length
        return start
    }

    @inline(__always)
    package mutating func uint() throws(Corrupt) -> UInt64 {
        // Most numbers in the cache fit in one byte.
        if offset < bytes.count, bytes[offset] < 0x80 {
            defer { offset += 1 }
            return UInt64(bytes[offset])
        }
        return try longUInt()
    }

    private mutating func longUInt() throws(Corrupt) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count, shift < 64 else { throw Corrupt() }
            let byte = bytes[offset]
            offset += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
    }

    package mutating func int() throws(Corrupt) -> Int {
        let raw = try uint()
        let decoded = Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
        return Int(decoded)
    }

    /// A count that must fit in what is left of the input (guards against absurd allocations).
    @inline(__always)
    package mutating func count() throws(Corrupt) -> Int {
        let value = try uint()
        guard value <= UInt64(bytes.count - offset) else { throw Corrupt() }
        return Int(value)
    }

    /// A whole number from `low` through `high`: anything else (including what does not fit in an
    /// `Int`) is corruption, never a trap.
    @inline(__always)
    package mutating func bounded(_ high: Int, from low: Int = 0) throws(Corrupt) -> Int {
        let value = try uint()
        guard value >= UInt64(low), value <= UInt64(high) else { throw Corrupt() }
        return Int(value)
    }

    /// A day of the calendar BrainKit reads (years 1 to 9999).
    package mutating func day() throws(Corrupt) -> Day {
        let ordinal = try int()
        guard ordinal >= Day.earliest.ordinal, ordinal <= Day.latest.ordinal else { throw Corrupt() }
        return Day(ordinal: ordinal)
    }

    @inline(__always)
    package mutating func bool() throws(Corrupt) -> Bool {
        guard offset < bytes.count else { throw Corrupt() }
        defer { offset += 1 }
        switch bytes[offset] {
        case 0: return false
        case 1: return true
        default: throw Corrupt()
        }
    }

    package mutating func byte() throws(Corrupt) -> UInt8 {
        guard offset < bytes.count else { throw Corrupt() }
        defer { offset += 1 }
        return bytes[offset]
    }

    package mutating func double() throws(Corrupt) -> Double {
        guard offset + 8 <= bytes.count else { throw Corrupt() }
        var bits: UInt64 = 0
        for index in 0..<8 { bits |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
        offset += 8
        return Double(bitPattern: bits)
    }

    package mutating func string() throws(Corrupt) -> String {
        String(decoding: try stringBytes(), as: UTF8.self)
    }

    /// A string's bytes, without making it (valid while the reader's bytes are).
    @inline(__always)
    package mutating func stringBytes() throws(Corrupt) -> UnsafeBufferPointer<UInt8> {
        let length = try count()
        defer { offset += length }
        return UnsafeBufferPointer(rebasing: bytes[offset..<offset + length])
    }

    @inline(__always)
    package mutating func optionalStringBytes() throws(Corrupt) -> UnsafeBufferPointer<UInt8>? {
        try bool() ? try stringBytes() : nil
    }

    /// Steps over `length` bytes that `count()` has checked are there.
    @inline(__always)
    package mutating func skip(_ length: Int) {
        offset += length
    }

    /// Steps over a string without making it.
    @inline(__always)
    package mutating func skipString() throws(Corrupt) {
        offset += try count()
    }

    package mutating func skipOptionalString() throws(Corrupt) {
        if try bool() { try skipString() }
    }

    package mutating func data() throws(Corrupt) -> [UInt8] {
        let length = try count()
        defer { offset += length }
        return Array(bytes[offset..<(offset + length)])
    }

    package mutating func optionalData() throws(Corrupt) -> [UInt8]? {
        try bool() ? try data() : nil
    }

    package mutating func optionalString() throws(Corrupt) -> String? {
        try bool() ? try string() : nil
    }

    package mutating func strings() throws(Corrupt) -> [String] {
        let number = try count()
        var result: [String] = []
        result.reserveCapacity(number)
        for _ in 0..<number { result.append(try string()) }
        return result
    }
}

extension YAMLValue {
    package func encode(into writer: inout BinaryWriter) {
        switch self {
        case .null: writer.byte(0)
        case .bool(let value): writer.byte(value ? 2 : 1)
        case .int(let value): writer.byte(3); writer.int(value)
        case .double(let value): writer.byte(4); writer.double(value)
        case .string(let value): writer.byte(5); writer.string(value)
        case .date(let day): writer.byte(6); writer.int(day.ordinal)
        case .list(let items):
            writer.byte(7)
            writer.uint(UInt64(items.count))
            for item in items { item.encode(into: &writer) }
        case .map(let map):
            writer.byte(8)
            map.encode(into: &writer)
        }
    }

    package static func decode(from reader: inout BinaryReader, depth: Int = 0) throws(BinaryReader.Corrupt) -> YAMLValue {
        guard depth < 64 else { throw BinaryReader.Corrupt() }
        switch try reader.byte() {
        case 0: return .null
        case 1: return .bool(false)
        case 2: return .bool(true)
        case 3: return .int(try reader.int())
        case 4: return .double(try reader.double())
        case 5: return .string(try reader.string())
        case 6: return .date(try reader.day())
        case 7:
            let count = try reader.count()
            var items: [YAMLValue] = []
            items.reserveCapacity(count)
            for _ in 0..<count { items.append(try decode(from: &reader, depth: depth + 1)) }
            return .list(items)
        case 8: return .map(try YAMLMap.decode(from: &reader, depth: depth + 1))
        default: throw BinaryReader.Corrupt()
        }
    }
}

extension YAMLValue {
    /// Steps over a value, checking it as `decode` does, without making it.
    package static func skip(from reader: inout BinaryReader, depth: Int = 0) throws(BinaryReader.Corrupt) {
        guard depth < 64 else { throw BinaryReader.Corrupt() }
        switch try reader.byte() {
        case 0, 1, 2: return
        case 3: _ = try reader.int()
        case 4: _ = try reader.double()
        case 5: try reader.skipString()
        case 6: _ = try reader.day()
        case 7:
            let count = try reader.count()
            for _ in 0..<count { try skip(from: &reader, depth: depth + 1) }
        case 8: try YAMLMap.skip(from: &reader, depth: depth + 1)
        default: throw BinaryReader.Corrupt()
        }
    }
}

extension YAMLMap {
    /// Steps over a map, checking it as `decode` does, without making it.
    package static func skip(from reader: inout BinaryReader, depth: Int = 0) throws(BinaryReader.Corrupt) {
        let count = try reader.count()
        for _ in 0..<count {
            try reader.skipString()
            try YAMLValue.skip(from: &reader, depth: depth)
        }
    }

    /// The entries of the map whose keys are among `keys`, in order; the others are stepped over.
    package static func decode(from reader: inout BinaryReader, keys: [String]) throws(BinaryReader.Corrupt) -> YAMLMap {
        let count = try reader.count()
        var entries: [Entry] = []
        for _ in 0..<count {
            let key = try reader.stringBytes()
            // ASCII keys (every key BrainKit reads) compare byte by byte; others as strings.
            let ascii = key.allSatisfy { $0 < 0x80 }
            let wanted = keys.first { candidate in
                ascii ? YAMLMap.same(candidate, key) : candidate == String(decoding: key, as: UTF8.self)
            }
            if let wanted {
                entries.append(Entry(key: wanted, value: try YAMLValue.decode(from: &reader)))
            } else {
                try YAMLValue.skip(from: &reader)
            }
        }
        return YAMLMap(entries)
    }

    /// Whether `text` is these bytes.
    private static func same(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.utf8.count == bytes.count else { return false }
        var text = text
        return text.withUTF8 { stored in
            for index in 0..<bytes.count where stored[index] != bytes[index] { return false }
            return true
        }
    }

    package func encode(into writer: inout BinaryWriter) {
        writer.uint(UInt64(entries.count))
        for entry in entries {
            writer.string(entry.key)
            entry.value.encode(into: &writer)
        }
    }

    package static func decode(from reader: inout BinaryReader, depth: Int = 0) throws(BinaryReader.Corrupt) -> YAMLMap {
        let count = try reader.count()
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for _ in 0..<count {
            let key = try reader.string()
            entries.append(Entry(key: key, value: try YAMLValue.decode(from: &reader, depth: depth)))
        }
        return YAMLMap(entries)
    }
}
