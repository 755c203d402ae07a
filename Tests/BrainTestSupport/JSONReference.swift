import Foundation

/// The reference `JSONWriter` is held to: Foundation's `JSONEncoder` with the outputs' options, its
/// top-level `schemaVersion` moved first and its empty arrays and objects collapsed on bytes.
package enum JSONReference {
    /// `value` as Foundation's encoder writes it, `schemaVersion` moved first and empty containers
    /// collapsed: what `JSONOutput.bytes` wrote before `JSONWriter`, and must still write.
    package static func bytes<T: Encodable>(_ value: T, schemaVersion: Int = 1) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(Versioned(value: value, schemaVersion: schemaVersion))
        var bytes = collapseEmpty(hoistSchemaVersion([UInt8](data)))
        bytes.append(10)
        return bytes
    }

    /// Writes an empty array or object as `[]` or `{}`: the pretty printer puts a blank line and
    /// the closing bracket's indent inside it. A line break inside a JSON string is always escaped,
    /// so `[` followed by a line break is structure, never text.
    package static func collapseEmpty(_ json: [UInt8]) -> [UInt8] {
        let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " ")
        guard json.contains(newline) else { return json }
        var result: [UInt8] = []
        result.reserveCapacity(json.count)
        var index = 0
        while index < json.count {
            let byte = json[index]
            result.append(byte)
            index += 1
            guard byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{"), index < json.count, json[index] == newline else { continue }
            var end = index
            while end < json.count, json[end] == newline || json[end] == space { end += 1 }
            let close = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
            if end < json.count, json[end] == close {
                result.append(close)
                index = end + 1
            }
        }
        return result
    }

    package static func hoistSchemaVersion(_ json: String) -> String {
        String(decoding: hoistSchemaVersion(Array(json.utf8)), as: UTF8.self)
    }

    /// Moves the top-level `"schemaVersion"` line to the top of a pretty-printed object, working on
    /// bytes in one pass (top-level keys are the lines indented by exactly two spaces).
    package static func hoistSchemaVersion(_ json: [UInt8]) -> [UInt8] {
        let key = Array("\n  \"schemaVersion\" : ".utf8)
        guard json.first == UInt8(ascii: "{"), json.count > key.count else { return json }
        // The first line break of the top-level line that holds the key.
        var at: Int?
        var index = 1
        while index + key.count <= json.count {
            if json[index] == 10, json[index + 1] == 32, json[index + 2] == 32, json[index + 3] == UInt8(ascii: "\"") {
                if json[index..<(index + key.count)].elementsEqual(key) { at = index; break }
            }
            index += 1
        }
        guard let start = at else { return json }
        var end = start + 1
        while end < json.count, json[end] != 10 { end += 1 }
        // The key's line without its break, and whether it ended with a comma.
        var line = Array(json[(start + 1)..<end])
        let firstBreak = json.firstIndex(of: 10) ?? 0
        if firstBreak == start { return json }  // already first
        var result: [UInt8] = []
        result.reserveCapacity(json.count + 1)
        result += json[...firstBreak]
        if line.last != UInt8(ascii: ",") {
            // It was the last key: the key before it loses its comma, and it gains one.
            line.append(UInt8(ascii: ","))
            result += line
            result.append(10)
            var before = Array(json[(firstBreak + 1)..<start])
            if before.last == UInt8(ascii: ",") { before.removeLast() }
            result += before
            result += json[end...]
        } else {
            result += line
            result.append(10)
            result += json[(firstBreak + 1)..<start]
            result += json[end...]
        }
        return result
    }

    /// A value with `schemaVersion` added among its keys.
    private struct Versioned<Value: Encodable>: Encodable {
        package var value: Value
        package var schemaVersion: Int

        package enum CodingKeys: String, CodingKey { case schemaVersion }

        package func encode(to encoder: Encoder) throws {
            try value.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(schemaVersion, forKey: .schemaVersion)
        }
    }
}
