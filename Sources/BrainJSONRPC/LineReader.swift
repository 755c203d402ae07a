/// Splits the incoming byte stream into messages framed one per line, as the Model Context
/// Protocol's stdio transport frames them: each message is JSON text with no line break inside,
/// followed by `\n` (a `\r` before it is dropped).
///
/// It never holds more than `maximumLength` bytes of one line: a longer line is read to its end
/// and dropped, and reported as `.tooLong`, so the stream can be followed after it.
package final class LineReader {
    /// One step of the stream.
    package enum Frame: Equatable, Sendable {
        /// The bytes of one line, without its line break (possibly empty).
        case message([UInt8])
        /// A line over the limit, dropped.
        case tooLong
        /// The input ended (a last line without `\n` is still a message).
        case end
    }

    /// The longest line accepted (16 MiB).
    package let maximumLength: Int
    private let source: ByteSource
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false

    package init(source: ByteSource, maximumLength: Int = 16 << 20) {
        self.source = source
        self.maximumLength = maximumLength
    }

    /// The next line, or why there is none.
    package func next() -> Frame {
        var scanned = 0
        var dropping = false
        while true {
            while position + scanned < buffer.count {
                let at = position + scanned
                if buffer[at] == UInt8(ascii: "\n") {
                    var end = at
                    if end > position && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                    let line = dropping ? [] : Array(buffer[position..<end])
                    position = at + 1
                    return dropping ? .tooLong : .message(line)
                }
                scanned += 1
                if scanned > maximumLength {
                    // Forget what was read of the line; keep looking for its end.
                    dropping = true
                    position += scanned
                    scanned = 0
                }
            }
            if !fill() {
                if dropping { return .tooLong }
                guard position < buffer.count else { return .end }
                let line = Array(buffer[position...])
                position = buffer.count
                return .message(line)
            }
        }
    }

    /// Whether more input is buffered, at its end, or arriving within `seconds`.
    package func hasInput(within seconds: Double) -> Bool {
        position < buffer.count || atEnd || source.waitForInput(seconds: seconds)
    }

    /// Reads more input; false at its end.
    private func fill() -> Bool {
        if atEnd { return false }
        if position > 0 && position >= buffer.count / 2 {
            buffer.removeFirst(position)
            position = 0
        }
        let chunk = source.read(maximum: 64 << 10)
        if chunk.isEmpty {
            atEnd = true
            return false
        }
        buffer += chunk
        return true
    }
}
