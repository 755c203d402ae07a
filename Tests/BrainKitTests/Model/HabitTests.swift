import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct HabitTests {
    @Test func readsEveryKey() throws {
        let front = YAMLMap([
            "title": .string("Read 20 pages"), "area": .string("[[learning]]"), "goal": .string("[[read-24-books]]"),
            "every": .string("3/week"), "target": .int(20), "unit": .string("pages"), "kind": .string("build"),
            "cue": .string("After coffee"), "stack": .string("morning"), "after": .string("[[wake-up|Wake]]"),
            "remind": .string("07:30"),
            "auto": .map(YAMLMap(["source": .string("health"), "metric": .string("steps"), "at-least": .int(8000)])),
            "status": .string("paused"), "paused": .list([.string("2026-03-01..2026-03-14"), .string("2026-11-01..")]),
            "archived": .date(Day("2027-01-01")!), "created": .date(Day("2026-01-03")!),
            "tags": .string("#mind, focus"), "pinned": .bool(true), "weight": .double(2.5), "aliases": .string("reading"),
        ])
        let habit = Habit(id: "read", frontMatter: front, bodyTitle: "Ignored")
        #expect(habit.issues == [])
        #expect(habit.title == "Read 20 pages")
        #expect(habit.area == "learning")
        #expect(habit.goals == ["read-24-books"])
        #expect(habit.frequency == .perWeek(3))
        #expect(habit.target == 20 && habit.unit == "pages" && habit.kind == .build)
        #expect(habit.after == "wake-up" && habit.remind == "07:30" && habit.stack == "morning" && habit.cue == "After coffee")
        #expect(habit.auto == AutoRule(source: "health", metric: "steps", atLeast: 8000))
        #expect(habit.status == .paused)
        #expect(habit.paused == [DayPeriod(start: Day("2026-03-01")!, end: Day("2026-03-14")!), DayPeriod(start: Day("2026-11-01")!)])
        #expect(habit.archived == Day("2027-01-01") && habit.created == Day("2026-01-03"))
        #expect(habit.tags == ["mind", "focus"] && habit.pinned && habit.weight == 2.5 && habit.aliases == ["reading"])
    }

    @Test func titleFallsBackToHeadingThenId() {
        #expect(Habit(id: "read", frontMatter: YAMLMap(), bodyTitle: "Reading").title == "Reading")
        #expect(Habit(id: "read", frontMatter: YAMLMap(), bodyTitle: nil).title == "read")
        #expect(Habit(id: "read", frontMatter: YAMLMap(["title": .string("  ")]), bodyTitle: nil).title == "read")
    }

    @Test func badValuesBecomeIssuesAndDefaults() {
        let front = YAMLMap([
            "every": .string("fortnightly"), "target": .string("lots"), "kind": .string("stop"), "remind": .string("7.30"),
            "status": .string("sleeping"), "paused": .list([.string("2026-03-14..2026-03-01")]), "created": .string("yesterday"),
            "pinned": .int(3), "weight": .int(-1), "auto": .map(YAMLMap(["source": .string("fitbit")])),
        ])
        let habit = Habit(id: "x", frontMatter: front, bodyTitle: nil)
        #expect(habit.frequency == .daily && habit.target == nil && habit.kind == .build && habit.remind == nil)
        #expect(habit.status == .active && habit.paused.isEmpty && habit.created == nil && !habit.pinned && habit.weight == 1)
        #expect(habit.auto == nil)
        #expect(Set(habit.issues.map(\.key)) == ["every", "target", "kind", "remind", "status", "paused", "created", "pinned", "weight", "auto"])
        #expect(habit.issues.first?.message.hasPrefix("unknown frequency \"fortnightly\"") == true)
        // A flag that is none (pinned: 3) is a warning; the other bad values are errors.
        #expect(habit.issues.allSatisfy { $0.severity == ($0.key == "pinned" ? .warning : .error) })
    }

    /// Issue 15, fix 1: numbers a file holds are finite and at most 10^12, so sums over years of
    /// check-ins can neither overflow nor turn into infinities and NaNs.
    @Test(arguments: [YAMLValue.double(.infinity), .double(-.infinity), .double(.nan), .double(1e300), .string("1e13"), .int(Int.max)])
    func hugeOrNonFiniteNumbersAreIssues(value: YAMLValue) {
        let habit = Habit(id: "x", frontMatter: YAMLMap(["target": value, "weight": value]), bodyTitle: nil)
        #expect(habit.target == nil && habit.weight == 1)
        #expect(Set(habit.issues.map(\.key)) == ["target", "weight"])
        #expect(habit.issues.allSatisfy { $0.message.contains("10^12") })
    }

    @Test func hugeValuesOnAHabitLineAreNotValues() {
        #expect(HabitLine.parse("- [x] [[read]] 999999999999999999999999 pages", lineNumber: 1)?.value == nil)
        #expect(HabitLine.parse("- [x] [[read]] 1000000000000 pages", lineNumber: 1)?.value == 1e12)
    }

    @Test func linksNormalise() {
        #expect(LinkTarget.normalize("[[health]]") == "health")
        #expect(LinkTarget.normalize(" health ") == "health")
        #expect(LinkTarget.normalize("[[Run 5k|the run]]") == "Run 5k")
        #expect(LinkTarget.normalize("[[]]") == nil)
        #expect(LinkTarget.key("[[Health]]") == "health")
    }

    @Test func goalAreaNoteRead() {
        let goal = Goal(id: "run-5k", frontMatter: YAMLMap([
            "parent": .string("[[fitness]]"), "status": .string("done"), "start": .string("2026-01-01"), "due": .date(Day("2026-06-01")!),
            "target": .int(5), "current": .double(2.5), "unit": .string("km"), "habits": .list([.string("[[run]]"), .string("stretch")]),
        ]), bodyTitle: "Run a 5k")
        #expect(goal.title == "Run a 5k" && goal.parent == "fitness" && goal.status == .done)
        #expect(goal.start == Day("2026-01-01") && goal.due == Day("2026-06-01") && goal.target == 5 && goal.current == 2.5)
        #expect(goal.habits == ["run", "stretch"] && goal.issues.isEmpty)

        let area = Area(id: "health", frontMatter: YAMLMap(["weight": .int(2), "identity": .string("I move"), "color": .string("#12zz45")]), bodyTitle: nil)
        #expect(area.weight == 2 && area.identity == "I move" && area.issues.map(\.severity) == [.warning])

        let note = Note(id: "n", frontMatter: YAMLMap(["type": .string("Insight"), "tags": .list([.string("#a"), .string("b")])]), bodyTitle: nil)
        #expect(note.type == .insight && note.tags == ["a", "b"] && note.issues.isEmpty)
        let bad = Note(id: "n", frontMatter: YAMLMap(["type": .string("memo")]), bodyTitle: nil)
        #expect(bad.type == .note && bad.issues.first?.message == "unknown type \"memo\": expected note, reflection, insight, link")
    }

    /// A choice is read whatever blanks surround it (a quoted value keeps them), Unicode spaces
    /// such as a no-break space included; a value with no blank at either end is taken as it is.
    @Test func aChoiceIsTrimmedOfBlanks() {
        for (written, type) in [("Insight", NoteType.insight), (" insight ", .insight), ("\tinsight", .insight),
                                ("reflection\u{00A0}", .reflection), ("\u{2003}Note", .note)] {
            let note = Note(id: "n", frontMatter: YAMLMap(["type": .string(written)]), bodyTitle: nil)
            #expect(note.type == type && note.issues.isEmpty, "\(written.debugDescription)")
        }
        let inside = Note(id: "n", frontMatter: YAMLMap(["type": .string("in sight")]), bodyTitle: nil)
        #expect(inside.issues.count == 1)
    }
}
