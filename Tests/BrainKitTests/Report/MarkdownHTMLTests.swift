import Testing
@testable import BrainInterchange

/// A note's Markdown as the web app shows it: blocks and emphasis, the links given as spans, and
/// nothing of the note's own markup passed through.
@Suite struct MarkdownHTMLTests {
    /// The byte range of the first `text` in `body`.
    static func range(of text: String, in body: String) throws -> Range<Int> {
        let found = try #require(body.range(of: text))
        let start = body.utf8.distance(from: body.startIndex, to: found.lowerBound)
        return start..<(start + text.utf8.count)
    }

    @Test func blocksAndEmphasis() {
        let body = "# Title\n\nOne *two* **three** `<b>`\nnext line\n\n- [ ] open\n- [x] done\n1. first\n\n> quoted\n\n```\n<script>\n```\n---\n"
        let html = MarkdownHTML.render(body, spans: [])
        #expect(html == """
            <h2>Title</h2>
            <p>One <em>two</em> <strong>three</strong> <code>&lt;b&gt;</code>
            next line</p>
            <ul>
            <li><span class="task" aria-label="open">☐</span> open</li>
            <li><span class="task" aria-label="done">☑</span> done</li>
            </ul>
            <ol>
            <li>first</li>
            </ol>
            <blockquote>quoted</blockquote>
            <pre><code>&lt;script&gt;</code></pre>
            <hr>

            """)
    }

    /// A span becomes an anchor (or text when it leads nowhere), its words and address escaped;
    /// a link not given as a span stays text, whatever it says.
    @Test func linksComeOnlyFromSpans() throws {
        let body = "See [[a|x]] and [[gone]], then [y](javascript:alert(1)) and <img src=x onerror=alert(2)>.\n"
        let spans = [
            MarkdownHTML.Span(range: try Self.range(of: "[[a|x]]", in: body), href: "/app/notes/a\"b", text: "<x>"),
            MarkdownHTML.Span(range: try Self.range(of: "[[gone]]", in: body), href: nil, text: "gone"),
        ]
        let html = MarkdownHTML.render(body, spans: spans)
        #expect(html == "<p>See <a href=\"/app/notes/a&quot;b\">&lt;x&gt;</a> and <span class=\"missing\">gone</span>, "
            + "then [y](javascript:alert(1)) and &lt;img src=x onerror=alert(2)&gt;.</p>\n")
    }

    /// Unbalanced markers stay as written; CRLF lines read as lines.
    @Test func unbalancedMarkersAndCRLF() {
        let html = MarkdownHTML.render("a * b ** c `d\r\n## e\r\n", spans: [])
        #expect(html == "<p>a * b ** c `d</p>\n<h3>e</h3>\n")
    }
}
