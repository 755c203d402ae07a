import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct GoalTemplatePlanTests {
    @Test func readsRun5kTemplate() throws {
        let document = Document(text: try #require(BuiltinTemplates.all["goals/run-5k"]))
        let plan = GoalTemplatePlan(document.frontMatter)
        #expect(plan.problems.isEmpty)
        #expect(plan.subgoals.map(\.title) == ["Run 10 minutes without stopping", "Run 20 minutes without stopping", "Run 5 km in one go"])
        #expect(plan.subgoals.map(\.dueIn) == [21, 42, 63])
        #expect(plan.subgoals[2].target == .int(5))
        #expect(plan.subgoals[2].unit == "km")
        #expect(plan.habits.map(\.title) == ["Run", "Strength training", "Walk 8000 steps"])
        #expect(plan.habits[0].every == .days([.monday, .wednesday, .friday]))
        #expect(plan.habits[0].cue == "After work, shoes by the door")
        #expect(plan.habits[1].every == .perWeek(2))
        #expect(plan.habits[2].target == .int(8000))
    }

    @Test(arguments: BuiltinTemplates.all.keys.filter { $0.hasPrefix("goals/") }.sorted())
    func everyBuiltInGoalTemplateHasAValidPlan(name: String) {
        let plan = GoalTemplatePlan(Document(text: BuiltinTemplates.all[name]!).frontMatter)
        #expect(plan.problems.isEmpty)
        #expect(!plan.subgoals.isEmpty)
        #expect(!plan.habits.isEmpty)
    }

    @Test func badItemsAreReportedAndLeftOut() {
        let text = """
        ---
        subgoals:
          - due-in: 3
          - title: Ok
            due-in: soon
          - title: Fine
        suggested-habits:
          - title: No frequency
          - title: Swim
            every: fortnightly
          - title: Walk
            every: day
            kind: maybe
        ---

        """
        let plan = GoalTemplatePlan(Document(text: text).frontMatter)
        #expect(plan.subgoals.map(\.title) == ["Fine"])
        #expect(plan.habits.map(\.title) == ["Walk"])
        #expect(plan.habits.first?.kind == nil)
        #expect(plan.problems == [
            "subgoals item 1: \"title\" is required",
            "subgoals item 2: \"due-in\" must be a whole number of days from 0 to 36500",
            "suggested-habits item 1: \"every\" is required",
            "suggested-habits item 2: unknown frequency \"fortnightly\": expected day, weekdays, weekends, [mon, wed], N/week, N/month, N in M days or every N days",
            "suggested-habits item 3: \"kind\" must be build or quit, not \"maybe\"",
        ])
    }
}
