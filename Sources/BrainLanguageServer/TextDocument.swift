/// An open editor buffer: its bytes as the editor holds them, kept in step with each change the
/// client sends, and marks for finding its lines when converting positions.
///
/// Lines end at `\n`, `\r\n` or `\r`, as the protocol counts them. The start of every line would
/// take 8 bytes a line — a file of empty lines eight times its size, more while the table grows —
/// so only some starts are kept: one every `markLines` lines, and one wherever `markBytes`
/// bytes have passed since the last. A line is found from the mark before it, reading at most
/// `markBytes` bytes before it; the marks take a quarter of a byte a line, and 16 bytes every
/// `markBytes` bytes of long lines.
package struct TextDocument: Sendable {
    package let uri: String
    package private(set) var version: Int
    package private(set) var bytes: [UInt8]
    package private(set) var lineCount = 1
    private var marks: [Mark] = [Mark(line: 0, offset: 0)]

    /// A line and the byte offset where it starts.
    private struct Mark: Sendable {
        var line: Int
        var offset: Int
    }

    static let markLines = 64
    static let markBytes = 4096

    package init(uri: String, version: Int, bytes: [UInt8]) {
        self.uri = uri
        self.version = version
        self.bytes = bytes
        indexLines()
    }

    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Byte range of line `line`'s content (its line ending left out); clamped to the document.
    package func lineRange(_ line: Int) -> Range<Int> {
        guard line >= 0 else { return 0..<0 }
        guard line < lineCount else { return bytes.count..<bytes.count }
        return contentRange(from: lineStart(line))
    }

    /// The text of a line, without its ending.
    package func line(_ line: Int) -> String {
        String(decoding: bytes[lineRange(line)], as: UTF8.self)
    }

    /// Calls `body` with each line and its content's byte range, in order, in one pass.
    package func forEachLine(_ body: (Int, Range<Int>) -> Void) {
        var start = 0
        for line in 0..<lineCount {
            let range = contentRange(from: start)
            body(line, range)
            start = TextDocument.nextLineStart(after: range.upperBound, in: bytes)
        }
    }

    /// The byte offset of `position`: a character past the end of its line is the line's end, a
    /// line past the end of the document the document's end.
    package func offset(of position: Position, _ encoding: PositionEncoding) -> Int {
        if position.line >= lineCount { return bytes.count }
        if position.line < 0 { return 0 }
        let range = lineRange(position.line)
        return encoding.byteOffset(position.character, in: bytes[range])
    }

    /// The position of a byte offset.
    package func position(of offset: Int, _ encoding: PositionEncoding) -> Position {
        let offset = min(max(offset, 0), bytes.count)
        // The last mark at or before the offset, then the line breaks between them.
        var low = 0, high = marks.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if marks[middle].offset <= offset { low = middle } else { high = middle - 1 }
        }
        var line = marks[low].line
        var start = marks[low].offset
        bytes.withUnsafeBufferPointer { buffer in
            var index = start
            while index < offset {
                let byte = buffer[index]
                if byte == 0x0A || (byte == 0x0D && (index + 1 == buffer.count || buffer[index + 1] != 0x0A)) {
                    line += 1
                    start = index + 1
                }
                index += 1
            }
        }
        let range = contentRange(from: start)
        let end = min(offset, range.upperBound)
        return Position(line: line, character: encoding.units(bytes[range.lowerBound..<end]))
    }

    /// The position of Brain's 1-based line and 1-based UTF-8 column.
    package func position(line: Int, column: Int, _ encoding: PositionEncoding) -> Position {
        let lineIndex = min(max(line - 1, 0), lineCount - 1)
        let range = lineRange(lineIndex)
        let end = min(range.lowerBound + max(column - 1, 0), range.upperBound)
        return Position(line: lineIndex, character: encoding.units(bytes[range.lowerBound..<end]))
    }

    /// The end of a line's content.
    package func lineEnd(_ line: Int, _ encoding: PositionEncoding) -> Position {
        let lineIndex = min(max(line, 0), lineCount - 1)
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
        bytes.replaceSubrange(start..<end, with: text.utf8)
        indexLines()
    }

    mutating func setVersion(_ version: Int) {
        self.version = version
    }

    // MARK: Lines

    /// Where line `line` (0 ≤ line < lineCount) starts: from the mark before it, line by line.
    private func lineStart(_ line: Int) -> Int {
        var low = 0, high = marks.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if marks[middle].line <= line { low = middle } else { high = middle - 1 }
        }
        var current = marks[low].line
        var start = marks[low].offset
        while current < line {
            start = TextDocument.nextLineStart(after: contentRange(from: start).upperBound, in: bytes)
            current += 1
        }
        return start
    }

    /// The content of the line starting at `start`: up to its line break.
    private func contentRange(from start: Int) -> Range<Int> {
        bytes.withUnsafeBufferPointer { buffer in
            var end = start
            while end < buffer.count && buffer[end] != 0x0A && buffer[end] != 0x0D { end += 1 }
            return start..<end
        }
    }

    /// The start of the next line, given where a line's content ends (at its break).
    private static func nextLineStart(after contentEnd: Int, in bytes: [UInt8]) -> Int {
        guard contentEnd < bytes.count else { return bytes.count }
        if bytes[contentEnd] == 0x0D && contentEnd + 1 < bytes.count && bytes[contentEnd + 1] == 0x0A { return contentEnd + 2 }
        return contentEnd + 1
    }

    private mutating func indexLines() {
        var marks = [Mark(line: 0, offset: 0)]
        var line = 0
        var last = 0, lastLine = 0
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            var index = 0
            while index < count {
                let byte = buffer[index]
                if byte == 0x0A || (byte == 0x0D && (index + 1 == count || buffer[index + 1] != 0x0A)) {
                    line += 1
                    if line - lastLine >= TextDocument.markLines || index + 1 - last >= TextDocument.markBytes {
                        marks.append(Mark(line: line, offset: index + 1))
                        last = index + 1
                        lastLine = line
                    }
                }
                index += 1
            }
        }
        lineCount = line + 1
        self.marks = marks
    }
}
