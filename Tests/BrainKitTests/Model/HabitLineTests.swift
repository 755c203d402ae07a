import Testing
@testable import BrainKit

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
        HabitLine(habit: "x", label: "X", state: .open, value: 0.5),
    ])
    func renderThenParseRoundTrips(line: HabitLine) {
        #expect(HabitLine.parse(Substring(line.rendered), lineNumber: 0) == line)
    }
}
