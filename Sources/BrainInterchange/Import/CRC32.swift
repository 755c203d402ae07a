internal import CZlib
import BrainFormat
import BrainAnalytics
import BrainStore

/// The CRC-32 of zip files (ISO 3309, polynomial 0xEDB88320), to check what was unpacked:
/// the system zlib's `crc32`.
package enum CRC32 {
    package static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { update(0, $0) }
    }

    /// The CRC-32 of the bytes checked so far (`crc`, 0 to start) followed by `bytes`, for data
    /// read in pieces: `update(update(0, a), b)` is the checksum of `a` then `b`.
    package static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress else { return crc }
        var value = uLong(crc)
        var offset = 0
        // zlib's length is 32 bits wide: a gigabyte at a time.
        while offset < bytes.count {
            let count = min(bytes.count - offset, 1 << 30)
            value = crc32(value, (base + offset).assumingMemoryBound(to: Bytef.self), uInt(count))
            offset += count
        }
        return UInt32(truncatingIfNeeded: value)
    }
}
