/// The line of every top-level key of a front-matter block, found in one pass over its lines, so
/// locating each of 100,000 keys costs a lookup rather than a scan.
package struct KeyLines {
    private var lines: [String: Int] = [:]

    /// A key is written `key:`, `"key":` or `'key':` at the start of a line; the first line wins.
    package init(_ yaml: Substring, firstLine: Int) {
        var line = firstLine
        // Split on bytes: a `Character` split would keep a CRLF file in one piece.
        for text in yaml.utf8.split(separator: Byte.lf, omittingEmptySubsequences: false) {
            defer { line += 1 }
            guard let first = text.first, first != Byte.space, first != Byte.tab, first != UInt8(ascii: "#") else { continue }
            // Every text before a colon could be the key (`a:b: c` has key `a:b`); a few are enough.
            var colons = 0
            for index in text.indices where text[index] == UInt8(ascii: ":") {
                let prefix = Array(text[..<index])
                record(String(decoding: prefix, as: UTF8.self), line)
                if prefix.count >= 2, prefix[0] == Byte.quote || prefix[0] == Byte.apostrophe, prefix.last == prefix[0] {
                    record(String(decoding: prefix.dropFirst().dropLast(), as: UTF8.self), line)
                }
                colons += 1
                if colons == 4 { break }
            }
        }
    }

    private mutating func record(_ key: String, _ line: Int) {
        if lines[key] == nil { lines[key] = line }
    }

    package func location(of key: String) -> SourceLocation {
        SourceLocation(line: lines[key] ?? 1, column: 1)
    }
}
