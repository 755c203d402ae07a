import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// The one region where two texts differ, as whole lines with their endings.
struct LineDiff: Equatable, CustomStringConvertible {
    /// 1-based line of the first differing line in the old text.
    var line: Int
    var removed: [String]
    var added: [String]

    var description: String { "@\(line) -\(removed.debugDescription) +\(added.debugDescription)" }

    init(line: Int, removed: [String], added: [String]) {
        self.line = line
        self.removed = removed
        self.added = added
    }

    init(_ old: String, _ new: String) {
        let a = LineDiff.lines(old)
        let b = LineDiff.lines(new)
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        line = prefix + 1
        removed = Array(a[prefix..<(a.count - suffix)])
        added = Array(b[prefix..<(b.count - suffix)])
    }

    /// Lines including their `\n` (and `\r`), so a changed line ending counts as a change.
    static func lines(_ text: String) -> [String] {
        var result: [String] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            current.append(byte)
            if byte == 10 { result.append(String(decoding: current, as: UTF8.self)); current = [] }
        }
        if !current.isEmpty { result.append(String(decoding: current, as: UTF8.self)) }
        return result
    }
}

@Suite struct DocumentEditTests {
    func edit(_ text: String, _ change: (inout Document) -> Void) -> (Document, LineDiff) {
        var document = Document(text: text)
        change(&document)
        return (document, LineDiff(text, document.text))
    }

    // MARK: set

    @Test func setReplacesAnInlineValueAndKeepsTheComment() {
        let (document, diff) = edit("---\ntitle: Old  # keep me\nmood: 3\n---\nbody\n") { $0.set("title", to: .string("New")) }
        #expect(diff == LineDiff(line: 2, removed: ["title: Old  # keep me\n"], added: ["title: New  # keep me\n"]))
        #expect(document.frontMatter["title"] == .string("New"))
    }

    @Test func setReplacesAQuotedValueWhole() {
        let (_, diff) = edit("---\ntitle: \"Old: one\"\n---\n") { $0.set("title", to: .string("New")) }
        #expect(diff == LineDiff(line: 2, removed: ["title: \"Old: one\"\n"], added: ["title: New\n"]))
    }

    @Test func setQuotesValuesThatWouldReadBackDifferently() {
        let (document, diff) = edit("---\ntitle: x\n---\n") { $0.set("title", to: .string("true")) }
        #expect(diff.added == ["title: \"true\"\n"])
        #expect(document.frontMatter["title"] == .string("true"))
    }

    @Test func setKeepsCRLF() {
        let (_, diff) = edit("---\r\nmood: 3\r\nenergy: 2\r\n---\r\n") { $0.set("mood", to: .int(5)) }
        #expect(diff == LineDiff(line: 2, removed: ["mood: 3\r\n"], added: ["mood: 5\r\n"]))
    }

    @Test func setFillsAnEmptyValueKeepingTheComment() {
        let (_, diff) = edit("---\narea:    # which area\nb: 1\n---\n") { $0.set("area", to: .string("health")) }
        #expect(diff == LineDiff(line: 2, removed: ["area:    # which area\n"], added: ["area: health    # which area\n"]))
        let (_, plain) = edit("---\narea:\nb: 1\n---\n") { $0.set("area", to: .string("health")) }
        #expect(plain == LineDiff(line: 2, removed: ["area:\n"], added: ["area: health\n"]))
    }

    @Test func setReplacesAMultiLineValueWholly() {
        let text = "---\ntags:\n  - a\n  - b\nnext: 1\n---\n"
        let (document, diff) = edit(text) { $0.set("tags", to: .list([.string("x"), .string("y")])) }
        #expect(diff == LineDiff(line: 2, removed: ["tags:\n", "  - a\n", "  - b\n"], added: ["tags: [x, y]\n"]))
        #expect(document.frontMatter["next"] == .int(1))
        let (_, block) = edit("---\nnote: |\n  one\n  two\n\nk: v\n---\n") { $0.set("note", to: .string("short")) }
        #expect(block == LineDiff(line: 2, removed: ["note: |\n", "  one\n", "  two\n"], added: ["note: short\n"]))
        let (_, commented) = edit("---\ntags: # mine\n- a\n---\n") { $0.set("tags", to: .list([])) }
        #expect(commented == LineDiff(line: 2, removed: ["tags: # mine\n", "- a\n"], added: ["tags: [] # mine\n"]))
    }

    @Test func setAppendsANewKeyAtTheEndOfTheFrontMatter() {
        let (document, diff) = edit("---\ntitle: x\n# trailing comment\n---\nbody\n") { $0.set("pinned", to: .bool(true)) }
        #expect(diff == LineDiff(line: 4, removed: [], added: ["pinned: true\n"]))
        #expect(document.frontMatter.keys == ["title", "pinned"])
    }

    @Test func setAppendsWithTheIndentationOfTheOtherKeys() {
        let (document, diff) = edit("---\n  a: 1\n---\n") { $0.set("b", to: .int(2)) }
        #expect(diff == LineDiff(line: 3, removed: [], added: ["  b: 2\n"]))
        #expect(document.frontMatter.keys == ["a", "b"])
    }

    @Test func setCreatesFrontMatterWhenThereIsNone() {
        let (document, diff) = edit("# Title\nbody\n") { $0.set("created", to: .date(Day("2026-11-22")!)) }
        #expect(diff == LineDiff(line: 1, removed: [], added: ["---\n", "created: 2026-11-22\n", "---\n"]))
        #expect(document.frontMatter["created"] == .date(Day("2026-11-22")!))
        #expect(document.body == "# Title\nbody\n")
        let (empty, _) = edit("") { $0.set("a", to: .int(1)) }
        #expect(empty.text == "---\na: 1\n---\n")
        let (bom, _) = edit("\u{FEFF}body") { $0.set("a", to: .int(1)) }
        #expect(bom.text == "\u{FEFF}---\na: 1\n---\nbody")
        let (crlf, _) = edit("line\r\n") { $0.set("a", to: .int(1)) }
        #expect(crlf.text == "---\r\na: 1\r\n---\r\nline\r\n")
    }

    @Test func setLeavesUntouchedKeysAsWritten() {
        let text = "---\n'quoted': 'single'\nlist: [ a,b ]\ntarget:   20\n---\n"
        let (document, diff) = edit(text) { $0.set("target", to: .int(25)) }
        #expect(diff == LineDiff(line: 4, removed: ["target:   20\n"], added: ["target:   25\n"]))
        #expect(document.frontMatter["quoted"] == .string("single"))
    }

    @Test func setOnAnOnlyFrontMatterFileWithoutFinalNewline() {
        let (document, _) = edit("---\na: 1\n---") { $0.set("b", to: .int(2)) }
        #expect(document.text == "---\na: 1\nb: 2\n---")
    }

    @Test func setRepairsABrokenValue() {
        let (document, diff) = edit("---\na: [1, 2\nb: 2\n---\n") { $0.set("a", to: .list([.int(1)])) }
        #expect(diff == LineDiff(line: 2, removed: ["a: [1, 2\n"], added: ["a: [1]\n"]))
        #expect(document.diagnostics.isEmpty)
    }

    // MARK: remove

    @Test func removeDeletesTheKeyAndItsValueLines() {
        let text = "---\ntitle: x\ntags:\n  - a\n  # inner\n  - b\n\n# about mood\nmood: 3\n---\nbody\n"
        let (document, diff) = edit(text) { $0.remove("tags") }
        #expect(diff == LineDiff(line: 3, removed: ["tags:\n", "  - a\n", "  # inner\n", "  - b\n"], added: []))
        #expect(document.frontMatter.keys == ["title", "mood"])
        let (_, inline) = edit(text) { $0.remove("mood") }
        #expect(inline == LineDiff(line: 9, removed: ["mood: 3\n"], added: []))
        let (same, none) = edit(text) { $0.remove("missing") }
        #expect(none.removed.isEmpty && none.added.isEmpty)
        #expect(same.text == text)
    }

    @Test func removeDeletesEveryDuplicate() {
        let (document, _) = edit("---\na: 1\nb: 2\na: 3\n---\n") { $0.remove("a") }
        #expect(document.text == "---\nb: 2\n---\n")
    }

    // MARK: line edits

    @Test func replaceLineKeepsTheLineEnding() {
        let (document, diff) = edit("a\r\nb\r\nc\r\n") { $0.replaceLine(2, with: "B") }
        #expect(diff == LineDiff(line: 2, removed: ["b\r\n"], added: ["B\r\n"]))
        #expect(document.lines == ["a", "B", "c"])
        let (_, last) = edit("a\nb") { $0.replaceLine(2, with: "B") }
        #expect(last == LineDiff(line: 2, removed: ["b"], added: ["B"]))
        let (_, split) = edit("a\r\nb\r\n") { $0.replaceLine(1, with: "x\ny") }
        #expect(split == LineDiff(line: 1, removed: ["a\r\n"], added: ["x\r\n", "y\r\n"]))
    }

    @Test func lineEditsOutOfRangeChangeNothing() {
        for change in [{ (d: inout Document) in d.replaceLine(0, with: "x") }, { $0.replaceLine(3, with: "x") },
                       { $0.removeLine(9) }, { $0.insertLines(["x"], after: 3) }, { $0.insertLines(["x"], after: -1) }] {
            let (document, _) = edit("a\nb\n", change)
            #expect(document.text == "a\nb\n")
        }
    }

    @Test func insertLinesUsesTheFileEnding() {
        let (_, start) = edit("a\r\nb\r\n") { $0.insertLines(["x", "y"], after: 0) }
        #expect(start == LineDiff(line: 1, removed: [], added: ["x\r\n", "y\r\n"]))
        let (_, middle) = edit("a\nb\n") { $0.insertLines(["x"], after: 1) }
        #expect(middle == LineDiff(line: 2, removed: [], added: ["x\n"]))
        let (end, _) = edit("a\nb\n") { $0.insertLines(["x"], after: 2) }
        #expect(end.text == "a\nb\nx\n")
        let (open, _) = edit("a\nb") { $0.insertLines(["x", "y"], after: 2) }
        #expect(open.text == "a\nb\nx\ny")
        let (bom, _) = edit("\u{FEFF}a\n") { $0.insertLines(["x"], after: 0) }
        #expect(bom.text == "\u{FEFF}x\na\n")
        let (empty, _) = edit("") { $0.insertLines(["x"], after: 0) }
        #expect(empty.text == "x\n")
    }

    @Test func removeLineDeletesOneLine() {
        let (_, diff) = edit("a\nb\nc\n") { $0.removeLine(2) }
        #expect(diff == LineDiff(line: 2, removed: ["b\n"], added: []))
        let (open, _) = edit("a\nb") { $0.removeLine(2) }
        #expect(open.text == "a")
        let (only, _) = edit("a") { $0.removeLine(1) }
        #expect(only.text == "")
    }

    @Test func editsReparseTheDocument() {
        var document = Document(text: "---\na: 1\n---\nbody\n")
        document.insertLines(["b: 2"], after: 2)
        #expect(document.frontMatter.keys == ["a", "b"])
        #expect(document.bodyStartLine == 5)
        document.removeLine(1)
        #expect(!document.hasFrontMatter)
        #expect(document.body == Substring(document.text))
    }

    // MARK: append under heading

    static let daily = """
    ---
    date: 2026-11-22
    ---
    ## Intentions
    - Ship the parser


    ## Habits
    - [x] [[read]] 24 pages
    ### Notes on habits
    more

    ## Reflection
    Slow start.

    """

    @Test func appendGoesRightAfterTheSectionsLastContentLine() {
        let (_, diff) = edit(Self.daily) { $0.append(["- Write tests"], underHeading: "intentions") }
        #expect(diff == LineDiff(line: 6, removed: [], added: ["- Write tests\n"]))
    }

    @Test func appendStaysBeforeTheSectionsSubheadings() {
        // The heading's own text ends at its first subheading, whose lines are kept to it.
        let (_, diff) = edit(Self.daily) { $0.append(["- [ ] [[walk]]"], underHeading: "Habits") }
        #expect(diff == LineDiff(line: 10, removed: [], added: ["- [ ] [[walk]]\n"]))
    }

    @Test func appendGoesAfterTheLastItemItIsToldOf() {
        // After the last habit line, though a paragraph follows it; one in a subsection counts
        // when the heading's own text has none.
        let text = "## Habits\n- [x] [[read]]\n\nA paragraph.\n\n## Intentions\n### Work\n- Ship\n"
        let (_, habit) = edit(text) { $0.append(["- [ ] [[walk]]"], underHeading: "Habits", after: DailyEditor.isHabitLine) }
        #expect(habit == LineDiff(line: 3, removed: [], added: ["- [ ] [[walk]]\n"]))
        let (_, intention) = edit(text) { $0.append(["- Rest"], underHeading: "Intentions", after: DailyEditor.isListItem) }
        #expect(intention == LineDiff(line: 9, removed: [], added: ["- Rest\n"]))
    }

    @Test func appendAtTheLastSectionOfTheFile() {
        let (_, diff) = edit(Self.daily) { $0.append(["Better evening."], underHeading: "REFLECTION") }
        #expect(diff == LineDiff(line: 15, removed: [], added: ["Better evening.\n"]))
    }

    @Test func appendCreatesAMissingHeadingAtTheEnd() {
        let (_, diff) = edit("---\na: 1\n---\nbody\n") { $0.append(["- x"], underHeading: "Habits") }
        #expect(diff == LineDiff(line: 5, removed: [], added: ["\n", "## Habits\n", "- x\n"]))
        let (blank, _) = edit("body\n\n") { $0.append(["- x"], underHeading: "Log", level: 3) }
        #expect(blank.text == "body\n\n### Log\n- x\n")
        let (empty, _) = edit("") { $0.append(["- x"], underHeading: "Log") }
        #expect(empty.text == "## Log\n- x\n")
    }

    @Test func appendToAFileWithoutFinalNewlineAddsOnlyTheBreak() {
        let (document, _) = edit("## Log\n- a") { $0.append(["- b"], underHeading: "Log") }
        #expect(document.text == "## Log\n- a\n- b")
        let (created, _) = edit("text") { $0.append(["- b"], underHeading: "Log") }
        #expect(created.text == "text\n\n## Log\n- b")
        let (crlf, _) = edit("## Log\r\n- a") { $0.append(["- b"], underHeading: "Log") }
        #expect(crlf.text == "## Log\r\n- a\r\n- b")
    }

    @Test func appendIgnoresHeadingsInCodeAndFrontMatter() {
        let text = "---\nx: |\n  ## Log\n---\n```\n## Log\n```\n# Log #\nentry\n"
        let (_, diff) = edit(text) { $0.append(["new"], underHeading: "log") }
        #expect(diff == LineDiff(line: 10, removed: [], added: ["new\n"]))
    }

    @Test func appendUnderAnEmptySectionGoesRightAfterTheHeading() {
        let (_, diff) = edit("## Log\n\n## Next\n") { $0.append(["a"], underHeading: "Log") }
        #expect(diff == LineDiff(line: 2, removed: [], added: ["a\n"]))
    }
}
