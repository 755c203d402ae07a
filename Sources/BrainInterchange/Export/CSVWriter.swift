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

    /// The first characters of a cell that make a spreadsheet read it as a formula: `=`, `+`,
    /// `-`, `@`, tab and carriage return (OWASP, "CSV Injection").
    static let formulaStarts: Set<UInt8> = [0x3D, 0x2B, 0x2D, 0x40, 0x09, 0x0D]

    /// A text cell a spreadsheet shows as text: one that starts a formula gets a `'` in front, as
    /// OWASP advises (`=1+2` → `'=1+2`). So that the added quote can be told from the text's own,
    /// a text that starts with quotes and then a formula character gets one more (`'=x` → `''=x`);
    /// `plainText` takes it off again.
    package static func text(_ text: String) -> String {
        guard let first = text.utf8.first(where: { $0 != 0x27 }), formulaStarts.contains(first) else { return text }
        return "'" + text
    }

    /// The text of a cell `text(_:)` wrote: the one quote it added, if any, taken off.
    package static func plainText(_ cell: String) -> String {
        guard cell.utf8.first == 0x27, let first = cell.utf8.first(where: { $0 != 0x27 }), formulaStarts.contains(first) else {
            return cell
        }
        return String(cell.dropFirst())
    }

    /// Whether a cell is a plain decimal number (`-3`, `-0.5`, `2.5e-7`), which a spreadsheet reads
    /// as a number and never as a formula.
    package static func isNumber(_ cell: String) -> Bool {
        var bytes = cell.utf8[...]
        if bytes.first == 0x2D { bytes = bytes.dropFirst() }
        let digits = bytes.prefix(while: { $0 >= 0x30 && $0 <= 0x39 })
        guard !digits.isEmpty else { return false }
        bytes = bytes.dropFirst(digits.count)
        if bytes.first == 0x2E {
            let fraction = bytes.dropFirst().prefix(while: { $0 >= 0x30 && $0 <= 0x39 })
            guard !fraction.isEmpty else { return false }
            bytes = bytes.dropFirst(1 + fraction.count)
        }
        if bytes.first == 0x65 || bytes.first == 0x45 {
            bytes = bytes.dropFirst()
            if bytes.first == 0x2B || bytes.first == 0x2D { bytes = bytes.dropFirst() }
            let exponent = bytes.prefix(while: { $0 >= 0x30 && $0 <= 0x39 })
            guard !exponent.isEmpty else { return false }
            bytes = bytes.dropFirst(exponent.count)
        }
        return bytes.isEmpty
    }
}
