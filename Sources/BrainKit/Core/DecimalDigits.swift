/// Whole numbers written in ASCII digits inside bytes, read without making a String: dates in
/// file names and in `BRAIN_NOW` are read this way on every command.
public enum DecimalDigits {
    /// The number in `bytes[from..<from + length]`, or nil when one of them is not a digit.
    @inline(__always)
    public static func value<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, from: Int, length: Int) -> Int?
        where Bytes.Index == Int {
        var value = 0
        for index in from..<from + length {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
