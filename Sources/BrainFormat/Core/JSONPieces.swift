/// JSON written as it is produced and handed out in pieces of about `pieceSize` bytes, for an
/// output too large to gather first (the 9.4 MB of the most-linked note's backlinks): the caller
/// lays out the value itself, in `JSONWriter`'s style (two spaces of indentation, `"key" : value`,
/// keys in the order of their bytes), and the strings are escaped exactly as `JSONWriter` escapes
/// them. A caller's test holds its bytes to `JSONOutput.bytes` of the same value.
package final class JSONPieces {
    private let out: JSONBytes
    private let pieceSize: Int
    private let sink: (UnsafeBufferPointer<UInt8>) -> Void

    /// `sink` is given each piece, valid during the call only.
    package init(pieceSize: Int = 1 << 16, sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.pieceSize = max(pieceSize, 64)
        self.sink = sink
        out = JSONBytes(capacity: self.pieceSize + self.pieceSize / 2)
    }

    /// Bytes written as they are: brackets, commas, `"key" : `.
    package func raw(_ text: StaticString) {
        out.append(text)
    }

    /// A line break and `indent` spaces.
    package func newline(_ indent: Int) {
        out.newline(indent)
    }

    /// `text` as a JSON string.
    package func string(_ text: String) {
        JSONWriter.writeString(text, into: out)
    }

    /// UTF-8 bytes as a JSON string.
    package func string(bytes: UnsafeBufferPointer<UInt8>) {
        JSONWriter.writeString(bytes: bytes, into: out)
    }

    /// A whole number in decimal digits.
    package func integer(_ value: Int) {
        out.appendInteger(Int64(value))
    }

    /// Hands out what is written once it fills a piece: call it between values.
    package func flushIfFull() {
        if out.count >= pieceSize { flush() }
    }

    /// Hands out what is written.
    package func flush() {
        guard out.count > 0 else { return }
        sink(UnsafeBufferPointer(start: out.base, count: out.count))
        out.truncate(to: 0)
    }
}
