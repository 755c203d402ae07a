/// Renders values as readable one-line YAML that `YAMLReader` reads back to the same value.
package enum YAMLWriter {
    /// The one-line form of a value: a plain or double-quoted scalar, or a flow list/map.
    package static func render(_ value: YAMLValue) -> String {
        render(value, flow: false)
    }

    /// A key as written before `:`; quoted when the plain form would not read back as the same key.
    package static func renderKey(_ key: String) -> String {
        if isPlainSafe(key, flow: false), !key.contains(":"), !key.contains("#") {
            return key
        }
        return doubleQuoted(key)
    }

    package static func render(_ value: YAMLValue, flow: Bool) -> String {
        switch value {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .double(let value):
            if value.isNaN { return ".nan" }
            if value.isInfinite { return value < 0 ? "-.inf" : ".inf" }
            return String(value)
        case .date(let day): return day.description
        case .string(let text):
            return isPlainSafe(text, flow: flow) ? text : doubleQuoted(text)
        case .list(let items):
            return "[" + items.map { render($0, flow: true) }.joined(separator: ", ") + "]"
        case .map(let map):
            if map.isEmpty { return "{}" }
            return "{" + map.entries.map { entry in
                let key = isPlainSafe(entry.key, flow: true) ? entry.key : doubleQuoted(entry.key)
                return key + ": " + render(entry.value, flow: true)
            }.joined(separator: ", ") + "}"
        }
    }

    /// Whether `text` written plain reads back as the same string.
    package static func isPlainSafe(_ text: String, flow: Bool) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, let last = bytes.last else { return false }
        if first == 32 || first == 9 || last == 32 || last == 9 { return false }
        switch first {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["),
             UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "&"),
             UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"),
             UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"):
            return false
        default: break
        }
        for (i, b) in bytes.enumerated() {
            if b < 32 || b == 127 { return false }
            if b == UInt8(ascii: "#"), i > 0, bytes[i - 1] == 32 { return false }
            if b == UInt8(ascii: ":") {
                if i + 1 == bytes.count || bytes[i + 1] == 32 { return false }
                if flow, YAMLParser.isFlowIndicatorByte(bytes[i + 1]) { return false }
            }
            if flow, YAMLParser.isFlowIndicatorByte(b) { return false }
        }
        // `19:30` is a string in YAML 1.2 but a number (1170) to YAML 1.1 readers: quote clock times.
        if bytes.contains(UInt8(ascii: ":")), bytes.allSatisfy({ $0 == UInt8(ascii: ":") || ($0 >= 48 && $0 <= 57) }) {
            return false
        }
        // Unicode line and paragraph separators and NEL are line breaks to some readers.
        if text.unicodeScalars.contains(where: { $0.value == 0x85 || $0.value == 0x2028 || $0.value == 0x2029 || $0.value == 0xFEFF }) {
            return false
        }
        return YAMLReader.resolvePlain(text) == .string(text)
    }

    package static func doubleQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x09: out += "\\t"
            case 0x0D: out += "\\r"
            case 0x00..<0x20, 0x7F:
                out += "\\x" + hex(scalar.value, width: 2)
            case 0x85, 0x2028, 0x2029, 0xFEFF:
                out += "\\u" + hex(scalar.value, width: 4)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
