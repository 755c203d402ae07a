import Testing
@testable import BrainKit

/// Expected values are Loop Habit Tracker's own (uhabits ScoreListTest), listed from today
/// backwards, and checked by hand from score = m·previous + (1−m)·value, m = 0.5^(√f/13).
@Suite struct HabitStrengthTests {
    let today = day("2026-11-22")

    /// Scores from today backwards, 0 before the first day (as Loop reports).
    func backwards(_ habit: Habit, _ history: HabitHistory, count: Int) throws -> [Double] {
        let schedule = try #require(Schedule(habit: habit, history: history, today: today))
        let scores = HabitStrength.scores(schedule)
        return (0..<count).map { n in
            let index = schedule.count - 1 - n
            return index >= 0 ? scores[index] : 0
        }
    }

    func expectClose(_ actual: [Double], _ expected: [Double], tolerance: Double = 1e-6) {
        #expect(actual.count == expected.count)
        for (a, e) in zip(actual, expected) {
            #expect(abs(a - e) < tolerance, "\(a) vs \(e)")
        }
    }

    @Test func multiplierOfADailyHabit() {
        // m = 0.5^(1/13) = e^(−0.693147/13) = e^(−0.053319) = 0.948078; 1 − m = 0.051922.
        #expect(abs(HabitStrength.multiplier(frequency: 1) - 0.948078) < 1e-6)
        #expect(abs(HabitStrength.step(previous: 0, value: 1, frequency: 1) - 0.051922) < 1e-6)
    }

    @Test func dailyHabitDoneTwentyDays() throws {
        // Day k (1-based) after k done days: 1 − m^k; 1 − m^20 = 1 − 0.5^(20/13) = 1 − 0.344253 = 0.655747.
        let history = history(today.adding(days: -19), String(repeating: "x", count: 20))
        let expected = [0.655747, 0.636894, 0.617008, 0.596033, 0.573910, 0.550574, 0.525961, 0.500000,
                        0.472617, 0.443734, 0.413270, 0.381137, 0.347244, 0.311495, 0.273788, 0.234017,
                        0.192067, 0.147820, 0.101149, 0.051922, 0, 0, 0]
        expectClose(try backwards(Habit(id: "a"), history, count: 23), expected)
    }

    @Test func skippedDaysKeepTheScore() throws {
        // Loop's test_getValueWithSkip: done 0..<20 days ago, skips 5, 10 and 11 days ago.
        var pattern = Array(repeating: Character("x"), count: 20)
        for n in [5, 10, 11] { pattern[19 - n] = "-" }
        let history = history(today.adding(days: -19), String(pattern))
        let expected = [0.596033, 0.573910, 0.550574, 0.525961, 0.500000, 0.472617, 0.472617, 0.443734,
                        0.413270, 0.381137, 0.347244, 0.347244, 0.347244, 0.311495, 0.273788, 0.234017,
                        0.192067, 0.147820, 0.101149, 0.051922, 0, 0, 0]
        expectClose(try backwards(Habit(id: "a"), history, count: 23), expected)
    }

    @Test func oneDoneDayThenASkipThenDecay() throws {
        // Loop's test_getValueWithSkip2: 0.051922 · 0.948078^k for k = 1…4 after the skip.
        let history = history(today.adding(days: -5), "x-....")
        expectClose(try backwards(Habit(id: "a"), history, count: 7),
                    [0.041949, 0.044247, 0.046670, 0.049226, 0.051922, 0.051922, 0])
    }

    @Test func nonDailyHabitWithSkips() throws {
        // Loop's test_getValueNonDailyWithSkip, frequency 6/7 (window doubled: 12 in 14 days).
        // First day: m = 0.5^(√(6/7)/13) = 0.951835, value 1/12 → 0.048165/12 = 0.004014.
        // Three days ago the last 14 counted days reach back over the 3 skipped days to the first
        // day: 12 done → value 1 → 0.226651·0.951835 + 0.048165 = 0.263899 (skips leave the window).
        var pattern = Array(repeating: Character("x"), count: 18)
        for n in [10, 11, 12] { pattern[17 - n] = "-" }
        let history = history(today.adding(days: -17), String(pattern))
        let expected = [0.365222, 0.333100, 0.299354, 0.263899, 0.226651, 0.191734, 0.159268, 0.129375,
                        0.102187, 0.077839, 0.056477, 0.056477, 0.056477, 0.056477, 0.038251, 0.023319,
                        0.011848, 0.004014, 0, 0, 0]
        expectClose(try backwards(Habit(id: "a", frequency: .inDays(times: 6, days: 7)), history, count: 21), expected)
        // A 6/week habit has the same Loop ratio, so the same score.
        expectClose(try backwards(Habit(id: "a", frequency: .perWeek(6)), history, count: 21), expected)
    }

    @Test(arguments: [
        // Loop's test_recompute: two done days. Daily: 1 − m² = 0.101149.
        (Frequency.daily, 0.101149),
        // f = 1/2: m = 0.5^(0.707107/13) = 0.962999; window 2 in 4 days.
        // Day 1: value 1/2 → 0.5·0.037001 = 0.018500; day 2: value 1 → 0.018500·0.962999 + 0.037001 = 0.054816.
        (.inDays(times: 1, days: 2), 0.054816),
        (.everyNDays(2), 0.054816),
    ])
    func twoDoneDays(frequency: Frequency, expected: Double) throws {
        let score = try #require(HabitStrength.score(habit: Habit(id: "a", frequency: frequency), history: history(today.adding(days: -1), "xx"), today: today))
        #expect(abs(score - expected) < 1e-6)
    }

    @Test func measurableAtLeast() throws {
        // Loop's numerical test_recompute, target 2, amount 2 on two days: daily 0.101149.
        let habit = Habit(id: "read", target: 2)
        let two = history(today.adding(days: -1), "xx", values: [2, 2])
        #expect(abs(try #require(HabitStrength.score(habit: habit, history: two, today: today)) - 0.101149) < 1e-6)
        // 1 in 2 days, window not doubled for measurable habits: both days value 1.
        // 1 − m² with m = 0.962999: 1 − 0.927367 = 0.072631 (Loop: 0.072631).
        var everyOther = habit
        everyOther.frequency = .inDays(times: 1, days: 2)
        #expect(abs(try #require(HabitStrength.score(habit: everyOther, history: two, today: today)) - 0.072631) < 1e-6)
        // Overachieving is capped: one day of 10000 against 2 → 0.051922.
        let huge = history(today, "x", values: [10000])
        #expect(abs(try #require(HabitStrength.score(habit: habit, history: huge, today: today)) - 0.051922) < 1e-6)
        // A done line with no amount counts as the target.
        let plain = history(today, "x")
        #expect(abs(try #require(HabitStrength.score(habit: habit, history: plain, today: today)) - 0.051922) < 1e-6)
    }

    @Test func halfTheTargetConvergesToHalf() throws {
        // Loop's shouldAchieveComparableScoreToProgress: 500 days of 1 against 2 → 0.5 (1 − m^500 ≈ 1).
        let habit = Habit(id: "read", target: 2)
        let history = history(today.adding(days: -499), String(repeating: "x", count: 500), values: Array(repeating: 1, count: 500))
        #expect(abs(try #require(HabitStrength.score(habit: habit, history: history, today: today)) - 0.5) < 1e-6)
    }

    @Test func quitHabitWithAtMostTarget() throws {
        // Loop's NumericalAtMostScoreListTest.test_getValue, target 2: one day at 1 (value 1,
        // score starts at 1 and stays 1) then 20 days at 5 (value 0): m^k; m^20 = 0.344253.
        let habit = Habit(id: "smoke", target: 2, kind: .quit)
        var values: [Double?] = [1]
        values += Array(repeating: 5, count: 20)
        let history = history(today.adding(days: -20), String(repeating: "x", count: 21), values: values)
        let expected = [0.344253, 0.363106, 0.382992, 0.403967, 0.426090, 0.449426, 0.474039, 0.500000,
                        0.527383, 0.556266, 0.586730, 0.618863, 0.652756, 0.688505, 0.726212, 0.765983,
                        0.807933, 0.852180, 0.898851, 0.948078, 1.0, 0, 0]
        expectClose(try backwards(habit, history, count: 23), expected)
    }

    @Test func atMostRecomputeAndUnderachieving() throws {
        let habit = Habit(id: "smoke", target: 2, kind: .quit)
        // Two days at 5: 1·m² = 0.898850 (Loop's test_recompute).
        let two = history(today.adding(days: -1), "xx", values: [5, 5])
        #expect(abs(try #require(HabitStrength.score(habit: habit, history: two, today: today)) - 0.898850) < 1e-5)
        var everyOther = habit
        everyOther.frequency = .inDays(times: 1, days: 2)
        // f = 1/2, window 2 days: both days value 0 → m² = 0.962999² = 0.927367 (Loop 0.927369).
        #expect(abs(try #require(HabitStrength.score(habit: everyOther, history: two, today: today)) - 0.927369) < 1e-5)
        // Loop's undereachievingIsntRelevant: yesterday a huge amount (value 0 → m = 0.948078),
        // today no line (amount 0 → value 1): 0.948078·m + (1 − m) = 0.950773.
        let once = history(today.adding(days: -1), "x.", values: [10000])
        #expect(abs(try #require(HabitStrength.score(habit: habit, history: once, today: today)) - 0.950773) < 1e-6)
    }

    @Test func restAndPausedDaysKeepTheScore() throws {
        // Rest on day 2 and a paused day 3: the score after "x r p x" equals two done days, 0.101149.
        let start = today.adding(days: -3)
        var habit = Habit(id: "a")
        habit.paused = [DayPeriod(start: start.adding(days: 2), end: start.adding(days: 2))]
        let history = history(start, "xr.x")
        #expect(abs(try #require(HabitStrength.score(habit: habit, history: history, today: today)) - 0.101149) < 1e-6)
    }

    @Test func weekdayListOffDaysStayInTheWindow() throws {
        // [mon, wed, fri]: f = 3/7, window 6 in 14. m = 0.5^(0.654654/13) = e^(−0.034906) = 0.965696.
        // Mon done: value 1/6 → 0.034304/6 = 0.005717. Tue (off, window still holds Mon): value 1/6 →
        // 0.005717·0.965696 + 0.005717 = 0.011238.
        let monday = day("2026-11-16")
        let habit = Habit(id: "a", frequency: .days([.monday, .wednesday, .friday]))
        let schedule = try #require(Schedule(habit: habit, history: history(monday, "x"), today: monday.adding(days: 1)))
        let scores = HabitStrength.scores(schedule)
        #expect(abs(scores[0] - 0.005717) < 1e-6)
        #expect(abs(scores[1] - 0.011238) < 1e-6)
    }

    @Test func noFirstDayHasNoScore() {
        #expect(HabitStrength.score(habit: Habit(id: "a"), history: HabitHistory(), today: today) == nil)
    }
}
