/// The block/flow parser behind `YAMLReader`: one pass over the UTF-8 bytes, line by line.
///
/// Errors in one top-level key are reported and the parser resumes at the next
/// top-level key, so a typo never hides the rest of the front-matter.
package struct YAMLParser {
    package struct Line {
        package var start: Int
        /// End of the content, before `\r\n` or `\n`.
        package var end: Int
        /// Leading spaces.
        package var indent: Int
        /// A tab appears in the leading whitespace before content.
        package var tabIndent: Bool
        /// Only spaces and tabs.
        package var blank: Bool
        /// First non-space byte is `#`.
        package var comment: Bool
    }

    package struct ParseError: Error {
        package var offset: Int
        package var message: String
    }

    package static let maxDepth = 128

    package let bytes: [UInt8]
    package let firstLine: Int
    package var lines: [Line] = []
    package var index = 0
    package var diagnostics: [Diagnostic] = []
    package var result = YAMLMap()
    /// The top-level keys read so far.
    package var topKeys = Set<String>()
    package var spans: [YAMLReader.KeySpan] = []
    /// Last line that held part of a value; trailing blank and comment lines are not counted.
    package var lastConsumed = -1
    /// Compact notation (`- key: v`, `- - a`): the column where a nested block starts on its first line.
    package var override: (line: Int, column: Int)?
    package var depth = 0
    /// Block indentation of the value holding the current flow collection; its lines must be indented more.
    package var flowParentIndent = -1

    package init(bytes: [UInt8], firstLine: Int) {
        self.bytes = bytes
        self.firstLine = firstLine
        splitLines()
    }

    private mutating func splitLines() {
        var start = 0
        let count = bytes.count
        lines.reserveCapacity(16)
        while start < count || (start == count && lines.isEmpty && count > 0) {
            var end = start
            while end < count, bytes[end] != 10 { end += 1 }
            let next = end + 1
            var contentEnd = end
            if contentEnd > start, bytes[contentEnd - 1] == 13, end < count { contentEnd -= 1 }
            var position = start
            var indent = 0
            var tab = false
            while position < contentEnd, bytes[position] == 32 || bytes[position] == 9 {
                if bytes[position] == 9 { tab = true } else if !tab { indent += 1 }
                position += 1
            }
            let blank = position == contentEnd
            let comment = !blank && bytes[position] == UInt8(ascii: "#")
            lines.append(Line(start: start, end: contentEnd, indent: indent, tabIndent: tab && !blank && !comment,
                              blank: blank, comment: comment))
            start = next
        }
    }

    // MARK: - Locations

    package func lineIndex(of offset: Int) -> Int {
        var low = 0
        var high = lines.count - 1
        if high < 0 { return 0 }
        while low < high {
            let mid = (low + high + 1) / 2
            if lines[mid].start <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    package func diagnostic(at offset: Int, _ message: String) -> Diagnostic {
        let line = lineIndex(of: offset)
        let column = lines.isEmpty ? 1 : max(1, offset - lines[line].start + 1)
        return Diagnostic(line: firstLine + line, column: column, message: message)
    }

    package func indent(of line: Int) -> Int {
        if let override, override.line == line { return override.column }
        return lines[line].indent
    }

    package func position(of line: Int) -> Int { lines[line].start + indent(of: line) }

    package func byte(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }

    package func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 }

    package func isBreak(_ byte: UInt8) -> Bool { byte == 10 || byte == 13 || byte == 0 }

    /// The next line that is neither blank nor only a comment.
    package mutating func nextSignificant() throws -> Int? {
        while index < lines.count {
            let line = lines[index]
            if line.blank || line.comment { index += 1; continue }
            if line.tabIndent {
                throw ParseError(offset: line.start, message: "tabs are not allowed for indentation; use spaces")
            }
            return index
        }
        return nil
    }

    package func isDocumentMarker(_ line: Int) -> Bool {
        let l = lines[line]
        guard l.end - l.start >= 3 else { return false }
        let a = bytes[l.start], b = bytes[l.start + 1], c = bytes[l.start + 2]
        guard (a == 45 && b == 45 && c == 45) || (a == 46 && b == 46 && c == 46) else { return false }
        return l.start + 3 == l.end || isSpace(bytes[l.start + 3])
    }

    package func isSequenceItem(_ line: Int) -> Bool {
        let p = position(of: line)
        guard byte(p) == UInt8(ascii: "-") else { return false }
        return p + 1 >= lines[line].end || isSpace(byte(p + 1))
    }

    // MARK: - Document

    package mutating func parseDocument() {
        var topIndent: Int?
        while true {
            let entryLine: Int
            do {
                guard let line = try nextSignificant() else { break }
                entryLine = line
            } catch let error as ParseError {
                diagnostics.append(diagnostic(at: error.offset, error.message))
                recover(from: index + 1, topIndent: topIndent ?? 0)
                continue
            } catch { break }
            if isDocumentMarker(entryLine) {
                diagnostics.append(diagnostic(at: lines[entryLine].start,
                                              "multiple documents are not supported in front-matter"))
                break
            }
            if bytes[lines[entryLine].start] == UInt8(ascii: "%") {
                diagnostics.append(diagnostic(at: lines[entryLine].start, "YAML directives are not supported"))
                index = entryLine + 1
                continue
            }
            let top = topIndent ?? lines[entryLine].indent
            topIndent = top
            let spanStart = spans.count
            do {
                if lines[entryLine].indent != top {
                    throw ParseError(offset: lines[entryLine].start + lines[entryLine].indent,
                                     message: "unexpected indentation")
                }
                lastConsumed = entryLine
                var map = result
                var seen = topKeys
                result = YAMLMap()
                topKeys = []
                defer { result = map; topKeys = seen }
                try parseMapEntry(into: &map, seen: &seen, indent: top, topLevel: true)
            } catch let error as ParseError {
                diagnostics.append(diagnostic(at: error.offset, error.message))
                recover(from: entryLine + 1, topIndent: top)
                if spans.count > spanStart {
                    spans[spans.count - 1].lastLine = firstLine + lastSignificant(before: index, from: entryLine)
                    spans[spans.count - 1].inlineValue = nil
                }
            } catch { break }
        }
    }

    /// Moves to the next line that can start a top-level key.
    package mutating func recover(from line: Int, topIndent: Int) {
        override = nil
        depth = 0
        var next = line
        while next < lines.count {
            let l = lines[next]
            if !l.blank && !l.comment && !l.tabIndent && l.indent <= topIndent {
                let first = bytes[l.start + l.indent]
                if first != UInt8(ascii: "-") || isDocumentMarker(next) { break }
            }
            next += 1
        }
        index = next
    }

    package func lastSignificant(before line: Int, from start: Int) -> Int {
        var last = start
        var candidate = start
        while candidate < line && candidate < lines.count {
            if !lines[candidate].blank && !lines[candidate].comment { last = candidate }
            candidate += 1
        }
        return last
    }

    // MARK: - Block structures

    /// Where the key on `line` ends: the offset of its `:` when the line is `key: …`.
    package func keyColon(on line: Int) -> Int? {
        var p = position(of: line)
        let end = lines[line].end
        let first = byte(p)
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            p += 1
            while p < end {
                if bytes[p] == first {
                    if first == UInt8(ascii: "'"), p + 1 < end, bytes[p + 1] == first { p += 2; continue }
                    break
                }
                if first == UInt8(ascii: "\""), bytes[p] == UInt8(ascii: "\\") { p += 1 }
                p += 1
            }
            guard p < end else { return nil }
            p += 1
            while p < end, isSpace(bytes[p]) { p += 1 }
            guard p < end, bytes[p] == UInt8(ascii: ":") else { return nil }
            return p + 1 >= end || isSpace(bytes[p + 1]) ? p : nil
        }
        if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") || first == UInt8(ascii: "#") { return nil }
        while p < end {
            let b = bytes[p]
            if b == UInt8(ascii: ":"), p + 1 >= end || isSpace(bytes[p + 1]) { return p }
            if b == UInt8(ascii: "#"), p > 0, isSpace(bytes[p - 1]) { return nil }
            p += 1
        }
        return nil
    }

    package mutating func parseBlockMap(indent n: Int) throws -> YAMLMap {
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maxDepth { throw ParseError(offset: position(of: index), message: "nested too deeply") }
        var map = YAMLMap()
        var seen = Set<String>()
        while let line = try nextSignificant() {
            let lineIndent = indent(of: line)
            if lineIndent < n || isDocumentMarker(line) { break }
            if lineIndent > n { throw ParseError(offset: position(of: line), message: "unexpected indentation") }
            try parseMapEntry(into: &map, seen: &seen, indent: n, topLevel: false)
        }
        return map
    }

    /// `seen` holds the map's keys, so finding a duplicate costs the same for the 100,000th key as for the first.
    package mutating func parseMapEntry(into map: inout YAMLMap, seen: inout Set<String>, indent n: Int, topLevel: Bool) throws {
        let line = index
        let start = position(of: line)
        let end = lines[line].end
        lastConsumed = max(lastConsumed, line)
        let first = byte(start)
        if first == UInt8(ascii: "-"), start + 1 >= end || isSpace(byte(start + 1)) {
            throw ParseError(offset: start, message: "expected `key: value`, found a list item")
        }
        if first == UInt8(ascii: "?"), start + 1 >= end || isSpace(byte(start + 1)) {
            throw ParseError(offset: start, message: "complex keys (`? `) are not supported")
        }
        try refuseNodeProperties(at: start)
        guard let colon = keyColon(on: line) else {
            throw ParseError(offset: start, message: "expected `key: value`")
        }
        let key: String
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            var p = start
            key = try readQuoted(at: &p, parentIndent: n)
        } else {
            var keyEnd = colon
            while keyEnd > start, isSpace(bytes[keyEnd - 1]) { keyEnd -= 1 }
            key = String(decoding: bytes[start..<keyEnd], as: UTF8.self)
        }
        if key.isEmpty { throw ParseError(offset: start, message: "empty key") }
        let duplicate = !seen.insert(key).inserted
        if duplicate {
            diagnostics.append(diagnostic(at: start, "duplicate key \"\(key)\"; the first one is kept"))
        }
        if topLevel {
            spans.append(.init(key: key, line: firstLine + line, column: start - lines[line].start + 1,
                               lastLine: firstLine + line, inlineValue: nil,
                               colonEnd: colon + 1 - lines[line].start))
        }
        let (value, inlineRange) = try parseValue(line: line, from: colon + 1, parentIndent: n, inMap: true)
        if topLevel {
            spans[spans.count - 1].lastLine = firstLine + max(line, lastConsumed)
            spans[spans.count - 1].inlineValue = inlineRange.map {
                ($0.lowerBound - lines[line].start)..<($0.upperBound - lines[line].start)
            }
        }
        if !duplicate { map.entries.append(.init(key: key, value: value)) }
    }

    package func refuseNodeProperties(at p: Int) throws {
        switch byte(p) {
        case UInt8(ascii: "&"): throw ParseError(offset: p, message: "anchors (`&`) are not supported in front-matter")
        case UInt8(ascii: "*"): throw ParseError(offset: p, message: "aliases (`*`) are not supported in front-matter")
        case UInt8(ascii: "!"): throw ParseError(offset: p, message: "tags (`!`) are not supported in front-matter")
        default: break
        }
    }

    package mutating func parseBlockSequence(indent n: Int) throws -> [YAMLValue] {
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maxDepth { throw ParseError(offset: position(of: index), message: "nested too deeply") }
        var items: [YAMLValue] = []
        while let line = try nextSignificant() {
            guard indent(of: line) == n, isSequenceItem(line) else { break }
            lastConsumed = max(lastConsumed, line)
            var p = position(of: line) + 1
            let end = lines[line].end
            while p < end, isSpace(bytes[p]) { p += 1 }
            if p >= end || bytes[p] == UInt8(ascii: "#") {
                index = line + 1
                items.append(try parseBlockNode(parentIndent: n, inMap: false))
                continue
            }
            let column = p - lines[line].start
            override = (line, column)
            if isSequenceItem(line) {
                items.append(.list(try parseBlockSequence(indent: column)))
            } else if keyColon(on: line) != nil {
                items.append(.map(try parseBlockMap(indent: column)))
            } else {
                override = nil
                items.append(try parseValue(line: line, from: p, parentIndent: n, inMap: false).value)
            }
        }
        return items
    }

    /// A value that starts on the lines after `key:` or `-`.
    package mutating func parseBlockNode(parentIndent n: Int, inMap: Bool) throws -> YAMLValue {
        guard let line = try nextSignificant() else { return .null }
        let lineIndent = indent(of: line)
        if isDocumentMarker(line) { return .null }
        if lineIndent > n {
            if isSequenceItem(line) { return .list(try parseBlockSequence(indent: lineIndent)) }
            if keyColon(on: line) != nil { return .map(try parseBlockMap(indent: lineIndent)) }
            return try parseValue(line: line, from: position(of: line), parentIndent: n, inMap: inMap).value
        }
        if lineIndent == n, inMap, isSequenceItem(line) {
            return .list(try parseBlockSequence(indent: n))
        }
        return .null
    }

    /// A value that starts at `from` on `line`; returns the byte range when it is a one-line scalar or flow value.
    package mutating func parseValue(line: Int, from: Int, parentIndent n: Int, inMap: Bool) throws -> (value: YAMLValue, inline: Range<Int>?) {
        let end = lines[line].end
        var p = from
        while p < end, isSpace(bytes[p]) { p += 1 }
        if p >= end || bytes[p] == UInt8(ascii: "#") {
            index = line + 1
            let value = try parseBlockNode(parentIndent: n, inMap: inMap)
            return (value, lastConsumed <= line && value == .null ? p..<p : nil)
        }
        try refuseNodeProperties(at: p)
        let first = bytes[p]
        let valueStart = p
        switch first {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            flowParentIndent = n
            defer { flowParentIndent = -1 }
            let value = try parseFlowNode(at: &p)
            try expectLineEnd(after: &p)
            return (value, lineIndex(of: p) == line ? valueStart..<trimmedEnd(p, from: valueStart) : nil)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let text = try readQuoted(at: &p, parentIndent: n)
            let closing = p
            try expectLineEnd(after: &p)
            return (.string(text), lineIndex(of: closing) == line ? valueStart..<closing : nil)
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            return (try parseBlockScalar(line: line, at: p, parentIndent: n), nil)
        case UInt8(ascii: "@"), UInt8(ascii: "`"), UInt8(ascii: "%"):
            throw ParseError(offset: p, message: "a value starting with `\(Character(Unicode.Scalar(first)))` must be quoted")
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"):
            if p + 1 >= end || isSpace(bytes[p + 1]) {
                throw ParseError(offset: p, message: "unexpected `\(Character(Unicode.Scalar(first)))`; quote the value")
            }
        default: break
        }
        return try parsePlain(line: line, at: p, parentIndent: n)
    }

    package func trimmedEnd(_ p: Int, from start: Int) -> Int {
        var e = p
        while e > start, isSpace(bytes[e - 1]) || isBreak(bytes[e - 1]) { e -= 1 }
        return e
    }

    /// After a quoted or flow value only a comment may follow on the line.
    package mutating func expectLineEnd(after p: inout Int) throws {
        let line = lineIndex(of: p)
        let end = lines[line].end
        let valueEnd = p
        while p < end, isSpace(bytes[p]) { p += 1 }
        if p < end, !(bytes[p] == UInt8(ascii: "#") && p > valueEnd) {
            throw ParseError(offset: p, message: "unexpected text after the value")
        }
        index = line + 1
        lastConsumed = max(lastConsumed, line)
    }

    package mutating func parsePlain(line: Int, at start: Int, parentIndent n: Int) throws -> (value: YAMLValue, inline: Range<Int>?) {
        let (firstEnd, stoppedAtComment) = try plainEnd(line: line, from: start)
        var text = Array(bytes[start..<firstEnd])
        lastConsumed = max(lastConsumed, line)
        var next = line + 1
        var blanks = 0
        var continued = false
        if !stoppedAtComment {
            while next < lines.count {
                let l = lines[next]
                if l.blank { blanks += 1; next += 1; continue }
                if l.comment || l.indent <= n || isDocumentMarker(next) { break }
                if l.tabIndent { break }
                var p = l.start
                while p < l.end, isSpace(bytes[p]) { p += 1 }
                let (segmentEnd, comment) = try plainEnd(line: next, from: p)
                if blanks == 0 { text.append(32) } else { text.append(contentsOf: repeatElement(10, count: blanks)) }
                text.append(contentsOf: bytes[p..<segmentEnd])
                blanks = 0
                continued = true
                lastConsumed = next
                next += 1
                if comment { break }
            }
        }
        index = lastConsumed + 1
        if continued {
            return (.string(String(decoding: text, as: UTF8.self)), nil)
        }
        return (YAMLReader.resolvePlain(bytes[start..<firstEnd]), start..<firstEnd)
    }

    /// End of a block plain scalar on one line (trailing spaces trimmed) and whether a comment follows.
    package func plainEnd(line: Int, from start: Int) throws -> (Int, Bool) {
        let end = lines[line].end
        var p = start
        var comment = false
        while p < end {
            let b = bytes[p]
            if b == UInt8(ascii: "#"), p > start, isSpace(bytes[p - 1]) { comment = true; break }
            if b == UInt8(ascii: ":"), p + 1 >= end || isSpace(bytes[p + 1]) {
                throw ParseError(offset: p, message: "a value containing `: ` must be quoted")
            }
            p += 1
        }
        while p > start, isSpace(bytes[p - 1]) { p -= 1 }
        return (p, comment)
    }

    // MARK: - Block scalars

    package mutating func parseBlockScalar(line: Int, at start: Int, parentIndent n: Int) throws -> YAMLValue {
        let literal = bytes[start] == UInt8(ascii: "|")
        var p = start + 1
        let end = lines[line].end
        enum Chomp { case clip, strip, keep }
        var chomp = Chomp.clip
        var explicit: Int?
        for _ in 0..<2 where p < end {
            let b = bytes[p]
            if b == UInt8(ascii: "-"), chomp == .clip { chomp = .strip; p += 1 }
            else if b == UInt8(ascii: "+"), chomp == .clip { chomp = .keep; p += 1 }
            else if b >= 49, b <= 57, explicit == nil { explicit = Int(b - 48); p += 1 }
        }
        let headerEnd = p
        while p < end, isSpace(bytes[p]) { p += 1 }
        if p < end, !(bytes[p] == UInt8(ascii: "#") && p > headerEnd) {
            throw ParseError(offset: p, message: "unexpected text after a block scalar indicator")
        }
        lastConsumed = max(lastConsumed, line)
        var contentIndent = explicit.map { n + $0 }
        if contentIndent == nil {
            var k = line + 1
            while k < lines.count {
                let l = lines[k]
                var spaces = 0
                while l.start + spaces < l.end, bytes[l.start + spaces] == 32 { spaces += 1 }
                if l.start + spaces < l.end {
                    contentIndent = spaces
                    break
                }
                k += 1
            }
        }
        let indent = max(contentIndent ?? (n + 1), n + 1)
        var contentLines: [Range<Int>?] = []  // nil = empty line
        var k = line + 1
        while k < lines.count {
            let l = lines[k]
            var spaces = 0
            while l.start + spaces < l.end, bytes[l.start + spaces] == 32 { spaces += 1 }
            let onlySpaces = l.start + spaces == l.end
            if onlySpaces && spaces <= indent {
                contentLines.append(nil)
            } else if spaces >= indent {
                contentLines.append((l.start + indent)..<l.end)
            } else {
                break
            }
            k += 1
        }
        var trailing = 0
        while let last = contentLines.last, last == nil { contentLines.removeLast(); trailing += 1 }
        lastConsumed = max(lastConsumed, line + contentLines.count + (chomp == .keep ? trailing : 0))
        index = k
        var out: [UInt8] = []
        if literal {
            for (i, range) in contentLines.enumerated() {
                if i > 0 { out.append(10) }
                if let range { out.append(contentsOf: bytes[range]) }
            }
        } else {
            var started = false
            var previousMoreIndented = false
            var empties = 0
            for range in contentLines {
                guard let range else { empties += 1; continue }
                let moreIndented = range.isEmpty ? false : isSpace(bytes[range.lowerBound])
                if started {
                    if !previousMoreIndented && !moreIndented {
                        if empties == 0 { out.append(32) } else { out.append(contentsOf: repeatElement(10, count: empties)) }
                    } else {
                        out.append(contentsOf: repeatElement(10, count: empties + 1))
                    }
                } else {
                    out.append(contentsOf: repeatElement(10, count: empties))
                }
                out.append(contentsOf: bytes[range])
                started = true
                empties = 0
                previousMoreIndented = moreIndented
            }
        }
        let hasContent = !contentLines.isEmpty
        switch chomp {
        case .strip: break
        case .clip: if hasContent { out.append(10) }
        case .keep:
            if hasContent { out.append(10) }
            out.append(contentsOf: repeatElement(10, count: trailing))
        }
        return .string(String(decoding: out, as: UTF8.self))
    }

    // MARK: - Quoted scalars

    /// Reads a single- or double-quoted scalar starting at `p` (the quote); leaves `p` after the closing quote.
    /// A quoted scalar may continue on lines indented past `parentIndent` (YAML's rule); a line that is
    /// not means the quote was never closed, and that is reported at the opening quote, not at
    /// whatever quote further down would otherwise close it.
    package func readQuoted(at p: inout Int, parentIndent: Int) throws -> String {
        let quote = bytes[p]
        let open = p
        let double = quote == UInt8(ascii: "\"")
        p += 1
        var out: [UInt8] = []
        var pendingSpace: [UInt8] = []
        while true {
            guard p < bytes.count else {
                throw ParseError(offset: open, message: "unterminated quoted string")
            }
            let b = bytes[p]
            if b == quote {
                if !double, p + 1 < bytes.count, bytes[p + 1] == quote {
                    out.append(contentsOf: pendingSpace); pendingSpace.removeAll()
                    out.append(quote); p += 2; continue
                }
                out.append(contentsOf: pendingSpace)
                p += 1
                return String(decoding: out, as: UTF8.self)
            }
            if b == 10 || (b == 13 && byte(p + 1) == 10) {
                // Line folding: trailing spaces dropped, one break becomes a space, n+1 breaks become n newlines.
                pendingSpace.removeAll()
                var breaks = 0
                while p < bytes.count {
                    if bytes[p] == 13, byte(p + 1) == 10 { p += 2; breaks += 1 }
                    else if bytes[p] == 10 { p += 1; breaks += 1 }
                    else if isSpace(bytes[p]) { p += 1 }
                    else { break }
                }
                if p < bytes.count, p - lines[lineIndex(of: p)].start <= parentIndent {
                    throw ParseError(offset: open, message: "unterminated quoted string")
                }
                if breaks == 1 { out.append(32) } else { out.append(contentsOf: repeatElement(10, count: breaks - 1)) }
                continue
            }
            if isSpace(b) { pendingSpace.append(b); p += 1; continue }
            out.append(contentsOf: pendingSpace); pendingSpace.removeAll()
            if double, b == UInt8(ascii: "\\") {
                try readEscape(at: &p, into: &out)
                continue
            }
            out.append(b)
            p += 1
        }
    }

    package func readEscape(at p: inout Int, into out: inout [UInt8]) throws {
        let slash = p
        p += 1
        guard p < bytes.count else { throw ParseError(offset: slash, message: "unterminated quoted string") }
        let e = bytes[p]
        p += 1
        func append(_ scalar: UInt32) throws {
            guard let s = Unicode.Scalar(scalar) else {
                throw ParseError(offset: slash, message: "invalid Unicode escape")
            }
            out.append(contentsOf: String(Character(s)).utf8)
        }
        func hex(_ count: Int) throws -> UInt32 {
            guard p + count <= bytes.count else { throw ParseError(offset: slash, message: "invalid escape") }
            var value: UInt32 = 0
            for i in 0..<count {
                let h = bytes[p + i]
                let digit: UInt32
                switch h {
                case 48...57: digit = UInt32(h - 48)
                case 65...70: digit = UInt32(h - 55)
                case 97...102: digit = UInt32(h - 87)
                default: throw ParseError(offset: slash, message: "invalid hex digit in escape")
                }
                value = value * 16 + digit
            }
            p += count
            return value
        }
        switch e {
        case UInt8(ascii: "0"): out.append(0)
        case UInt8(ascii: "a"): out.append(7)
        case UInt8(ascii: "b"): out.append(8)
        case UInt8(ascii: "t"), 9: out.append(9)
        case UInt8(ascii: "n"): out.append(10)
        case UInt8(ascii: "v"): out.append(11)
        case UInt8(ascii: "f"): out.append(12)
        case UInt8(ascii: "r"): out.append(13)
        case UInt8(ascii: "e"): out.append(27)
        case 32, UInt8(ascii: "\""), UInt8(ascii: "/"), UInt8(ascii: "\\"): out.append(e)
        case UInt8(ascii: "N"): try append(0x85)
        case UInt8(ascii: "_"): try append(0xA0)
        case UInt8(ascii: "L"): try append(0x2028)
        case UInt8(ascii: "P"): try append(0x2029)
        case UInt8(ascii: "x"): try append(hex(2))
        case UInt8(ascii: "u"): try append(hex(4))
        case UInt8(ascii: "U"): try append(hex(8))
        case 10, 13:
            // An escaped line break joins the lines without a space.
            if e == 13, byte(p) == 10 { p += 1 }
            while p < bytes.count, isSpace(bytes[p]) { p += 1 }
        default:
            throw ParseError(offset: slash, message: "unknown escape `\\\(Character(Unicode.Scalar(e)))`")
        }
    }

    // MARK: - Flow collections

    /// Skips flow whitespace; a line that is not indented past the owning block means the collection was never closed.
    func skipFlow(_ p: inout Int, open: Int) throws {
        let crossed = skipFlowSpace(&p)
        guard crossed, p < bytes.count, bytes[p] != UInt8(ascii: "]"), bytes[p] != UInt8(ascii: "}") else { return }
        if p - lines[lineIndex(of: p)].start <= flowParentIndent {
            let list = bytes[open] == UInt8(ascii: "[")
            throw ParseError(offset: open, message: list ? "unterminated flow list; expected `]`" : "unterminated flow map; expected `}`")
        }
    }

    /// Skips spaces, line breaks and comments inside a flow collection; true when a line break was crossed.
    @discardableResult
    package func skipFlowSpace(_ p: inout Int) -> Bool {
        var crossed = false
        while p < bytes.count {
            let b = bytes[p]
            if b == 10 { crossed = true }
            if isSpace(b) || b == 10 || b == 13 { p += 1; continue }
            if b == UInt8(ascii: "#"), p == 0 || isSpace(bytes[p - 1]) || bytes[p - 1] == 10 {
                while p < bytes.count, bytes[p] != 10 { p += 1 }
                continue
            }
            break
        }
        return crossed
    }

    package mutating func parseFlowNode(at p: inout Int) throws -> YAMLValue {
        guard p < bytes.count else { throw ParseError(offset: max(0, bytes.count - 1), message: "expected a value") }
        try refuseNodeProperties(at: p)
        switch bytes[p] {
        case UInt8(ascii: "["): return try parseFlowSequence(at: &p)
        case UInt8(ascii: "{"): return .map(try parseFlowMap(at: &p))
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return .string(try readQuoted(at: &p, parentIndent: flowParentIndent))
        default:
            let start = p
            let end = flowPlainEnd(from: p)
            guard end > start else {
                throw ParseError(offset: p, message: "expected a value")
            }
            p = end
            var trimmed = end
            while trimmed > start, isSpace(bytes[trimmed - 1]) { trimmed -= 1 }
            guard p < bytes.count, bytes[p] == 10 || bytes[p] == 13 else {
                return YAMLReader.resolvePlain(bytes[start..<trimmed])
            }
            // A plain scalar in a flow collection may go on over lines, folded like block plain scalars.
            var text = Array(bytes[start..<trimmed])
            var continued = false
            while p < bytes.count, bytes[p] == 10 || bytes[p] == 13 {
                var q = p
                var breaks = 0
                while q < bytes.count, isSpace(bytes[q]) || bytes[q] == 10 || bytes[q] == 13 {
                    if bytes[q] == 10 { breaks += 1 }
                    q += 1
                }
                guard q < bytes.count, !isFlowIndicator(bytes[q]), bytes[q] != UInt8(ascii: "#"),
                      q - lines[lineIndex(of: q)].start > flowParentIndent else { break }
                if bytes[q] == UInt8(ascii: ":") {
                    let next = byte(q + 1)
                    if isSpace(next) || isBreak(next) || isFlowIndicator(next) { break }
                }
                let segmentEnd = flowPlainEnd(from: q)
                var segmentTrimmed = segmentEnd
                while segmentTrimmed > q, isSpace(bytes[segmentTrimmed - 1]) { segmentTrimmed -= 1 }
                if breaks <= 1 { text.append(32) } else { text.append(contentsOf: repeatElement(10, count: breaks - 1)) }
                text.append(contentsOf: bytes[q..<segmentTrimmed])
                continued = true
                p = segmentEnd
            }
            return continued ? .string(String(decoding: text, as: UTF8.self)) : YAMLReader.resolvePlain(bytes[start..<trimmed])
        }
    }

    package func isFlowIndicator(_ b: UInt8) -> Bool { Self.isFlowIndicatorByte(b) }

    package static func isFlowIndicatorByte(_ b: UInt8) -> Bool {
        b == UInt8(ascii: ",") || b == UInt8(ascii: "[") || b == UInt8(ascii: "]")
            || b == UInt8(ascii: "{") || b == UInt8(ascii: "}")
    }

    package func flowPlainEnd(from start: Int) -> Int {
        var p = start
        while p < bytes.count {
            let b = bytes[p]
            if isFlowIndicator(b) || b == 10 || (b == 13 && byte(p + 1) == 10) { break }
            if b == UInt8(ascii: ":") {
                let next = byte(p + 1)
                if isSpace(next) || isBreak(next) || isFlowIndicator(next) { break }
            }
            if b == UInt8(ascii: "#"), p > start, isSpace(bytes[p - 1]) { break }
            p += 1
        }
        return p
    }

    package mutating func enterFlow(_ p: Int) throws {
        depth += 1
        if depth > Self.maxDepth { throw ParseError(offset: p, message: "nested too deeply") }
    }

    package mutating func parseFlowSequence(at p: inout Int) throws -> YAMLValue {
        let open = p
        try enterFlow(p)
        defer { depth -= 1 }
        p += 1
        var items: [YAMLValue] = []
        while true {
            try skipFlow(&p, open: open)
            guard p < bytes.count else { throw ParseError(offset: open, message: "unterminated flow list; expected `]`") }
            if bytes[p] == UInt8(ascii: "]") { p += 1; return .list(items) }
            let keyStart = p
            var item = try parseFlowNode(at: &p)
            try skipFlow(&p, open: open)
            if p < bytes.count, bytes[p] == UInt8(ascii: ":") {
                // `[a: b]` is a list holding a one-key map.
                p += 1
                try skipFlow(&p, open: open)
                let value: YAMLValue
                if p < bytes.count, bytes[p] == UInt8(ascii: ",") || bytes[p] == UInt8(ascii: "]") {
                    value = .null
                } else {
                    value = try parseFlowNode(at: &p)
                }
                guard let key = keyText(item) else { throw ParseError(offset: keyStart, message: "a key must be a scalar") }
                item = .map(YAMLMap([.init(key: key, value: value)]))
                try skipFlow(&p, open: open)
            }
            items.append(item)
            guard p < bytes.count else { throw ParseError(offset: open, message: "unterminated flow list; expected `]`") }
            if bytes[p] == UInt8(ascii: ",") { p += 1; continue }
            if bytes[p] == UInt8(ascii: "]") { p += 1; return .list(items) }
            throw ParseError(offset: p, message: "expected `,` or `]` in a flow list")
        }
    }

    package func keyText(_ value: YAMLValue) -> String? {
        switch value {
        case .null: return ""
        case .double(let d) where d.isNaN: return ".nan"
        case .list, .map: return nil
        default: return value.string
        }
    }

    package mutating func parseFlowMap(at p: inout Int) throws -> YAMLMap {
        let open = p
        try enterFlow(p)
        defer { depth -= 1 }
        p += 1
        var map = YAMLMap()
        var seen = Set<String>()
        while true {
            try skipFlow(&p, open: open)
            guard p < bytes.count else { throw ParseError(offset: open, message: "unterminated flow map; expected `}`") }
            if bytes[p] == UInt8(ascii: "}") { p += 1; return map }
            let keyStart = p
            let key: String
            if bytes[p] == UInt8(ascii: "\"") || bytes[p] == UInt8(ascii: "'") {
                key = try readQuoted(at: &p, parentIndent: flowParentIndent)
            } else {
                try refuseNodeProperties(at: p)
                if bytes[p] == UInt8(ascii: "[") || bytes[p] == UInt8(ascii: "{") {
                    throw ParseError(offset: p, message: "a key must be a scalar")
                }
                let end = flowPlainEnd(from: p)
                var trimmed = end
                while trimmed > p, isSpace(bytes[trimmed - 1]) { trimmed -= 1 }
                guard trimmed > p else { throw ParseError(offset: p, message: "expected a key") }
                key = String(decoding: bytes[p..<trimmed], as: UTF8.self)
                p = end
            }
            try skipFlow(&p, open: open)
            var value = YAMLValue.null
            if p < bytes.count, bytes[p] == UInt8(ascii: ":") {
                p += 1
                try skipFlow(&p, open: open)
                if p < bytes.count, bytes[p] != UInt8(ascii: ","), bytes[p] != UInt8(ascii: "}") {
                    value = try parseFlowNode(at: &p)
                    try skipFlow(&p, open: open)
                }
            }
            if !seen.insert(key).inserted {
                diagnostics.append(diagnostic(at: keyStart, "duplicate key \"\(key)\"; the first one is kept"))
            } else {
                map.entries.append(.init(key: key, value: value))
            }
            guard p < bytes.count else { throw ParseError(offset: open, message: "unterminated flow map; expected `}`") }
            if bytes[p] == UInt8(ascii: ",") { p += 1; continue }
            if bytes[p] == UInt8(ascii: "}") { p += 1; return map }
            throw ParseError(offset: p, message: "expected `,` or `}` in a flow map")
        }
    }
}
