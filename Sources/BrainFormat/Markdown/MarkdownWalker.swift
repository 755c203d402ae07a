#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The byte-level state machine behind ``MarkdownScanner``: walks a buffer line by line and
/// remembers what spans lines (open fences and comments).
package struct MarkdownWalker {
    package enum Comment {
        /// `%%…%%` (Obsidian)
        case percent
        /// `<!--…-->`
        case html
    }

    package let bytes: UnsafeBufferPointer<UInt8>
    package var result = MarkdownScan()
    /// 1-based number of the line being scanned.
    package var line: Int
    /// Byte offset that column 1 of the current line refers to (after a BOM on the first line).
    package var lineStart = 0
    package var fences = FenceTracker()
    package var comment: Comment?
    /// Destinations `](…)` of Markdown links whose text is still being scanned; innermost last.
    package var skipZones: [Range<Int>] = []
    /// Backtick run lengths (< 64) that have no closing run in the rest of the current line,
    /// so a line of many unmatched runs stays linear.
    package var unmatchedTickRuns: UInt64 = 0
    /// Cache of the next `]` at or after `bracketFrom` on the current line (`bracketAt`).
    package var bracketFrom = Int.max
    package var bracketAt = 0
    /// Cache of the next `](` at or after `closeParenFrom` on the current line (`closeParenAt`).
    package var closeParenFrom = Int.max
    package var closeParenAt = 0

    package init(bytes: UnsafeBufferPointer<UInt8>, firstLine: Int) {
        self.bytes = bytes
        self.line = firstLine
    }

    package mutating func run(from start: Int) {
        let end = bytes.count
        var lineBegin = start
        if start == 0, end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            lineBegin = 3
        }
        while lineBegin < end {
            let newline = findNewline(from: lineBegin, to: end)
            var contentEnd = newline
            if contentEnd > lineBegin && bytes[contentEnd - 1] == Byte.cr { contentEnd -= 1 }
            scanLine(lineBegin, contentEnd)
            lineBegin = newline + 1
            line += 1
        }
    }

    @inline(__always)
    package func findNewline(from start: Int, to end: Int) -> Int {
        guard let base = bytes.baseAddress else { return end }
        guard let hit = memchr(base + start, Int32(Byte.lf), end - start) else { return end }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }

    package mutating func scanLine(_ begin: Int, _ end: Int) {
        lineStart = begin
        unmatchedTickRuns = 0
        bracketFrom = Int.max
        closeParenFrom = Int.max
        skipZones.removeAll(keepingCapacity: true)

        // A line that starts inside a comment has no block structure of its own, so it
        // cannot open a fence (and no fence is open while a comment is).
        if comment == nil, fences.consume(UnsafeBufferPointer(rebasing: bytes[begin..<end])) { return }
        var position = begin
        if let open = comment {
            guard let after = commentEnd(open, from: begin, to: end) else { return }
            comment = nil
            position = after
        } else {
            position = scanBlockStart(begin, end)
        }
        scanInline(from: position, to: end)
    }

    /// Recognizes an ATX heading or a task item at the start of a line (fences are already
    /// handled); returns where inline scanning continues.
    package mutating func scanBlockStart(_ begin: Int, _ end: Int) -> Int {
        var i = begin
        var columns = 0
        while i < end {
            let b = bytes[i]
            if b == Byte.space { columns += 1 } else if b == Byte.tab { columns += 4 } else { break }
            i += 1
        }
        if i == end { return end }
        let first = bytes[i]
        if columns <= 3 && first == Byte.hash {
            if let after = heading(at: i, end) { return after }
        }
        if let after = taskItem(at: i, end, indent: columns) { return after }
        return begin
    }

    package mutating func heading(at i: Int, _ end: Int) -> Int? {
        var j = i
        while j < end && bytes[j] == Byte.hash { j += 1 }
        let level = j - i
        guard level <= 6 else { return nil }
        guard j == end || bytes[j] == Byte.space || bytes[j] == Byte.tab else { return nil }
        var textStart = j
        var textEnd = end
        while textStart < textEnd && isSpaceOrTab(bytes[textStart]) { textStart += 1 }
        while textEnd > textStart && isSpaceOrTab(bytes[textEnd - 1]) { textEnd -= 1 }
        // A closing run of `#`s counts only when a space precedes it (or it is all there is).
        var k = textEnd
        while k > textStart && bytes[k - 1] == Byte.hash { k -= 1 }
        if k == textStart {
            textEnd = textStart
        } else if k < textEnd && isSpaceOrTab(bytes[k - 1]) {
            textEnd = k
            while textEnd > textStart && isSpaceOrTab(bytes[textEnd - 1]) { textEnd -= 1 }
        }
        result.headings.append(Heading(level: level, text: string(textStart, textEnd), line: line))
        return j
    }

    package mutating func taskItem(at i: Int, _ end: Int, indent: Int) -> Int? {
        var j = i
        let first = bytes[i]
        if first == Byte.dash || first == Byte.star || first == Byte.plus {
            j += 1
        } else if isDigit(first) {
            while j < end && isDigit(bytes[j]) && j - i < 9 { j += 1 }
            guard j < end, bytes[j] == Byte.dot || bytes[j] == Byte.closeParen else { return nil }
            j += 1
        } else {
            return nil
        }
        guard j < end, isSpaceOrTab(bytes[j]) else { return nil }
        while j < end && isSpaceOrTab(bytes[j]) { j += 1 }
        guard j + 2 < end, bytes[j] == Byte.openBracket, bytes[j + 2] == Byte.closeBracket else { return nil }
        let state: TaskItem.State
        switch bytes[j + 1] {
        case Byte.space: state = .open
        case UInt8(ascii: "x"), UInt8(ascii: "X"): state = .done
        case Byte.dash: state = .skipped
        default: return nil
        }
        let afterBox = j + 3
        guard afterBox == end || isSpaceOrTab(bytes[afterBox]) else { return nil }
        let textStart = afterBox == end ? end : afterBox + 1
        result.tasks.append(TaskItem(state: state, text: string(textStart, end), line: line, indent: indent))
        return afterBox
    }

    /// The position after the end marker of `kind` on this line, or nil when the comment goes on.
    package func commentEnd(_ kind: Comment, from start: Int, to end: Int) -> Int? {
        var i = start
        switch kind {
        case .percent:
            while i + 1 < end {
                if bytes[i] == Byte.percent && bytes[i + 1] == Byte.percent { return i + 2 }
                i += 1
            }
        case .html:
            while i + 2 < end {
                if bytes[i] == Byte.dash && bytes[i + 1] == Byte.dash && bytes[i + 2] == Byte.greater { return i + 3 }
                i += 1
            }
        }
        return nil
    }

    // MARK: Helpers

    @inline(__always)
    package func string(_ start: Int, _ end: Int) -> String {
        guard start < end else { return "" }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    @inline(__always)
    package func string(_ range: Range<Int>) -> String { string(range.lowerBound, range.upperBound) }

    @inline(__always)
    package func column(of position: Int) -> Int { position - lineStart + 1 }
}

/// ASCII bytes the scanner looks at.
package enum Byte {
    package static let tab = UInt8(ascii: "\t")
    package static let lf = UInt8(ascii: "\n")
    package static let cr = UInt8(ascii: "\r")
    package static let space = UInt8(ascii: " ")
    package static let bang = UInt8(ascii: "!")
    package static let quote = UInt8(ascii: "\"")
    package static let hash = UInt8(ascii: "#")
    package static let percent = UInt8(ascii: "%")
    package static let apostrophe = UInt8(ascii: "'")
    package static let openParen = UInt8(ascii: "(")
    package static let closeParen = UInt8(ascii: ")")
    package static let star = UInt8(ascii: "*")
    package static let plus = UInt8(ascii: "+")
    package static let dash = UInt8(ascii: "-")
    package static let dot = UInt8(ascii: ".")
    package static let slash = UInt8(ascii: "/")
    package static let colon = UInt8(ascii: ":")
    package static let less = UInt8(ascii: "<")
    package static let greater = UInt8(ascii: ">")
    package static let openBracket = UInt8(ascii: "[")
    package static let backslash = UInt8(ascii: "\\")
    package static let closeBracket = UInt8(ascii: "]")
    package static let underscore = UInt8(ascii: "_")
    package static let backtick = UInt8(ascii: "`")
    package static let pipe = UInt8(ascii: "|")
    package static let tilde = UInt8(ascii: "~")
}

@inline(__always) package func isSpaceOrTab(_ b: UInt8) -> Bool { b == Byte.space || b == Byte.tab }
@inline(__always) package func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }
@inline(__always) package func isASCIILetter(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 }
@inline(__always) package func isASCIIPunctuation(_ b: UInt8) -> Bool {
    (b >= 0x21 && b <= 0x2F) || (b >= 0x3A && b <= 0x40) || (b >= 0x5B && b <= 0x60) || (b >= 0x7B && b <= 0x7E)
}
