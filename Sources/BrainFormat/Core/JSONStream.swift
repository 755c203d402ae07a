import Foundation

// MARK: The stream

/// Writes an `Encodable` value's JSON straight to bytes as it is encoded, without the tree: the
/// same bytes as `JSONWriter`'s tree (and so as Foundation's encoder), at the cost of the value's
/// own `encode(to:)` and a copy of each object whose keys do not come in sorted order.
///
/// Each value is written in its place, indented by its depth, as soon as it is encoded. An object
/// keeps, while it is open, where each of its entries began; when it closes (its value's
/// `encode(to:)` returned, or a write went to a container outside it), entries that came out of
/// sorted order are put in order by one copy of the object's bytes, a key written twice keeping
/// its last value. Orders are remembered per key list, as the tree's writer does: the records of
/// an array share theirs.
///
/// The value's `Encodable` conformance is the one source of both paths. What a stream cannot
/// write in one pass — a super-encoder, a container written to after one inside it was closed,
/// a single value written twice, a number JSON cannot hold — stops it, and `JSONWriter` writes the
/// value through the tree instead (which also throws the encoder's errors).
///
/// The stream's state is reached by one encoder at a time, on one thread: its properties are not
/// checked for exclusive access at run time (the checks cost more than the writing).
final class JSONStream {
    let out = JSONBytes()
    /// The containers open, outermost first.
    @exclusivity(unchecked) var frames: [Frame] = []
    /// The keys of the open objects' entries and where each entry begins (after its comma), for
    /// all open objects, each object's from its `entryBase`.
    @exclusivity(unchecked) var keys: [String] = []
    @exclusivity(unchecked) var starts: [Int] = []
    /// Set when a container was asked for in a way a stream cannot write (the calls that cannot throw).
    @exclusivity(unchecked) var failed = false
    @exclusivity(unchecked) private var nextID = 0
    private let scratch = JSONBytes(capacity: 1 << 10)
    @exclusivity(unchecked) private var orders: [KeyOrder] = []
    @exclusivity(unchecked) private var lastOrder = 0
    @exclusivity(unchecked) private var nextOrder = 0
    /// An encoder no one holds any more, for the next value.
    @exclusivity(unchecked) private var spare: StreamEncoder?

    struct Frame {
        let id: Int
        let object: Bool
        /// The indentation of the line the container's brackets are on.
        let indent: Int
        /// Just after the opening bracket.
        let start: Int
        let entryBase: Int
        var count = 0
    }

    /// What stops the stream; the value is then written through the tree.
    struct Stop: Error {}

    init() {}

    /// Opens a container at the end of the output.
    func openContainer(object: Bool, indent: Int) -> (id: Int, level: Int) {
        nextID += 1
        out.append(object ? 123 : 91)
        frames.append(Frame(id: nextID, object: object, indent: indent, start: out.count, entryBase: keys.count))
        return (nextID, frames.count - 1)
    }

    /// Closes the containers above `level` (a write is going to the container at `level`).
    @inline(__always)
    func closeAbove(_ level: Int) {
        while frames.count > level + 1 { closeTop(first: nil) }
    }

    /// Whether the container `id` at `level` is still open.
    @inline(__always)
    func isOpen(id: Int, level: Int) -> Bool {
        level < frames.count && frames[level].id == id
    }

    /// Writes the separator and the line break before a new entry of the container at `level`
    /// (which must be the innermost open one), counting it.
    @inline(__always)
    func beginEntry(_ level: Int) {
        if frames[level].count > 0 { out.append(44) }
        frames[level].count += 1
    }

    /// Writes `"key" : ` of a new entry of the object at `level` on its own line.
    /// The key is copied as written before when it is the same key, at the same place, of the key
    /// list met last (the records of an array).
    func beginEntry(_ level: Int, key: String) {
        beginEntry(level)
        let place = keys.count - frames[level].entryBase
        keys.append(key)
        starts.append(out.count)
        out.newline(frames[level].indent + 2)
        if lastOrder < orders.count, orders[lastOrder].writeKey(key, at: place, into: out) { return }
        JSONWriter.writeString(key, into: out)
        out.append(" : ")
    }

    /// Closes the innermost container. `first`, for the top-level object, is the key written first.
    func closeTop(first: String?) {
        let frame = frames.removeLast()
        guard frame.count > 0 else { out.append(frame.object ? 125 : 93); return }
        if frame.object {
            let base = frame.entryBase, count = keys.count - base
            if count > 1 { reorder(frame, count: count, first: first) }
            keys.removeLast(count)
            starts.removeLast(count)
        }
        out.newline(frame.indent)
        out.append(frame.object ? 125 : 93)
    }

    /// Puts the entries of `frame` in the order written, dropping a key's earlier values.
    private func reorder(_ frame: Frame, count: Int, first: String?) {
        let base = frame.entryBase
        let order: [Int]
        if let first {
            order = JSONWriter.order(Array(keys[base...]), first: first)
        } else {
            guard let cached = cachedOrder(base: base, count: count) else { return }
            order = cached
        }
        let total = out.count
        guard order.count == count else {
            // A key written twice: the object is written again without its earlier values.
            func end(_ at: Int) -> Int { at + 1 < count ? starts[base + at + 1] - 1 : total }
            let region = frame.start
            scratch.truncate(to: 0)
            scratch.append(out.base + region, count: total - region)
            out.truncate(to: region)
            let bytes = scratch.base
            for (written, at) in order.enumerated() {
                if written > 0 { out.append(44) }
                out.append(bytes + (starts[base + at] - region), count: end(at) - starts[base + at])
            }
            return
        }
        order.withUnsafeBufferPointer { order in
            starts.withUnsafeBufferPointer { starts in
                Self.permute(out.base, starts: starts.baseAddress! + base, count: count, total: total, order: order.baseAddress!, scratch: scratch)
            }
        }
    }

    /// Writes the `count` entries beginning at `starts` (each up to the comma before the next one,
    /// the last up to `total`) in `order`, in place. The entries already in their place at both
    /// ends stay where they are, and the longest entry between (a record's text, the top-level
    /// object's array) is moved once: only the others are copied aside and written back around
    /// it. The span keeps its length.
    private static func permute(_ origin: UnsafeMutablePointer<UInt8>, starts: UnsafePointer<Int>, count: Int, total: Int,
                                order: UnsafePointer<Int>, scratch: JSONBytes) {
        @inline(__always) func end(_ at: Int) -> Int { at &+ 1 < count ? starts[at &+ 1] &- 1 : total }
        @inline(__always) func length(_ at: Int) -> Int { end(at) &- starts[at] }
        var low = 0, high = count - 1
        while low < high, order[low] == low { low &+= 1 }
        while high > low, order[high] == high { high &-= 1 }
        guard low < high else { return }
        var longest = low, longestLength = length(low)
        for at in (low + 1)...high {
            let size = length(at)
            if size > longestLength { longest = at; longestLength = size }
        }
        // The others, copied aside in the order written: entry `at` at `saved[at - low]`.
        scratch.truncate(to: 0)
        withUnsafeTemporaryAllocation(of: Int.self, capacity: high - low + 1) { saved in
            for at in low...high {
                saved[at &- low] = scratch.count
                if at != longest { scratch.append(origin + starts[at], count: length(at)) }
            }
            let spanStart = starts[low]
            var destination = spanStart
            for written in low...high {
                if written > low { destination &+= 1 }
                let entry = order[written]
                if entry == longest { break }
                destination &+= length(entry)
            }
            (origin + destination).update(from: origin + starts[longest], count: longestLength)
            let bytes = scratch.base
            var at = spanStart
            for written in low...high {
                let entry = order[written]
                if written > low { origin[at] = 44; at &+= 1 }
                let size = entry == longest ? longestLength : length(entry)
                if entry != longest { JSONBytes.copy(bytes + saved[entry &- low], to: origin + at, count: size) }
                at &+= size
            }
        }
    }

    /// The order of the open object's keys, nil when they already are in it. The list met last is
    /// tried first: the records of an array share it.
    private func cachedOrder(base: Int, count: Int) -> [Int]? {
        if lastOrder < orders.count, orders[lastOrder].matches(keys, from: base, count: count) {
            return orders[lastOrder].order
        }
        for at in orders.indices where at != lastOrder && orders[at].matches(keys, from: base, count: count) {
            lastOrder = at
            return orders[at].order
        }
        let list = Array(keys[base...])
        let order = JSONWriter.order(list, first: nil)
        let sorted = order.count == count && order.indices.allSatisfy { order[$0] == $0 }
        let entry = KeyOrder(keys: list, order: sorted ? nil : order)
        if orders.count < 8 {
            orders.append(entry)
            lastOrder = orders.count - 1
        } else {
            orders[nextOrder] = entry
            lastOrder = nextOrder
            nextOrder = (nextOrder + 1) % 8
        }
        return entry.order
    }

    /// A list of keys met, the order they are written in (nil when they already are in it), and
    /// each key as written: `"key" : `.
    final class KeyOrder {
        let keys: [String]
        let order: [Int]?
        private let written: [UInt8]
        private let ends: [Int]

        init(keys: [String], order: [Int]?) {
            self.keys = keys
            self.order = order
            let bytes = JSONBytes(capacity: 64)
            var ends: [Int] = []
            for key in keys {
                JSONWriter.writeString(key, into: bytes)
                bytes.append(" : ")
                ends.append(bytes.count)
            }
            written = bytes.array
            self.ends = ends
        }

        /// Writes `key` as written before, when it is this list's key at `place`.
        @inline(__always)
        func writeKey(_ key: String, at place: Int, into out: JSONBytes) -> Bool {
            guard place < keys.count, keys[place] == key else { return false }
            let start = place == 0 ? 0 : ends[place - 1]
            written.withUnsafeBufferPointer { out.append($0.baseAddress! + start, count: ends[place] - start) }
            return true
        }

        /// Whether `count` keys of `list` from `base` are this list.
        @inline(__always)
        func matches(_ list: [String], from base: Int, count: Int) -> Bool {
            guard keys.count == count else { return false }
            for index in 0..<count where keys[index] != list[base + index] { return false }
            return true
        }
    }

    // MARK: Values

    /// Writes `value` at the end of the output, on a line indented by `indent`.
    func write<T: Encodable>(_ value: T, indent: Int, parent: StreamEncoder?, key: CodingKey?) throws {
        if T.self == String.self { return JSONWriter.writeString(unsafeBitCast(value, to: String.self), into: out) }
        if T.self == Int.self { return writeInteger(Int64(unsafeBitCast(value, to: Int.self))) }
        if T.self == Bool.self { return writeBool(unsafeBitCast(value, to: Bool.self)) }
        if T.self == Double.self { return try writeNumber(unsafeBitCast(value, to: Double.self)) }
        if T.self == Date.self { return try writeNumber(unsafeBitCast(value, to: Date.self).timeIntervalSinceReferenceDate) }
        if T.self == Data.self { return JSONWriter.writeString((value as! Data).base64EncodedString(), into: out) }
        if T.self == URL.self { return JSONWriter.writeString((value as! URL).absoluteString, into: out) }
        if T.self == Decimal.self { return out.append((value as! Decimal).description) }
        var encoder: StreamEncoder
        if let reused = spare {
            spare = nil
            reused.reuse(parent: parent, key: key, indent: indent, level: frames.count)
            encoder = reused
        } else {
            encoder = StreamEncoder(stream: self, parent: parent, key: key, indent: indent, level: frames.count)
        }
        try value.encode(to: encoder)
        if !encoder.produced {
            out.append("{}")
        } else {
            while frames.count > encoder.level { closeTop(first: nil) }
        }
        // The next value's encoder is this one when nothing kept it (a record of an array each time).
        if isKnownUniquelyReferenced(&encoder) {
            encoder.reuse(parent: nil, key: nil, indent: 0, level: 0)
            spare = encoder
        }
    }

    @inline(__always)
    func writeBool(_ value: Bool) {
        out.append(value ? "true" : "false")
    }

    func writeNumber(_ value: Double) throws {
        guard value.isFinite else { throw Stop() }
        writeNumber(text: value.description)
    }

    func writeNumber(_ value: Float) throws {
        guard value.isFinite else { throw Stop() }
        writeNumber(text: value.description)
    }

    /// A real's shortest text, a whole one without its `.0`, as the encoder writes it.
    private func writeNumber(text: String) {
        var text = text
        text.withUTF8 { bytes in
            guard let start = bytes.baseAddress else { return }
            let count = bytes.count
            let whole = count > 2 && start[count - 2] == 46 && start[count - 1] == 48
            out.append(start, count: whole ? count - 2 : count)
        }
    }

    func writeInteger(_ value: Int64) {
        out.appendInteger(value)
    }

    func writeUnsigned(_ value: UInt64) {
        out.appendUnsigned(value)
    }
}

// MARK: The encoder

/// The encoder of one value in a stream: the containers it opens are written where it stands.
final class StreamEncoder: Encoder {
    let stream: JSONStream
    @exclusivity(unchecked) private(set) var parent: StreamEncoder?
    @exclusivity(unchecked) private(set) var key: CodingKey?
    /// The indentation of the value's line.
    @exclusivity(unchecked) private(set) var indent: Int
    /// The number of containers open when the value began: its own is at this level.
    @exclusivity(unchecked) private(set) var level: Int
    /// Whether anything was written for the value.
    @exclusivity(unchecked) var produced = false
    /// The container opened for the value, when one was.
    @exclusivity(unchecked) var frameID = 0
    @exclusivity(unchecked) var frameIsObject = false

    init(stream: JSONStream, parent: StreamEncoder?, key: CodingKey?, indent: Int, level: Int) {
        self.stream = stream
        self.parent = parent
        self.key = key
        self.indent = indent
        self.level = level
    }

    /// Makes this encoder, which no one holds any more, the encoder of another value.
    func reuse(parent: StreamEncoder?, key: CodingKey?, indent: Int, level: Int) {
        self.parent = parent
        self.key = key
        self.indent = indent
        self.level = level
        produced = false
        frameID = 0
        frameIsObject = false
    }

    var codingPath: [CodingKey] {
        var path: [CodingKey] = []
        var at: StreamEncoder? = self
        while let encoder = at {
            if let key = encoder.key { path.append(key) }
            at = encoder.parent
        }
        return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The container of this value, opened now or (asked again while it is open) the same one.
    private func frame(object: Bool) -> (id: Int, level: Int)? {
        if produced {
            guard frameID != 0, frameIsObject == object, stream.isOpen(id: frameID, level: level) else { return nil }
            return (frameID, level)
        }
        guard stream.frames.count >= level else { return nil }
        stream.closeAbove(level - 1)
        let opened = stream.openContainer(object: object, indent: indent)
        produced = true
        frameID = opened.id
        frameIsObject = object
        return opened
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        guard let frame = frame(object: true) else { return JSONStream.deadEncoder(stream).container(keyedBy: type) }
        return KeyedEncodingContainer(StreamKeyedContainer<Key>(encoder: self, id: frame.id, level: frame.level))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        guard let frame = frame(object: false) else { return JSONStream.deadEncoder(stream).unkeyedContainer() }
        return StreamUnkeyedContainer(encoder: self, id: frame.id, level: frame.level)
    }

    func singleValueContainer() -> SingleValueEncodingContainer { StreamSingleContainer(encoder: self) }
}

extension JSONStream {
    /// An encoder whose writes go nowhere, for a call that cannot throw: the stream is marked failed.
    static func deadEncoder(_ stream: JSONStream) -> StreamEncoder {
        stream.failed = true
        return StreamEncoder(stream: JSONStream(), parent: nil, key: nil, indent: 0, level: 0)
    }
}

private struct StreamKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: StreamEncoder
    let id: Int
    let level: Int
    var codingPath: [CodingKey] { encoder.codingPath }
    var stream: JSONStream { encoder.stream }

    /// Starts an entry at `key`: the containers opened inside this one since are closed.
    @inline(__always)
    private func begin(_ key: Key) throws {
        let stream = encoder.stream
        guard stream.isOpen(id: id, level: level) else { throw JSONStream.Stop() }
        stream.closeAbove(level)
        stream.beginEntry(level, key: key.stringValue)
    }

    mutating func encodeNil(forKey key: Key) throws { try begin(key); stream.out.append("null") }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try begin(key); stream.writeBool(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { try begin(key); JSONWriter.writeString(value, into: stream.out) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try begin(key); try stream.writeNumber(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try begin(key); try stream.writeNumber(value) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try begin(key); stream.writeInteger(Int64(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try begin(key); stream.writeInteger(Int64(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try begin(key); stream.writeInteger(Int64(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try begin(key); stream.writeInteger(Int64(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try begin(key); stream.writeInteger(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try begin(key); stream.writeUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try begin(key); stream.writeUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try begin(key); stream.writeUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try begin(key); stream.writeUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try begin(key); stream.writeUnsigned(value) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try begin(key)
        try stream.write(value, indent: stream.frames[level].indent + 2, parent: encoder, key: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        nested(key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        nested(key).unkeyedContainer()
    }

    /// The encoder of a container nested at `key`.
    private func nested(_ key: Key) -> StreamEncoder {
        do { try begin(key) } catch { return JSONStream.deadEncoder(stream) }
        return StreamEncoder(stream: stream, parent: encoder, key: key, indent: stream.frames[level].indent + 2, level: stream.frames.count)
    }

    mutating func superEncoder() -> Encoder { JSONStream.deadEncoder(stream) }
    mutating func superEncoder(forKey key: Key) -> Encoder { JSONStream.deadEncoder(stream) }
}

private struct StreamUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: StreamEncoder
    let id: Int
    let level: Int
    var codingPath: [CodingKey] { encoder.codingPath }
    var stream: JSONStream { encoder.stream }
    var count: Int { stream.isOpen(id: id, level: level) ? stream.frames[level].count : 0 }

    /// Starts an element on its own line: the containers opened inside this one since are closed.
    @inline(__always)
    private func begin() throws {
        let stream = encoder.stream
        guard stream.isOpen(id: id, level: level) else { throw JSONStream.Stop() }
        stream.closeAbove(level)
        stream.beginEntry(level)
        stream.out.newline(stream.frames[level].indent + 2)
    }

    mutating func encodeNil() throws { try begin(); stream.out.append("null") }
    mutating func encode(_ value: Bool) throws { try begin(); stream.writeBool(value) }
    mutating func encode(_ value: String) throws { try begin(); JSONWriter.writeString(value, into: stream.out) }
    mutating func encode(_ value: Double) throws { try begin(); try stream.writeNumber(value) }
    mutating func encode(_ value: Float) throws { try begin(); try stream.writeNumber(value) }
    mutating func encode(_ value: Int) throws { try begin(); stream.writeInteger(Int64(value)) }
    mutating func encode(_ value: Int8) throws { try begin(); stream.writeInteger(Int64(value)) }
    mutating func encode(_ value: Int16) throws { try begin(); stream.writeInteger(Int64(value)) }
    mutating func encode(_ value: Int32) throws { try begin(); stream.writeInteger(Int64(value)) }
    mutating func encode(_ value: Int64) throws { try begin(); stream.writeInteger(value) }
    mutating func encode(_ value: UInt) throws { try begin(); stream.writeUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { try begin(); stream.writeUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { try begin(); stream.writeUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { try begin(); stream.writeUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { try begin(); stream.writeUnsigned(value) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let index = count
        try begin()
        try stream.write(value, indent: stream.frames[level].indent + 2, parent: encoder, key: StreamIndexKey(index))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        nested().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
        nested().unkeyedContainer()
    }

    private func nested() -> StreamEncoder {
        let index = count
        do { try begin() } catch { return JSONStream.deadEncoder(stream) }
        return StreamEncoder(stream: stream, parent: encoder, key: StreamIndexKey(index), indent: stream.frames[level].indent + 2, level: stream.frames.count)
    }

    mutating func superEncoder() -> Encoder { JSONStream.deadEncoder(stream) }
}

private struct StreamSingleContainer: SingleValueEncodingContainer {
    let encoder: StreamEncoder
    var codingPath: [CodingKey] { encoder.codingPath }
    var stream: JSONStream { encoder.stream }

    /// A single value is written once, where its encoder stands.
    @inline(__always)
    private func begin() throws {
        guard !encoder.produced, encoder.stream.frames.count == encoder.level else { throw JSONStream.Stop() }
        encoder.produced = true
    }

    mutating func encodeNil() throws { try begin(); stream.out.append("null") }
    mutating func encode(_ value: Bool) throws { try begin(); stream.writeBool(value) }
    mutating func encode(_ value: String) throws { try begin(); JSONWriter.writeString(value, into: stream.out) }
    mutating func encode(_ value: Double) throws { try begin(); try stream.writeNumber(value) }
    mutating func encode(_ value: Float) throws { try begin(); try stream.writeNumber(value) }
    mutating func encode(_ value: Int) throws { try begin(); stream.writeInteger(Int64(value)) }
    mutating func encode(_ value: Int8) throws { try begin(); stream.writeInteger(Int64(value)) }
    mutating func encode(_ value: Int16) throws { try begin(); stream.writeInteger(Int64(value)) }
    mutating func encode(_ value: Int32) throws { try begin(); stream.writeInteger(Int64(value)) }
    mutating func encode(_ value: Int64) throws { try begin(); stream.writeInteger(value) }
    mutating func encode(_ value: UInt) throws { try begin(); stream.writeUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { try begin(); stream.writeUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { try begin(); stream.writeUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { try begin(); stream.writeUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { try begin(); stream.writeUnsigned(value) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try begin()
        // The value takes this encoder's place: its containers open at the same level.
        try stream.write(value, indent: encoder.indent, parent: encoder.parent, key: encoder.key)
    }
}

private struct StreamIndexKey: CodingKey {
    var stringValue: String { "Index \(intValue!)" }
    var intValue: Int?
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}
