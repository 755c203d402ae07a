import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct NewTests {
    static let today = YAMLValue.date(Day("2026-11-22")!)

    /// The front-matter of a created file, which must parse without problems.
    static func frontMatter(_ vault: TestVault, _ path: String) throws -> YAMLMap {
        let document = Document(text: try vault.read(path))
        #expect(document.hasFrontMatter)
        #expect(document.diagnostics.isEmpty, "\(path): \(document.diagnostics)")
        return document.frontMatter
    }

    struct Case: CustomStringConvertible, Sendable {
        var line: String
        var path: String
        var keys: [String: YAMLValue]
        var description: String { line }
    }

    static let cases: [Case] = [
        Case(line: "new habit Read 20 pages --every '3x week' --target 20 --unit pages --area Learning --tag books --tag '#mind, evening'",
             path: "habits/read-20-pages.md",
             keys: ["title": .string("Read 20 pages"), "every": .string("3/week"), "target": .int(20), "unit": .string("pages"),
                    "area": .string("learning"), "tags": .list([.string("books"), .string("mind"), .string("evening")]),
                    "kind": .string("build"), "status": .string("active"), "created": today]),
        Case(line: "new habit Green tea --kind quit --target 2.5 --unit cups --every 'mon, Wed'",
             path: "habits/green-tea.md",
             keys: ["title": .string("Green tea"), "status": .string("active"), "kind": .string("quit"), "target": .double(2.5), "unit": .string("cups"),
                    "every": .list([.string("mon"), .string("wed")]), "created": today]),
        Case(line: "new goal Save money --due 2026-12-31 --parent 'Run 5 km' --area finance --target 1000 --unit EUR",
             path: "goals/save-money.md",
             keys: ["title": .string("Save money"), "due": .date(Day("2026-12-31")!), "parent": .string("[[run-5k]]"),
                    "area": .string("finance"), "target": .int(1000), "unit": .string("EUR"), "status": .string("active"),
                    "start": today, "created": today, "habits": .list([])]),
        Case(line: "new goal Later --due +10", path: "goals/later.md",
             keys: ["title": .string("Later"), "due": .date(Day("2026-12-02")!), "created": today, "start": today,
                    "status": .string("active"), "habits": .list([])]),
        Case(line: "new area Music --tag hobby", path: "areas/music.md",
             keys: ["title": .string("Music"), "weight": .int(1), "tags": .list([.string("hobby")]), "created": today,
                    "color": .string("green")]),
        Case(line: "new note Ideas for the garden", path: "notes/ideas-for-the-garden.md",
             keys: ["title": .string("Ideas for the garden"), "type": .string("note"), "created": today]),
        Case(line: "new reflection First month", path: "notes/first-month.md",
             keys: ["title": .string("First month"), "type": .string("reflection"), "created": today]),
        Case(line: "new insight Mornings work", path: "notes/mornings-work.md",
             keys: ["title": .string("Mornings work"), "type": .string("insight"), "created": today]),
        Case(line: "new note Evenings too --type insight", path: "notes/evenings-too.md",
             keys: ["title": .string("Evenings too"), "type": .string("insight"), "created": today]),
        Case(line: "new link Loop Habits FAQ --url https://loophabits.org/#faq --tag tools", path: "notes/loop-habits-faq.md",
             keys: ["title": .string("Loop Habits FAQ"), "type": .string("link"), "url": .string("https://loophabits.org/#faq"),
                    "tags": .list([.string("tools")]), "created": today]),
    ]

    @Test(arguments: cases)
    func newWritesEveryKind(_ testCase: Case) throws {
        let vault = try TestVault()
        let result = vault.run(testCase.line)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == testCase.path + "\n")
        #expect(result.stderr == "")
        let front = try Self.frontMatter(vault, testCase.path)
        for (key, value) in testCase.keys {
            #expect(front[key] == value, "\(key)")
        }
        // Nothing a template leaves empty survives as a key, and no placeholder is left.
        #expect(Set(front.keys) == Set(testCase.keys.keys))
        #expect(!(try vault.read(testCase.path)).contains("{{"))
    }

    @Test func habitFileReadsAsWritten() throws {
        let vault = try TestVault(sample: false)
        vault.run("init")
        #expect(vault.run("new habit Read 20 pages --every day --target 20 --unit pages").status == 0)
        #expect(try vault.read("habits/read-20-pages.md") == """
        ---
        title: Read 20 pages
        every: day
        kind: build
        status: active
        created: 2026-11-22
        target: 20
        unit: pages
        ---
        # Read 20 pages

        Why this habit matters to me:

        - 

        What makes it easy (cue, place, time):

        - 

        """)
    }

    @Test func titleWithColonAndQuotesStaysValidYAML() throws {
        let vault = try TestVault()
        let result = vault.run(["new", "note", #"He said: "yes" #1"#])
        #expect(result.stdout == "notes/he-said-yes-1.md\n")
        let front = try Self.frontMatter(vault, "notes/he-said-yes-1.md")
        #expect(front["title"] == .string(#"He said: "yes" #1"#))
        #expect(vault.run("validate").status == 0)
    }

    @Test func refusesToOverwrite() throws {
        let vault = try TestVault()
        let before = try vault.read("habits/read.md")
        let result = vault.run("new habit Read")
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "brain: habits/read.md already exists; not overwriting it (choose another title)\n")
        #expect(try vault.read("habits/read.md") == before)
    }

    @Test(arguments: [("../../etc/passwd", "notes/etc-passwd.md"), ("/tmp/x", "notes/tmp-x.md"),
                      ("..", "notes/untitled.md"), (".hidden", "notes/hidden.md"), ("a/../../b", "notes/a-b.md")])
    func unsafeTitlesStayInsideTheFolder(title: String, path: String) throws {
        let vault = try TestVault(sample: false)
        vault.run("init")
        let result = vault.run(["new", "note", title])
        #expect(result.status == 0)
        #expect(result.stdout == path + "\n")
        #expect(vault.exists(path))
        #expect(try Self.frontMatter(vault, path)["title"] == .string(title))
    }

    @Test func unknownKindIsAUsageErrorWithASuggestion() throws {
        let vault = try TestVault()
        let result = vault.run("new habbit Read more")
        #expect(result.status == 64)
        #expect(result.stderr.contains("did you mean habit?"))
    }

    @Test func badFrequencyIsAUsageErrorAndWritesNothing() throws {
        let vault = try TestVault()
        let result = vault.run("new habit Swim --every fortnightly")
        #expect(result.status == 64)
        #expect(result.stderr == "brain: --every: unknown frequency \"fortnightly\": expected day, weekdays, weekends, [mon, wed], N/week, N/month, N in M days or every N days\n")
        #expect(!vault.exists("habits/swim.md"))
    }

    @Test(arguments: ["new note X --every day", "new habit X --url https://x.org", "new area X --template run-5k",
                      "new goal X --kind quit", "new habit X --target lots", "new goal X --due someday", "new habit"])
    func misusedOptionsAreUsageErrors(line: String) throws {
        let vault = try TestVault()
        let result = vault.run(line)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(!vault.exists("habits/x.md") && !vault.exists("notes/x.md") && !vault.exists("goals/x.md"))
    }

    @Test func unknownParentGoalFails() throws {
        let vault = try TestVault()
        let result = vault.run("new goal Sub --parent nothing-like-it")
        #expect(result.status == 1)
        #expect(result.stderr.contains("no goal named \"nothing-like-it\""))
        #expect(!vault.exists("goals/sub.md"))
    }

    @Test func unknownAreaIsWrittenAsGivenWithAWarning() throws {
        let vault = try TestVault()
        let result = vault.run("new habit Stretch --area helth")
        #expect(result.status == 0)
        #expect(result.stderr == "warning: no area named \"helth\" (did you mean health?); writing it as given\n")
        #expect(try Self.frontMatter(vault, "habits/stretch.md")["area"] == .string("helth"))
    }

    @Test func goalTemplateWritesGoalSubgoalsAndHabits() throws {
        let vault = try TestVault(sample: false)
        vault.run("init")
        let result = vault.run(["new", "goal", "Run my first 5k", "--template", "run-5k", "--due", "+90"])
        #expect(result.status == 0)
        #expect(result.stdout == """
        goals/run-my-first-5k.md
        goals/run-10-minutes-without-stopping.md
        goals/run-20-minutes-without-stopping.md
        goals/run-5-km-in-one-go.md
        habits/run.md
        habits/strength-training.md
        habits/walk-8000-steps.md

        """)
        let goal = try Self.frontMatter(vault, "goals/run-my-first-5k.md")
        #expect(goal["title"] == .string("Run my first 5k"))
        #expect(goal["area"] == .string("health"))
        #expect(goal["due"] == .date(Day("2027-02-20")!))
        #expect(goal["target"] == .int(5))
        #expect(goal["subgoals"] == nil)
        #expect(goal["suggested-habits"] == nil)
        #expect(goal["habits"] == nil)
        #expect(!(try vault.read("goals/run-my-first-5k.md")).contains("due-in"))

        let first = try Self.frontMatter(vault, "goals/run-10-minutes-without-stopping.md")
        #expect(first["parent"] == .string("[[run-my-first-5k]]"))
        #expect(first["due"] == .date(Day("2026-12-13")!))
        #expect(first["area"] == .string("health"))
        let last = try Self.frontMatter(vault, "goals/run-5-km-in-one-go.md")
        #expect(last["target"] == .int(5))
        #expect(last["unit"] == .string("km"))

        let run = try Self.frontMatter(vault, "habits/run.md")
        #expect(run["goal"] == .string("[[run-my-first-5k]]"))
        #expect(run["every"] == .list([.string("mon"), .string("wed"), .string("fri")]))
        #expect(run["cue"] == .string("After work, shoes by the door"))
        #expect(run["area"] == .string("health"))
        #expect(run["created"] == Self.today)
        let walk = try Self.frontMatter(vault, "habits/walk-8000-steps.md")
        #expect(walk["target"] == .int(8000))
        #expect(walk["unit"] == .string("steps"))

        let validate = vault.run("validate")
        #expect(validate.status == 0, "\(validate.stdout)")
        #expect(validate.stdout == "")
    }

    @Test func goalTemplateKeepsAndLinksExistingHabits() throws {
        let vault = try TestVault()
        let before = try vault.read("habits/run.md")
        let result = vault.run(["new", "goal", "Faster 5k", "--template", "run-5k"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("habits/run.md"))
        #expect(result.stdout.contains("habits/strength-training.md\n"))
        #expect(result.stderr == "kept habits/run.md (exists); listed in the goal's habits\n")
        #expect(try vault.read("habits/run.md") == before)
        #expect(try Self.frontMatter(vault, "goals/faster-5k.md")["habits"] == .list([.string("[[run]]")]))
        #expect(vault.run("validate").status == 0)
    }

    @Test func subgoalWhoseFileExistsGetsASuffix() throws {
        let vault = try TestVault(sample: false)
        vault.run("init")
        try vault.write("goals/run-5-km-in-one-go.md", "mine\n")
        let result = vault.run(["new", "goal", "Again", "--template", "run-5k"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("goals/run-5-km-in-one-go-2.md\n"))
        #expect(try vault.read("goals/run-5-km-in-one-go.md") == "mine\n")
        #expect(try Self.frontMatter(vault, "goals/run-5-km-in-one-go-2.md")["parent"] == .string("[[again]]"))
    }

    @Test func unknownGoalTemplateSuggestsOne() throws {
        let vault = try TestVault()
        let result = vault.run("new goal X --template run5k")
        #expect(result.status == 64)
        #expect(result.stderr.contains("no goal template named \"run5k\"; did you mean run-5k?"))
    }

    @Test func vaultTemplateOverridesBuiltIn() throws {
        let vault = try TestVault(sample: false)
        vault.run("init")
        try vault.write("templates/note.md", "---\ntitle: \"{{title}}\"\nsource: \"{{nope}}\"\n---\nMine: {{title}}\n")
        let result = vault.run("new note Hello")
        #expect(result.status == 0)
        #expect(result.stderr == "templates/note.md:3:10: warning: unknown placeholder {{nope}} left as written; known: title, id, date, weekday, area, every, due, url, parent, tags\n")
        #expect(try vault.read("notes/hello.md") == "---\ntitle: Hello\nsource: \"{{nope}}\"\ncreated: 2026-11-22\n---\nMine: Hello\n")
    }

    @Test func vaultGoalTemplateIsFound() throws {
        let vault = try TestVault(sample: false)
        vault.run("init")
        try vault.write("templates/goals/marathon.md", """
        ---
        title: "{{title}}"
        subgoals:
          - title: Half marathon
            due-in: 100
        suggested-habits:
          - title: Long run
            every: 1/week
        ---

        """)
        let result = vault.run(["new", "goal", "Marathon", "--template", "marathon"])
        #expect(result.stdout == "goals/marathon.md\ngoals/half-marathon.md\nhabits/long-run.md\n")
        #expect(try Self.frontMatter(vault, "habits/long-run.md")["every"] == .string("1/week"))
    }

    @Test func jsonListsCreatedPaths() throws {
        let vault = try TestVault()
        let result = vault.run("new link Loop --url https://loophabits.org --json")
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == 1)
        #expect(object["created"] as? [String] == ["notes/loop.md"])
    }

    @Test func editRunsTheEditorOnTheNewFile() throws {
        let vault = try TestVault()
        let record = vault.root + "/edited.txt"
        vault.environment["EDITOR"] = "printf '%s' >'\(record)'"
        let result = vault.run(["new", "note", "It's here", "--edit"])
        #expect(result.status == 0)
        #expect(try String(contentsOfFile: record, encoding: .utf8) == vault.root + "/notes/it-s-here.md")
        // VISUAL wins over EDITOR.
        vault.environment["VISUAL"] = "true"
        vault.environment["EDITOR"] = "false"
        #expect(vault.run("new note Second --edit").stderr == "")
    }

    @Test func editWithoutAnEditorSaysSo() throws {
        let vault = try TestVault()
        let result = vault.run("new note Plain --edit")
        #expect(result.status == 0)
        #expect(result.stdout == "notes/plain.md\n")
        #expect(result.stderr == "not opening an editor: neither $VISUAL nor $EDITOR is set\n")
    }

    @Test func transcripts() throws {
        try Golden.check("new-habit", [
            "new habit Read 20 pages --every day --target 20 --unit pages",
            "new habit Read 20 pages",
            "new habbit Stretch",
            "new habit Swim --every fortnightly",
            "new note ../../etc/passwd",
        ], vault: TestVault())
        try Golden.check("new-goal-template", [
            "new goal 'Run my first 5k' --template run-5k --due 2027-03-01",
        ], vault: TestVault())
    }
}
