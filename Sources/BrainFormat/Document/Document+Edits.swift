/// Edits that rewrite only the lines they must and keep the file's line endings.
extension Document {
    /// Sets a top-level front-matter key: in place when it exists, else appended to the front-matter
    /// (a new front-matter block is created when the file has none).
    public mutating func set(_ key: String, to value: YAMLValue) {
        let rendered = YAMLWriter.render(value)
        guard hasFrontMatter else {
            replaceLines(0..<0, with: ["---", YAMLWriter.renderKey(key) + ": " + rendered, "---"])
            return
        }
        guard let span = spans.first(where: { $0.key == key }) else {
            // Before the closing `---` line.
            let closing = bodyStartLine - 2
            // Same indentation as the keys already there, so the new key joins their map.
            let indent = String(repeating: " ", count: max(0, (spans.first?.column ?? 1) - 1))
            replaceLines(closing..<closing, with: [indent + YAMLWriter.renderKey(key) + ": " + rendered])
            return
        }
        let lineIndex = span.line - 1
        let line = Array(lineBytes(lineIndex))
        let colonEnd = min(span.colonEnd, line.count)
        let newLine: [UInt8]
        if let inline = span.inlineValue, span.lastLine == span.line, inline.upperBound <= line.count {
            if inline.isEmpty {
                // `key:` or `key:   # comment`: the value goes right after the colon, the comment stays.
                let rest = line[colonEnd...]
                let keepRest = rest.contains(where: { $0 != 32 && $0 != 9 })
                newLine = Array(line[..<colonEnd]) + Array(" \(rendered)".utf8) + (keepRest ? Array(rest) : [])
            } else {
                newLine = Array(line[..<inline.lowerBound]) + Array(rendered.utf8) + Array(line[inline.upperBound...])
            }
        } else {
            // A multi-line value is replaced wholly; a comment on the key's line stays.
            var rest = line[colonEnd...].drop(while: { $0 == 32 || $0 == 9 })
            if rest.first != UInt8(ascii: "#") { rest = [] }
            newLine = Array(line[..<colonEnd]) + Array(" \(rendered)".utf8) + (rest.isEmpty ? [] : [32] + Array(rest))
        }
        replaceLines(lineIndex..<max(lineIndex + 1, span.lastLine), withBytes: [newLine])
    }

    /// Removes a top-level front-matter key with all the lines of its value.
    public mutating func remove(_ key: String) {
        while let span = spans.first(where: { $0.key == key }) {
            replaceLines((span.line - 1)..<max(span.line, span.lastLine), with: [])
        }
    }

    /// Replaces the 1-based file line `line`; a line number out of range changes nothing.
    public mutating func replaceLine(_ line: Int, with text: String) {
        guard line >= 1, line <= lineCount else { return }
        replaceLines((line - 1)..<line, with: Document.split(text))
    }

    /// Inserts lines after the 1-based file line `line` (0 inserts at the start); out of range changes nothing.
    public mutating func insertLines(_ lines: [String], after line: Int) {
        guard line >= 0, line <= lineCount, !lines.isEmpty else { return }
        replaceLines(line..<line, with: lines.flatMap(Document.split))
    }

    /// Removes the 1-based file line `line`; out of range changes nothing.
    public mutating func removeLine(_ line: Int) {
        guard line >= 1, line <= lineCount else { return }
        replaceLines((line - 1)..<line, with: [])
    }

    /// Appends lines to the section under the first ATX heading with `title` (any level,
    /// case-insensitive); creates the heading at `level` at the end of the file when missing.
    /// The lines go after the last line `isItem` accepts (the last habit line, the last intention):
    /// one in the heading's own text (up to its first subheading), else one anywhere in the section;
    /// without any, after the last non-blank line of the heading's own text, so a subsection keeps
    /// its lines.
    public mutating func append(_ lines: [String], underHeading title: String, level: Int = 2,
                                after isItem: ((Substring) -> Bool)? = nil) {
        let all = self.lines
        let headings = Document.headings(in: all, from: max(0, bodyStartLine - 1))
        let wanted = title.trimmingSpaces.lowercased()
        if let found = headings.firstIndex(where: { $0.text.lowercased() == wanted }) {
            let heading = headings[found]
            let end = headings[(found + 1)...].first(where: { $0.level <= heading.level })?.line ?? all.count
            let ownEnd = found + 1 < headings.count ? min(end, headings[found + 1].line) : end
            let own = (heading.line + 1)..<max(heading.line + 1, ownEnd)
            let whole = (heading.line + 1)..<max(heading.line + 1, end)
            if let isItem, let item = own.last(where: { isItem(all[$0]) }) ?? whole.last(where: { isItem(all[$0]) }) {
                insertLines(lines, after: item + 1)
                return
            }
            let last = own.last(where: { !Document.isBlank(all[$0]) }) ?? heading.line
            insertLines(lines, after: last + 1)
            return
        }
        var added: [String] = []
        if let last = all.last, !Document.isBlank(last) { added.append("") }
        added.append(String(repeating: "#", count: min(6, max(1, level))) + " " + title)
        added += lines.flatMap(Document.split)
        replaceLines(all.count..<all.count, with: added)
    }

    // MARK: - Helpers

    /// Replaces the 1-based file line `line` with bytes (a line of a file that is not all UTF-8
    /// keeps its other bytes); out of range changes nothing.
    package mutating func replaceLine(_ line: Int, withBytes newBytes: [UInt8]) {
        guard line >= 1, line <= lineCount else { return }
        replaceLines((line - 1)..<line, withBytes: [newBytes])
    }

    /// Replaces whole lines `range` (0-based) with `newLines`, each written with the file's line ending.
    package mutating func replaceLines(_ range: Range<Int>, with newLines: [String]) {
        replaceLines(range, withBytes: newLines.map { Array($0.utf8) })
    }

    /// Replaces whole lines `range` (0-based) with lines given as bytes. Only the bytes of those
    /// lines change: the rest of the file is spliced around them as it was.
    package mutating func replaceLines(_ range: Range<Int>, withBytes newLines: [[UInt8]]) {
        var bytes = self.bytes
        let ending = Array(lineEnding.rawValue.utf8)
        let count = lineCount
        let lower = min(range.lowerBound, count)
        let upper = min(max(range.upperBound, lower), count)
        // Whether the file ends without a line break; edits keep it that way.
        let openEnd = count > 0 && lineContentEnds[count - 1] == bytes.count
        var insertion: [UInt8] = []
        var start: Int
        var end: Int
        if lower == upper {
            // Pure insertion before line `lower`.
            if lower < count {
                start = lineStarts[lower]
                for line in newLines { insertion += line + ending }
            } else {
                start = bytes.count
                if openEnd {
                    for line in newLines { insertion += ending + line }
                } else {
                    for line in newLines { insertion += line + ending }
                }
            }
            end = start
        } else {
            start = lineStarts[lower]
            let reachesOpenEnd = openEnd && upper == count
            end = reachesOpenEnd ? bytes.count : lineStarts.count > upper ? lineStarts[upper] : bytes.count
            for (index, line) in newLines.enumerated() {
                insertion += line
                if !(reachesOpenEnd && index == newLines.count - 1) { insertion += ending }
            }
            if newLines.isEmpty, reachesOpenEnd, lower > 0 {
                // Removing the last line of a file without a final break: drop the break before it too.
                start = lineContentEnds[lower - 1]
            }
        }
        bytes.replaceSubrange(start..<end, with: insertion)
        replaceBytes(bytes)
    }

    /// Splits text given for one line into lines at its line breaks.
    package static func split(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { piece in
            piece.hasSuffix("\r") ? String(piece.dropLast()) : String(piece)
        }
    }

    package static func isBlank(_ line: Substring) -> Bool {
        line.utf8.allSatisfy { $0 == 32 || $0 == 9 }
    }

    package struct HeadingLine {
        package var line: Int
        package var level: Int
        package var text: String
    }

    /// ATX headings outside fenced code, from line `start` (0-based).
    package static func headings(in lines: [Substring], from start: Int) -> [HeadingLine] {
        var result: [HeadingLine] = []
        var fences = FenceTracker()
        for index in start..<max(start, lines.count) {
            if fences.consume(lines[index]) { continue }
            let bytes = Array(lines[index].utf8)
            var p = 0
            while p < bytes.count, p < 4, bytes[p] == 32 { p += 1 }
            if p >= 4 { continue }
            let first = p < bytes.count ? bytes[p] : 0
            if first != UInt8(ascii: "#") { continue }
            var level = 0
            while p < bytes.count, bytes[p] == UInt8(ascii: "#") { level += 1; p += 1 }
            guard level <= 6, p == bytes.count || bytes[p] == 32 || bytes[p] == 9 else { continue }
            var content = bytes[p...]
            content = content.drop(while: { $0 == 32 || $0 == 9 })
            while let last = content.last, last == 32 || last == 9 { content = content.dropLast() }
            // An optional closing run of `#` after a space.
            var closing = content
            while let last = closing.last, last == UInt8(ascii: "#") { closing = closing.dropLast() }
            if closing.count < content.count, closing.isEmpty || closing.last == 32 || closing.last == 9 {
                content = closing
                while let last = content.last, last == 32 || last == 9 { content = content.dropLast() }
            }
            result.append(HeadingLine(line: index, level: level, text: String(decoding: content, as: UTF8.self)))
        }
        return result
    }
}

private extension String {
    var trimmingSpaces: String {
        var slice = self[...]
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
