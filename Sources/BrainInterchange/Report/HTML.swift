import BrainFormat
import BrainAnalytics
import BrainStore

/// HTML text: the one escaping function every piece of vault text goes through in the report.
package enum HTML {
    /// `text` safe as element content and as a double- or single-quoted attribute value: `&`, `<`,
    /// `>`, `"` and `'` become entities, and control characters (which HTML forbids) become U+FFFD,
    /// so `<script>alert(1)</script>` reads as text and `" onload="x` cannot leave an attribute.
    package static func escape(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            case "\r": result += "\n"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    result.unicodeScalars.append("\u{FFFD}")
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
