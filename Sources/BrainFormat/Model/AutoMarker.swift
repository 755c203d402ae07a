import Foundation

/// The note `brain track` ends its lines with, read back: `(auto: health ≥ 8000)`.
package struct AutoMarker: Hashable, Sendable {
    package var source: String
    package var atMost: Bool
    package var threshold: Double

    package init?(_ note: String) {
        let text = note.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("(auto: "), text.hasSuffix(")") else { return nil }
        let parts = text.dropFirst(7).dropLast().split(separator: " ")
        guard parts.count == 3, parts[1] == "≥" || parts[1] == "≤", let number = Double(parts[2]) else { return nil }
        source = String(parts[0])
        atMost = parts[1] == "≤"
        threshold = number
    }

    package func isMet(_ value: Double) -> Bool {
        atMost ? value <= threshold : value >= threshold
    }
}
