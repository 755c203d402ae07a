import BrainJSONRPC
/// How the `character` of a position counts: the protocol's default is UTF-16 code units; a
/// client that lists `utf-8` in `general.positionEncodings` gets byte offsets, which is what
/// Brain's own columns count.
package enum PositionEncoding: String, Hashable, Sendable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"

    /// The encoding to use for a client offering `offered` (in its order of preference): UTF-8 when
    /// offered, else UTF-16, which every client supports.
    package static func negotiate(_ offered: [String]) -> PositionEncoding {
        offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
    }

    /// The units one character takes, from its first UTF-8 byte (an invalid byte is one unit,
    /// as it stands for U+FFFD).
    @inline(__always)
    static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF4: return 4
        default: return 1
        }
    }

    /// The units of this encoding that `bytes` take.
    func units(_ bytes: ArraySlice<UInt8>) -> Int {
        if self == .utf8 { return bytes.count }
        var count = 0
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let length = PositionEncoding.sequenceLength(bytes[index])
            count += length == 4 ? 2 : 1
            index += length
        }
        return count
    }

    /// The byte offset in `bytes` that `units` of this encoding reach; a count past the end gives
    /// the end, and one inside a character the character's end.
    func byteOffset(_ units: Int, in bytes: ArraySlice<UInt8>) -> Int {
        if self == .utf8 { return bytes.startIndex + min(max(units, 0), bytes.count) }
        var counted = 0
        var index = bytes.startIndex
        while index < bytes.endIndex && counted < units {
            let length = PositionEncoding.sequenceLength(bytes[index])
            counted += length == 4 ? 2 : 1
            index = min(index + length, bytes.endIndex)
        }
        return index
    }
}

/// A place in a text document as the protocol writes it: 0-based line and character.
package struct Position: Hashable, Sendable, Comparable {
    package var line: Int
    package var character: Int

    package init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    /// The protocol's numbers are `uinteger`s, 0 to 2³¹ − 1: anything else is no position (and
    /// no arithmetic on it can overflow).
    init?(_ json: JSON) {
        guard let line = json["line"].int, let character = json["character"].int,
              (0...Position.largest).contains(line), (0...Position.largest).contains(character) else { return nil }
        self.init(line: line, character: character)
    }

    static let largest = Int(Int32.max)

    var json: JSON { ["line": .int(line), "character": .int(character)] }

    package static func < (lhs: Position, rhs: Position) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }
}

/// A span of a text document, end excluded.
package struct TextRange: Hashable, Sendable {
    package var start: Position
    package var end: Position

    package init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    init?(_ json: JSON) {
        guard let start = Position(json["start"]), let end = Position(json["end"]) else { return nil }
        self.init(start: start, end: end)
    }

    var json: JSON { ["start": start.json, "end": end.json] }

    static let zero = TextRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0))
}
