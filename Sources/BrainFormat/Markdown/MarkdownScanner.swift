/// Finds links, tags, task items and headings in a Markdown body, skipping code and comments.
///
/// The scanner works on UTF-8 bytes in one pass per line and creates `String`s only for what it
/// returns, because it runs over every byte of a vault. It is lenient: any input gives a result.
package enum MarkdownScanner {
    /// Scans `bytes[start...]` (a whole file's UTF-8 bytes; `start` is the body's byte offset and `firstLine` its 1-based line) and returns links, tags, tasks and headings with file line numbers, UTF-8 columns and byte ranges relative to the whole buffer.
    package static func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0, firstLine: Int = 1) -> MarkdownScan {
        var walker = MarkdownWalker(bytes: bytes, firstLine: firstLine)
        walker.run(from: min(max(start, 0), bytes.count))
        return walker.result
    }

    /// Scans the UTF-8 form of `text` from byte offset `start` (the convenience form of the buffer scan).
    package static func scan(_ text: String, from start: Int = 0, firstLine: Int = 1) -> MarkdownScan {
        var text = text
        return text.withUTF8 { scan($0, from: start, firstLine: firstLine) }
    }

    /// Scans a byte array (a file as read from disk) from byte offset `start`.
    package static func scan(_ bytes: [UInt8], from start: Int = 0, firstLine: Int = 1) -> MarkdownScan {
        bytes.withUnsafeBufferPointer { scan($0, from: start, firstLine: firstLine) }
    }
}
