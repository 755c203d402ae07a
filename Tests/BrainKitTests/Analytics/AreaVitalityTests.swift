import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct AreaVitalityTests {
    let today = day("2026-11-22")

    @Test func weightedConsistencyAndIdentity() throws {
        let start = today.adding(days: -6)
        // a: weight 1, 7 of 7 → 1.0. b: weight 3, done 3 of the 6 past days, today open → 3/6 = 0.5.
        // health = (1·1 + 3·0.5) / 4 = 0.625 → fading. work: c all done → 1.0 → thriving. learning: no habits → resting.
        let a = Habit(id: "a", area: "[[health]]")
        let b = Habit(id: "b", area: "Health", weight: 3)
        let c = Habit(id: "c", area: "work")
        let schedules = try [
            #require(Schedule(habit: a, history: history(start, "xxxxxxx"), today: today)),
            #require(Schedule(habit: b, history: history(start, "x.x.x.o"), today: today)),
            #require(Schedule(habit: c, history: history(start, "xxxxxxx"), today: today)),
        ]
        let areas = [Area(id: "health", weight: 2), Area(id: "work"), Area(id: "learning")]
        let vitality = AreaVitality.compute(areas: areas, schedules: schedules)
        #expect(vitality.map(\.label) == [.fading, .thriving, .resting])
        #expect(vitality[0].consistency == 0.625)
        // Identity: (2·0.625 + 1·1.0) / 3 = 0.75; learning rests and is left out.
        #expect(AreaVitality.identityScore(vitality, areas: areas) == 0.75)
    }

    @Test(arguments: [(0.70, AreaVitality.Label.thriving), (0.69, .fading), (0.30, .fading), (0.29, .dormant), (0.0, .dormant)])
    func labelBounds(value: Double, label: AreaVitality.Label) {
        #expect(AreaVitality(area: "x", consistency: value).label == label)
    }

    @Test func allRestingHasNoIdentityScore() {
        #expect(AreaVitality.identityScore([AreaVitality(area: "x", consistency: nil)], areas: []) == nil)
    }
}
