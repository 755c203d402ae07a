extension MarkdownWalker {
    /// A `#tag` at `hash` (start of line or after whitespace; letters, digits, `_`, `-`, `/`; at
    /// least one non-digit; no trailing `/`). Returns where scanning goes on.
    package mutating func tag(at hash: Int, _ end: Int) -> Int {
        guard hash == lineStart || isWhitespace(before: hash) else { return hash + 1 }
        var i = hash + 1
        var nonDigitScalar = false
        while i < end {
            let b = bytes[i]
            if b < 0x80 {
                guard isASCIILetter(b) || isDigit(b) || b == Byte.underscore || b == Byte.dash || b == Byte.slash else { break }
                i += 1
            } else {
                // Only here, on a non-ASCII byte inside a tag, is a scalar decoded.
                guard let (scalar, length) = decodeScalar(at: i, end), isTagScalar(scalar) else { break }
                if scalar.properties.numericType != .decimal { nonDigitScalar = true }
                i += length
            }
        }
        var nameEnd = i
        while nameEnd > hash + 1 && bytes[nameEnd - 1] == Byte.slash { nameEnd -= 1 }
        guard nameEnd > hash + 1 else { return i }
        var nonDigit = nonDigitScalar
        if !nonDigit {
            for k in (hash + 1)..<nameEnd where bytes[k] < 0x80 && !isDigit(bytes[k]) {
                nonDigit = true
                break
            }
        }
        if nonDigit {
            result.tags.append(Tag(name: string(hash + 1, nameEnd), line: line, column: column(of: hash)))
        }
        return i
    }

    private func isTagScalar(_ scalar: Unicode.Scalar) -> Bool {
        Tag.isNameScalar(scalar)
    }

    /// Whether the character ending just before `position` is whitespace (ASCII or Unicode).
    private func isWhitespace(before position: Int) -> Bool {
        let b = bytes[position - 1]
        if b == Byte.space || b == Byte.tab || b == Byte.lf || b == Byte.cr || b == 0x0B || b == 0x0C { return true }
        if b < 0x80 { return false }
        var lead = position - 1
        while lead > lineStart && lead > position - 4 && bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        guard let (scalar, length) = decodeScalar(at: lead, position), lead + length == position else { return false }
        return scalar.properties.isWhitespace
    }

    /// Decodes one well-formed UTF-8 scalar starting at `i`, with its length in bytes.
    package func decodeScalar(at i: Int, _ end: Int) -> (Unicode.Scalar, Int)? {
        let b0 = UInt32(bytes[i])
        let length: Int
        var value: UInt32
        switch b0 {
        case 0x00..<0x80: return (Unicode.Scalar(UInt8(b0)), 1)
        case 0xC2..<0xE0: length = 2; value = b0 & 0x1F
        case 0xE0..<0xF0: length = 3; value = b0 & 0x0F
        case 0xF0..<0xF5: length = 4; value = b0 & 0x07
        default: return nil
        }
        guard i + length <= end else { return nil }
        for k in 1..<length {
            let b = UInt32(bytes[i + k])
            guard b & 0xC0 == 0x80 else { return nil }
            value = value << 6 | (b & 0x3F)
        }
        // Reject overlong forms; `Unicode.Scalar(_:)` rejects surrogates and values past U+10FFFF.
        if (length == 3 && value < 0x800) || (length == 4 && value < 0x10000) { return nil }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
