import Foundation

/// Normalises a link written in a front-matter value, `"[[id]]"` or bare `id`, to its target.
public enum LinkTarget {
    /// The target of `[[target]]`, `[[target|label]]`, `[[target#heading]]` or a bare `target`,
    /// trimmed; nil when nothing is left.
    public static func normalize(_ text: String) -> String? {
        var body = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        if body.hasPrefix("[["), body.hasSuffix("]]"), body.count >= 4 {
            body = body.dropFirst(2).dropLast(2)
            if let bar = body.firstIndex(of: "|") { body = body[..<bar] }
            if let hash = body.firstIndex(of: "#") { body = body[..<hash] }
        }
        let target = body.trimmingCharacters(in: .whitespaces)
        return target.isEmpty ? nil : target
    }

    /// The key links are compared by: the target lower-cased (links are case-insensitive).
    public static func key(_ text: String) -> String {
        (normalize(text) ?? text).lowercased()
    }
}
