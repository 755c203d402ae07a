import Foundation

/// The one JSON style of every `--json` output and every result a client prints: an object with
/// `"schemaVersion"` as its first key, the other keys sorted, two-space indentation.
public enum JSONOutput {
    public static let schemaVersion = 1

    /// `value` (which must encode as an object) with `schemaVersion` first, as text ending in a newline.
    public static func string<T: Encodable>(_ value: T, schemaVersion: Int = JSONOutput.schemaVersion) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(Versioned(value: value, schemaVersion: schemaVersion))
        return hoistSchemaVersion(String(decoding: data, as: UTF8.self)) + "\n"
    }

    /// Moves the top-level `"schemaVersion"` line to the top of a pretty-printed object.
    static func hoistSchemaVersion(_ json: String) -> String {
        var lines = json.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first == "{", let at = lines.firstIndex(where: { $0.hasPrefix("  \"schemaVersion\" : ") }), at > 1 else {
            return json
        }
        var line = lines.remove(at: at)
        if !line.hasSuffix(",") {
            // It was the last key: the key before it is now the last and loses its comma.
            line += ","
            if lines[at - 1].hasSuffix(",") { lines[at - 1].removeLast() }
        }
        lines.insert(line, at: 1)
        return lines.joined(separator: "\n")
    }

    /// A value with `schemaVersion` added among its keys.
    private struct Versioned<Value: Encodable>: Encodable {
        var value: Value
        var schemaVersion: Int

        enum CodingKeys: String, CodingKey { case schemaVersion }

        func encode(to encoder: Encoder) throws {
            try value.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(schemaVersion, forKey: .schemaVersion)
        }
    }
}
