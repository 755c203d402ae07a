/// A Markdown file with optional front-matter, kept byte for byte.
///
/// The document holds the original text and the spans of what was parsed, so an
/// edit rewrites only the lines it must and `text` always serialises the file exactly.
public struct Document: Sendable, Hashable {
    /// The exact current text of the file.
    public private(set) var text: String
    /// The front-matter keys in written order; empty when there is none.
    public private(set) var frontMatter = YAMLMap()
    /// Whether the file starts with a closed `---` front-matter block.
    public private(set) var hasFrontMatter = false
    /// 1-based file line where the body starts.
    public private(set) var bodyStartLine = 1
    /// UTF-8 byte offset of the body in `text`.
    public private(set) var bodyStartOffset = 0
    /// The file's line ending, from its first line break (LF when it has none).
    public private(set) var lineEnding = LineEnding.lf

    var parseDiagnostics: [Diagnostic] = []
    /// Problems of the bytes the document was read from (invalid UTF-8); kept across edits.
    var encodingDiagnostics: [Diagnostic] = []
    var spans: [YAMLReader.KeySpan] = []
    var bomLength = 0
    /// Byte offset where each line starts (after the BOM for the first line).
    var lineStarts: [Int] = []
    /// Byte offset where each line's content ends (before `\r\n` or `\n`).
    var lineContentEnds: [Int] = []
    var byteCount = 0

    /// Reads a document from text; never fails, problems go to `diagnostics`.
    public init(text: String) {
        self.text = text
        reparse()
    }

    /// Reads a document from bytes; invalid UTF-8 is replaced with U+FFFD and reported.
    public init(bytes: [UInt8]) {
        if let valid = String(validating: bytes, as: UTF8.self) {
            self.text = valid
        } else {
            let text = String(decoding: bytes, as: UTF8.self)
            self.text = text
            var first = 0
            for (a, b) in zip(text.utf8, bytes) {
                if a != b { break }
                first += 1
            }
            var line = 1
            var lineStart = 0
            for (index, byte) in bytes[..<min(first, bytes.count)].enumerated() where byte == 10 {
                line += 1
                lineStart = index + 1
            }
            encodingDiagnostics = [Diagnostic(line: line, column: first - lineStart + 1,
                                              message: "invalid UTF-8; the bad bytes were replaced with U+FFFD")]
        }
        reparse()
    }

    /// All problems found in the file; `path` is nil, the caller attaches it.
    public var diagnostics: [Diagnostic] { encodingDiagnostics + parseDiagnostics }

    /// The text after the front-matter (after the BOM when there is no front-matter).
    public var body: Substring {
        let utf8 = text.utf8
        return text[utf8.index(utf8.startIndex, offsetBy: bodyStartOffset)...]
    }

    /// Where a top-level front-matter key is written.
    public func location(ofKey key: String) -> SourceLocation? {
        spans.first(where: { $0.key == key }).map { SourceLocation(line: $0.line, column: $0.column) }
    }

    /// The file's lines without their endings (and without the BOM); a final line break starts no new line.
    public var lines: [Substring] {
        let utf8 = text.utf8
        return zip(lineStarts, lineContentEnds).map { start, end in
            text[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
        }
    }

    /// Number of lines, as in `lines`.
    public var lineCount: Int { lineStarts.count }

    public static func == (lhs: Document, rhs: Document) -> Bool { lhs.text == rhs.text }

    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    // MARK: - Parsing

    /// Swaps in edited text and re-parses, so every property reflects the new text.
    mutating func replaceText(_ newText: String) {
        text = newText
        reparse()
    }

    mutating func reparse() {
        let bytes = Array(text.utf8)
        byteCount = bytes.count
        bomLength = bytes.withUnsafeBufferPointer { FrontMatterSplitter.bomLength($0) }
        lineEnding = .lf
        lineStarts = []
        lineContentEnds = []
        var start = bomLength
        var sawEnding = false
        var index = bomLength
        while index < bytes.count {
            if bytes[index] == 10 {
                let crlf = index > start && bytes[index - 1] == 13
                if !sawEnding {
                    lineEnding = crlf ? .crlf : .lf
                    sawEnding = true
                }
                lineStarts.append(start)
                lineContentEnds.append(crlf ? index - 1 : index)
                start = index + 1
            }
            index += 1
        }
        if start < bytes.count {
            lineStarts.append(start)
            lineContentEnds.append(bytes.count)
        }

        frontMatter = YAMLMap()
        hasFrontMatter = false
        parseDiagnostics = []
        spans = []
        bodyStartLine = 1
        bodyStartOffset = bomLength
        switch bytes.withUnsafeBufferPointer({ FrontMatterSplitter.shape($0) }) {
        case .none:
            break
        case .unclosed:
            parseDiagnostics.append(Diagnostic(line: 1, column: bomLength + 1,
                message: "front-matter opened with `---` is never closed by a `---` or `...` line; the whole file is read as body"))
        case .closed(let yaml, let bodyOffset, let bodyLine):
            let result = YAMLReader.parseDetailed(bytes: Array(bytes[yaml]), firstLine: 2)
            frontMatter = result.map
            parseDiagnostics = result.diagnostics
            spans = result.spans
            hasFrontMatter = true
            bodyStartLine = bodyLine
            bodyStartOffset = bodyOffset
        }
    }
}
