import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct CheckInTests {
    static let body = """
    ## Intentions
    - Ship the parser
    1. Call mum

    ## Habits
    - [x] [[read]] 24 pages
    - [x] [[walk]] 10432 steps (auto: health ≥ 8000)
    - [-] [[run]] knee hurts
    - [ ] [[meditate]]

    ```
    - [x] [[fake]] inside code
    ## Reflection
    ```

    ## Reflection

    Slow start, good afternoon. #insight
    ### Later
    - [x] [[read]] 30 pages

    ## Other
    text
    """

    @Test func readsTheContractExample() throws {
        let front = YAMLMap(["date": .date(Day("2026-11-22")!), "mood": .int(4), "energy": .int(3), "evening-mood": .int(5), "rest": .bool(false)])
        let checkIn = CheckIn(day: Day("2026-01-01")!, frontMatter: front, body: Substring(Self.body), bodyStartLine: 8)
        #expect(checkIn.day == Day("2026-11-22"))
        #expect(checkIn.mood == 4 && checkIn.energy == 3 && checkIn.eveningMood == 5 && !checkIn.rest)
        #expect(checkIn.intentions == ["Ship the parser", "Call mum"])
        #expect(checkIn.habitLines.map(\.habit) == ["read", "walk", "run", "meditate", "read"])
        #expect(checkIn.habitLines.first?.line == 13)
        #expect(checkIn.habitLines.last?.line == 27)
        #expect(checkIn.lines["read"]?.value == 30)
        #expect(checkIn.overriddenLines.map(\.line) == [13])
        #expect(checkIn.reflection == "Slow start, good afternoon. #insight\n### Later\n- [x] [[read]] 30 pages")
        #expect(checkIn.issues.isEmpty)
    }

    @Test func crlfBodyKeepsLinesAndVerbatimReflection() {
        let body = "## Habits\r\n- [x] [[read]] 5 pages\r\n## reflection\r\n\r\nline one\r\nline two\r\n\r\n"
        let checkIn = CheckIn(day: Day("2026-11-22")!, frontMatter: YAMLMap(), body: Substring(body), bodyStartLine: 1)
        #expect(checkIn.habitLines == [HabitLine(habit: "read", state: .done, value: 5, unit: "pages", line: 2)])
        #expect(checkIn.reflection == "line one\r\nline two")
    }

    @Test func badFrontMatterIsReportedAndDefaulted() {
        let front = YAMLMap(["date": .string("22 Nov"), "mood": .int(7), "energy": .string("high"), "rest": .string("maybe")])
        let checkIn = CheckIn(day: Day("2026-11-22")!, frontMatter: front, body: "", bodyStartLine: 5)
        #expect(checkIn.day == Day("2026-11-22"))
        #expect(checkIn.mood == nil && checkIn.energy == nil && checkIn.rest == false)
        #expect(checkIn.issues.map(\.key) == ["date", "mood", "energy", "rest"])
        #expect(checkIn.reflection == nil)
    }

    @Test func restDayWithReason() {
        let front = YAMLMap(["rest": .bool(true), "rest-reason": .string("flu")])
        let checkIn = CheckIn(day: Day("2026-11-22")!, frontMatter: front, body: "", bodyStartLine: 4)
        #expect(checkIn.rest && checkIn.restReason == "flu")
    }
}
