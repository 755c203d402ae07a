import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct HabitLineTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var expected: HabitLine?
        var testDescription: String { text }
    }

    static let cases: [Case] = [
        Case(text: "- [x] [[read]] 24 pages", expected: HabitLine(habit: "read", state: .done, value: 24, unit: "pages", line: 7)),
        Case(text: "- [x] [[walk]] 10432 steps (auto: health ≥ 8000)",
             expected: HabitLine(habit: "walk", state: .done, value: 10432, unit: "steps", note: "(auto: health ≥ 8000)", line: 7)),
        Case(text: "- [-] [[run]] knee hurts", expected: HabitLine(habit: "run", state: .skipped, note: "knee hurts", line: 7)),
        Case(text: "- [ ] [[meditate]]", expected: HabitLine(habit: "meditate", state: .open, line: 7)),
        Case(text: "  * [X] [[ Read | Reading ]] 2,5 km — felt good\r\n",
             expected: HabitLine(habit: "Read", label: "Reading", state: .done, value: 2.5, unit: "km", note: "felt good", line: 7)),
        Case(text: "+ [x] [[read]] 24 — short", expected: HabitLine(habit: "read", state: .done, value: 24, note: "short", line: 7)),
        Case(text: "- [x] [[read]]: lovely", expected: HabitLine(habit: "read", state: .done, note: "lovely", line: 7)),
        Case(text: "- [x] [[read#notes]] 3rd chapter", expected: HabitLine(habit: "read", state: .done, note: "3rd chapter", line: 7)),
        Case(text: "- [x] [[read]] 1.5", expected: HabitLine(habit: "read", state: .done, value: 1.5, line: 7)),
        Case(text: "- [x] Ship [[read]]", expected: nil),
        Case(text: "- [?] [[read]]", expected: nil),
        Case(text: "-[x] [[read]]", expected: nil),
        Case(text: "- [x][[read]]", expected: nil),
        Case(text: "- [x] [[]]", expected: nil),
        Case(text: "text - [x] [[read]]", expected: nil),
        Case(text: "- [x] [read](read.md)", expected: nil),
    ]

    @Test(arguments: cases)
    func parsesTheContractGrammar(_ item: Case) {
        #expect(HabitLine.parse(Substring(item.text), lineNumber: 7) == item.expected)
    }

    @Test func rendersCanonicalText() {
        #expect(HabitLine.render(habit: "read", state: .done, value: 24, unit: "pages", note: "note") == "- [x] [[read]] 24 pages — note")
        #expect(HabitLine.render(habit: "run", state: .skipped, note: "knee hurts") == "- [-] [[run]] knee hurts")
        #expect(HabitLine.render(habit: "run", state: .skipped, note: "3 km only") == "- [-] [[run]] — 3 km only")
        #expect(HabitLine.render(habit: "meditate", state: .open) == "- [ ] [[meditate]]")
        #expect(HabitLine.render(habit: "walk", state: .done, value: 2.25, unit: "km") == "- [x] [[walk]] 2.25 km")
    }

    @Test(arguments: [
        HabitLine(habit: "read", state: .done, value: 24, unit: "pages", note: "a — b"),
        HabitLine(habit: "run", state: .skipped, note: "3 km only"),
        HabitLine(habit: "run", state: .skipped, note: "- dash"),
        HabitLine(habit: "run", state: .skipped, note: ": colon"),
        HabitLine(habit: "run", state: .skipped, note: "– en dash"),
        HabitLine(habit: "x", label: "X", state: .open, value: 0.5),
    ])
    func renderThenParseRoundTrips(line: HabitLine) {
        #expect(HabitLine.parse(Substring(line.rendered), lineNumber: 0) == line)
    }
}

/// The three readers of habit lines (check-ins, the daily editor, the index) read every line the same way.
@Suite struct HabitLineAgreementTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var expected: HabitLine?
        var testDescription: String { text }
    }

    private static func line(_ habit: String, label: String? = nil, _ state: TaskItem.State, value: Double? = nil,
                             unit: String? = nil, note: String? = nil) -> HabitLine {
        HabitLine(habit: habit, label: label, state: state, value: value, unit: unit, note: note, line: 5)
    }

    static let cases: [Case] = [
        // The examples of docs/FORMAT.md.
        Case(text: "- [x] [[meditate]]", expected: line("meditate", .done)),
        Case(text: "- [ ] [[journal]]", expected: line("journal", .open)),
        Case(text: "- [x] [[read]] 24 pages", expected: line("read", .done, value: 24, unit: "pages")),
        Case(text: "- [ ] [[read]] 8 pages — fell asleep on the sofa",
             expected: line("read", .open, value: 8, unit: "pages", note: "fell asleep on the sofa")),
        Case(text: "- [-] [[run]] knee hurts", expected: line("run", .skipped, note: "knee hurts")),
        Case(text: "- [-] [[run]] - raining sideways", expected: line("run", .skipped, note: "raining sideways")),
        Case(text: "- [x] [[spanish]] 2,5 minutes", expected: line("spanish", .done, value: 2.5, unit: "minutes")),
        Case(text: "- [x] [[walk]] 10432 steps (auto: health ≥ 8000)",
             expected: line("walk", .done, value: 10432, unit: "steps", note: "(auto: health ≥ 8000)")),
        Case(text: "* [X] [[read|reading]] 30", expected: line("read", label: "reading", .done, value: 30)),
        Case(text: "- [x] Call the bank", expected: nil),
        // Values, units and notes.
        Case(text: "+ [x] [[read]] 24 — short", expected: line("read", .done, value: 24, note: "short")),
        Case(text: "- [x] [[read]] 1.5", expected: line("read", .done, value: 1.5)),
        Case(text: "- [x] [[read]] 3rd chapter", expected: line("read", .done, note: "3rd chapter")),
        Case(text: "- [x] [[read]] 3. chapter", expected: line("read", .done, note: "3. chapter")),
        Case(text: "- [x] [[read]]5", expected: line("read", .done, note: "5")),
        Case(text: "- [x] [[read]]: lovely", expected: line("read", .done, note: "lovely")),
        Case(text: "- [x] [[read]] – en dash", expected: line("read", .done, note: "en dash")),
        Case(text: "- [x] [[fast]] 100 % — all day", expected: line("fast", .done, value: 100, unit: "%", note: "all day")),
        Case(text: "- [x] [[water]] 8 — glasses", expected: line("water", .done, value: 8, note: "glasses")),
        Case(text: "- [x] [[spanish]] 15 minutos: bien", expected: line("spanish", .done, value: 15, unit: "minutos:", note: "bien")),
        Case(text: "- [x] [[sport]] 20 минут — хорошо", expected: line("sport", .done, value: 20, unit: "минут", note: "хорошо")),
        // Numbers in files are at most 10^12: a longer one is not a value, so it stays in the note.
        Case(text: "- [x] [[read]] 12345678901234567 pages", expected: line("read", .done, note: "12345678901234567 pages")),
        Case(text: "- [x] [[read]] 1000000000000 pages", expected: line("read", .done, value: 1e12, unit: "pages")),
        Case(text: "- [x] [[read]]  24 \t pages \t— note  \t", expected: line("read", .done, value: 24, unit: "pages", note: "note")),
        // Links.
        Case(text: "  * [X] [[ Read | Reading ]] 2,5 km — felt good", expected: line("Read", label: "Reading", .done, value: 2.5, unit: "km", note: "felt good")),
        Case(text: "- [x] [[read#notes]] 3rd chapter", expected: line("read", .done, note: "3rd chapter")),
        Case(text: "- [x] [[read|]] 3", expected: line("read", .done, value: 3)),
        Case(text: "- [x] [[read\\|Reading]] 3", expected: line("read", label: "Reading", .done, value: 3)),
        Case(text: "- [x] [[a[b]] 3", expected: line("a[b", .done, value: 3)),
        Case(text: "- [x] [[a]b]] 3", expected: nil),
        Case(text: "- [x] [[]] [[read]]", expected: nil),
        Case(text: "- [x] [[#heading]]", expected: nil),
        Case(text: "- [x] ![[read]]", expected: nil),
        Case(text: "- [x] [read](read.md)", expected: nil),
        // Bullets, boxes and blanks.
        Case(text: "- [x]  [[read]] 5", expected: line("read", .done, value: 5)),
        Case(text: "- [x]\t[[read]]", expected: line("read", .done)),
        Case(text: "\t- [-] [[read]] tired", expected: line("read", .skipped, note: "tired")),
        Case(text: "1. [x] [[read]]", expected: nil),
        Case(text: "- [?] [[read]]", expected: nil),
        Case(text: "-[x] [[read]]", expected: nil),
        Case(text: "- [x][[read]]", expected: nil),
        Case(text: "- [x] Ship [[read]]", expected: nil),
        Case(text: "text - [x] [[read]]", expected: nil),
    ]

    @Test(arguments: cases)
    func checkInsTheEditorAndTheIndexAgree(_ item: Case) throws {
        let text = "---\ndate: 2026-11-20\n---\n## Habits\n" + item.text + "\nafter\n"
        let expected = item.expected.map { [$0] } ?? []
        let document = Document(text: text)

        let checkIn = CheckIn(day: try #require(Day("2026-11-20")), frontMatter: document.frontMatter,
                              body: document.body, bodyStartLine: document.bodyStartLine)
        #expect(checkIn.habitLines == expected, "check-in")

        #expect(DailyEditor.habitLines(in: document) == expected, "daily editor")

        let stamp = FileStamp(path: "daily/2026-11-20.md", size: text.utf8.count, modified: 0)
        #expect(NoteParser.parse(Array(text.utf8), stamp: stamp, kind: .daily).habitLines == expected, "index")

        #expect(HabitLine.parse(Substring(item.text), lineNumber: 5) == item.expected, "one line")
    }

    @Test func aByteOrderMarkBeforeTheFirstLineIsNoBullet() {
        let text = "\u{FEFF}- [x] [[read]] 3\n"
        let stamp = FileStamp(path: "daily/2026-11-20.md", size: text.utf8.count, modified: 0)
        let expected = [HabitLine(habit: "read", state: .done, value: 3, line: 1)]
        #expect(NoteParser.parse(Array(text.utf8), stamp: stamp, kind: .daily).habitLines == expected)
        #expect(DailyEditor.habitLines(in: Document(text: text)) == expected)
    }
}
