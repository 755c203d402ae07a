import Foundation

/// The one JSON style of every `--json` output and every result a client prints: an object with
/// `"schemaVersion"` as its first key, the other keys sorted, two-space indentation.
package enum JSONOutput {
    package static let schemaVersion = 1

    /// `value` (which must encode as an object) with `schemaVersion` first, as text ending in a newline.
    package static func string<T: Encodable>(_ value: T, schemaVersion: Int = JSONOutput.schemaVersion) throws -> String {
        String(decoding: try bytes(value, schemaVersion: schemaVersion), as: UTF8.self)
    }

    /// The same as `string`, as UTF-8 bytes: a large result (a note with 100,000 links) is moved
    /// once, never split into lines or copied between text forms. Written by `JSONWriter`, which
    /// puts `schemaVersion` first and writes empty arrays and objects as `[]` and `{}`.
    package static func bytes<T: Encodable>(_ value: T, schemaVersion: Int = JSONOutput.schemaVersion) throws -> [UInt8] {
        var bytes = try JSONWriter().bytes(value, first: (key: "schemaVersion", value: schemaVersion))
        bytes.append(10)
        return bytes
    }
}
