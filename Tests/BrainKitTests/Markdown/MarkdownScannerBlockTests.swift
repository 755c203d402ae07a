import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct MarkdownScannerBlockTests {
    /// Wikilink targets found in `text`: the simplest probe of what is and is not skipped.
    private func targets(_ text: String) -> [String] {
        MarkdownScanner.scan(text).links.map(\.target)
    }

    @Test(arguments: [
        ("```\n[[in]]\n```\n[[out]]", ["out"]),
        ("~~~\n[[in]]\n~~~\n[[out]]", ["out"]),
        ("```swift\n[[in]]\n```\n[[out]]", ["out"]),
        ("   ```\n[[in]]\n   ```\n[[out]]", ["out"]),
        ("    ```\n[[a]]\n    ```", ["a"]),
        ("````\n```\n[[in]]\n```\n[[still in]]\n````\n[[out]]", ["out"]),
        ("```\n~~~\n[[in]]\n~~~\n[[still in]]\n```\n[[out]]", ["out"]),
        ("```\n[[in]]\n``` not a close\n[[still in]]\n```\n[[out]]", ["out"]),
        ("```\n[[in]]\n", []),
        ("```\n[[in]]\n[[to the end]]", []),
        ("``` a ` b\n[[a]]", ["a"]),
        ("```inline``` [[a]]", ["a"]),
        ("```\r\n[[in]]\r\n```\r\n[[out]]\r\n", ["out"]),
        ("%%\n[[in]]\n# not a heading\n%% [[out]]", ["out"]),
        ("<!--\n[[in]]\n- [ ] not a task\n--> [[out]]", ["out"]),
        ("a %% b\n[[in]]\nc %% [[out]] %% [[in]] %%", ["out"]),
        ("<!-- a --> [[out]] <!-- [[in]]\n[[in]]\n-->", ["out"]),
        ("%% [[in]]", []),
        ("`%%` [[out]] `%%`", ["out"]),
        ("%% ``` %%\n[[out]]", ["out"]),
        ("> ```\n[[a]]", ["a"]),
    ] as [(String, [String])])
    func skipsCodeAndComments(text: String, expected: [String]) {
        #expect(targets(text) == expected)
    }

    @Test(arguments: [
        ("- [ ] open", TaskItem(state: .open, text: "open", line: 1)),
        ("* [x] done", TaskItem(state: .done, text: "done", line: 1)),
        ("+ [X] done", TaskItem(state: .done, text: "done", line: 1)),
        ("- [-] skipped", TaskItem(state: .skipped, text: "skipped", line: 1)),
        ("1. [ ] numbered", TaskItem(state: .open, text: "numbered", line: 1)),
        ("12) [x] paren", TaskItem(state: .done, text: "paren", line: 1)),
        ("  - [ ] two", TaskItem(state: .open, text: "two", line: 1, indent: 2)),
        ("\t- [ ] tab", TaskItem(state: .open, text: "tab", line: 1, indent: 4)),
        ("\t\t  - [x] mixed", TaskItem(state: .done, text: "mixed", line: 1, indent: 10)),
        ("        - [ ] deep", TaskItem(state: .open, text: "deep", line: 1, indent: 8)),
        ("- [ ]", TaskItem(state: .open, text: "", line: 1)),
        ("- [x] [[read]] 24 pages\r\n", TaskItem(state: .done, text: "[[read]] 24 pages", line: 1)),
        ("-   [ ] wide", TaskItem(state: .open, text: "wide", line: 1)),
        ("- [ ]  two spaces", TaskItem(state: .open, text: " two spaces", line: 1)),
        ("- [ ] naïve ✓ #tag", TaskItem(state: .open, text: "naïve ✓ #tag", line: 1)),
    ])
    func readsTaskItems(text: String, expected: TaskItem) {
        #expect(MarkdownScanner.scan(text).tasks == [expected])
    }

    @Test(arguments: [
        "- [] no", "- [ ]x", "-[ ] no", "- [y] no", "[ ] no", "- [ x] no", "a - [ ] no",
        "```\n- [ ] in code\n```", "%% - [ ] in comment %%", "1234567890. [ ] too long",
    ])
    func rejectsNonTasks(text: String) {
        #expect(MarkdownScanner.scan(text).tasks.isEmpty)
    }

    @Test(arguments: [
        ("# Title", Heading(level: 1, text: "Title", line: 1)),
        ("###### Six", Heading(level: 6, text: "Six", line: 1)),
        ("## Closed ##", Heading(level: 2, text: "Closed", line: 1)),
        ("## Closed #####   ", Heading(level: 2, text: "Closed", line: 1)),
        ("## Not#closed#", Heading(level: 2, text: "Not#closed#", line: 1)),
        ("##   Spaced   ", Heading(level: 2, text: "Spaced", line: 1)),
        ("#", Heading(level: 1, text: "", line: 1)),
        ("## ###", Heading(level: 2, text: "", line: 1)),
        ("   ### Indented", Heading(level: 3, text: "Indented", line: 1)),
        ("#\tTab", Heading(level: 1, text: "Tab", line: 1)),
        ("## Habits\r\n", Heading(level: 2, text: "Habits", line: 1)),
        ("## [[Link]] in #heading", Heading(level: 2, text: "[[Link]] in #heading", line: 1)),
    ])
    func readsHeadings(text: String, expected: Heading) {
        #expect(MarkdownScanner.scan(text).headings == [expected])
    }

    @Test(arguments: [
        "####### Seven", "#NoSpace", "    # Indented four", "\t# Tab indented",
        "```\n# in code\n```", "<!--\n# in comment\n-->", "text # not at start",
    ])
    func rejectsNonHeadings(text: String) {
        #expect(MarkdownScanner.scan(text).headings.isEmpty)
    }

    @Test func crlfAndLFGiveTheSameLinesAndColumns() {
        let lf = "# T\n\n- [ ] a [[x]]\n```\n[[no]]\n```\ntext #tag [[y]]\n"
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        let a = MarkdownScanner.scan(lf)
        let b = MarkdownScanner.scan(crlf)
        #expect(a.headings == b.headings)
        #expect(a.tasks == b.tasks)
        #expect(a.tags == b.tags)
        #expect(a.tags == [Tag(name: "tag", line: 7, column: 6)])
        #expect(a.links.map(\.line) == [3, 7])
        #expect(a.links.map(\.column) == b.links.map(\.column))
        // CRLF shifts byte offsets by one per earlier line ending, never columns.
        #expect(b.links.map(\.byteRange.lowerBound) == [15, 50])
        #expect(a.links.map(\.byteRange.lowerBound) == [13, 44])
    }

    @Test func byteOrderMarkIsNotPartOfTheFirstLine() {
        let text = "\u{FEFF}# Title #t\n[[a]]"
        let scan = MarkdownScanner.scan(text)
        #expect(scan.headings == [Heading(level: 1, text: "Title #t", line: 1)])
        #expect(scan.tags == [Tag(name: "t", line: 1, column: 9)])
        #expect(scan.links.first?.byteRange == 14..<19)
    }

    @Test func byteOrderMarkAloneStartsATagLine() {
        let scan = MarkdownScanner.scan("\u{FEFF}#tag")
        #expect(scan.tags == [Tag(name: "tag", line: 1, column: 1)])
    }

    @Test func firstLineNumbersTheBody() {
        let text = "---\na: 1\n---\n## H\n- [ ] t\n"
        let scan = MarkdownScanner.scan(text, from: 13, firstLine: 4)
        #expect(scan.headings == [Heading(level: 2, text: "H", line: 4)])
        #expect(scan.tasks == [TaskItem(state: .open, text: "t", line: 5)])
    }

    @Test func emptyInputsGiveNothing() {
        #expect(MarkdownScanner.scan("") == MarkdownScan())
        #expect(MarkdownScanner.scan("abc", from: 99) == MarkdownScan())
        #expect(MarkdownScanner.scan("\n\n\r\n") == MarkdownScan())
    }

    @Test func dailyCheckInExample() {
        let text = """
        ## Habits
        - [x] [[read]] 24 pages
        - [-] [[run]] knee hurts

        ## Reflection
        Slow start. #insight
        """
        let scan = MarkdownScanner.scan(text)
        #expect(scan.headings.map(\.text) == ["Habits", "Reflection"])
        #expect(scan.tasks.map(\.state) == [.done, .skipped])
        #expect(scan.tasks.map(\.text) == ["[[read]] 24 pages", "[[run]] knee hurts"])
        #expect(scan.links.map(\.target) == ["read", "run"])
        #expect(scan.links.map(\.column) == [7, 7])
        #expect(scan.tags == [Tag(name: "insight", line: 6, column: 13)])
    }
}
