/// The text rules of iCalendar (RFC 5545): content lines end in CRLF and are folded at 75
/// octets (section 3.1), TEXT values escape backslashes, semicolons, commas and line breaks
/// (section 3.3.11).
public enum ICalendarText {
    /// A TEXT value escaped.
    public static func escape(_ text: String) -> String {
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
    public static func line(_ text: String) -> String {
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
}
