/// A note's Markdown body as HTML, for reading (the web app's note page): headings, paragraphs,
/// lists and tasks, quotes, rules, fenced code, `code`, **strong** and *emphasis*. Links are not
/// parsed here: the caller hands the index's own links as `Span`s (where each is in the body and
/// where it leads), so a page follows exactly the links `brain links` reports. Every piece of the
/// text goes through `HTML.escape`; no HTML in the note is passed through.
package enum MarkdownHTML {
    /// A link in the body: its UTF-8 byte range, its address (nil for a link that leads nowhere,
    /// shown as text) and the words shown.
    package struct Span: Hashable, Sendable {
        package var range: Range<Int>
        package var href: String?
        package var text: String

        package init(range: Range<Int>, href: String?, text: String) {
            self.range = range
            self.href = href
            self.text = text
        }
    }

    package static func render(_ body: String, spans: [Span]) -> String {
        let bytes = Array(body.utf8)
        let spans = spans.filter { $0.range.lowerBound >= 0 && $0.range.upperBound <= bytes.count }.sorted { $0.range.lowerBound < $1.range.lowerBound }
        var out = ""
        var paragraph: [String] = []
        var list: String?
        var fence: (marker: String, lines: [String])?
        func closeParagraph() {
            if !paragraph.isEmpty { out += "<p>" + paragraph.joined(separator: "\n") + "</p>\n" }
            paragraph = []
        }
        func closeList() {
            if let tag = list { out += "</\(tag)>\n" }
            list = nil
        }
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 10 { end += 1 }
            var lineEnd = end
            if lineEnd > start && bytes[lineEnd - 1] == 13 { lineEnd -= 1 }
            let line = String(decoding: bytes[start..<lineEnd], as: UTF8.self)
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            let indent = line.utf8.count - trimmed.utf8.count
            defer { start = end + 1 }
            if var open = fence {
                if trimmed.hasPrefix(open.marker) && trimmed.allSatisfy({ $0 == open.marker.first }) {
                    out += "<pre><code>" + HTML.escape(open.lines.joined(separator: "\n")) + "</code></pre>\n"
                    fence = nil
                } else {
                    open.lines.append(line)
                    fence = open
                }
                if end >= bytes.count { break }
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                closeParagraph(); closeList()
                let marker = String(trimmed.prefix { $0 == trimmed.first })
                fence = (marker, [])
            } else if trimmed.isEmpty {
                closeParagraph(); closeList()
            } else if let level = headingLevel(trimmed) {
                closeParagraph(); closeList()
                let offset = start + indent + level + 1
                out += "<h\(level + 1)>" + inline(bytes, offset..<lineEnd, spans) + "</h\(level + 1)>\n"
            } else if trimmed == "---" || trimmed == "***" || trimmed == "___" {
                closeParagraph(); closeList()
                out += "<hr>\n"
            } else if trimmed.hasPrefix(">") {
                closeParagraph(); closeList()
                let skip = trimmed.hasPrefix("> ") ? 2 : 1
                out += "<blockquote>" + inline(bytes, (start + indent + skip)..<lineEnd, spans) + "</blockquote>\n"
            } else if let (tag, marker) = listItem(trimmed) {
                closeParagraph()
                if list != tag { closeList(); out += "<\(tag)>\n"; list = tag }
                var offset = start + indent + marker
                var box = ""
                let rest = line.utf8.dropFirst(indent + marker)
                if rest.starts(with: "[ ] ".utf8) || rest.starts(with: "[x] ".utf8) || rest.starts(with: "[X] ".utf8) || rest.starts(with: "[-] ".utf8) {
                    let state = rest[rest.index(after: rest.startIndex)]
                    box = "<span class=\"task\" aria-label=\"\(state == 32 ? "open" : state == 45 ? "skipped" : "done")\">\(state == 32 ? "☐" : state == 45 ? "☒" : "☑")</span> "
                    offset += 4
                }
                out += "<li>" + box + inline(bytes, offset..<lineEnd, spans) + "</li>\n"
            } else {
                closeList()
                paragraph.append(inline(bytes, (start + indent)..<lineEnd, spans))
            }
            if end >= bytes.count { break }
        }
        if let open = fence { out += "<pre><code>" + HTML.escape(open.lines.joined(separator: "\n")) + "</code></pre>\n" }
        closeParagraph(); closeList()
        return out
    }

    /// `#`–`######` and a space: the number of `#` less one, else nil.
    static func headingLevel(_ line: Substring) -> Int? {
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes), line.dropFirst(hashes).first == " " else { return nil }
        return hashes
    }

    /// A list item's tag and the length of its marker with the space after it.
    static func listItem(_ line: Substring) -> (String, Int)? {
        if line.hasPrefix("- ") || line.hasPrefix("* ") || line.hasPrefix("+ ") { return ("ul", 2) }
        let digits = line.prefix { $0.isASCII && $0.isNumber }.count
        if digits > 0 && digits < 10 {
            let rest = line.dropFirst(digits)
            if rest.hasPrefix(". ") || rest.hasPrefix(") ") { return ("ol", digits + 2) }
        }
        return nil
    }

    /// The text of `range`: the links among `spans` as anchors, the rest as `emphasis`.
    static func inline(_ bytes: [UInt8], _ range: Range<Int>, _ spans: [Span]) -> String {
        guard range.lowerBound < range.upperBound else { return "" }
        var out = ""
        var position = range.lowerBound
        for span in spans where span.range.lowerBound >= range.lowerBound && span.range.upperBound <= range.upperBound && span.range.lowerBound >= position {
            out += emphasis(String(decoding: bytes[position..<span.range.lowerBound], as: UTF8.self))
            if let href = span.href {
                out += "<a href=\"\(HTML.escape(href))\">\(HTML.escape(span.text))</a>"
            } else {
                out += "<span class=\"missing\">\(HTML.escape(span.text))</span>"
            }
            position = span.range.upperBound
        }
        return out + emphasis(String(decoding: bytes[position..<range.upperBound], as: UTF8.self))
    }

    /// `code`, **strong** and *emphasis* (or _emphasis_) where both ends are on the text; the rest escaped.
    static func emphasis(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let first = rest.firstIndex(where: { $0 == "`" || $0 == "*" || $0 == "_" }) {
            out += HTML.escape(String(rest[..<first]))
            let after = rest[first...]
            let delimiter: String
            let tag: String
            if after.hasPrefix("`") { delimiter = "`"; tag = "code" }
            else if after.hasPrefix("**") { delimiter = "**"; tag = "strong" }
            else if after.hasPrefix("__") { delimiter = "__"; tag = "strong" }
            else { delimiter = String(after.first!); tag = "em" }
            let inner = after.dropFirst(delimiter.count)
            if let close = inner.range(of: delimiter), close.lowerBound > inner.startIndex, inner.first != " " {
                let content = String(inner[..<close.lowerBound])
                out += "<\(tag)>" + (tag == "code" ? HTML.escape(content) : emphasis(content)) + "</\(tag)>"
                rest = inner[close.upperBound...]
            } else {
                out += HTML.escape(delimiter)
                rest = inner
            }
        }
        return out + HTML.escape(String(rest))
    }
}
