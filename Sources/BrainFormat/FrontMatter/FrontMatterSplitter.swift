/// Fast path for the index: finds the front-matter in raw bytes without building a Document.
package enum FrontMatterSplitter {
    /// What the start of a file holds.
    package enum Shape: Hashable, Sendable {
        case none
        /// An opening `---` line without a closing `---` or `...` line.
        case unclosed
        case closed(yaml: Range<Int>, bodyOffset: Int, bodyLine: Int)
    }

    /// Returns the byte range of the YAML text, the byte offset where the body starts and the body's first line, or nil when there is no (closed) front-matter.
    package static func split(_ bytes: UnsafeBufferPointer<UInt8>) -> (yaml: Range<Int>, bodyOffset: Int, bodyLine: Int)? {
        if case .closed(let yaml, let bodyOffset, let bodyLine) = shape(bytes) { return (yaml, bodyOffset, bodyLine) }
        return nil
    }

    /// Length of a UTF-8 byte order mark at the start, 0 or 3.
    package static func bomLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return 3 }
        return 0
    }

    // Concrete buffer type, not generic: this runs once per file of the vault.
    package static func shape(_ bytes: UnsafeBufferPointer<UInt8>) -> Shape {
        let start = 0
        let end = bytes.count
        var p = start + bomLength(bytes)
        // The opening line: exactly `---`, trailing spaces allowed.
        guard end - p >= 3, bytes[p] == 45, bytes[p + 1] == 45, bytes[p + 2] == 45 else { return .none }
        p += 3
        while p < end, bytes[p] == 32 { p += 1 }
        if p < end, bytes[p] == 13, p + 1 < end, bytes[p + 1] == 10 { p += 1 }
        guard p < end, bytes[p] == 10 else { return p == end ? .unclosed : .none }
        p += 1
        let yamlStart = p
        var line = 2
        while p < end {
            let lineStart = p
            if end - p >= 3, (bytes[p] == 45 && bytes[p + 1] == 45 && bytes[p + 2] == 45)
                || (bytes[p] == 46 && bytes[p + 1] == 46 && bytes[p + 2] == 46) {
                var q = p + 3
                while q < end, bytes[q] == 32 { q += 1 }
                if q < end, bytes[q] == 13, q + 1 < end, bytes[q + 1] == 10 { q += 1 }
                if q == end { return .closed(yaml: (yamlStart - start)..<(lineStart - start), bodyOffset: q - start, bodyLine: line + 1) }
                if bytes[q] == 10 {
                    return .closed(yaml: (yamlStart - start)..<(lineStart - start), bodyOffset: q + 1 - start, bodyLine: line + 1)
                }
            }
            while p < end, bytes[p] != 10 { p += 1 }
            p += 1
            line += 1
        }
        return .unclosed
    }
}
