import BrainFormat

/// The secrets of `brain serve`: tokens, session cookies and pairing codes are 32 random bytes
/// from the system's generator, written as hex with a prefix that says what they are; only
/// their SHA-256 is ever stored.
package enum Secret {
    /// A new secret: `prefix` and 64 hex digits.
    package static func make(_ prefix: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return prefix + hex(bytes)
    }

    /// What is stored for `secret`: the hex of its SHA-256.
    package static func digest(_ secret: String) -> String {
        hex(SHA256.hash(Array(secret.utf8)))
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether two digests are equal, in a time that does not depend on where they differ.
    package static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}
