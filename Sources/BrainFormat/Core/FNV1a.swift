/// FNV-1a, 64 bits: a hash of short byte strings for the index's own tables and names. Inlinable:
/// the index hashes every link target with it, from another module.
package enum FNV1a {
    @inlinable package static var start: UInt64 { 0xCBF2_9CE4_8422_2325 }

    /// The hash so far with one more byte.
    @inlinable @inline(__always)
    package static func step(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x100_0000_01B3
    }

    @inlinable @inline(__always)
    package static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = start
        for byte in bytes { hash = step(hash, byte) }
        return hash
    }
}
