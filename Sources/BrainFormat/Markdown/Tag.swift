/// A `#tag` in a body, without the `#`, as written (compare case-insensitively).
package struct Tag: Hashable, Sendable, Codable {
    package var name: String
    package var line: Int
    package var column: Int

    package init(name: String, line: Int, column: Int) {
        self.name = name
        self.line = line
        self.column = column
    }
}

extension Tag {
    /// Whether a scalar may be part of a tag's name: ASCII letters and digits, `_`, `-`, `/`, and
    /// any letter, number or combining mark (a decomposed `é` stays in the tag). The one rule the
    /// scanner and every client (an editor's completion and hover) use.
    package static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let byte = UInt8(scalar.value)
            return (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "/")
        }
        let properties = scalar.properties
        if properties.isAlphabetic || properties.numericType != nil { return true }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Whether every scalar of a character may be part of a tag's name.
    package static func isNameCharacter(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy(isNameScalar)
    }

    /// The tag name a text written after `#` holds (`books/fiction` of `books/fiction, then`):
    /// its name characters without a trailing `/`, or nil when that is empty or only decimal
    /// digits (`#123` is no tag), as the scanner reads it.
    package static func name(after text: Substring) -> Substring? {
        var name = text.prefix(while: isNameCharacter)
        while name.hasSuffix("/") { name = name.dropLast() }
        guard !name.isEmpty, name.unicodeScalars.contains(where: { $0.properties.numericType != .decimal }) else { return nil }
        return name
    }
}
