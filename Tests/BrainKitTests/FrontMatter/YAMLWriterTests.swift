import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct YAMLWriterTests {
    @Test(arguments: [
        (YAMLValue.string("hello world"), "hello world"),
        (.string("true"), "\"true\""),
        (.string("12"), "\"12\""),
        (.string("a: b"), "\"a: b\""),
        (.string("#x"), "\"#x\""),
        (.string("[[link]]"), "\"[[link]]\""),
        (.string(" lead"), "\" lead\""),
        (.string("trail "), "\"trail \""),
        (.string(""), "\"\""),
        (.string("2026-11-22"), "\"2026-11-22\""),
        (.string("say \"hi\"\n"), #""say \"hi\"\n""#),
        (.string("https://x.y/a:b"), "https://x.y/a:b"),
        (.date(Day("2026-11-22")!), "2026-11-22"),
        (.int(-5), "-5"),
        (.double(1.5), "1.5"),
        (.double(.infinity), ".inf"),
        (.bool(false), "false"),
        (.null, "null"),
        (.list([.string("a"), .string("b")]), "[a, b]"),
        (.list([.string("a, b"), .int(1)]), "[\"a, b\", 1]"),
        (.list([]), "[]"),
        (.map(YAMLMap(["source": .string("health"), "at-least": .int(8000)])), "{source: health, at-least: 8000}"),
    ])
    func rendersReadableYAML(value: YAMLValue, expected: String) {
        #expect(YAMLWriter.render(value) == expected)
    }

    static let trickyValues: [YAMLValue] = [
        .string("true"), .string("True"), .string("yes"), .string("null"), .string("~"), .string("12"),
        .string("-3"), .string("1e3"), .string(".inf"), .string(".nan"), .string("0x1F"), .string("0o7"),
        .string("1.5"), .string("2026-11-22"), .string("2026-13-40"), .string("a: b"), .string("a:b"),
        .string("key:"), .string("#x"), .string("a #b"), .string("a#b"), .string("[[link]]"), .string("[a]"),
        .string("{a}"), .string("a, b"), .string(","), .string(" lead"), .string("trail "), .string(""),
        .string(" "), .string("-"), .string("- a"), .string("-a"), .string("?"), .string("? a"), .string(":"),
        .string(":c"), .string("*star"), .string("&amp"), .string("!bang"), .string("|pipe"), .string(">gt"),
        .string("%pct"), .string("@at"), .string("`tick"), .string("'single'"), .string("\"double\""),
        .string("it's"), .string("back\\slash"), .string("line\nbreak"), .string("two\n\nbreaks\n"),
        .string("tab\there"), .string("cr\r"), .string("bell\u{7}"), .string("del\u{7F}"), .string("nel\u{85}"),
        .string("ls\u{2028}"), .string("bom\u{FEFF}"), .string("é"), .string("😀 emoji"), .string("10:30"),
        .string("https://x.y/a:b?q=1#frag"), .string("---"), .string("..."), .string("a  b"),
        .string("[[read-24-books]]"), .string("After morning coffee, in the armchair"),
        .int(0), .int(-5), .int(Int.max), .int(Int.min), .double(1.5), .double(-0.25), .double(1e20),
        .double(1e-7), .double(0.1), .double(.infinity), .double(-.infinity), .double(.nan), .double(3),
        .bool(true), .bool(false), .null, .date(Day("2026-11-22")!), .date(Day("0001-01-01")!),
        .list([]), .list([.string("a"), .string("b")]), .list([.string("true"), .int(1), .null, .string("")]),
        .list([.list([.string("x")]), .string("[[y]]")]), .list([.string("a: b"), .string("c:d"), .string("e, f")]),
        .map(YAMLMap()), .map(YAMLMap(["a": .int(1), "b c": .list([.string("x")]), "d: e": .string("f")])),
        .list([.map(YAMLMap(["k": .string("v")]))]),
    ]

    @Test(arguments: trickyValues)
    func everyRenderedValueReadsBackTheSame(_ value: YAMLValue) throws {
        let rendered = YAMLWriter.render(value)
        #expect(!rendered.contains("\n"))
        let top = YAMLReader.parse("v: \(rendered)"[...])
        #expect(top.diagnostics.isEmpty, "\(rendered): \(top.diagnostics)")
        #expect(true == sameValue(top.map["v"], value), "\(rendered) read back as \(String(describing: top.map["v"]))")
        // The same value inside a flow list and a flow map.
        let nested = YAMLReader.parse("v: \(YAMLWriter.render(.list([value, .string("z")])))"[...])
        #expect(true == sameValue(nested.map["v"], .list([value, .string("z")])), "\(YAMLWriter.render(.list([value])))")
        let inMap = YAMLReader.parse("v: \(YAMLWriter.render(.map(YAMLMap(["k": value]))))"[...])
        #expect(true == sameValue(inMap.map["v"], .map(YAMLMap(["k": value]))))
    }

    @Test(arguments: ["plain", "two words", "a: b", "#x", "- a", "", "true", "é", "k\"q", "x,y"])
    func renderedKeysReadBack(_ key: String) {
        let result = YAMLReader.parse("\(YAMLWriter.renderKey(key)): 1"[...])
        #expect(result.diagnostics.isEmpty || key.isEmpty)
        if !key.isEmpty { #expect(result.map.keys == [key]) }
    }
}
