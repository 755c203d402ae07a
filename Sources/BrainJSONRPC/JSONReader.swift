/// Reads JSON text (RFC 8259) into `JSON` values straight from its UTF-8 bytes: no copy of the
/// message and no tree in between, each string decoded once. A message holding a 50 MB document
/// costs the document once more as a `String`, not several times over.
///
/// Strict where it matters: text that is not JSON, invalid UTF-8 in a string, control characters
/// in a string and nesting deeper than `maximumDepth` (which would otherwise exhaust the stack)
/// are refused. A lone UTF-16 surrogate in a `\u` escape becomes U+FFFD.
package struct JSONReader {
    /// Arrays and objects nested deeper than this are refused.
    package static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The value `bytes` hold, with nothing but white space around it; nil when they are not JSON.
    package static func parse(_ bytes: [UInt8]) -> JSON? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer)
            reader.skipSpace()
            guard let value = reader.value(depth: 0) else { return nil }
            reader.skipSpace()
            // Never `? value : nil`: JSON takes the literal `nil` as `null` there.
            guard reader.position == buffer.count else { return Optional<JSON>.none }
            return value
        }
    }

    // MARK: Values

    private mutating func value(depth: Int) -> JSON? {
        guard position < bytes.count else { return nil }
        switch bytes[position] {
        case UInt8(ascii: "{"): return object(depth: depth + 1)
        case UInt8(ascii: "["): return array(depth: depth + 1)
        case UInt8(ascii: "\""): return string().map(JSON.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
        default: return nil
        }
    }

    private mutating func object(depth: Int) -> JSON? {
        guard depth <= JSONReader.maximumDepth else { return nil }
        position += 1
        var members: [String: JSON] = [:]
        skipSpace()
        if next(UInt8(ascii: "}")) { return .object(members) }
        while true {
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\""), let key = string() else { return nil }
            skipSpace()
            guard next(UInt8(ascii: ":")) else { return nil }
            skipSpace()
            guard let member = value(depth: depth) else { return nil }
            members[key] = member
            skipSpace()
            if next(UInt8(ascii: ",")) { continue }
            guard next(UInt8(ascii: "}")) else { return nil }
            return .object(members)
        }
    }

    private mutating func array(depth: Int) -> JSON? {
        guard depth <= JSONReader.maximumDepth else { return nil }
        position += 1
        var elements: [JSON] = []
        skipSpace()
        if next(UInt8(ascii: "]")) { return .array(elements) }
        while true {
            skipSpace()
            guard let element = value(depth: depth) else { return nil }
            elements.append(element)
            skipSpace()
            if next(UInt8(ascii: ",")) { continue }
            guard next(UInt8(ascii: "]")) else { return nil }
            return .array(elements)
        }
    }

    /// `value` when `word` is spelled out here.
    private mutating func literal(_ word: StaticString, _ value: JSON) -> JSON? {
        let count = word.utf8CodeUnitCount
        guard bytes.count - position >= count else { return nil }
        for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] { return nil }
        position += count
        return value
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`: an integer when it has neither a
    /// fraction nor an exponent and fits one, else a double.
    private mutating func number() -> JSON? {
        let start = position
        var integral = true
        _ = next(UInt8(ascii: "-"))
        if next(UInt8(ascii: "0")) {
            // No digit may follow a leading zero.
        } else if digits() == 0 {
            return nil
        }
        if next(UInt8(ascii: ".")) {
            integral = false
            guard digits() > 0 else { return nil }
        }
        if position < bytes.count && (bytes[position] | 0x20) == UInt8(ascii: "e") {
            integral = false
            position += 1
            if !next(UInt8(ascii: "+")) { _ = next(UInt8(ascii: "-")) }
            guard digits() > 0 else { return nil }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        if integral, let value = Int(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else { return nil }
        return .double(value)
    }

    private mutating func digits() -> Int {
        let start = position
        while position < bytes.count && bytes[position] >= UInt8(ascii: "0") && bytes[position] <= UInt8(ascii: "9") { position += 1 }
        return position - start
    }

    // MARK: Strings

    /// The string starting at the opening quote under `position`.
    private mutating func string() -> String? {
        position += 1
        let start = position
        // Most strings have no escape: one pass, one copy.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { return nil }
            position += 1
        }
        guard position < bytes.count else { return nil }
        // Escapes only shorten it: room for the rest up to the closing quote, found first, so the
        // text of a document (every line break an escape) is not copied again as the array grows.
        var end = position
        while end < bytes.count && bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(min(end, bytes.count) - start)
        decoded += UnsafeBufferPointer(rebasing: bytes[start..<position])
        while position < bytes.count {
            // A run of plain bytes, copied at once; then a quote, an escape or a refusal.
            let run = position
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                position += 1
            }
            decoded += UnsafeBufferPointer(rebasing: bytes[run..<position])
            guard position < bytes.count else { return nil }
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "\"") { return String(validating: decoded, as: UTF8.self) }
            guard byte == UInt8(ascii: "\\"), position < bytes.count else { return nil }
            let escaped = bytes[position]
            position += 1
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escaped)
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "u"):
                guard let scalar = unicodeEscape() else { return nil }
                decoded.append(contentsOf: String(Character(scalar)).utf8)
            default: return nil
            }
        }
        return nil
    }

    /// The character of a `\uXXXX` escape (after the `u`), joining a surrogate pair.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let high = hex4() else { return nil }
        if high < 0xD800 || high > 0xDFFF { return Unicode.Scalar(high) }
        // A high surrogate followed by `\u` and a low one is one character; anything else is U+FFFD.
        if high <= 0xDBFF, bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
            let saved = position
            position += 2
            if let low = hex4(), low >= 0xDC00 && low <= 0xDFFF {
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            }
            position = saved
        }
        return Unicode.Scalar(0xFFFD)
    }

    private mutating func hex4() -> UInt32? {
        guard bytes.count - position >= 4 else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    // MARK: Reading

    private mutating func next(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private mutating func skipSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): position += 1
            default: return
            }
        }
    }
}
