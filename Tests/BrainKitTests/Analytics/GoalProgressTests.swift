import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct GoalProgressTests {
    let milestones = [TaskItem(state: .done, text: "a", line: 1), TaskItem(state: .done, text: "b", line: 2),
                      TaskItem(state: .done, text: "c", line: 3), TaskItem(state: .open, text: "d", line: 4),
                      TaskItem(state: .skipped, text: "e", line: 5)]

    @Test func progressIsTheMeanOfItsPartsAndHabitsAreEffort() throws {
        // Subgoals [1.0] → 1.0; milestones 3 of 4 (the cancelled one left out) → 0.75; measurable
        // 2.5 / 5 → 0.5. Mean = 2.25 / 3 = 0.75 → working. The habits' [1.0, 0.5] → 0.75 is effort.
        let goal = Goal(id: "g", start: day("2026-01-01"), due: day("2026-02-01"), target: 5, current: 2.5)
        let progress = GoalProgress(goal: goal, subgoalProgress: [1.0], milestones: milestones, habitRates: [1.0, 0.5], today: day("2026-01-31"))
        #expect(progress.subgoals == 1.0 && progress.milestones == 0.75 && progress.measurable == 0.5)
        #expect(progress.effort == 0.75)
        #expect(progress.value == 0.75)
        #expect(progress.label == .working)
    }

    @Test func nothingDoneIsNothingDoneHoweverHardTheHabitsWork() throws {
        // 0 of 5 km and 0 of 5 milestones with every linked habit at 100 %: progress 0, no pace.
        let goal = Goal(id: "run", start: day("2026-09-01"), due: day("2026-12-31"), target: 5, current: 0)
        let open = (1...5).map { TaskItem(state: .open, text: "m\($0)", line: $0) }
        let progress = GoalProgress(goal: goal, subgoalProgress: [], milestones: open, habitRates: [1, 1, 0.9], today: day("2026-11-22"))
        #expect(progress.value == 0)
        #expect(abs(try #require(progress.effort) - 2.9 / 3) < 1e-12)
        #expect(progress.pace == nil)
        #expect(progress.paceStatus == .notEnoughData)
    }

    @Test func paceComesFromTheRecordedValues() throws {
        // 1000 on Sep 25, 1850 on Nov 20; today Nov 22: 850 in 58 days since the first record =
        // 14.655 a day; 1150 to go → ceil(78.47) = 79 days → Feb 9 2027; due Mar 31 → 50 days early.
        let goal = Goal(id: "fund", due: day("2027-03-31"), target: 3000, current: 1850)
        let log = ProgressLog(points: [.init(day: day("2026-09-25"), value: 1000), .init(day: day("2026-10-25"), value: 1450),
                                       .init(day: day("2026-11-20"), value: 1850)])
        let progress = GoalProgress(goal: goal, subgoalProgress: [], milestones: [], habitRates: [], log: log, today: day("2026-11-22"))
        let pace = try #require(progress.pace)
        #expect(progress.paceStatus == .projected)
        #expect(pace.basis == .measurable && pace.daysElapsed == 58)
        #expect(abs(pace.ratePerDay - 850.0 / 58) < 1e-12)
        #expect(pace.projectedFinish == day("2027-02-09"))
        #expect(pace.daysLate == -50)
    }

    @Test func oneRecordIsNotEnoughAndNoGainIsStalled() throws {
        let goal = Goal(id: "fund", due: day("2027-03-31"), target: 3000, current: 1850)
        let one = ProgressLog(points: [.init(day: day("2026-11-20"), value: 1850)])
        #expect(GoalProgress(goal: goal, subgoalProgress: [], milestones: [], habitRates: [], log: one, today: day("2026-11-22")).paceStatus == .notEnoughData)
        let flat = ProgressLog(points: [.init(day: day("2026-10-20"), value: 1850), .init(day: day("2026-11-20"), value: 1850)])
        let stalled = GoalProgress(goal: goal, subgoalProgress: [], milestones: [], habitRates: [], log: flat, today: day("2026-11-22"))
        #expect(stalled.paceStatus == .stalled)
        #expect(stalled.pace?.projectedFinish == nil && stalled.pace?.daysLate == nil)
    }

    @Test func datedMilestonesGiveAPace() throws {
        // 4 milestones, done on Oct 19 and Nov 9 (dated), today Nov 22: 0.25 → 0.5 over 34 days since
        // Oct 19 = 0.25/34 a day; 0.5 to go → 68 days → Jan 29 2027; due Nov 30 → 60 days late.
        let items = [TaskItem(state: .done, text: "12 minutes ✅ 2026-10-19", line: 1),
                     TaskItem(state: .done, text: "15 minutes (2026-11-09)", line: 2),
                     TaskItem(state: .open, text: "18 minutes", line: 3), TaskItem(state: .open, text: "20 minutes", line: 4)]
        let goal = Goal(id: "run20", due: day("2026-11-30"))
        let progress = GoalProgress(goal: goal, subgoalProgress: [], milestones: items, habitRates: [], today: day("2026-11-22"))
        let pace = try #require(progress.pace)
        #expect(pace.basis == .milestones)
        #expect(pace.projectedFinish == day("2027-01-29"))
        #expect(pace.daysLate == 60)
    }

    @Test func theLogIsReadFromTheProgressSection() {
        let body = """
        # Fund

        - 2026-01-01: 99 EUR (not under the heading)

        ## Progress
        - 2026-09-25: 1000 EUR
        * 2026-10-25 1450
        - a note without a date
        - 2026-10-25: 1500 EUR — the second line of a day wins
        ### Details
        - 2026-11-01: 1600 (a subsection still counts)

        ## Notes
        - 2026-11-20: 5000
        """
        let log = ProgressLog(body: body)
        #expect(log.points == [.init(day: day("2026-09-25"), value: 1000), .init(day: day("2026-10-25"), value: 1500),
                               .init(day: day("2026-11-01"), value: 1600)])
        #expect(ProgressLog.line(day: day("2026-11-22"), value: 1, unit: "books") == "- 2026-11-22: 1 book")
    }

    @Test(arguments: [(0.79, GoalProgress.Label.working), (0.8, .almostThere), (0.99, .almostThere), (1.0, .complete)])
    func labelBounds(value: Double, label: GoalProgress.Label) {
        let goal = Goal(id: "g", target: 100, current: value * 100)
        #expect(GoalProgress(goal: goal, subgoalProgress: [], milestones: [], habitRates: [], today: day("2026-01-01")).label == label)
    }

    @Test func doneStatusIsCompleteAndNoPartsIsNil() {
        let done = GoalProgress(goal: Goal(id: "g", status: .done), subgoalProgress: [], milestones: [], habitRates: [], today: day("2026-01-01"))
        #expect(done.label == .complete && done.value == 1)
        let empty = GoalProgress(goal: Goal(id: "g", due: day("2026-02-01")), subgoalProgress: [], milestones: [], habitRates: [1], today: day("2026-01-01"))
        #expect(empty.value == nil && empty.label == .working && empty.pace == nil && empty.paceStatus == .none)
    }
}
