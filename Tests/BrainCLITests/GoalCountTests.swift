import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore

/// Goals count what the person set: no placeholder milestones, a goal at its target is complete,
/// a ticked milestone carries its day, an overdue goal says so, and a subgoal lives in its parent's area.
@Suite struct GoalCountTests {
    /// The goal's entry in `brain goals --json`.
    static func entry(_ vault: TestVault, _ id: String, date: String = "2026-11-22") throws -> [String: Any] {
        let result = vault.run(["goals", "--json", "--date", date])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let goals = object?["goals"] as? [[String: Any]] ?? []
        return try #require(goals.first { $0["id"] as? String == id }, "no goal \(id) in \(result.stdout)")
    }

    @Test func aNewGoalHasNoMilestonesUntilThePersonWritesSome() throws {
        let vault = try TestVault()
        #expect(vault.run(["new", "goal", "Read 12 books", "--target", "12", "--unit", "books"]).status == 0)
        let text = try vault.read("goals/read-12-books.md")
        // The template shows the syntax inside a comment, which counts for nothing.
        #expect(text.contains("<!--"))
        var entry = try Self.entry(vault, "read-12-books")
        let parts = entry["parts"] as? [String: Any]
        #expect(parts?["milestones"] is NSNull, "\(entry)")
        #expect(vault.run("goal progress read-12-books 12").status == 0)
        entry = try Self.entry(vault, "read-12-books")
        #expect(entry["progress"] as? Double == 1)
        #expect(entry["label"] as? String == "complete")
        #expect(vault.run("goal tick read-12-books 1").stderr.contains("has no milestones"))
    }

    @Test func aGoalAtItsTargetIsCompleteWhateverItsMilestonesSay() throws {
        let vault = try TestVault()
        try vault.write("goals/first-5k.md", """
            ---
            title: Run my first 5k
            status: active
            target: 5
            current: 5
            unit: km
            ---
            ## Milestones
            - [x] Run 10 minutes
            - [ ] Run 20 minutes
            - [ ] Run 30 minutes

            """)
        let entry = try Self.entry(vault, "first-5k")
        #expect(entry["progress"] as? Double == 1)
        #expect(entry["label"] as? String == "complete")
        #expect(vault.run("goals --date 2026-11-22").stdout.contains("Run my first 5k  ████████████████████ 100 %  complete"))
    }

    @Test func tickWritesTheDayAndUndoRemovesIt() throws {
        let vault = try TestVault()
        try vault.write("goals/novel.md", """
            ---
            title: Write a novel
            status: active
            start: 2026-11-01
            due: 2027-06-30
            ---
            ## Milestones
            - [ ] Outline
            - [ ] First draft
            - [ ] Second draft
            - [ ] Send to readers

            """)
        var result = vault.run("goal tick novel 1 --date 2026-11-10")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try vault.read("goals/novel.md").contains("- [x] Outline ✅ 2026-11-10\n"))
        result = vault.run("goal tick novel First --date yesterday")
        #expect(try vault.read("goals/novel.md").contains("- [x] First draft ✅ 2026-11-21\n"))
        // Two dated milestones on different days: the pace reads them.
        let pace = try Self.entry(vault, "novel")["pace"] as? [String: Any]
        #expect(pace?["status"] as? String == "projected", "\(String(describing: pace))")
        #expect(pace?["basis"] as? String == "milestones")
        #expect((pace?["from"] as? [String: Any])?["day"] as? String == "2026-11-10")
        result = vault.run("goal tick novel 2 --undo")
        #expect(result.status == 0)
        #expect(try vault.read("goals/novel.md").contains("- [ ] First draft\n"))
        // Ticking again writes the new day, once.
        vault.run("goal tick novel 2 --date 2026-11-22")
        #expect(try vault.read("goals/novel.md").contains("- [x] First draft ✅ 2026-11-22\n"))
        #expect(TickMilestone.dated("- [x] Outline ✅ 2026-11-10  ", Day("2026-11-12")) == "- [x] Outline ✅ 2026-11-12  ")
        #expect(TickMilestone.dated("- [ ] Race ✅ 2026-11-10", nil) == "- [ ] Race")
        #expect(TickMilestone.dated("- [ ] Race on 2026-12-05", nil) == "- [ ] Race on 2026-12-05")
    }

    @Test func anOverdueGoalOrSubgoalIsShownAsOverdueInEveryView() throws {
        // A vault of goals alone, so no area's week speaks before the goal rule.
        let vault = try TestVault(sample: false)
        vault.run("init")
        try vault.write("goals/tax-return.md", """
            ---
            title: File the tax return
            status: active
            due: 2026-11-10
            ---
            - [x] Gather receipts
            - [ ] Fill the form

            """)
        try vault.write("goals/tax-form.md", """
            ---
            title: Fill the form
            status: active
            parent: "[[tax-return]]"
            due: 2026-11-20
            ---

            """)
        try vault.write("goals/on-the-day.md", """
            ---
            title: Due today
            status: active
            due: 2026-11-22
            ---

            """)
        #expect(try Self.entry(vault, "tax-return")["daysOverdue"] as? Int == 12)
        #expect(try Self.entry(vault, "tax-form")["daysOverdue"] as? Int == 2)
        #expect(try Self.entry(vault, "on-the-day")["daysOverdue"] is NSNull)
        let goals = vault.run("goals --date 2026-11-22").stdout
        #expect(goals.contains("working · overdue 12 days"), "\(goals)")
        #expect(goals.contains("overdue 2 days"))
        let coach = vault.run("coach --date 2026-11-22 --json").stdout
        #expect(coach.contains("\"goal-overdue\""), "\(coach)")
        #expect(coach.contains("File the tax return"))
        let today = vault.run("today --date 2026-11-22").stdout
        #expect(today.contains("File the tax return"), "\(today)")
        #expect(vault.run("report --out report.html --date 2026-11-22").status == 0)
        #expect(try vault.read("report.html").contains("<span class=\"warn\">overdue 12 days</span>"))
        // Done, it is no longer overdue.
        vault.run("goal tick tax-return 2")
        try vault.write("goals/tax-form.md", try vault.read("goals/tax-form.md").replacingOccurrences(of: "status: active", with: "status: done"))
        #expect(try Self.entry(vault, "tax-return")["daysOverdue"] is NSNull)
    }

    @Test func aSubgoalTakesItsParentsArea() throws {
        let vault = try TestVault()
        #expect(vault.run("new goal 'Get fit' --area health").status == 0)
        #expect(vault.run("new goal 'Run a 5k' --parent get-fit").status == 0)
        let subgoal = Document(text: try vault.read("goals/run-a-5k.md")).frontMatter
        #expect(subgoal["area"] == .string("health"))
        #expect(subgoal["parent"] == .string("[[get-fit]]"))
        // An explicit area still wins.
        #expect(vault.run("new goal 'Save for shoes' --parent get-fit --area finance").status == 0)
        #expect(Document(text: try vault.read("goals/save-for-shoes.md")).frontMatter["area"] == .string("finance"))
    }
}
