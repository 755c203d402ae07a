extension MarkdownWalker {
    /// Bytes that can start something inline: `!` `#` `%` `<` (below 64) and `[` `\` `` ` `` (64–127).
    private static let specialLow: UInt64 = (1 << 33) | (1 << 35) | (1 << 37) | (1 << 60)
    private static let specialHigh: UInt64 = (1 << (91 - 64)) | (1 << (92 - 64)) | (1 << (96 - 64))

    @inline(__always)
    private static func isSpecial(_ b: UInt8) -> Bool {
        if b < 64 { return (specialLow &>> UInt64(b)) & 1 != 0 }
        if b < 128 { return (specialHigh &>> UInt64(b &- 64)) & 1 != 0 }
        return false
    }

    /// Scans `[start, end)` of the current line for code spans, comments, links and tags.
    mutating func scanInline(from start: Int, to end: Int) {
        var p = start
        while true {
            while p < end && !Self.isSpecial(bytes[p]) { p += 1 }
            if p >= end { return }
            if let zone = skipZones.last, p >= zone.lowerBound {
                skipZones.removeLast()
                if p < zone.upperBound { p = zone.upperBound }
                continue
            }
            switch bytes[p] {
            case Byte.backslash:
                p += (p + 1 < end && isASCIIPunctuation(bytes[p + 1])) ? 2 : 1
            case Byte.backtick:
                p = codeSpanEnd(at: p, end)
            case Byte.percent:
                if p + 1 < end && bytes[p + 1] == Byte.percent {
                    guard let after = commentEnd(.percent, from: p + 2, to: end) else {
                        comment = .percent
                        return
                    }
                    p = after
                } else {
                    p += 1
                }
            case Byte.less:
                if p + 3 < end && bytes[p + 1] == Byte.bang && bytes[p + 2] == Byte.dash && bytes[p + 3] == Byte.dash {
                    guard let after = commentEnd(.html, from: p + 4, to: end) else {
                        comment = .html
                        return
                    }
                    p = after
                } else {
                    p = autolink(at: p, end) ?? p + 1
                }
            case Byte.bang:
                if p + 1 < end && bytes[p + 1] == Byte.openBracket {
                    if p + 2 < end && bytes[p + 2] == Byte.openBracket, let after = wikilink(at: p + 1, end, embed: true) {
                        p = after
                    } else {
                        p = markdownLink(at: p + 1, end, image: true) ?? p + 1
                    }
                } else {
                    p += 1
                }
            case Byte.openBracket:
                if p + 1 < end && bytes[p + 1] == Byte.openBracket, let after = wikilink(at: p, end, embed: false) {
                    p = after
                } else {
                    p = markdownLink(at: p, end, image: false) ?? p + 1
                }
            case Byte.hash:
                p = tag(at: p, end)
            default:
                p += 1
            }
        }
    }

    /// Where scanning goes on after the backtick run at `start`: past the closing run of the same
    /// length, or past the run itself when it has none on this line (then it is literal text).
    private mutating func codeSpanEnd(at start: Int, _ end: Int) -> Int {
        var i = start
        while i < end && bytes[i] == Byte.backtick { i += 1 }
        let length = i - start
        if length < 64 && unmatchedTickRuns & (1 << UInt64(length)) != 0 { return i }
        while i < end {
            if bytes[i] != Byte.backtick {
                i += 1
                continue
            }
            let runStart = i
            while i < end && bytes[i] == Byte.backtick { i += 1 }
            if i - runStart == length { return i }
        }
        if length < 64 { unmatchedTickRuns |= 1 << UInt64(length) }
        return start + length
    }

    /// `<scheme:…>`: returns the position after `>` when it is an autolink.
    private mutating func autolink(at start: Int, _ end: Int) -> Int? {
        guard let colon = schemeColon(from: start + 1, end) else { return nil }
        var i = colon + 1
        while i < end {
            let b = bytes[i]
            if b == Byte.greater { break }
            if b <= Byte.space || b == Byte.less || b == 0x7F { return nil }
            i += 1
        }
        guard i < end else { return nil }
        result.links.append(Link(kind: .url, target: string(start + 1, i), line: line,
                                 column: column(of: start), byteRange: start..<(i + 1)))
        return i + 1
    }

    /// The position of the `:` ending a URI scheme (a letter, then 1–31 letters, digits, `+`, `.`
    /// or `-`) that starts at `start`, if one does.
    func schemeColon(from start: Int, _ end: Int) -> Int? {
        guard start < end, isASCIILetter(bytes[start]) else { return nil }
        var i = start + 1
        while i < end && i - start <= 32 {
            let b = bytes[i]
            if b == Byte.colon { return i - start >= 2 ? i : nil }
            guard isASCIILetter(b) || isDigit(b) || b == Byte.plus || b == Byte.dot || b == Byte.dash else { return nil }
            i += 1
        }
        return nil
    }
}
