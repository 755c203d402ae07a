import BrainFormat

/// Where a document's front-matter lies, and its `key: value` lines.
enum FrontMatterLines {
    /// The 0-based lines between the opening `---` and the closing `---` or `...`, where the
    /// index finds them (`FrontMatterSplitter`); nil without a closed front-matter.
    static func of(_ document: TextDocument) -> Range<Int>? {
        let shape = document.bytes.withUnsafeBufferPointer { FrontMatterSplitter.shape($0) }
        guard case .closed(_, _, let bodyLine) = shape else { return nil }
        // The body's first line is 1-based; the closing line before it is, 0-based, bodyLine - 2.
        return 1..<(bodyLine - 2)
    }

    /// The key a front-matter line belongs to (its own, or the one above a `- item` or an
    /// indented line) and the byte offset where its value starts.
    static func entry(_ line: Int, in document: TextDocument, yaml: Range<Int>) -> (key: String, valueStart: Int)? {
        let range = document.lineRange(line)
        let bytes = document.bytes[range]
        guard let first = bytes.first else { return nil }
        if first != UInt8(ascii: " ") && first != UInt8(ascii: "\t") && first != UInt8(ascii: "-") {
            guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return nil }
            let key = String(decoding: bytes[range.lowerBound..<colon], as: UTF8.self).trimming(" \t\"'")
            return (key, colon + 1)
        }
        // A list item or a continuation: the key is on the nearest line above that starts one.
        var above = line - 1
        while above >= yaml.lowerBound {
            let aboveRange = document.lineRange(above)
            if let lead = document.bytes[aboveRange].first, lead != UInt8(ascii: " "), lead != UInt8(ascii: "\t"), lead != UInt8(ascii: "-"),
               let colon = document.bytes[aboveRange].firstIndex(of: UInt8(ascii: ":")) {
                let key = String(decoding: document.bytes[aboveRange.lowerBound..<colon], as: UTF8.self).trimming(" \t\"'")
                var start = range.lowerBound
                while start < range.upperBound && (document.bytes[start] == UInt8(ascii: " ") || document.bytes[start] == UInt8(ascii: "\t")) { start += 1 }
                if start < range.upperBound && document.bytes[start] == UInt8(ascii: "-") { start += 1 }
                return (key, start)
            }
            above -= 1
        }
        return nil
    }
}
