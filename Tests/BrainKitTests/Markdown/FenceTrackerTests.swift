import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct FenceTrackerTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// The lines fed in order, each with whether it belongs to fenced code.
        var lines: [(String, Bool)]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "backticks", lines: [("```", true), ("code", true), ("```", true), ("text", false)]),
        Case(name: "tildes", lines: [("~~~", true), ("code", true), ("~~~", true), ("text", false)]),
        Case(name: "info string", lines: [("```swift", true), ("let a = 1", true), ("```", true), ("text", false)]),
        Case(name: "tilde info may hold backticks", lines: [("~~~ a`b", true), ("code", true), ("~~~", true)]),
        Case(name: "backtick in a backtick info string is inline code",
             lines: [("``` a ` b", false), ("text", false), ("```", true)]),
        Case(name: "two markers are not a fence", lines: [("``", false), ("~~", false)]),
        Case(name: "three spaces of indentation", lines: [("   ```", true), ("code", true), ("   ```", true), ("text", false)]),
        Case(name: "four spaces is indented text", lines: [("    ```", false), ("text", false)]),
        Case(name: "a tab is four columns", lines: [("\t```", false), (" \t~~~", false), ("text", false)]),
        Case(name: "four-space closing does not close",
             lines: [("```", true), ("    ```", true), ("code", true), ("```", true), ("text", false)]),
        Case(name: "tab-indented closing does not close", lines: [("~~~", true), ("\t~~~", true), ("~~~", true)]),
        Case(name: "longer closing run closes", lines: [("```", true), ("`````", true), ("text", false)]),
        Case(name: "shorter closing run does not close",
             lines: [("````", true), ("```", true), ("code", true), ("````", true), ("text", false)]),
        Case(name: "the other character does not close",
             lines: [("```", true), ("~~~", true), ("code", true), ("```", true), ("text", false)]),
        Case(name: "closing with text after is content",
             lines: [("```", true), ("``` not a close", true), ("```  \t", true), ("text", false)]),
        Case(name: "unclosed runs to the end", lines: [("~~~~", true), ("code", true), ("# heading", true)]),
        Case(name: "line terminators are ignored",
             lines: [("```\r\n", true), ("code\r\n", true), ("```\r\n", true), ("text\n", false)]),
        Case(name: "blank lines", lines: [("", false), ("```", true), ("", true), ("```", true), ("", false)]),
    ]

    @Test(arguments: cases)
    func followsCommonMarkFenceRules(_ item: Case) {
        var tracker = FenceTracker()
        let got = item.lines.map { tracker.consume(Substring($0.0)) }
        #expect(got == item.lines.map(\.1))
    }

    @Test func byteAndTextFormsAgree() {
        var bytes = FenceTracker()
        var text = FenceTracker()
        for line in ["  ~~~~ x", "~~~", "```", "~~~~~", "``` a", "x", "```"] {
            var copy = line
            let fromBytes = copy.withUTF8 { bytes.consume($0) }
            #expect(fromBytes == text.consume(Substring(line)), "\(line)")
            #expect(bytes == text)
        }
    }

    // MARK: - The four readers agree

    /// A daily file where every line outside code is a heading (`#`) or a habit line (`[[x]]`),
    /// and the same kinds of lines inside code must not count.
    static let document = """
    ---
    date: 2026-11-20
    ---
    # Day
    - [x] [[a]]
    ```
    # not a heading
    - [x] [[in-backticks]]
    ~~~
    ````
    ## After backticks
    - [x] [[b]] 1
    ~~~~ python
    - [x] [[in-tildes]]
    ~~~
    ```
        ~~~~
    ~~~~~
    ### Tildes closed by a longer run
        ```
    - [x] [[c]]
    \t~~~
    - [x] [[d]]
    ``` not`a fence
    - [x] [[e]]
      ~~~
    # inside the unclosed fence
    - [x] [[in-unclosed]]
    ~~~~~~ still inside
    """

    static let habitLines = [5, 12, 21, 23, 25]
    static let headingLines = [4, 11, 19]

    @Test(arguments: ["\n", "\r\n"])
    func theFourReadersAgreeOnCode(lineEnding: String) throws {
        let text = Self.document.replacingOccurrences(of: "\n", with: lineEnding)
        let document = Document(text: text)
        #expect(document.bodyStartLine == 4)

        let scan = MarkdownScanner.scan(text, from: document.bodyStartOffset, firstLine: document.bodyStartLine)
        #expect(scan.tasks.map(\.line) == Self.habitLines)
        #expect(scan.headings.map(\.line) == Self.headingLines)

        let checkIn = CheckIn(day: try #require(Day("2026-11-20")), frontMatter: document.frontMatter,
                              body: document.body, bodyStartLine: document.bodyStartLine)
        #expect(checkIn.habitLines.map(\.line) == Self.habitLines)

        #expect(DailyEditor.habitLines(in: document).map(\.line) == Self.habitLines)

        let headings = Document.headings(in: document.lines, from: document.bodyStartLine - 1)
        #expect(headings.map { $0.line + 1 } == Self.headingLines)
    }
}
