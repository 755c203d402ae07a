/// Follows fenced code blocks (```` ``` ```` and `~~~`) line by line, so every reader of a file
/// (the scanner, check-ins, the daily editor, section edits) agrees on which lines are code.
///
/// The rules are CommonMark's:
/// - An opening line has at most three spaces of indentation, then a run of three or more
///   backticks or tildes. A tab counts as four columns, so a tab in the indentation makes the line
///   indented text, not a fence. After a backtick run the rest of the line (the info string) may
///   not contain a backtick; such a line is inline code, not a fence.
/// - The closing line has at most three spaces of indentation, a run of the opening character at
///   least as long as the opening run, and nothing after it but spaces and tabs.
/// - A fence that is never closed runs to the end of the file.
///
/// It works on a line's UTF-8 bytes because the scanner calls it for every line of a vault.
/// HTML and `%%` comments are not its business: callers that skip comments do so before asking.
package struct FenceTracker: Hashable, Sendable {
    /// An open fence: its character and the length of its opening run.
    package struct Fence: Hashable, Sendable {
        package var marker: UInt8
        package var length: Int
    }

    /// The fence the last line left open, if any.
    package private(set) var fence: Fence?

    package init() {}

    /// Whether the lines fed so far end inside fenced code.
    package var isOpen: Bool { fence != nil }

    /// Feeds the next line (its bytes, with or without the line terminator) and tells whether it
    /// belongs to fenced code: an opening line, a line inside, or the closing line.
    package mutating func consume(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        if let open = fence {
            if FenceTracker.closes(open, line) { fence = nil }
            return true
        }
        guard let opened = FenceTracker.opening(line) else { return false }
        fence = opened
        return true
    }

    /// Feeds the next line as text, like the byte form.
    package mutating func consume(_ line: Substring) -> Bool {
        var line = line
        return line.withUTF8 { consume($0) }
    }

    /// The fence `line` opens, or nil when it opens none.
    package static func opening(_ line: UnsafeBufferPointer<UInt8>) -> Fence? {
        let end = contentEnd(line)
        var i = 0
        while i < end && line[i] == Byte.space {
            i += 1
            if i > 3 { return nil }
        }
        guard i < end else { return nil }
        let marker = line[i]
        guard marker == Byte.backtick || marker == Byte.tilde else { return nil }
        var j = i
        while j < end && line[j] == marker { j += 1 }
        let length = j - i
        guard length >= 3 else { return nil }
        if marker == Byte.backtick {
            while j < end {
                if line[j] == Byte.backtick { return nil }
                j += 1
            }
        }
        return Fence(marker: marker, length: length)
    }

    /// Whether `line` closes `fence`.
    package static func closes(_ fence: Fence, _ line: UnsafeBufferPointer<UInt8>) -> Bool {
        let end = contentEnd(line)
        var i = 0
        while i < end && line[i] == Byte.space {
            i += 1
            if i > 3 { return false }
        }
        var j = i
        while j < end && line[j] == fence.marker { j += 1 }
        guard j - i >= fence.length else { return false }
        while j < end {
            if !isSpaceOrTab(line[j]) { return false }
            j += 1
        }
        return true
    }

    /// The end of the line's content: before a trailing `\n`, `\r\n` or `\r`.
    @inline(__always)
    private static func contentEnd(_ line: UnsafeBufferPointer<UInt8>) -> Int {
        var end = line.count
        if end > 0 && line[end - 1] == Byte.lf { end -= 1 }
        if end > 0 && line[end - 1] == Byte.cr { end -= 1 }
        return end
    }
}
