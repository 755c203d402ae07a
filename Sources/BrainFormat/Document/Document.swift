/// A Markdown file with optional front-matter, kept byte for byte.
///
/// The document holds the file's bytes and the spans of what was parsed, so an edit rewrites
/// only the lines it must and `bytes` always serialises the file exactly — invalid UTF-8
/// included: bytes outside an edited line are never decoded and re-encoded.
public struct Document: Sendable, Hashable {
    /// The exact current bytes of the file.
    public private(set) var bytes: [UInt8]
    /// Whether `bytes` are valid UTF-8 (then `text` holds them exactly).
    public private(set) var isValidUTF8 = true
    /// The front-matter keys in written order; empty when there is none.
    public private(set) var frontMatter = YAMLMap()
    /// Whether the file starts with a closed `---` front-matter block.
    public private(set) var hasFrontMatter = false
    /// 1-based file line where the body starts.
    public private(set) var bodyStartLine = 1
    /// UTF-8 byte offset of the body in `bytes`.
    public private(set) var bodyStartOffset = 0
    /// The file's line ending, from its first line break (LF when it has none).
    package private(set) var lineEnding = LineEnding.lf

    public var parseDiagnostics: [Diagnostic] = []
    /// Where the bytes are not UTF-8, one diagnostic per line.
    public var encodingDiagnostics: [Diagnostic] = []
    package var spans: [YAMLReader.KeySpan] = []
    public var bomLength = 0
    /// Byte offset where each line starts (after the BOM for the first line).
    public var lineStarts: [Int] = []
    /// Byte offset where each line's content ends (before `\r\n` or `\n`).
    public var lineContentEnds: [Int] = []
    public var byteCount: Int { bytes.count }
    /// The decoded text, kept when the bytes are valid UTF-8 so that lines can be slices of it.
    private var validText: String?

    /// Reads a document from text; never fails, problems go to `diagnostics`.
    public init(text: String) {
        self.bytes = Array(text.utf8)
        reparse()
    }

    /// Reads a document from bytes; invalid UTF-8 is reported in `diagnostics`, shown as U+FFFD
    /// in `text` and `lines`, and kept as it is in `bytes`.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
        reparse()
    }

    /// The file as text (invalid UTF-8 shown as U+FFFD; `bytes` keeps it as it is).
    public var text: String {
        validText ?? String(decoding: bytes, as: UTF8.self)
    }

    /// All problems found in the file; `path` is nil, the caller attaches it.
    public var diagnostics: [Diagnostic] { encodingDiagnostics + parseDiagnostics }

    /// The text after the front-matter (after the BOM when there is no front-matter).
    public var body: Substring {
        if let validText {
            let utf8 = validText.utf8
            return validText[utf8.index(utf8.startIndex, offsetBy: bodyStartOffset)...]
        }
        return Substring(String(decoding: bytes[bodyStartOffset...], as: UTF8.self))
    }

    /// Where a top-level front-matter key is written.
    public func location(ofKey key: String) -> SourceLocation? {
        spans.first(where: { $0.key == key }).map { SourceLocation(line: $0.line, column: $0.column) }
    }

    /// The file's lines without their endings (and without the BOM); a final line break starts no new line.
    public var lines: [Substring] {
        if let validText {
            let utf8 = validText.utf8
            return zip(lineStarts, lineContentEnds).map { start, end in
                validText[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
            }
        }
        return lineStarts.indices.map { Substring(String(decoding: lineBytes($0), as: UTF8.self)) }
    }

    /// The bytes of the 0-based line `index`, without its ending.
    public func lineBytes(_ index: Int) -> ArraySlice<UInt8> {
        bytes[lineStarts[index]..<lineContentEnds[index]]
    }

    /// Number of lines, as in `lines`.
    public var lineCount: Int { lineStarts.count }

    public static func == (lhs: Document, rhs: Document) -> Bool { lhs.bytes == rhs.bytes }

    public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }

    // MARK: - Parsing

    /// Swaps in edited bytes and re-parses, so every property reflects them.
    public mutating func replaceBytes(_ newBytes: [UInt8]) {
        bytes = newBytes
        reparse()
    }

    public mutating func reparse() {
        let bytes = self.bytes
        validText = String(validating: bytes, as: UTF8.self)
        isValidUTF8 = validText != nil
        encodingDiagnostics = isValidUTF8 ? [] : UTF8Check.diagnostics(bytes)
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
