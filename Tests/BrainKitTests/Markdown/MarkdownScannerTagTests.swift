import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct MarkdownScannerTagTests {
    @Test(arguments: [
        ("#tag", ["tag"]),
        ("text #tag more", ["tag"]),
        ("#123", []),
        ("#y1984", ["y1984"]),
        ("#1984y", ["1984y"]),
        ("# heading", []),
        ("x.com/#frag", []),
        ("see https://example.com/page#frag now", []),
        ("see https://example.com/a/#frag now", []),
        ("#café", ["café"]),
        ("#日本語 text", ["日本語"]),
        ("#Ünïcödé", ["Ünïcödé"]),
        ("#cafe\u{301} decomposed", ["cafe\u{301}"]),
        ("#a/b", ["a/b"]),
        ("#work/brain/deep", ["work/brain/deep"]),
        ("#a/", ["a"]),
        ("#a//", ["a"]),
        ("#/", []),
        ("(#x)", []),
        ("#a.", ["a"]),
        ("#a, #b; #c!", ["a", "b", "c"]),
        ("#snake_case #kebab-case", ["snake_case", "kebab-case"]),
        ("#a#b", ["a"]),
        ("##tag", []),
        ("a#b", []),
        ("&#123; entity", []),
        ("\t#tabbed", ["tabbed"]),
        ("word\u{00A0}#afternbsp", ["afternbsp"]),
        ("word\u{3000}#afterideographicspace", ["afterideographicspace"]),
        ("é#notafterletter", []),
        ("#", []),
        ("# ", []),
        ("#😀", []),
        ("#tag😀", ["tag"]),
        ("#2024-01-01", ["2024-01-01"]),
        ("#١٢٣", []),
        ("\\#escaped", []),
        ("`#code`", []),
        ("``#code ` still``", []),
        ("%%#hidden%%", []),
        ("<!-- #hidden -->", []),
        ("[[note#heading]]", []),
        ("[see](note.md#frag)", []),
        ("[see #intext](note.md)", ["intext"]),
        ("[see](<my note.md #frag>)", []),
        ("<https://x.com/ #a>", ["a"]),
        ("<https://x.com/#a>", []),
        ("## Heading #tag", ["tag"]),
        ("## Heading ##", []),
        ("- [ ] task #tag", ["tag"]),
    ] as [(String, [String])])
    func findsTags(text: String, expected: [String]) {
        #expect(MarkdownScanner.scan(text).tags.map(\.name) == expected)
    }

    @Test func tagPositionsCountUTF8Bytes() {
        let scan = MarkdownScanner.scan("first line\nnaïve café #tag\n日本 #x")
        #expect(scan.tags == [
            Tag(name: "tag", line: 2, column: 14),
            Tag(name: "x", line: 3, column: 8),
        ])
    }

    @Test func tagAtBodyStartAfterFrontMatterCounts() {
        let text = "---\ntitle: x\n---\n#first"
        let scan = MarkdownScanner.scan(text, from: 17, firstLine: 4)
        #expect(scan.tags == [Tag(name: "first", line: 4, column: 1)])
    }

    @Test func invalidUTF8EndsTag() {
        let bytes: [UInt8] = Array("#ab".utf8) + [0xFF] + Array("cd #ok".utf8)
        #expect(MarkdownScanner.scan(bytes).tags.map(\.name) == ["ab", "ok"])
    }
}
