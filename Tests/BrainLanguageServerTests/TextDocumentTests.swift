import Testing
@testable import BrainLanguageServer

/// Positions in UTF-16 code units (the protocol's default) and in UTF-8 bytes, on lines with
/// letters outside ASCII and outside the Basic Multilingual Plane.
@Suite struct TextDocumentTests {
    // "é" is 2 bytes and 1 UTF-16 unit; "😀" is 4 bytes and 2 units.
    let document = TextDocument(uri: "file:///x.md", version: 1, bytes: Array("Café 😀 [[read]]\r\nsecond\rthird\nlast".utf8))

    @Test func linesEndAtEveryKindOfBreak() {
        #expect(document.lineCount == 4)
        #expect(document.line(0) == "Café 😀 [[read]]")
        #expect(document.line(1) == "second")
        #expect(document.line(2) == "third")
        #expect(document.line(3) == "last")
    }

    @Test(arguments: [(PositionEncoding.utf16, 8, 11), (.utf8, 11, 11)])
    func positionsCountTheEncodingsUnits(encoding: PositionEncoding, linkStart: Int, linkByteStart: Int) {
        // `[[read]]` starts after "Café 😀 ": 8 UTF-16 units, 11 bytes (the same 11 in UTF-8).
        #expect(document.offset(of: Position(line: 0, character: linkStart), encoding) == linkByteStart)
        #expect(document.position(of: linkByteStart, encoding) == Position(line: 0, character: linkStart))
        // Brain's columns are 1-based bytes.
        #expect(document.position(line: 1, column: linkByteStart + 1, encoding) == Position(line: 0, character: linkStart))
    }

    @Test func charactersPastTheEndClampToTheLine() {
        #expect(document.offset(of: Position(line: 0, character: 500), .utf16) == Array("Café 😀 [[read]]".utf8).count)
        #expect(document.offset(of: Position(line: 99, character: 0), .utf16) == document.bytes.count)
        // Inside the emoji's surrogate pair: after the character, never inside it.
        #expect(document.offset(of: Position(line: 0, character: 6), .utf16) == 10)
        #expect(document.lineEnd(0, .utf16) == Position(line: 0, character: 16))
        #expect(document.lineEnd(0, .utf8) == Position(line: 0, character: 19))
    }

    @Test func incrementalChangesUseTheEncoding() {
        var utf16 = document
        // Replace "😀" (characters 5–7 in UTF-16) with "x".
        utf16.apply("x", range: TextRange(start: Position(line: 0, character: 5), end: Position(line: 0, character: 7)), .utf16)
        #expect(utf16.line(0) == "Café x [[read]]")
        var utf8 = document
        utf8.apply("x", range: TextRange(start: Position(line: 0, character: 6), end: Position(line: 0, character: 10)), .utf8)
        #expect(utf8.line(0) == "Café x [[read]]")
        // A change across lines, then an insertion at the end.
        utf8.apply("-", range: TextRange(start: Position(line: 1, character: 3), end: Position(line: 2, character: 2)), .utf8)
        #expect(utf8.line(1) == "sec-ird")
        #expect(utf8.lineCount == 3)
        utf8.apply("\nnew", range: TextRange(start: Position(line: 2, character: 4), end: Position(line: 2, character: 4)), .utf8)
        #expect(utf8.text.hasSuffix("last\nnew"))
        utf8.apply("whole", range: nil, .utf8)
        #expect(utf8.text == "whole" && utf8.lineCount == 1)
    }

    /// Every line and position of a long document with every kind of line break, lines longer
    /// than a mark's span and runs of empty lines agrees with the start of every line counted out.
    @Test func linesAreFoundFromTheMarks() {
        var text = ""
        for index in 0..<1_500 {
            switch index % 7 {
            case 0: text += "plain \(index)\n"
            case 1: text += "crlf é \(index)\r\n"
            case 2: text += "cr 😀 \(index)\r"
            case 3: text += String(repeating: "long ", count: index % 3 == 0 ? 1_000 : 3) + "\n"
            case 4: text += String(repeating: "\n", count: index % 40)
            case 5: text += "\r\n\r\r\n"
            default: text += "x"
            }
        }
        let bytes = Array(text.utf8)
        var starts = [0]
        for index in bytes.indices where bytes[index] == 0x0A || (bytes[index] == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) {
            starts.append(index + 1)
        }
        func content(_ line: Int) -> Range<Int> {
            var end = line + 1 < starts.count ? starts[line + 1] : bytes.count
            if end > starts[line] && bytes[end - 1] == 0x0A { end -= 1 }
            if end > starts[line] && bytes[end - 1] == 0x0D { end -= 1 }
            return starts[line]..<end
        }
        let document = TextDocument(uri: "file:///long.md", version: 1, bytes: bytes)
        #expect(document.lineCount == starts.count)
        var walked: [Range<Int>] = []
        document.forEachLine { _, range in walked.append(range) }
        #expect(walked == starts.indices.map(content))
        var wrong = 0
        for line in starts.indices where document.lineRange(line) != content(line) { wrong += 1 }
        #expect(wrong == 0, "\(wrong) lines found wrong")
        for offset in stride(from: 0, through: bytes.count, by: 89) {
            var low = 0, high = starts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            let line = low
            let end = min(offset, content(line).upperBound)
            let expected = Position(line: line, character: PositionEncoding.utf16.units(bytes[starts[line]..<end]))
            if document.position(of: offset, .utf16) != expected { wrong += 1 }
            // Back again, from a character's first byte (inside one, the position is past it).
            let inside = offset < bytes.count && bytes[offset] & 0xC0 == 0x80
            if !inside && document.offset(of: expected, .utf16) != end { wrong += 1 }
        }
        #expect(wrong == 0, "\(wrong) positions converted wrong")
    }

    @Test func negotiationOffersUTF8OnlyWhenListed() {
        #expect(PositionEncoding.negotiate(["utf-16", "utf-8"]) == .utf8)
        #expect(PositionEncoding.negotiate(["utf-32", "utf-16"]) == .utf16)
        #expect(PositionEncoding.negotiate([]) == .utf16)
    }
}
