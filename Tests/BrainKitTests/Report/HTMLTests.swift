import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct HTMLTests {
    static let hostile: [(String, String)] = [
        ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
        ("\"><img src=x onerror=alert(1)>", "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"),
        ("' onmouseover='alert(1)", "&#39; onmouseover=&#39;alert(1)"),
        ("Tom & Jerry &amp; co", "Tom &amp; Jerry &amp;amp; co"),
        ("</title></svg><style>body{}</style>", "&lt;/title&gt;&lt;/svg&gt;&lt;style&gt;body{}&lt;/style&gt;"),
        ("<!-- comment -->", "&lt;!-- comment --&gt;"),
        ("nul\u{0}bell\u{7}del\u{7F}c1\u{85}", "nul\u{FFFD}bell\u{FFFD}del\u{FFFD}c1\u{FFFD}"),
        ("line\r\nnext\ttab", "line\n\nnext\ttab"),
        ("Café 🌿 — ≥ 70 %", "Café 🌿 — ≥ 70 %"),
        ("", ""),
    ]

    @Test(arguments: hostile)
    func escapesForTextAndAttributes(_ item: (String, String)) {
        let escaped = HTML.escape(item.0)
        #expect(escaped == item.1)
        // Nothing that could open a tag, close an attribute or start a character reference the
        // writer did not mean.
        #expect(!escaped.contains("<") && !escaped.contains(">") && !escaped.contains("\"") && !escaped.contains("'"))
        var rest = Substring(escaped)
        while let ampersand = rest.firstIndex(of: "&") {
            let after = rest[ampersand...]
            #expect(["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"].contains { after.hasPrefix($0) }, "stray & in \(escaped)")
            rest = rest[rest.index(after: ampersand)...]
        }
    }
}
