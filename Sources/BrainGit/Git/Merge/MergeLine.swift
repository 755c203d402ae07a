import BrainFormat
import BrainStore

/// One line of a file being merged: its bytes and its own line ending, so the merge writes back
/// exactly the bytes of every line it keeps.
package struct MergeLine: Hashable, Sendable {
    /// The line without its ending.
    package var content: [UInt8]
    /// `\n`, `\r\n`, or empty for a last line without a line break.
    package var ending: [UInt8]

    package init(content: [UInt8], ending: [UInt8]) {
        self.content = content
        self.ending = ending
    }

    package init(_ text: String, ending: [UInt8]) {
        self.init(content: Array(text.utf8), ending: ending)
    }

    package var text: String { String(decoding: content, as: UTF8.self) }

    /// Splits bytes (after any byte-order mark) into lines the way `Document` numbers them: at `\n`,
    /// with a `\r` before it counted as part of the ending.
    package static func split(_ bytes: ArraySlice<UInt8>) -> [MergeLine] {
        var lines: [MergeLine] = []
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == 10 {
                let crlf = index > start && bytes[index - 1] == 13
                let contentEnd = crlf ? index - 1 : index
                lines.append(MergeLine(content: Array(bytes[start..<contentEnd]), ending: crlf ? [13, 10] : [10]))
                start = index + 1
            }
            index += 1
        }
        if start < bytes.endIndex {
            lines.append(MergeLine(content: Array(bytes[start...]), ending: []))
        }
        return lines
    }

    /// The UTF-8 byte-order mark.
    package static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Whether the line is blank (spaces and tabs only).
    package var isBlank: Bool { content.allSatisfy { $0 == 32 || $0 == 9 } }

    /// A Markdown list item: `-`, `*` or `+` (or `1.`, `1)`) after optional indentation, followed by a
    /// blank or the end of the line.
    package var isListItem: Bool {
        var i = 0
        while i < content.count, content[i] == 32 || content[i] == 9 { i += 1 }
        guard i < content.count else { return false }
        if content[i] == UInt8(ascii: "-") || content[i] == UInt8(ascii: "*") || content[i] == UInt8(ascii: "+") {
            i += 1
        } else {
            let digits = i
            while i < content.count, content[i] >= 0x30, content[i] <= 0x39 { i += 1 }
            guard i > digits, i < content.count, content[i] == UInt8(ascii: ".") || content[i] == UInt8(ascii: ")") else { return false }
            i += 1
        }
        return i == content.count || content[i] == 32 || content[i] == 9
    }

    /// An empty list item (`- ` as the daily template leaves under `## Intentions`): a place to fill.
    package var isEmptyListItem: Bool {
        guard isListItem else { return false }
        let trimmed = content.filter { $0 != 32 && $0 != 9 }
        return trimmed.count == 1 || (trimmed.last == UInt8(ascii: ".") || trimmed.last == UInt8(ascii: ")"))
            && trimmed.dropLast().allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }
}
