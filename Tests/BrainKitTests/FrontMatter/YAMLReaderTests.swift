import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Values compared with NaN equal to NaN, so `.nan` cases can be checked.
func sameValue(_ a: YAMLValue?, _ b: YAMLValue?) -> Bool {
    switch (a, b) {
    case (.double(let x)?, .double(let y)?): return x == y || (x.isNaN && y.isNaN)
    case (.list(let x)?, .list(let y)?): return x.count == y.count && zip(x, y).allSatisfy { sameValue($0, $1) }
    case (.map(let x)?, .map(let y)?):
        return x.keys == y.keys && zip(x.entries, y.entries).allSatisfy { sameValue($0.value, $1.value) }
    default: return a == b
    }
}

private func day(_ text: String) -> YAMLValue { .date(Day(text)!) }
private func list(_ items: YAMLValue...) -> YAMLValue { .list(items) }
private func map(_ pairs: KeyValuePairs<String, YAMLValue>) -> YAMLValue { .map(YAMLMap(pairs)) }

/// One row of the YAML 1.2 table: the text of `v:` (or a whole document) and the value a
/// YAML 1.2 core-schema reader gives, worked out from the spec by hand.
struct YAMLCase: CustomTestStringConvertible, Sendable {
    var yaml: String
    var key: String
    var expected: YAMLValue
    var note: String

    init(_ yaml: String, _ expected: YAMLValue, key: String = "v", _ note: String = "") {
        self.yaml = yaml
        self.key = key
        self.expected = expected
        self.note = note
    }

    var testDescription: String { yaml.debugDescription }
}

@Suite struct YAMLReaderTests {
    static let table: [YAMLCase] = [
        // Integers (core schema: [-+]?[0-9]+, 0o[0-7]+, 0x[0-9a-fA-F]+)
        YAMLCase("v: 12", .int(12)),
        YAMLCase("v: -7", .int(-7)),
        YAMLCase("v: +3", .int(3)),
        YAMLCase("v: 0", .int(0)),
        YAMLCase("v: 007", .int(7), "leading zeros are still decimal in 1.2"),
        YAMLCase("v: 0x1F", .int(31)),
        YAMLCase("v: 0xff", .int(255)),
        YAMLCase("v: 0o17", .int(15)),
        YAMLCase("v: 0o8", .string("0o8"), "8 is not an octal digit"),
        YAMLCase("v: 0x", .string("0x")),
        YAMLCase("v: +0x1", .string("+0x1"), "hex takes no sign"),
        YAMLCase("v: 1_000", .string("1_000"), "underscores are YAML 1.1 only"),
        YAMLCase("v: 12 # twelve", .int(12)),
        YAMLCase("v: 99999999999999999999", .double(1e20), "beyond Int: YAML 1.2 reads a big int; the nearest Double here"),
        YAMLCase("v: 0.12345678901234567890123456789012345678901234567890", .double(0.12345678901234568)),
        // Floats
        YAMLCase("v: 1.5", .double(1.5)),
        YAMLCase("v: -0.25", .double(-0.25)),
        YAMLCase("v: .5", .double(0.5)),
        YAMLCase("v: 1.", .double(1.0)),
        YAMLCase("v: 1e3", .double(1000)),
        YAMLCase("v: 1e+3", .double(1000)),
        YAMLCase("v: 1E-2", .double(0.01)),
        YAMLCase("v: 2.5e+2", .double(250)),
        YAMLCase("v: -1.5e-3", .double(-0.0015)),
        YAMLCase("v: .inf", .double(.infinity)),
        YAMLCase("v: -.Inf", .double(-.infinity)),
        YAMLCase("v: +.INF", .double(.infinity)),
        YAMLCase("v: .nan", .double(.nan)),
        YAMLCase("v: .NaN", .double(.nan)),
        YAMLCase("v: 1e", .string("1e")),
        YAMLCase("v: 1.2.3", .string("1.2.3")),
        YAMLCase("v: .", .string(".")),
        // Booleans: only true/True/TRUE and false/False/FALSE in 1.2
        YAMLCase("v: true", .bool(true)),
        YAMLCase("v: True", .bool(true)),
        YAMLCase("v: TRUE", .bool(true)),
        YAMLCase("v: false", .bool(false)),
        YAMLCase("v: False", .bool(false)),
        YAMLCase("v: FALSE", .bool(false)),
        YAMLCase("v: tRUE", .string("tRUE")),
        YAMLCase("v: yes", .string("yes"), "yes/no are YAML 1.1 booleans only"),
        YAMLCase("v: off", .string("off")),
        // Null
        YAMLCase("v: null", .null),
        YAMLCase("v: Null", .null),
        YAMLCase("v: NULL", .null),
        YAMLCase("v: ~", .null),
        YAMLCase("v:", .null),
        YAMLCase("v:   # nothing here", .null),
        YAMLCase("v: nULL", .string("nULL")),
        // Dates: YAML 1.2 reads a string "2026-11-22"; Brain maps exactly YYYY-MM-DD to a day.
        YAMLCase("v: 2026-11-22", day("2026-11-22"), "Brain: .date; YAML 1.2: the string 2026-11-22"),
        YAMLCase("v: 2026-13-01", .string("2026-13-01"), "not a real day stays a string"),
        YAMLCase("v: 2026-1-01", .string("2026-1-01")),
        YAMLCase("v: '2026-11-22'", .string("2026-11-22"), "quoted: always a string"),
        // Double-quoted escapes
        YAMLCase(#"v: "a\nb""#, .string("a\nb")),
        YAMLCase(#"v: "a\tb""#, .string("a\tb")),
        YAMLCase(#"v: "say \"hi\"""#, .string("say \"hi\"")),
        YAMLCase(#"v: "back\\slash""#, .string("back\\slash")),
        YAMLCase(#"v: "caf\u00e9""#, .string("café")),
        YAMLCase(#"v: "\x41BC""#, .string("ABC")),
        YAMLCase(#"v: "\u263A and \U0001F600""#, .string("☺ and 😀")),
        YAMLCase(#"v: "slash\/ok""#, .string("slash/ok")),
        YAMLCase(#"v: "12""#, .string("12")),
        YAMLCase(#"v: """#, .string("")),
        YAMLCase(#"v: "a" # comment"#, .string("a")),
        YAMLCase("v: \"folded\n  quoted\"", .string("folded quoted"), "a line break in quotes folds to a space"),
        YAMLCase("v: \"two\n\n  paras\"", .string("two\nparas"), "an empty line in quotes is a newline"),
        YAMLCase("v: \"joined\\\n  line\"", .string("joinedline"), "an escaped line break joins"),
        // Single quotes
        YAMLCase("v: 'it''s'", .string("it's")),
        YAMLCase(#"v: 'no \n escape'"#, .string(#"no \n escape"#)),
        YAMLCase("v: 'true'", .string("true")),
        YAMLCase("v: ''", .string("")),
        YAMLCase("v: '#hash'", .string("#hash")),
        // Plain scalars
        YAMLCase("v: hello world", .string("hello world")),
        YAMLCase("v:    spaced out   ", .string("spaced out")),
        YAMLCase("v: value # comment", .string("value")),
        YAMLCase("v: a#b", .string("a#b"), "# without a space before it is not a comment"),
        YAMLCase("v: C# and F#", .string("C# and F#")),
        YAMLCase("url: https://x.y/a:b", .string("https://x.y/a:b"), key: "url"),
        YAMLCase("v: 10:30", .string("10:30")),
        YAMLCase("v: -x", .string("-x")),
        YAMLCase("v: :x", .string(":x")),
        YAMLCase("v: [[link]]", list(list(.string("link"))), "unquoted [[link]] is a nested flow list"),
        YAMLCase("v: plain\n  continued\n", .string("plain continued")),
        YAMLCase("v: one\n\n  two", .string("one\ntwo")),
        YAMLCase("v:\n  on the next line", .string("on the next line")),
        // Flow collections
        YAMLCase("v: [a, b, c]", list(.string("a"), .string("b"), .string("c"))),
        YAMLCase("v: [a,b]", list(.string("a"), .string("b"))),
        YAMLCase("v: []", .list([])),
        YAMLCase("v: [1, [2, 3], {k: v}]", list(.int(1), list(.int(2), .int(3)), map(["k": .string("v")]))),
        YAMLCase("v: [a, 'b, c', \"d\"]", list(.string("a"), .string("b, c"), .string("d"))),
        YAMLCase("v: [a, [b, [c]]]", list(.string("a"), list(.string("b"), list(.string("c"))))),
        YAMLCase("v: [a,\n  b,\n  c]", list(.string("a"), .string("b"), .string("c")), "flow lists may span lines"),
        YAMLCase("v: [two\n  words, b]", list(.string("two words"), .string("b")), "flow plain scalars fold over lines"),
        YAMLCase("v: {a: 1 # one\n  , b: 2}", map(["a": .int(1), "b": .int(2)]), "comments inside flow"),
        YAMLCase("v: [1 2]", list(.string("1 2")), "spaces inside a plain scalar"),
        YAMLCase("v: [x, y, ]", list(.string("x"), .string("y")), "a trailing comma is allowed"),
        YAMLCase("v: [true, null, 2026-01-02, 1.5]", list(.bool(true), .null, day("2026-01-02"), .double(1.5))),
        YAMLCase("v: {a: 1, b: [x, y]}", map(["a": .int(1), "b": list(.string("x"), .string("y"))])),
        YAMLCase("v: {}", .map(YAMLMap())),
        YAMLCase("v: {url: https://a.b/c, n: 2}", map(["url": .string("https://a.b/c"), "n": .int(2)])),
        YAMLCase("v: {source: health, metric: steps, at-least: 8000}",
                 map(["source": .string("health"), "metric": .string("steps"), "at-least": .int(8000)])),
        YAMLCase("v: {a, b: 2}", map(["a": .null, "b": .int(2)])),
        // Block collections
        YAMLCase("v:\n  - a\n  - b", list(.string("a"), .string("b"))),
        YAMLCase("v:\n- a\n- b", list(.string("a"), .string("b")), "items at the parent key's indent"),
        YAMLCase("v:\n  -   spaced\n  -\n    next line", list(.string("spaced"), .string("next line"))),
        YAMLCase("v:\n  - name: x\n    n: 1\n  - name: y\n    n: 2",
                 list(map(["name": .string("x"), "n": .int(1)]), map(["name": .string("y"), "n": .int(2)]))),
        YAMLCase("v:\n  a: 1\n  b:\n    c: deep", map(["a": .int(1), "b": map(["c": .string("deep")])])),
        YAMLCase("v:\n  - [a, b]\n  - {c: d}", list(list(.string("a"), .string("b")), map(["c": .string("d")]))),
        YAMLCase("v:\n  - - a\n    - b\n  - c", list(list(.string("a"), .string("b")), .string("c"))),
        YAMLCase("v:\n  # a comment\n  - a # trailing\n\n  - b", list(.string("a"), .string("b"))),
        YAMLCase("v:\n  -\n  - x", list(.null, .string("x"))),
        // Block scalars
        YAMLCase("v: |\n  line1\n  line2\n", .string("line1\nline2\n"), "clip keeps one newline"),
        YAMLCase("v: |-\n  line1\n  line2\n", .string("line1\nline2"), "strip drops it"),
        YAMLCase("v: |+\n  line1\n\n\n", .string("line1\n\n\n"), "keep keeps trailing empty lines"),
        YAMLCase("v: |\n  line1\n\n\n", .string("line1\n"), "clip drops trailing empty lines"),
        YAMLCase("v: |\n  a\n    indented\n  b\n", .string("a\n  indented\nb\n")),
        YAMLCase("v: |\n  a\n\n  b", .string("a\n\nb\n")),
        YAMLCase("v: >\n  folded\n  text\n\n  para\n", .string("folded text\npara\n")),
        YAMLCase("v: >-\n  a\n  b\n", .string("a b")),
        YAMLCase("v: >\n  a\n    more\n  b\n", .string("a\n  more\nb\n"), "more-indented lines keep their breaks"),
        YAMLCase("v: |2\n   one space kept\n", .string(" one space kept\n"), "explicit indentation indicator"),
        YAMLCase("v: | # a comment\n  text\n", .string("text\n")),
        YAMLCase("v: |\n", .string(""), "no content lines: empty"),
    ]

    @Test(arguments: table)
    func readsLikeYAML12(_ row: YAMLCase) throws {
        let result = YAMLReader.parse(row.yaml[...])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.map.keys == [row.key], "\(result.map)")
        #expect(true == sameValue(result.map[row.key], row.expected), "got \(String(describing: result.map[row.key]))")
    }

    @Test func tableHasAtLeastSixtyCases() {
        #expect(Self.table.count >= 60)
    }

    @Test func keepsKeyOrderCommentsAndQuotedKeys() {
        let yaml = """
        # leading comment
        title: Read 20 pages
        "quoted key": 1
        'single key': two
        key with spaces: x   # trailing
        tags:
        - a
        - b
        v: |
          text
        next: 3
        """
        let result = YAMLReader.parse(yaml[...])
        #expect(result.diagnostics.isEmpty)
        #expect(result.map.keys == ["title", "quoted key", "single key", "key with spaces", "tags", "v", "next"])
        #expect(result.map["v"] == .string("text\n"))
        #expect(result.map["next"] == .int(3))
        #expect(result.map["key with spaces"] == .string("x"))
    }

    @Test func readsCRLFText() {
        let result = YAMLReader.parse("a: 1\r\nb: |\r\n  x\r\n  y\r\nc: \"p\r\n  q\"\r\n"[...])
        #expect(result.diagnostics.isEmpty)
        #expect(result.map["a"] == .int(1))
        #expect(result.map["b"] == .string("x\ny\n"))
        #expect(result.map["c"] == .string("p q"))
    }

    @Test func emptyAndCommentOnlyTextGiveEmptyMap() {
        for text in ["", "\n", "# only a comment\n", "   \n\n"] {
            let result = YAMLReader.parse(text[...])
            #expect(result.map.isEmpty)
            #expect(result.diagnostics.isEmpty)
        }
    }

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        var yaml: String
        var line: Int
        var column: Int
        var fragment: String
        var keys: [String]
        var testDescription: String { yaml.debugDescription }
    }

    @Test(arguments: [
        ErrorCase(yaml: "a: &x 1\nb: 2", line: 1, column: 4, fragment: "anchor", keys: ["b"]),
        ErrorCase(yaml: "a: *x\nb: 2", line: 1, column: 4, fragment: "alias", keys: ["b"]),
        ErrorCase(yaml: "a: !!str 1\nb: 2", line: 1, column: 4, fragment: "tags", keys: ["b"]),
        ErrorCase(yaml: "a: !local x", line: 1, column: 4, fragment: "tags", keys: []),
        ErrorCase(yaml: "a: [x, *y]", line: 1, column: 8, fragment: "alias", keys: []),
        ErrorCase(yaml: "a: 1\n---\nb: 2", line: 2, column: 1, fragment: "multiple documents", keys: ["a"]),
        ErrorCase(yaml: "a: 1\na: 2", line: 2, column: 1, fragment: "duplicate key", keys: ["a"]),
        ErrorCase(yaml: "a:\n\t- x\nb: 2", line: 2, column: 1, fragment: "tabs", keys: ["b"]),
        ErrorCase(yaml: "\tb: 2\nc: 3", line: 1, column: 1, fragment: "tabs", keys: ["c"]),
        ErrorCase(yaml: "a: [1, 2\nb: 2", line: 1, column: 4, fragment: "unterminated flow list", keys: ["b"]),
        ErrorCase(yaml: "a: [x]y", line: 1, column: 7, fragment: "unexpected text", keys: []),
        ErrorCase(yaml: "a: [x: 1: 2]", line: 1, column: 9, fragment: "expected `,`", keys: []),
        ErrorCase(yaml: "a: [1, 2", line: 1, column: 4, fragment: "unterminated", keys: []),
        ErrorCase(yaml: "a: {k: 1", line: 1, column: 4, fragment: "unterminated", keys: []),
        ErrorCase(yaml: "x: 1\na: \"abc", line: 2, column: 4, fragment: "unterminated", keys: ["x"]),
        ErrorCase(yaml: "a: b: c\nd: 1", line: 1, column: 5, fragment: "must be quoted", keys: ["d"]),
        ErrorCase(yaml: "just text\nb: 1", line: 1, column: 1, fragment: "expected `key: value`", keys: ["b"]),
        ErrorCase(yaml: "a: 1\n  b: 2", line: 2, column: 4, fragment: "must be quoted", keys: []),
        ErrorCase(yaml: "a: \"x\" y\nb: 1", line: 1, column: 8, fragment: "unexpected text", keys: ["b"]),
        ErrorCase(yaml: #"a: "\q""#, line: 1, column: 5, fragment: "unknown escape", keys: []),
        ErrorCase(yaml: "- a\n- b", line: 1, column: 1, fragment: "list item", keys: []),
        ErrorCase(yaml: "a:\n  b: 1\n c: 2\nd: 4", line: 3, column: 2, fragment: "indentation", keys: ["a", "d"]),
        ErrorCase(yaml: "? complex\n: x\nb: 1", line: 1, column: 1, fragment: "complex keys", keys: ["b"]),
        ErrorCase(yaml: "a: @x", line: 1, column: 4, fragment: "must be quoted", keys: []),
        ErrorCase(yaml: "a: | x\nb: 1", line: 1, column: 6, fragment: "block scalar", keys: ["b"]),
        ErrorCase(yaml: "%YAML 1.2\na: 1", line: 1, column: 1, fragment: "directives", keys: ["a"]),
        ErrorCase(yaml: "a:\n  b: 1\n  b: 2", line: 3, column: 3, fragment: "duplicate key", keys: ["a"]),
        ErrorCase(yaml: "a: {k: 1, k: 2}", line: 1, column: 11, fragment: "duplicate key", keys: ["a"]),
    ])
    func reportsErrorsWithLocationsAndRecovers(_ row: ErrorCase) {
        let result = YAMLReader.parse(row.yaml[...])
        let first = result.diagnostics.first
        #expect(first?.location == SourceLocation(line: row.line, column: row.column), "\(result.diagnostics)")
        #expect(first?.severity == .error)
        #expect(first?.message.contains(row.fragment) == true, "\(result.diagnostics)")
        #expect(result.map.keys == row.keys)
    }

    @Test func duplicateKeyKeepsTheFirstValue() {
        let result = YAMLReader.parse("a: 1\nb: 2\na: 3\n"[...])
        #expect(result.map["a"] == .int(1))
        #expect(result.map.keys == ["a", "b"])
        #expect(result.diagnostics.count == 1)
    }

    @Test func recoversAtTheNextTopLevelKeyAfterEachError() {
        let yaml = "a: [1\nb: 2\nc: *x\nd:\n  - ok\n  - !t bad\ne: 5\n"
        let result = YAMLReader.parse(yaml[...])
        #expect(result.map.keys == ["b", "e"])
        #expect(result.diagnostics.map(\.location.line) == [1, 3, 6])
    }

    @Test func diagnosticsUseFileLineNumbers() {
        let result = YAMLReader.parse("a: 1\nb: *x\n"[...], firstLine: 2)
        #expect(result.diagnostics.first?.location == SourceLocation(line: 3, column: 4))
    }

    @Test func columnsCountUTF8Bytes() {
        let result = YAMLReader.parse("é: *x"[...])
        #expect(result.diagnostics.first?.location == SourceLocation(line: 1, column: 5))
    }

    @Test func deepNestingGivesADiagnosticNotACrash() {
        let deep = "a: " + String(repeating: "[", count: 10_000)
        let result = YAMLReader.parse(deep[...])
        #expect(!result.diagnostics.isEmpty)
        let deepMap = "a: " + String(repeating: "{b: ", count: 5_000)
        #expect(!YAMLReader.parse(deepMap[...]).diagnostics.isEmpty)
        var block = ""
        for level in 0..<300 { block += String(repeating: " ", count: level) + "k\(level):\n" }
        #expect(!YAMLReader.parse(block[...]).diagnostics.isEmpty)
    }

    /// Issue 15, fix 13: an unclosed quote was reported at whichever later line held the next
    /// quote ("unexpected text after the value" on line 5), not where the quote was opened.
    @Test func unclosedQuoteIsReportedWhereItOpens() {
        let yaml = "title: X\ncue: \"abc\nunit: pages\nremind: \"21:30\"\nevery: day\n"
        let result = YAMLReader.parse(yaml[...], firstLine: 2)
        let first = result.diagnostics.first
        #expect(first?.location == SourceLocation(line: 3, column: 6), "\(result.diagnostics)")
        #expect(first?.message == "unterminated quoted string")
        // The keys after it are still read.
        #expect(result.map.keys == ["title", "unit", "remind", "every"])
        let single = YAMLReader.parse("a: 'it''s\nb: 'x'\n"[...])
        #expect(single.diagnostics.first?.location == SourceLocation(line: 1, column: 4))
    }

    @Test func aQuoteMayStillContinueOnIndentedLines() {
        let result = YAMLReader.parse("a: \"one\n  two\"\nb: 'x\n\n  y'\n"[...])
        #expect(result.diagnostics.isEmpty)
        #expect(result.map["a"] == .string("one two"))
        #expect(result.map["b"] == .string("x\ny"))
    }

    /// Issue 15, fix 2: duplicate keys were found by a scan of the keys before, so 100,000 keys
    /// took minutes; the answer is the same with a set.
    @Test func manyKeysKeepOrderAndReportDuplicates() {
        var yaml = ""
        for index in 0..<20_000 { yaml += "k\(index): \(index)\n" }
        yaml += "k5: again\n"
        let result = YAMLReader.parse(yaml[...])
        #expect(result.map.count == 20_000)
        #expect(result.map.keys.last == "k19999")
        #expect(result.map["k5"] == .int(5))
        #expect(result.diagnostics.map(\.location.line) == [20_001])
    }
}
