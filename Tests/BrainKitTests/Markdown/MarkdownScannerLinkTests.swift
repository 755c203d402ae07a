import Testing
import BrainTestSupport
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct MarkdownScannerLinkTests {
    /// What a test expects of one link, without its position.
    struct Expected: Equatable, CustomStringConvertible {
        var kind: Link.Kind
        var target: String
        var fragment: String? = nil
        var label: String? = nil

        init(_ kind: Link.Kind, _ target: String, fragment: String? = nil, label: String? = nil) {
            self.kind = kind
            self.target = target
            self.fragment = fragment
            self.label = label
        }

        init(_ link: Link) {
            self.init(link.kind, link.target, fragment: link.fragment, label: link.label)
        }

        var description: String { "\(kind) \(target) #\(fragment ?? "-") |\(label ?? "-")" }
    }

    @Test(arguments: [
        ("[[a]]", [Expected(.wikilink, "a")]),
        ("[[a|b]]", [Expected(.wikilink, "a", label: "b")]),
        ("[[a#h]]", [Expected(.wikilink, "a", fragment: "h")]),
        ("[[a#^id]]", [Expected(.wikilink, "a", fragment: "^id")]),
        ("[[#h]]", [Expected(.wikilink, "", fragment: "h")]),
        ("![[a]]", [Expected(.embed, "a")]),
        ("![[pic.png|300]]", [Expected(.embed, "pic.png", label: "300")]),
        ("| [[a\\|b]] |", [Expected(.wikilink, "a", label: "b")]),
        ("| [[a#h\\|b]] |", [Expected(.wikilink, "a", fragment: "h", label: "b")]),
        ("[[  spaced note  ]]", [Expected(.wikilink, "spaced note")]),
        ("[[ a # h | l ]]", [Expected(.wikilink, "a", fragment: "h", label: "l")]),
        ("[[a|b|c]]", [Expected(.wikilink, "a", label: "b|c")]),
        ("[[a]] and [[b]]", [Expected(.wikilink, "a"), Expected(.wikilink, "b")]),
        ("[[unclosed", []),
        ("[[unclosed\nnext]]", []),
        ("[[a]b]]", []),
        ("[[]]", []),
        ("[[ ]]", []),
        ("[[[a]]]", [Expected(.wikilink, "[a")]),
        ("\\[[a]]", []),
        ("`[[a]]`", []),
        ("``[[a]] ` b``", []),
        ("` [[a]]", [Expected(.wikilink, "a")]),
        ("%%[[a]]%%", []),
        ("<!--[[a]]-->", []),
        ("text %% [[a]] %% [[b]]", [Expected(.wikilink, "b")]),
        ("[text](note.md)", [Expected(.markdown, "note.md", label: "text")]),
        ("[text](my%20note.md)", [Expected(.markdown, "my note.md", label: "text")]),
        ("[t](caf%C3%A9.md)", [Expected(.markdown, "café.md", label: "t")]),
        ("[t](bad%2.md)", [Expected(.markdown, "bad%2.md", label: "t")]),
        ("[text](<my note.md>)", [Expected(.markdown, "my note.md", label: "text")]),
        ("[t](a.md \"title\")", [Expected(.markdown, "a.md", label: "t")]),
        ("[t](a.md 'title')", [Expected(.markdown, "a.md", label: "t")]),
        ("[t](dir/a.md#Some%20Heading)", [Expected(.markdown, "dir/a.md", fragment: "Some Heading", label: "t")]),
        ("[t](#local)", [Expected(.markdown, "", fragment: "local", label: "t")]),
        ("[t](https://example.com/a%20b#frag)", [Expected(.url, "https://example.com/a%20b#frag", label: "t")]),
        ("[mail](mailto:me@example.com)", [Expected(.url, "mailto:me@example.com", label: "mail")]),
        ("![alt](x.png)", [Expected(.markdown, "x.png", label: "alt")]),
        ("[t](a_(b).md)", [Expected(.markdown, "a_(b).md", label: "t")]),
        ("[![badge](b.svg)](https://ci.example)", [
            Expected(.url, "https://ci.example", label: "![badge](b.svg)"),
            Expected(.markdown, "b.svg", label: "badge"),
        ]),
        ("[a [[b]] c](d.md)", [Expected(.markdown, "d.md", label: "a [[b]] c"), Expected(.wikilink, "b")]),
        ("[t]()", []),
        ("[t] (a.md)", []),
        ("[t](a.md", []),
        ("[t](a b.md)", []),
        ("<https://example.com/x#y>", [Expected(.url, "https://example.com/x#y")]),
        ("<mailto:me@example.com>", [Expected(.url, "mailto:me@example.com")]),
        ("<https://exa mple.com>", []),
        ("<b>bold</b>", []),
        ("a < b > c", []),
        ("bare https://example.com/page is text", []),
    ] as [(String, [Expected])])
    func findsLinks(text: String, expected: [Expected]) {
        #expect(MarkdownScanner.scan(text).links.map(Expected.init) == expected)
    }

    @Test func linkPositionsAndByteRanges() {
        let text = "héllo [[a]] ![[b]]\r\n日本 [t](x.md) <https://e.com>"
        let links = MarkdownScanner.scan(text).links
        let bytes = Array(text.utf8)
        #expect(links.count == 4)
        #expect(links.map(\.line) == [1, 1, 2, 2])
        #expect(links.map(\.column) == [8, 14, 8, 18])
        #expect(links.map { String(decoding: bytes[$0.byteRange], as: UTF8.self) }
            == ["[[a]]", "![[b]]", "[t](x.md)", "<https://e.com>"])
    }

    @Test func byteRangesAreRelativeToTheWholeBuffer() {
        let text = "---\nup: \"[[x]]\"\n---\nbody [[y]]\n"
        let links = MarkdownScanner.scan(text, from: 20, firstLine: 4).links
        #expect(links.count == 1)
        #expect(links.first?.target == "y")
        #expect(links.first?.line == 4)
        #expect(links.first?.column == 6)
        #expect(links.first?.byteRange == 25..<30)
    }

    @Test func pathologicalBracketLinesStayFast() {
        let text = String(repeating: "[", count: 200_000) + String(repeating: "`", count: 1) + String(repeating: "[[a", count: 50_000)
        // The thread's processor time: a quadratic scan takes minutes, a linear one milliseconds.
        let seconds = ThreadTime.measure { _ = MarkdownScanner.scan(text) }
        #expect(seconds < 2, "\(seconds) s")
    }
}
