import BrainFormat
import BrainAnalytics
import BrainStore

/// The text rules of iCalendar (RFC 5545): content lines end in CRLF and are folded at 75
/// octets (section 3.1), TEXT values escape backslashes, semicolons, commas and line breaks
/// (section 3.3.11). Writing (`escape`, `line`) and reading (`unescape`, `ContentLine`) follow
/// the same rules.
package enum ICalendarText {
    /// A TEXT value escaped.
    package static func escape(_ text: String) -> String {
        var result = ""
        var previousCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\r": result += "\\n"
            case "\n": if !previousCR { result += "\\n" }
            default:
                // Other control characters are not allowed in TEXT (only HTAB); they become spaces.
                if scalar.value < 0x20 && scalar != "\t" || scalar.value == 0x7F { result += " " } else { result.unicodeScalars.append(scalar) }
            }
            previousCR = scalar == "\r"
        }
        return result
    }

    /// One content line, folded: no line longer than 75 octets, never inside a UTF-8 sequence,
    /// each continuation starting with a space; ends in CRLF.
    package static func line(_ text: String) -> String {
        var result = ""
        var current = 0
        var limit = 75
        for scalar in text.unicodeScalars {
            let size = String(scalar).utf8.count
            if current + size > limit {
                result += "\r\n "
                current = 1
                limit = 75
            }
            result.unicodeScalars.append(scalar)
            current += size
        }
        return result + "\r\n"
    }

    /// A TEXT value with its escapes undone: `\n` and `\N` are line breaks; `\\`, `\;` and `\,` are the characters.
    package static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var result = ""
        var escaped = false
        for character in text {
            if escaped {
                switch character {
                case "n", "N": result.append("\n")
                default: result.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        if escaped { result.append("\\") }
        return result
    }

    /// Whether a physical line continues the one before (it starts with a space or a tab; section 3.1).
    package static func isContinuation(_ line: String) -> Bool {
        line.first == " " || line.first == "\t"
    }

    /// One unfolded content line: `NAME;PARAM=VALUE:value`.
    package struct ContentLine: Hashable, Sendable {
        /// The property or BEGIN/END name, upper-cased.
        package var name: String
        /// Parameters by upper-cased name; a quoted value without its quotes.
        package var parameters: [String: String]
        package var value: String
        /// The 1-based line the content line starts on.
        package var line: Int

        /// Splits `text` at the first colon outside a quoted parameter value; nil when there is none.
        package init?(_ text: String, line: Int) {
            var quoted = false
            var colon: String.Index?
            var separators: [String.Index] = []
            for index in text.indices {
                let character = text[index]
                if character == "\"" { quoted.toggle() }
                if quoted { continue }
                if character == ";" { separators.append(index) }
                if character == ":" {
                    colon = index
                    break
                }
            }
            guard let colon else { return nil }
            let head = text[..<colon]
            let nameEnd = separators.first ?? colon
            name = text[..<nameEnd].trimmingCharacters(in: .whitespaces).uppercased()
            guard !name.isEmpty else { return nil }
            parameters = [:]
            for (position, separator) in separators.enumerated() {
                let end = position + 1 < separators.count ? separators[position + 1] : head.endIndex
                let part = text[text.index(after: separator)..<end]
                guard let equals = part.firstIndex(of: "=") else { continue }
                var value = String(part[part.index(after: equals)...])
                if value.count >= 2, value.first == "\"", value.last == "\"" { value = String(value.dropFirst().dropLast()) }
                parameters[part[..<equals].uppercased()] = value
            }
            value = String(text[text.index(after: colon)...])
            self.line = line
        }
    }
}
