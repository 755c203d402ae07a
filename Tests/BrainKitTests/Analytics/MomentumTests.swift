import Testing
@testable import BrainKit

@Suite struct MomentumTests {
    let today = day("2026-11-22")

    func schedule(_ habit: Habit, _ pattern: String, from start: Day) -> Schedule {
        Schedule(habit: habit, history: history(start, pattern), today: today)!
    }

    @Test func oneHabitWeighsRecentDaysMore() throws {
        // Days 2, 1, 0 ago: done (w 0.88² = 0.7744), missed (w 0.88), done (w 1).
        // (0.7744 + 1) / (0.7744 + 0.88 + 1) = 1.7744 / 2.6544 = 0.668475 → strong.
        let momentum = try #require(Momentum(schedules: [schedule(Habit(id: "a"), "x.x", from: today.adding(days: -2))], today: today))
        #expect(abs(momentum.value - 0.668475) < 1e-6)
        #expect(momentum.label == .strong)
        #expect(momentum.countedDays == 3)
    }

    @Test func openTodayIsLeftOut() throws {
        // Today open: 0.7744 / (0.7744 + 0.88) = 0.468085 → flowing.
        let momentum = try #require(Momentum(schedules: [schedule(Habit(id: "a"), "x..", from: today.adding(days: -2))], today: today))
        #expect(abs(momentum.value - 0.468085) < 1e-6)
        #expect(momentum.label == .flowing)
    }

    @Test func severalHabitsShareEachDay() throws {
        // Two daily habits since yesterday; yesterday one of two done (0.5, w 0.88), today both (1, w 1).
        // (0.44 + 1) / 1.88 = 0.765957.
        let start = today.adding(days: -1)
        let momentum = try #require(Momentum(schedules: [
            schedule(Habit(id: "a"), "xx", from: start),
            schedule(Habit(id: "b", created: start), ".x", from: start),
        ], today: today))
        #expect(abs(momentum.value - 0.765957) < 1e-6)
    }

    @Test func weeklyHabitIsDueUntilItsQuotaIsMet() throws {
        // 2/week from Monday Nov 16 (today Sun 22): done Mon and Tue, so Wed–Sun are not due.
        // Counted: Mon (1, w 0.88⁶), Tue (1, w 0.88⁵) → 1.0, on fire.
        let momentum = try #require(Momentum(schedules: [schedule(Habit(id: "w", frequency: .perWeek(2)), "xx", from: day("2026-11-16"))], today: today))
        #expect(momentum.value == 1)
        #expect(momentum.countedDays == 2)
        #expect(momentum.label == .onFire)
    }

    @Test func onlyTheLast21DaysCount() throws {
        // Done 21+ days ago only, missed every day since: 0 → dormant.
        let pattern = "x" + String(repeating: ".", count: 24)
        let momentum = try #require(Momentum(schedules: [schedule(Habit(id: "a"), pattern, from: today.adding(days: -25))], today: today))
        #expect(momentum.value == 0)
        #expect(momentum.label == .dormant)
        #expect(momentum.countedDays == 20)
    }

    @Test(arguments: [(0.0, Momentum.Label.dormant), (0.19, .dormant), (0.2, .building), (0.4, .flowing), (0.6, .strong), (0.79, .strong), (0.8, .onFire), (1.0, .onFire)])
    func labelBounds(value: Double, label: Momentum.Label) {
        #expect(Momentum.Label(value) == label)
    }

    @Test func nothingDueHasNoMomentum() {
        #expect(Momentum(schedules: [], today: today) == nil)
    }
}
