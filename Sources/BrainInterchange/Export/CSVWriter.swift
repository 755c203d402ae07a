import Foundation
import BrainFormat
import BrainAnalytics
import BrainStore

/// Writes CSV as RFC 4180 defines it: CRLF after every record, and a field in double quotes
/// (with each quote doubled) when it holds a comma, a quote, a line break, or leading or
/// trailing spaces that a spreadsheet would otherwise trim.
package enum CSVWriter {
    /// One record, its fields escaped, ending in CRLF.
    package static func record(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    /// One field, quoted when it must be.
    package static func field(_ text: String) -> String {
        let needsQuotes = text.utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
            || text.first == " " || text.last == " "
        guard needsQuotes else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
