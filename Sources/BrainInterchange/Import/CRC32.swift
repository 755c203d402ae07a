import BrainFormat
import BrainAnalytics
import BrainStore

/// The CRC-32 of zip files (ISO 3309, polynomial 0xEDB88320), to check what was unpacked.
package enum CRC32 {
    package static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    package static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}

extension CRC32 {
    /// The CRC-32 of the bytes checked so far (`crc`, 0 to start) followed by `bytes`, for data
    /// read in pieces: `update(update(0, a), b)` is the checksum of `a` then `b`.
    package static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var value = ~crc
        table.withUnsafeBufferPointer { table in
            for byte in bytes { value = table[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8) }
        }
        return ~value
    }
}
