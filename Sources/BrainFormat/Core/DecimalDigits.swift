/// Whole numbers written in ASCII digits inside bytes, read and written without making a String:
/// dates in file names and in `BRAIN_NOW` are read this way on every command, and search writes
/// its line numbers this way.
package enum DecimalDigits {
    /// The number in `bytes[from..<from + length]`, or nil when one of them is not a digit.
    @inline(__always)
    package static func value<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, from: Int, length: Int) -> Int?
        where Bytes.Index == Int {
        var value = 0
        for index in from..<from + length {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// Appends the digits of `value` (its magnitude: no sign) to `bytes`.
    package static func append(_ value: Int, to bytes: inout [UInt8]) {
        var digits = (UInt64(0), UInt64(0), UInt64(0))
        var count = 0
        var rest = value.magnitude
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            bytes.append(contentsOf: buffer[(24 - count)...])
        }
    }
}
