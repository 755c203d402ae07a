extension MarkdownWalker {
    /// Longest link text `[…]` looked at, so a line full of `[` stays cheap.
    private static let maxLinkText = 1024

    /// `[[…]]` with its first `[` at `open` (after `!` for an embed); returns the position after `]]`.
    mutating func wikilink(at open: Int, _ end: Int, embed: Bool) -> Int? {
        let contentStart = open + 2
        let close = nextCloseBracket(from: contentStart, end)
        guard close > contentStart, close + 1 < end, bytes[close + 1] == Byte.closeBracket else { return nil }

        guard let parts = WikilinkParts(bytes, from: contentStart, to: close) else { return nil }
        let start = embed ? open - 1 : open
        result.links.append(Link(kind: embed ? .embed : .wikilink, target: string(parts.target),
                                 fragment: parts.fragment.map(string), label: parts.label.map(string),
                                 line: line, column: column(of: start), byteRange: start..<(close + 2)))
        return close + 2
    }

    /// `[text](destination "title")` with `[` at `open` (after `!` for an image); returns where
    /// scanning goes on: past an image, or inside the text of a link (its destination is skipped).
    mutating func markdownLink(at open: Int, _ end: Int, image: Bool) -> Int? {
        // Cheap rejection first: a link needs a `](` later on the line.
        guard nextCloseParen(from: open + 1, end) < end else { return nil }
        var depth = 0
        var c = open
        let limit = min(end, open + Self.maxLinkText)
        while c < limit {
            let b = bytes[c]
            if b == Byte.backslash {
                c += 2
                continue
            }
            if b == Byte.openBracket {
                depth += 1
            } else if b == Byte.closeBracket {
                depth -= 1
                if depth == 0 { break }
            }
            c += 1
        }
        guard c < limit, c + 1 < end, bytes[c + 1] == Byte.openParen else { return nil }

        var i = c + 2
        while i < end && isSpaceOrTab(bytes[i]) { i += 1 }
        let destinationStart: Int
        let destinationEnd: Int
        if i < end && bytes[i] == Byte.less {
            var j = i + 1
            while j < end && bytes[j] != Byte.greater && bytes[j] != Byte.less { j += 1 }
            guard j < end, bytes[j] == Byte.greater else { return nil }
            destinationStart = i + 1
            destinationEnd = j
            i = j + 1
        } else {
            destinationStart = i
            var parens = 0
            while i < end {
                let b = bytes[i]
                if b <= Byte.space || b == 0x7F { break }
                if b == Byte.backslash && i + 1 < end {
                    i += 2
                    continue
                }
                if b == Byte.openParen {
                    parens += 1
                } else if b == Byte.closeParen {
                    if parens == 0 { break }
                    parens -= 1
                }
                i += 1
            }
            destinationEnd = i
        }
        let beforeTitle = i
        while i < end && isSpaceOrTab(bytes[i]) { i += 1 }
        if i < end && i > beforeTitle, bytes[i] == Byte.quote || bytes[i] == Byte.apostrophe || bytes[i] == Byte.openParen {
            let closer = bytes[i] == Byte.openParen ? Byte.closeParen : bytes[i]
            var j = i + 1
            while j < end && bytes[j] != closer {
                j += bytes[j] == Byte.backslash ? 2 : 1
            }
            guard j < end else { return nil }
            i = j + 1
            while i < end && isSpaceOrTab(bytes[i]) { i += 1 }
        }
        guard i < end, bytes[i] == Byte.closeParen, destinationStart < destinationEnd else { return nil }
        let linkEnd = i + 1
        let start = image ? open - 1 : open
        let label: String? = open + 1 < c ? string(open + 1, c) : nil
        result.links.append(destinationLink(destinationStart, destinationEnd, label: label,
                                            column: column(of: start), byteRange: start..<linkEnd))
        if image { return linkEnd }
        // Tags and links in the text still count; the destination must not produce any.
        skipZones.append(c..<linkEnd)
        return open + 1
    }

    private func destinationLink(_ start: Int, _ end: Int, label: String?, column: Int, byteRange: Range<Int>) -> Link {
        if schemeColon(from: start, end) != nil {
            return Link(kind: .url, target: string(start, end), label: label, line: line, column: column, byteRange: byteRange)
        }
        var hash = start
        while hash < end && bytes[hash] != Byte.hash { hash += 1 }
        let fragment: String? = hash + 1 < end ? percentDecoded(hash + 1, end) : nil
        return Link(kind: .markdown, target: percentDecoded(start, hash), fragment: fragment, label: label,
                    line: line, column: column, byteRange: byteRange)
    }

    /// `%XX` escapes decoded; malformed escapes are kept as written.
    package func percentDecoded(_ start: Int, _ end: Int) -> String {
        var i = start
        while i < end && bytes[i] != Byte.percent { i += 1 }
        if i == end { return string(start, end) }
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
        while i < end {
            let b = bytes[i]
            if b == Byte.percent, i + 2 < end, let high = hexValue(bytes[i + 1]), let low = hexValue(bytes[i + 2]) {
                out.append(high << 4 | low)
                i += 3
            } else {
                out.append(b)
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private func hexValue(_ b: UInt8) -> UInt8? {
        if isDigit(b) { return b - 0x30 }
        let lower = b | 0x20
        if lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "f") { return lower - UInt8(ascii: "a") + 10 }
        return nil
    }

    /// The next `]` at or after `start` on this line (or `end`), cached so runs of `[[` stay linear.
    private mutating func nextCloseBracket(from start: Int, _ end: Int) -> Int {
        if bracketFrom <= start && start <= bracketAt { return bracketAt }
        var i = start
        while i < end && bytes[i] != Byte.closeBracket { i += 1 }
        bracketFrom = start
        bracketAt = i
        return i
    }

    /// The next `](` at or after `start` on this line (or `end`), cached like ``nextCloseBracket``.
    private mutating func nextCloseParen(from start: Int, _ end: Int) -> Int {
        if closeParenFrom <= start && start <= closeParenAt { return closeParenAt }
        var i = start
        while i + 1 < end && !(bytes[i] == Byte.closeBracket && bytes[i + 1] == Byte.openParen) { i += 1 }
        if i + 1 >= end { i = end }
        closeParenFrom = start
        closeParenAt = i
        return i
    }
}
