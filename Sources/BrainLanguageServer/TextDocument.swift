/// An open editor buffer: its bytes as the editor holds them, kept in step with each change the
/// client sends, and the start of each line for converting positions.
package struct TextDocument: Sendable {
    package let uri: String
    package private(set) var version: Int
    package private(set) var bytes: [UInt8]
    /// Byte offset where each line starts; lines end at `\n`, `\r\n` or `\r`, as the protocol counts them.
    private var lineStarts: [Int] = [0]

    package init(uri: String, version: Int, bytes: [UInt8]) {
        self.uri = uri
        self.version = version
        self.bytes = bytes
        indexLines()
    }

    package var text: String { String(decoding: bytes, as: UTF8.self) }

    package var lineCount: Int { lineStarts.count }

    /// Byte range of line `line`'s content (its line ending left out); clamped to the document.
    package func lineRange(_ line: Int) -> Range<Int> {
        guard line >= 0 else { return 0..<0 }
        guard line < lineStarts.count else { return bytes.count..<bytes.count }
        let start = lineStarts[line]
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        if end > start && bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        if end > start && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return start..<end
    }

    /// The text of a line, without its ending.
    package func line(_ line: Int) -> String {
        String(decoding: bytes[lineRange(line)], as: UTF8.self)
    }

    /// The byte offset of `position`: a character past the end of its line is the line's end, a
    /// line past the end of the document the document's end.
    package func offset(of position: Position, _ encoding: PositionEncoding) -> Int {
        if position.line >= lineStarts.count { return bytes.count }
        if position.line < 0 { return 0 }
        let range = lineRange(position.line)
        return encoding.byteOffset(position.character, in: bytes[range])
    }

    /// The position of a byte offset.
    package func position(of offset: Int, _ encoding: PositionEncoding) -> Position {
        let offset = min(max(offset, 0), bytes.count)
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let range = lineRange(low)
        let end = min(offset, range.upperBound)
        return Position(line: low, character: encoding.units(bytes[range.lowerBound..<end]))
    }

    /// The position of Brain's 1-based line and 1-based UTF-8 column.
    package func position(line: Int, column: Int, _ encoding: PositionEncoding) -> Position {
        let lineIndex = min(max(line - 1, 0), lineStarts.count - 1)
        let range = lineRange(lineIndex)
        let end = min(range.lowerBound + max(column - 1, 0), range.upperBound)
        return Position(line: lineIndex, character: encoding.units(bytes[range.lowerBound..<end]))
    }

    /// The end of a line's content.
    package func lineEnd(_ line: Int, _ encoding: PositionEncoding) -> Position {
        let lineIndex = min(max(line, 0), lineStarts.count - 1)
        let range = lineRange(lineIndex)
        return Position(line: lineIndex, character: encoding.units(bytes[range]))
    }

    /// Applies one change from `textDocument/didChange`: `range` nil replaces the whole text.
    package mutating func apply(_ text: String, range: TextRange?, _ encoding: PositionEncoding) {
        guard let range else {
            bytes = Array(text.utf8)
            indexLines()
            return
        }
        let start = offset(of: range.start, encoding)
        let end = max(start, offset(of: range.end, encoding))
        bytes.replaceSubrange(start..<end, with: Array(text.utf8))
        indexLines()
    }

    mutating func setVersion(_ version: Int) {
        self.version = version
    }

    private mutating func indexLines() {
        var starts = [0]
        var index = 0
        let count = bytes.count
        bytes.withUnsafeBufferPointer { buffer in
            while index < count {
                let byte = buffer[index]
                if byte == 0x0A {
                    starts.append(index + 1)
                } else if byte == 0x0D && (index + 1 == count || buffer[index + 1] != 0x0A) {
                    starts.append(index + 1)
                }
                index += 1
            }
        }
        lineStarts = starts
    }
}
