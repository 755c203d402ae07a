/// 1 for the bytes that can start something inline (`!` `#` `%` `<` `[` `\\` `` ` ``), else 0.
/// A lookup table keeps the hot loop free of unpredictable branches (prose mixes bytes below and
/// above 64 at random). Allocated once and never freed.
nonisolated(unsafe) private let inlineSpecialBytes: UnsafePointer<UInt8> = {
    let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
    table.initialize(repeating: 0, count: 256)
    for b in "!#%<[\\`".utf8 { table[Int(b)] = 1 }
    return UnsafePointer(table)
}()

extension MarkdownWalker {
    /// The first position in `[start, end)` holding a byte that can start something, or `end`.
    @inline(__always)
    private func skipPlainText(from start: Int, to end: Int) -> Int {
        guard let base = bytes.baseAddress else { return end }
        let table = inlineSpecialBytes
        var p = start
        // Sixteen bytes at a time (vector compares against the seven bytes of
        // `inlineSpecialBytes`, which must list the same): prose runs for hundreds of bytes
        // between two bytes that can start something. Each lane of the result is 0xFF or 0, read as two words
        // (`any` would go through a generic reduction).
        let bang = SIMD16<UInt8>(repeating: 0x21), hash = SIMD16<UInt8>(repeating: 0x23), percent = SIMD16<UInt8>(repeating: 0x25)
        let less = SIMD16<UInt8>(repeating: 0x3C), bracket = SIMD16<UInt8>(repeating: 0x5B)
        let backslash = SIMD16<UInt8>(repeating: 0x5C), backtick = SIMD16<UInt8>(repeating: 0x60)
        while p + 16 <= end {
            let v = UnsafeRawPointer(base + p).loadUnaligned(as: SIMD16<UInt8>.self)
            let special = (v .== bang) .| (v .== hash) .| (v .== percent) .| (v .== less) .| (v .== bracket)
                .| (v .== backslash) .| (v .== backtick)
            let words = unsafeBitCast(special, to: SIMD2<UInt64>.self)
            if words[0] | words[1] != 0 { break }
            p += 16
        }
        while p + 4 <= end {
            if table[Int(base[p])] | table[Int(base[p + 1])] | table[Int(base[p + 2])] | table[Int(base[p + 3])] != 0 { break }
            p += 4
        }
        while p < end && table[Int(base[p])] == 0 { p += 1 }
        return p
    }

    /// Scans `[start, end)` of the current line for code spans, comments, links and tags.
    package mutating func scanInline(from start: Int, to end: Int) {
        var p = start
        while true {
            p = skipPlainText(from: p, to: end)
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
    package func schemeColon(from start: Int, _ end: Int) -> Int? {
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
