import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// A hand-written daily file full of oddities: BOM, CRLF, tabs, comments, text between habit lines,
/// a reflection mentioning [[read]] and a code block holding `- [ ] [[read]]`.
enum DailyFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/daily")

    static func odd() throws -> Document {
        Document(bytes: Array(try Data(contentsOf: folder.appendingPathComponent("odd.md"))))
    }

    static let read = Habit(id: "read", title: "Read 20 pages", target: 20, unit: "pages")
    static let meditate = Habit(id: "meditate", title: "Meditate")
    static let water = Habit(id: "drink-water", title: "Drink a glass of water")
    static let run = Habit(id: "run", title: "Run")
    static let coffee = Habit(id: "coffee", title: "At most two coffees", target: 2, unit: "cups", kind: .quit)
    static let noScrolling = Habit(id: "no-doomscrolling", title: "No doomscrolling", kind: .quit)
}

@Suite struct DailyEditorOddFileTests {
    @Test func habitLinesSkipCodeAndComments() throws {
        let lines = DailyEditor.habitLines(in: try DailyFixtures.odd())
        #expect(lines.map(\.habit) == ["drink-water", "read", "meditate"])
        #expect(lines.map(\.line) == [13, 15, 19])
    }

    @Test func doneRewritesOnlyTheTabIndentedLineKeepingLabelNoteAndCRLF() throws {
        var document = try DailyFixtures.odd()
        let before = document.text
        let edit = DailyEditor.apply(.done(value: 25), to: &document, habit: DailyFixtures.read)
        #expect(edit.action == .updated)
        #expect(edit.after?.line == 15)
        #expect(LineDiff(before, document.text)
            == LineDiff(line: 15, removed: ["\t- [ ] [[read|Reading]] 8 pages — fell asleep\r\n"],
                        added: ["\t- [x] [[read|Reading]] 25 pages — fell asleep\r\n"]))
        #expect(document.text.hasPrefix("\u{FEFF}---\r\n"))
    }

    @Test func doneIgnoresTheCommentedOutLine() throws {
        var document = try DailyFixtures.odd()
        let before = document.text
        DailyEditor.apply(.done(), to: &document, habit: DailyFixtures.meditate)
        #expect(LineDiff(before, document.text)
            == LineDiff(line: 19, removed: ["* [ ] [[meditate]]\r\n"], added: ["* [x] [[meditate]]\r\n"]))
    }

    @Test func newLineGoesAfterTheLastLineOfTheHabitsSectionWithCRLF() throws {
        var document = try DailyFixtures.odd()
        let before = document.text
        let edit = DailyEditor.apply(.done(), to: &document, habit: DailyFixtures.run)
        #expect(edit.action == .added)
        #expect(edit.after?.line == 20)
        #expect(LineDiff(before, document.text) == LineDiff(line: 20, removed: [], added: ["- [x] [[run]]\r\n"]))
    }

    @Test func undoKeepsTheTabsBetweenBulletAndBox() throws {
        var document = try DailyFixtures.odd()
        let before = document.text
        let edit = DailyEditor.apply(.undo, to: &document, habit: DailyFixtures.water)
        #expect(edit.action == .updated)
        #expect(LineDiff(before, document.text)
            == LineDiff(line: 13, removed: ["-\t[x]\t[[drink-water]]\r\n"], added: ["-\t[ ] [[drink-water]]\r\n"]))
    }

    @Test func undoDropsValueKeepsNote() throws {
        var document = try DailyFixtures.odd()
        let before = document.text
        DailyEditor.apply(.undo, to: &document, habit: DailyFixtures.read)
        #expect(LineDiff(before, document.text)
            == LineDiff(line: 15, removed: ["\t- [ ] [[read|Reading]] 8 pages — fell asleep\r\n"],
                        added: ["\t- [ ] [[read|Reading]] fell asleep\r\n"]))
    }

    @Test func undoOfAHabitWithoutALineChangesNothing() throws {
        var document = try DailyFixtures.odd()
        let before = document.text
        let edit = DailyEditor.apply(.undo, to: &document, habit: DailyFixtures.run)
        #expect(edit.action == .absent)
        #expect(document.text == before)
    }

    @Test func skipReplacesValueAndNoteWithTheReason() throws {
        var document = try DailyFixtures.odd()
        let before = document.text
        DailyEditor.apply(.skip(reason: "migraine"), to: &document, habit: DailyFixtures.read)
        #expect(LineDiff(before, document.text)
            == LineDiff(line: 15, removed: ["\t- [ ] [[read|Reading]] 8 pages — fell asleep\r\n"],
                        added: ["\t- [-] [[read|Reading]] migraine\r\n"]))
    }

    @Test func checkinEditsOneKeyAndAppendsUnderTheirSections() throws {
        var document = try DailyFixtures.odd()
        let before = document.text
        DailyEditor.setScore("mood", 5, in: &document)
        #expect(LineDiff(before, document.text)
            == LineDiff(line: 3, removed: ["mood: 3   # after coffee\r\n"], added: ["mood: 5   # after coffee\r\n"]))

        let afterMood = document.text
        DailyEditor.appendIntentions(["Call Ana", "Bake bread"], to: &document)
        #expect(LineDiff(afterMood, document.text)
            == LineDiff(line: 10, removed: [], added: ["- Call Ana\r\n", "- Bake bread\r\n"]))

        let afterIntentions = document.text
        DailyEditor.appendReflection("Quiet evening.", to: &document)
        // After the code block that ends the reflection, separated by a blank line; the old text stays.
        #expect(LineDiff(afterIntentions, document.text)
            == LineDiff(line: 29, removed: [], added: ["\r\n", "Quiet evening.\r\n"]))
        #expect(document.text.hasPrefix("\u{FEFF}"))
    }

    @Test func restAddsKeysBeforeTheClosingLineAndOffRemovesTheReason() throws {
        var document = try DailyFixtures.odd()
        let before = document.text
        DailyEditor.setRest(true, reason: "flu", in: &document)
        #expect(LineDiff(before, document.text)
            == LineDiff(line: 5, removed: [], added: ["rest: true\r\n", "rest-reason: flu\r\n"]))
        DailyEditor.setRest(false, reason: nil, in: &document)
        #expect(LineDiff(before, document.text)
            == LineDiff(line: 5, removed: [], added: ["rest: false\r\n"]))
    }

    @Test func everyEditKeepsTheBytesItDoesNotTouch() throws {
        var document = try DailyFixtures.odd()
        let original = document.text
        DailyEditor.apply(.done(value: 25), to: &document, habit: DailyFixtures.read)
        DailyEditor.apply(.undo, to: &document, habit: DailyFixtures.read)
        #expect(LineDiff(original, document.text).removed == ["\t- [ ] [[read|Reading]] 8 pages — fell asleep\r\n"])
        // No bare LF slipped in.
        let bytes = Array(document.text.utf8)
        for (index, byte) in bytes.enumerated() where byte == 10 { #expect(index > 0 && bytes[index - 1] == 13) }
    }
}

@Suite struct DailyEditorRuleTests {
    static let plain = "---\ndate: 2026-11-22\n---\n## Habits\n- [x] [[meditate]]\n- [ ] [[read]]\n\n## Reflection\nok\n"

    @Test(arguments: [
        (12.0, false, "- [ ] [[read]] 12 pages"),
        (20.0, false, "- [x] [[read]] 20 pages"),
        (8.0, true, "- [ ] [[read]] 8 pages"),
    ])
    func measurableDoneChecksOnlyWhenTheTargetIsMet(value: Double, add: Bool, expected: String) throws {
        var document = Document(text: DailyEditorRuleTests.plain)
        let edit = DailyEditor.apply(.done(value: value, add: add), to: &document, habit: DailyFixtures.read)
        #expect(edit.text == expected)
        #expect(document.lines[5] == Substring(expected))
    }

    @Test func addAddsToTheLoggedAmount() {
        var document = Document(text: DailyEditorRuleTests.plain)
        DailyEditor.apply(.done(value: 12), to: &document, habit: DailyFixtures.read)
        let edit = DailyEditor.apply(.done(value: 9, add: true), to: &document, habit: DailyFixtures.read)
        #expect(edit.text == "- [x] [[read]] 21 pages")
        #expect(DailyEditor.habitLines(in: document).count == 2)
    }

    @Test func secondDoneUpdatesInsteadOfAdding() {
        var document = Document(text: DailyEditorRuleTests.plain)
        let first = DailyEditor.apply(.done(), to: &document, habit: DailyFixtures.run)
        let second = DailyEditor.apply(.done(note: "5 km"), to: &document, habit: DailyFixtures.run)
        #expect(first.action == .added)
        #expect(second.action == .updated)
        #expect(DailyEditor.habitLines(in: document).filter { $0.habit == "run" }.count == 1)
        // A note starting with a number gets a separator so it is not read back as the value.
        #expect(second.text == "- [x] [[run]] — 5 km")
    }

    @Test func repeatingADoneIsUnchanged() {
        var document = Document(text: DailyEditorRuleTests.plain)
        let before = document.text
        let edit = DailyEditor.apply(.done(), to: &document, habit: DailyFixtures.meditate)
        #expect(edit.action == .unchanged)
        #expect(document.text == before)
    }

    @Test(arguments: [(2.0, "- [x] [[coffee]] 2 cups"), (3.0, "- [ ] [[coffee]] 3 cups"), (0.0, "- [x] [[coffee]] 0 cups")])
    func quitTargetIsAMaximum(value: Double, expected: String) {
        var document = Document(text: DailyEditorRuleTests.plain)
        #expect(DailyEditor.apply(.done(value: value), to: &document, habit: DailyFixtures.coffee).text == expected)
    }

    @Test func quitWithoutTargetRecordsADayHeld() {
        var document = Document(text: DailyEditorRuleTests.plain)
        #expect(DailyEditor.apply(.done(), to: &document, habit: DailyFixtures.noScrolling).text == "- [x] [[no-doomscrolling]]")
    }

    @Test func aNewValueTakesTheHabitsUnit() {
        var document = Document(text: "## Habits\n- [ ] [[coffee]] 1 cup\n")
        #expect(DailyEditor.apply(.done(value: 2), to: &document, habit: DailyFixtures.coffee).text == "- [x] [[coffee]] 2 cups")
    }

    @Test func oneIsWrittenWithASingularUnitThatReadsBackAsTheSameValue() throws {
        var document = Document(text: DailyEditorRuleTests.plain)
        let first = DailyEditor.apply(.done(value: 1), to: &document, habit: DailyFixtures.coffee)
        #expect(first.text == "- [x] [[coffee]] 1 cup")
        let line = try #require(DailyEditor.currentLine(of: DailyFixtures.coffee, in: document))
        #expect(line.value == 1 && line.unit == "cup")
        let second = DailyEditor.apply(.done(value: 1, add: true), to: &document, habit: DailyFixtures.coffee)
        #expect(second.text == "- [x] [[coffee]] 2 cups")
        let third = DailyEditor.apply(.done(value: 1, add: true), to: &document, habit: DailyFixtures.coffee)
        #expect(third.text == "- [ ] [[coffee]] 3 cups")
    }

    @Test func linesNamingTheHabitByTitleCount() {
        var document = Document(text: "## Habits\n- [ ] [[Read 20 pages]]\n")
        let edit = DailyEditor.apply(.done(value: 30), to: &document, habit: DailyFixtures.read)
        #expect(edit.action == .updated)
        #expect(document.text == "## Habits\n- [x] [[Read 20 pages]] 30 pages\n")
    }

    @Test func theLastOfTwoLinesIsTheOneEdited() {
        var document = Document(text: "## Habits\n- [ ] [[run]]\n- [ ] [[run]] later\n")
        DailyEditor.apply(.done(), to: &document, habit: DailyFixtures.run)
        #expect(document.text == "## Habits\n- [ ] [[run]]\n- [x] [[run]] later\n")
    }

    @Test func aMissingHabitsSectionIsCreatedAtTheEnd() {
        var document = Document(text: "---\ndate: 2026-11-22\n---\nJust words.")
        DailyEditor.apply(.done(), to: &document, habit: DailyFixtures.run)
        #expect(document.text == "---\ndate: 2026-11-22\n---\nJust words.\n\n## Habits\n- [x] [[run]]")
    }

    @Test func templatePlaceholderBulletIsFilledByTheFirstIntentions() {
        var document = Document(text: "## Intentions\n- \n\n## Habits\n")
        DailyEditor.appendIntentions(["Ship it", "Rest"], to: &document)
        #expect(document.text == "## Intentions\n- Ship it\n- Rest\n\n## Habits\n")
    }

    @Test func reflectionGoesRightUnderAnEmptyHeading() {
        var document = Document(text: "## Reflection\n\n## Food\nsoup\n")
        DailyEditor.appendReflection("Good day.", to: &document)
        #expect(document.text == "## Reflection\nGood day.\n\n## Food\nsoup\n")
    }
}

@Suite struct HabitMatcherTests {
    static let habits = [
        Habit(id: "read", title: "Read 20 pages"), Habit(id: "run", title: "Run"),
        Habit(id: "review-budget", title: "Review the budget"), Habit(id: "spanish", title: "Spanish practice"),
        Habit(id: "strength", title: "Strength training"),
    ]

    static func ids(_ match: HabitMatcher.Match) -> [String] {
        switch match {
        case .found(let habit): return [habit.id]
        case .ambiguous(let habits): return habits.map(\.id)
        case .none: return []
        }
    }

    @Test(arguments: [
        ("read", ["read"]), ("READ", ["read"]), ("Spanish practice", ["spanish"]), ("spa", ["spanish"]),
        ("rev", ["review-budget"]), ("Review the", ["review-budget"]), ("r", ["read", "review-budget", "run"]),
        ("s", ["spanish", "strength"]), ("swim", []), ("", []),
    ])
    func matchesStemTitleOrUniquePrefix(name: String, expected: [String]) {
        #expect(HabitMatcherTests.ids(HabitMatcher.match(name, in: HabitMatcherTests.habits)) == expected)
    }

    @Test func anExactStemWinsOverAPrefixOfAnother() {
        let habits = [Habit(id: "run"), Habit(id: "running-club")]
        #expect(HabitMatcherTests.ids(HabitMatcher.match("run", in: habits)) == ["run"])
    }
}
