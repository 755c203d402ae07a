import BrainFormat
import BrainAnalytics

/// A `{{name}}` placeholder found in template text.
package struct Placeholder: Hashable, Sendable {
    /// The name between the braces, without surrounding spaces (`title` for `{{ title }}`).
    package var name: String
    /// The whole placeholder, braces included, as a range of `text`'s UTF-8 view.
    package var range: Range<Int>

    /// The names `TemplateRenderer` fills in; any other name is kept as written.
    package static let known = ["title", "id", "date", "weekday", "area", "every", "due", "url", "parent", "tags"]

    /// Every placeholder in `text`, in order. A name is letters, digits, `_` and `-`; spaces
    /// inside the braces are allowed. `{{` without a valid name and `}}` is ordinary text.
    package static func scan(_ text: some StringProtocol) -> [Placeholder] {
        let bytes = Array(text.utf8)
        var found: [Placeholder] = []
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "{") else {
                index += 1
                continue
            }
            var p = index + 2
            while p < bytes.count, bytes[p] == 32 { p += 1 }
            let nameStart = p
            while p < bytes.count, isNameByte(bytes[p]) { p += 1 }
            let nameEnd = p
            while p < bytes.count, bytes[p] == 32 { p += 1 }
            if nameEnd > nameStart, p + 1 < bytes.count, bytes[p] == UInt8(ascii: "}"), bytes[p + 1] == UInt8(ascii: "}") {
                let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
                found.append(Placeholder(name: name, range: index..<(p + 2)))
                index = p + 2
            } else {
                index += 1
            }
        }
        return found
    }

    /// Replaces every placeholder for which `value` returns text; the others stay as written.
    package static func replace(in text: some StringProtocol, _ value: (String) -> String?) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var last = 0
        for placeholder in scan(text) {
            guard let replacement = value(placeholder.name) else { continue }
            out += bytes[last..<placeholder.range.lowerBound]
            out += replacement.utf8
            last = placeholder.range.upperBound
        }
        out += bytes[last...]
        return String(decoding: out, as: UTF8.self)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }
}
