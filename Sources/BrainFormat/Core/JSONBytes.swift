#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes a JSON writer appends to: one growing allocation written through its pointer.
///
/// An array's `append` checks that its storage is unique and has room on every call, and its
/// `append(contentsOf:)` goes through a generic path: a third of the cost of writing 9 MB of
/// backlinks. Here a write reserves its room once and stores or copies its bytes.
///
/// Reached by one writer at a time, on one thread: its properties are not checked for exclusive
/// access at run time.
final class JSONBytes {
    @exclusivity(unchecked) private(set) var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int

    init(capacity: Int = 1 << 14) {
        self.capacity = max(capacity, 16)
        base = malloc(self.capacity)!.assumingMemoryBound(to: UInt8.self)
    }

    deinit { free(base) }

    /// The bytes written, as an array with room for one more (the line break an output ends with).
    var array: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count + 1) { bytes, initialized in
            bytes.baseAddress!.update(from: base, count: count)
            initialized = count
        }
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    func reserve(_ extra: Int) {
        if count &+ extra > capacity { grow(to: count + extra) }
    }

    @inline(never)
    private func grow(to needed: Int) {
        var size = capacity * 2
        while size < needed { size *= 2 }
        // A large block grows where it lies (the pages written stay), a small one is copied.
        base = realloc(base, size)!.assumingMemoryBound(to: UInt8.self)
        capacity = size
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count &+= 1
    }

    /// Appends a byte there is room for (after `reserve`).
    @inline(__always)
    func appendReserved(_ byte: UInt8) {
        base[count] = byte
        count &+= 1
    }

    @inline(__always)
    func append(_ bytes: UnsafePointer<UInt8>, count length: Int) {
        reserve(length)
        JSONBytes.copy(bytes, to: base + count, count: length)
        count &+= length
    }

    /// Copies `length` bytes: a few (a key, a number, a short path) one by one, more by `memmove`,
    /// whose call costs more than a few stores.
    @inline(__always)
    static func copy(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count length: Int) {
        if length <= 16 {
            var at = 0
            while at < length { target[at] = source[at]; at &+= 1 }
        } else {
            target.update(from: source, count: length)
        }
    }

    @inline(__always)
    func append(_ text: StaticString) {
        append(text.utf8Start, count: text.utf8CodeUnitCount)
    }

    /// Appends the bytes of `text`.
    @inline(__always)
    func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            if let start = bytes.baseAddress { append(start, count: bytes.count) }
        }
    }

    /// A line break and `indent` spaces (stored eight at a time: room is made for up to seven more,
    /// which the next write covers).
    @inline(__always)
    func newline(_ indent: Int) {
        reserve(indent &+ 8)
        base[count] = 10
        let spaces = UnsafeMutableRawPointer(base + count + 1)
        var at = 0
        while at < indent {
            spaces.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, toByteOffset: at, as: UInt64.self)
            at &+= 8
        }
        count &+= indent &+ 1
    }

    /// Appends `value` in decimal digits, `-` first when it is negative.
    func appendInteger(_ value: Int64) {
        if value < 0 { append(45) }
        appendUnsigned(value.magnitude)
    }

    /// Appends `value` in decimal digits.
    func appendUnsigned(_ value: UInt64) {
        guard value >= 10 else { append(48 &+ UInt8(truncatingIfNeeded: value)); return }
        // At most 20 digits, written from the last.
        var length = 0
        var left = value
        while left > 0 { length += 1; left /= 10 }
        reserve(length)
        let end = base + count + length
        var at = 1
        left = value
        while left > 0 {
            end[-at] = 48 &+ UInt8(truncatingIfNeeded: left % 10)
            left /= 10
            at += 1
        }
        count &+= length
    }

    /// Counts `length` bytes stored through `base` after a `reserve`.
    @inline(__always)
    func advance(by length: Int) {
        count &+= length
    }

    /// Drops the bytes from `end` on.
    @inline(__always)
    func truncate(to end: Int) {
        count = end
    }
}
