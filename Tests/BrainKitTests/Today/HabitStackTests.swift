import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct HabitStackTests {
    func habit(_ id: String, stack: String?, after: String?, title: String? = nil) -> Habit {
        var habit = Habit(id: id, title: title)
        habit.stack = stack
        habit.after = after
        return habit
    }

    @Test func aChainFollowsAfterWhateverOrderTheFilesComeIn() {
        let habits = [
            habit("journal", stack: "morning", after: "meditate"),
            habit("drink-water", stack: "morning", after: "wake-up"),
            habit("meditate", stack: "morning", after: "drink-water"),
        ]
        let stacks = HabitStack.stacks(of: habits)
        #expect(stacks.count == 1)
        #expect(stacks[0].name == "morning")
        #expect(stacks[0].anchor == "wake-up")
        #expect(stacks[0].steps.map(\.id) == ["drink-water", "meditate", "journal"])
        #expect(stacks[0].steps.allSatisfy { !$0.inCycle })
    }

    @Test func habitsWithoutAStackAreLeftOutAndStacksComeInTheOrderOfTheDay() {
        let habits = [
            habit("read", stack: nil, after: nil),
            habit("tea", stack: "Evening", after: "dinner"),
            habit("water", stack: "morning", after: "wake-up"),
            habit("floss", stack: "evening", after: "tea"),
        ]
        let stacks = HabitStack.stacks(of: habits)
        // "Evening" and "evening" are one stack, named as first written; the morning comes first.
        #expect(stacks.map(\.name) == ["morning", "Evening"])
        #expect(stacks[1].steps.map(\.id) == ["tea", "floss"])
        #expect(stacks[1].anchor == "dinner")
        #expect(stacks[0].steps.map(\.id) == ["water"])
    }

    /// Step 16, point 9: a stack's time is its earliest reminder, else its name's part of the day;
    /// stacks whose time nothing tells come last, by name.
    @Test func aStacksTimeIsItsEarliestReminderElseItsName() {
        var gym = habit("gym", stack: "Training", after: nil)
        gym.remind = "06:15"
        let habits = [
            habit("floss", stack: "bedtime", after: nil), habit("plan", stack: "desk", after: nil),
            habit("walk", stack: "lunch walk", after: nil), habit("water", stack: "morning", after: nil), gym,
            habit("cook", stack: "Evening", after: nil), habit("stretch", stack: "afternoon", after: nil),
        ]
        #expect(HabitStack.stacks(of: habits).map(\.name) == ["Training", "morning", "lunch walk", "afternoon", "Evening", "bedtime", "desk"])
    }

    @Test func branchesAfterOneStepComeInTitleOrderEachFollowedByItsOwnChain() {
        let habits = [
            habit("z-stretch", stack: "s", after: "coffee", title: "Stretch"),
            habit("coffee", stack: "s", after: "wake-up", title: "Coffee"),
            habit("plan", stack: "s", after: "coffee", title: "Plan the day"),
            habit("email", stack: "s", after: "plan", title: "Email"),
        ]
        let steps = HabitStack.stacks(of: habits)[0].steps.map(\.id)
        // coffee → (Plan the day → Email), then Stretch: depth first, siblings by title.
        #expect(steps == ["coffee", "plan", "email", "z-stretch"])
    }

    @Test func aCycleIsPlacedOnceEachWithoutHanging() {
        let habits = [
            habit("b", stack: "loop", after: "a"),
            habit("a", stack: "loop", after: "c"),
            habit("c", stack: "loop", after: "b"),
        ]
        let stack = HabitStack.stacks(of: habits)[0]
        // No first step: start from the lowest title (a), then what follows it: b, then c.
        #expect(stack.steps.map(\.id) == ["a", "b", "c"])
        #expect(stack.steps.allSatisfy { $0.inCycle })
        #expect(stack.anchor == nil)
    }

    @Test func aCycleBesideAProperChainKeepsTheChainFirst() {
        let habits = [
            habit("x", stack: "s", after: "y"),
            habit("y", stack: "s", after: "x"),
            habit("first", stack: "s", after: "wake-up"),
            habit("self", stack: "s", after: "self"),
        ]
        let stack = HabitStack.stacks(of: habits)[0]
        // "self" after itself counts as a first step with no anchor; roots by title: first, self.
        #expect(stack.steps.map(\.id) == ["first", "self", "x", "y"])
        #expect(stack.steps.map(\.inCycle) == [false, false, true, true])
        #expect(stack.anchor == "wake-up")
    }

    @Test func anAfterNamingAHabitOfAnotherStackIsAnAnchor() {
        let habits = [
            habit("water", stack: "morning", after: "wake-up"),
            habit("walk", stack: "evening", after: "water"),
        ]
        let stacks = HabitStack.stacks(of: habits)
        #expect(stacks[1].name == "evening")
        #expect(stacks[1].anchor == "water")
        #expect(stacks[1].steps.map(\.id) == ["walk"])
    }
}
