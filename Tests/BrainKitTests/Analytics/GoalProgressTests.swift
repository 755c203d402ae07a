import Testing
@testable import BrainKit

@Suite struct GoalProgressTests {
    @Test func meanOfThePartsAndPace() throws {
        // Subgoals [1.0] → 1.0; milestones 3 of 4 (the cancelled one left out) → 0.75;
        // habits [1.0, 0.5] → 0.75; measurable 2.5 / 5 → 0.5. Mean = 3.0 / 4 = 0.75 → working.
        let goal = Goal(id: "g", start: day("2026-01-01"), due: day("2026-02-01"), target: 5, current: 2.5)
        let milestones = [TaskItem(state: .done, text: "a", line: 1), TaskItem(state: .done, text: "b", line: 2),
                          TaskItem(state: .done, text: "c", line: 3), TaskItem(state: .open, text: "d", line: 4),
                          TaskItem(state: .skipped, text: "e", line: 5)]
        let progress = GoalProgress(goal: goal, subgoalProgress: [1.0], milestones: milestones, habitRates: [1.0, 0.5], today: day("2026-01-31"))
        #expect(progress.subgoals == 1.0 && progress.milestones == 0.75 && progress.habits == 0.75 && progress.measurable == 0.5)
        #expect(progress.value == 0.75)
        #expect(progress.label == .working)
        // 30 days elapsed, 0.75 / 30 = 0.025 a day; 0.25 left → 10 days → Feb 10, 9 days after Feb 1.
        let pace = try #require(progress.pace)
        #expect(pace.daysElapsed == 30)
        #expect(pace.projectedFinish == day("2026-02-10"))
        #expect(pace.daysLate == 9)
    }

    @Test func earlyPaceIsNegative() throws {
        // 10 days in, half done: 0.05 a day, 10 more days → Jan 21; due Jan 31 → −10.
        let goal = Goal(id: "g", start: day("2026-01-01"), due: day("2026-01-31"), target: 10, current: 5)
        let progress = GoalProgress(goal: goal, subgoalProgress: [], milestones: [], habitRates: [], today: day("2026-01-11"))
        #expect(progress.value == 0.5)
        #expect(try #require(progress.pace).daysLate == -10)
    }

    @Test(arguments: [(0.79, GoalProgress.Label.working), (0.8, .almostThere), (0.99, .almostThere), (1.0, .complete)])
    func labelBounds(value: Double, label: GoalProgress.Label) {
        let goal = Goal(id: "g", target: 100, current: value * 100)
        #expect(GoalProgress(goal: goal, subgoalProgress: [], milestones: [], habitRates: [], today: day("2026-01-01")).label == label)
    }

    @Test func doneStatusIsCompleteAndNoPartsIsNil() {
        let done = GoalProgress(goal: Goal(id: "g", status: .done), subgoalProgress: [], milestones: [], habitRates: [], today: day("2026-01-01"))
        #expect(done.label == .complete && done.value == 1)
        let empty = GoalProgress(goal: Goal(id: "g", due: day("2026-02-01")), subgoalProgress: [], milestones: [], habitRates: [], today: day("2026-01-01"))
        #expect(empty.value == nil && empty.label == .working && empty.pace == nil)
    }
}
