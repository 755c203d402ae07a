#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BrainFormat

/// A table from short byte strings to values, looked up by bytes read in place (a habit name or a
/// link target in the cache) without making a `String`. The keys' bytes sit in one array, and
/// lookups probe an open-addressing table over FNV-1a hashes: a `Dictionary` would need a string
/// for every lookup and hash it with SipHash, which costs more than the lookup itself here.
package struct ByteKeyTable<Value> {
    package init() {}

    private var buckets = [Int32](repeating: -1, count: 64)
    private var hashes: [UInt64] = []
    /// Every key's bytes, one after another; key `i` ends at `keyEnds[i]`.
    private var keyBytes: [UInt8] = []
    private var keyEnds: [Int] = []
    private var values: [Value] = []

    /// The entry holding `key`, if any.
    package func entry(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        let hash = FNV1a.hash(key)
        let mask = buckets.count - 1
        var bucket = ByteKeyTable.bucket(of: hash, mask)
        while buckets[bucket] >= 0 {
            let entry = Int(buckets[bucket])
            if hashes[entry] == hash && self.entry(entry, is: key) { return entry }
            bucket = (bucket + 1) & mask
        }
        return nil
    }

    /// Whether entry `entry` holds `key`.
    package func entry(_ entry: Int, is key: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = entry == 0 ? 0 : keyEnds[entry - 1]
        guard keyEnds[entry] - start == key.count else { return false }
        if key.isEmpty { return true }
        return keyBytes.withUnsafeBufferPointer { stored in
            memcmp(stored.baseAddress! + start, key.baseAddress!, key.count) == 0
        }
    }

    package subscript(entry: Int) -> Value { values[entry] }

    /// Adds `key`, which the table does not hold yet, with `value`; its entry.
    @discardableResult
    package mutating func insert(_ key: UnsafeBufferPointer<UInt8>, _ value: Value) -> Int {
        let entry = values.count
        hashes.append(FNV1a.hash(key))
        keyBytes.append(contentsOf: key)
        keyEnds.append(keyBytes.count)
        values.append(value)
        if values.count * 2 > buckets.count {
            buckets = [Int32](repeating: -1, count: buckets.count * 2)
            for known in hashes.indices { place(known) }
        } else {
            place(entry)
        }
        return entry
    }

    private mutating func place(_ entry: Int) {
        let mask = buckets.count - 1
        var bucket = ByteKeyTable.bucket(of: hashes[entry], mask)
        while buckets[bucket] >= 0 { bucket = (bucket + 1) & mask }
        buckets[bucket] = Int32(entry)
    }

    /// The high bits mixed into the low ones, which pick the bucket.
    @inline(__always)
    private static func bucket(of hash: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
    }
}
