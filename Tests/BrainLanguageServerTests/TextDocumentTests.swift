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

    @Test func negotiationOffersUTF8OnlyWhenListed() {
        #expect(PositionEncoding.negotiate(["utf-16", "utf-8"]) == .utf8)
        #expect(PositionEncoding.negotiate(["utf-32", "utf-16"]) == .utf16)
        #expect(PositionEncoding.negotiate([]) == .utf16)
    }
}
