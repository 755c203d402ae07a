import BrainKit

/// `path:line: text` lines, as `brain search` and `brain backlinks` print them: built as bytes (a
/// common word, or a note linked from thousands of files, prints tens of thousands of lines) and
/// written in pieces rather than as one huge buffer.
struct PlacedLines: ~Copyable {
    private let session: Session
    private let style: Style
    private var out: [UInt8] = []
    /// Everything written, in the pieces it was written in, when kept (`keeping`).
    private(set) var written: [[UInt8]]?

    /// `keeping`: every piece written is also kept in `written` (an answer to keep, `KeptAnswer`).
    init(_ session: Session, keeping: Bool = false) {
        self.session = session
        style = session.style
        out.reserveCapacity(1 << 17)
        if keeping { written = [] }
    }

    /// One line; `text` as it is printed (already highlighted when styled).
    mutating func append(path: String, line: Int, text: String) {
        var text = text
        text.withUTF8 { append(path: path, line: line, text: $0) }
    }

    /// One line, its text given as UTF-8 bytes.
    mutating func append(path: String, line: Int, text: UnsafeBufferPointer<UInt8>) {
        if style.enabled {
            out.append(contentsOf: style("\(path):\(line):", .accent).utf8)
        } else {
            out.append(contentsOf: path.utf8)
            out.append(UInt8(ascii: ":"))
            DecimalDigits.append(line, to: &out)
            out.append(UInt8(ascii: ":"))
        }
        out.append(UInt8(ascii: " "))
        out.append(contentsOf: text)
        out.append(UInt8(ascii: "\n"))
        if out.count > 1 << 16 { flush() }
    }

    /// Writes what is waiting.
    mutating func flush() {
        out.withUnsafeBufferPointer { session.context.stdout.write(bytes: $0) }
        if written != nil, !out.isEmpty {
            // The piece is kept as it is, and a fresh buffer takes its place.
            written!.append(out)
            out = []
            out.reserveCapacity(1 << 17)
        } else {
            out.removeAll(keepingCapacity: true)
        }
    }
}
