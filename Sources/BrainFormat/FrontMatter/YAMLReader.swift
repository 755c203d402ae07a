/// Reads the YAML subset Brain accepts in front-matter into an ordered `YAMLMap`.
///
/// Works on the UTF-8 bytes of the text: the index parses every file of a vault,
/// so the reader splits lines once and hands out byte ranges, never line copies.
package enum YAMLReader {
    /// Parses front-matter YAML text. `firstLine` is the file line number of the text's first line.
    package static func parse(_ text: Substring, firstLine: Int = 1) -> (map: YAMLMap, diagnostics: [Diagnostic]) {
        let result = parseDetailed(text, firstLine: firstLine)
        return (result.map, result.diagnostics)
    }

    /// Where a top-level key and its value are written, for edits that touch only those lines.
    package struct KeySpan: Hashable, Sendable {
        package var key: String
        /// File line of the key (1-based).
        package var line: Int
        /// 1-based UTF-8 column of the key.
        package var column: Int
        /// Last file line that belongs to the value (the key's line when the value is inline).
        package var lastLine: Int
        /// Byte columns (0-based, on the key's line) of a one-line scalar value, when the value is one.
        package var inlineValue: Range<Int>?
        /// 0-based byte column just after the key's `:`.
        package var colonEnd: Int
    }

    package struct Detailed {
        package var map: YAMLMap
        package var diagnostics: [Diagnostic]
        package var spans: [KeySpan]
    }

    package static func parseDetailed(_ text: Substring, firstLine: Int = 1) -> Detailed {
        // A copy of the contiguous bytes (the element-by-element copy of `Array(text.utf8)` cost
        // a tenth of parsing a short note).
        parseDetailed(bytes: text.utf8.withContiguousStorageIfAvailable { Array($0) } ?? Array(text.utf8), firstLine: firstLine)
    }

    package static func parseDetailed(bytes: [UInt8], firstLine: Int = 1) -> Detailed {
        var parser = YAMLParser(bytes: bytes, firstLine: firstLine)
        parser.parseDocument()
        return Detailed(map: parser.result, diagnostics: parser.diagnostics, spans: parser.spans)
    }

    /// How the core schema reads a plain scalar, plus Brain's `YYYY-MM-DD` → date rule.
    package static func resolvePlain(_ bytes: ArraySlice<UInt8>) -> YAMLValue {
        resolvePlain(String(decoding: bytes, as: UTF8.self), bytes: bytes)
    }

    package static func resolvePlain(_ text: String) -> YAMLValue {
        resolvePlain(text, bytes: ArraySlice(text.utf8))
    }

    private static func resolvePlain(_ text: String, bytes: ArraySlice<UInt8>) -> YAMLValue {
        guard let first = bytes.first else { return .null }
        let count = bytes.count
        // Fast exit: most values start with a letter that cannot begin a special scalar.
        let maybeSpecial = first == UInt8(ascii: "~") || first == UInt8(ascii: ".") || first == UInt8(ascii: "+")
            || first == UInt8(ascii: "-") || isDigit(first) || first == UInt8(ascii: "n") || first == UInt8(ascii: "N")
            || first == UInt8(ascii: "t") || first == UInt8(ascii: "T") || first == UInt8(ascii: "f") || first == UInt8(ascii: "F")
        guard maybeSpecial else { return .string(text) }
        switch text {
        case "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .double(-.infinity)
        case ".nan", ".NaN", ".NAN": return .double(.nan)
        default: break
        }
        if count == 10, let day = Day(text) { return .date(day) }
        if count > 2, first == UInt8(ascii: "0") {
            let second = bytes[bytes.startIndex + 1]
            let digits = text.dropFirst(2)
            if second == UInt8(ascii: "x"), digits.utf8.allSatisfy(isHexDigit) {
                if let value = Int(digits, radix: 16) { return .int(value) }
                return .string(text)
            }
            if second == UInt8(ascii: "o"), digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 55 }) {
                if let value = Int(digits, radix: 8) { return .int(value) }
                return .string(text)
            }
        }
        // Decimal int: [-+]?[0-9]+
        var index = bytes.startIndex
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        let digitsStart = index
        while index < bytes.endIndex, isDigit(bytes[index]) { index += 1 }
        if index == bytes.endIndex, index > digitsStart {
            if let value = Int(text.hasPrefix("+") ? String(text.dropFirst()) : text) { return .int(value) }
            if let value = Double(text) { return .double(value) }
            return .string(text)
        }
        // Float: [-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?
        var mantissaDigits = index - digitsStart
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < bytes.endIndex, isDigit(bytes[index]) { index += 1 }
            mantissaDigits += index - fractionStart
            // `.` alone needs digits after it when there were none before.
            if index == fractionStart, index - 1 == digitsStart { return .string(text) }
        }
        guard mantissaDigits > 0 else { return .string(text) }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            let exponentStart = index
            while index < bytes.endIndex, isDigit(bytes[index]) { index += 1 }
            guard index > exponentStart else { return .string(text) }
        }
        guard index == bytes.endIndex else { return .string(text) }
        // The text now matches the core schema float pattern, which strtod also reads.
        let numeric = text.hasPrefix("+") ? String(text.dropFirst()) : text
        if let value = Double(numeric) { return .double(value) }
        return .string(text)
    }

    package static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

    package static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 65 && byte <= 70) || (byte >= 97 && byte <= 102)
    }
}
