import BrainFormat
import BrainAnalytics

/// Text an action writes into one line of a file (a habit line's note, an intention, a
/// reflection). A line break or another control character would end the line early and let the
/// rest pass for a line of its own — a forged check-off, a new section — so it is refused.
package enum LineText {
    /// Refuses `text` when it holds a line break or a control character (tabs are fine).
    package static func check(_ text: String, as field: String) throws(ActionError) {
        for scalar in text.unicodeScalars where isForbidden(scalar) {
            let name = scalar.value == 10 || scalar.value == 13 ? "a line break" : "the control character U+\(hex(scalar.value))"
            throw ActionError(.invalidArgument, "the \(field) holds \(name); it must fit on one line")
        }
    }

    package static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 9: return false
        case 0..<32, 127, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
