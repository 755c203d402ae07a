import BrainJSONRPC

/// Splits the incoming byte stream into messages framed the Language Server Protocol's way: a
/// header of `Name: value` lines (`Content-Length` required), an empty line, then exactly that
/// many bytes of JSON.
///
/// It never waits for more than it was promised and never allocates more than `maximumLength`:
/// a header it cannot read, a missing or absurd length, or input that ends part-way through a
/// message ends the stream, since nothing after it can be framed again with confidence.
package final class MessageReader {
    /// One step of the stream.
    package enum Frame: Equatable, Sendable {
        /// The bytes of one message's content.
        case message([UInt8])
        /// The input ended between messages.
        case end
        /// The input ended inside a message (its header or its content).
        case truncated
        /// A header that cannot be read: the stream cannot be followed any further.
        case malformed(String)
    }

    /// The largest content accepted (64 MiB).
    package static let maximumLength = 64 << 20
    /// The longest header block accepted.
    package static let maximumHeader = 8 << 10
    /// How much is read at a time; a message longer than this is read into an array of its own.
    static let chunk = 64 << 10

    private let source: ByteSource
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false

    package init(source: ByteSource) {
        self.source = source
    }

    /// The next message, or why there is none.
    package func next() -> Frame {
        // The header: lines up to an empty one.
        var length: Int?
        var headerBytes = 0
        var sawAnything = false
        while true {
            guard let line = readLine(limit: MessageReader.maximumHeader - headerBytes) else {
                if atEnd && !sawAnything && available == 0 { return .end }
                if atEnd { return .truncated }
                return .malformed("a header longer than \(MessageReader.maximumHeader) bytes")
            }
            headerBytes += line.count + 2
            if line.isEmpty {
                // Blank lines before a header are tolerated (a stray line break between messages).
                if !sawAnything { continue }
                break
            }
            sawAnything = true
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                return .malformed("a header line without a colon: \"\(String(decoding: line.prefix(80), as: UTF8.self))\"")
            }
            let name = String(decoding: line[..<colon], as: UTF8.self).trimming(" \t\r").lowercased()
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimming(" \t\r")
            if name == "content-length" {
                guard let number = Int(value), number >= 0 else {
                    return .malformed("Content-Length is not a number: \"\(value.prefix(40))\"")
                }
                guard number <= MessageReader.maximumLength else {
                    return .malformed("Content-Length \(number) is over the limit of \(MessageReader.maximumLength) bytes")
                }
                length = number
            }
        }
        guard let length else { return .malformed("a header without Content-Length") }
        guard let content = readExactly(length) else { return .truncated }
        return .message(content)
    }

    private var available: Int { buffer.count - position }

    /// Whether a message is under way: bytes already read, or arriving within `seconds`.
    package func hasInput(within seconds: Double) -> Bool {
        available > 0 || atEnd || source.waitForInput(seconds: seconds)
    }

    /// Reads more input; false at its end.
    private func fill() -> Bool {
        if atEnd { return false }
        if position > 0 && position >= buffer.count / 2 {
            buffer.removeFirst(position)
            position = 0
        }
        let chunk = source.read(maximum: MessageReader.chunk)
        if chunk.isEmpty {
            atEnd = true
            return false
        }
        buffer += chunk
        return true
    }

    /// One header line without its `\r\n` (a bare `\n` is accepted); nil at the end of the input
    /// or past `limit` bytes.
    private func readLine(limit: Int) -> [UInt8]? {
        // Counted from `position`: filling may move the buffer's contents to its start.
        var scanned = 0
        while true {
            while position + scanned < buffer.count {
                let at = position + scanned
                if buffer[at] == UInt8(ascii: "\n") {
                    var end = at
                    if end > position && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                    let line = Array(buffer[position..<end])
                    position = at + 1
                    return line
                }
                scanned += 1
                if scanned > limit { return nil }
            }
            if !fill() { return nil }
        }
    }

    /// `count` bytes of content. A large message is read straight into its own array, never
    /// through the buffer: the buffer would keep the message's size for the rest of the session.
    private func readExactly(_ count: Int) -> [UInt8]? {
        if count <= MessageReader.chunk {
            while available < count {
                if !fill() { return nil }
            }
            let content = Array(buffer[position..<(position + count)])
            position += count
            return content
        }
        var content: [UInt8] = []
        content.reserveCapacity(count)
        let buffered = min(available, count)
        content += buffer[position..<(position + buffered)]
        position += buffered
        if position == buffer.count {
            buffer.removeAll()
            position = 0
        }
        while content.count < count {
            if atEnd { return nil }
            let piece = source.read(maximum: min(count - content.count, 1 << 20))
            if piece.isEmpty {
                atEnd = true
                return nil
            }
            content += piece
        }
        return content
    }
}
