import Foundation

/// Normalises a link written in a front-matter value, `"[[id]]"` or bare `id`, to its target.
package enum LinkTarget {
    /// The target of `[[target]]`, `[[target|label]]`, `[[target#heading]]` or a bare `target`,
    /// trimmed; nil when nothing is left.
    package static func normalize(_ text: String) -> String? {
        var body = trimmed(Substring(text), newlines: true)
        if body.hasPrefix("[["), body.hasSuffix("]]"), body.utf8.count >= 4 {
            body = body.dropFirst(2).dropLast(2)
            if let bar = body.firstIndex(of: "|") { body = body[..<bar] }
            if let hash = body.firstIndex(of: "#") { body = body[..<hash] }
        }
        let target = trimmed(body, newlines: false)
        return target.isEmpty ? nil : String(target)
    }

    /// `text` without leading and trailing white space — the scalars of Foundation's
    /// `.whitespaces` (or `.whitespacesAndNewlines`) — looking only at the ends, so a long value
    /// costs no more than a short one.
    package static func trimmed(_ text: Substring, newlines: Bool) -> Substring {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x09: return true
            case 0x0A...0x0D, 0x85: return newlines
            default:
                switch scalar.properties.generalCategory {
                case .spaceSeparator: return true
                case .lineSeparator, .paragraphSeparator: return newlines
                default: return false
                }
            }
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return text[text.endIndex...] }
        return Substring(scalars[first...last])
    }

    /// The key links are compared by: the target lower-cased (links are case-insensitive).
    package static func key(_ text: String) -> String {
        (normalize(text) ?? text).lowercased()
    }
}
