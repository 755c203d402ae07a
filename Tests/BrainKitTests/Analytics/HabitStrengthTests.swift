import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Expected values are Loop Habit Tracker's own, listed from today backwards: either from its
/// ScoreListTest, or printed by its released `ScoreList.recompute` (uhabits 2.3.1, unchanged on
/// `dev`) run on the same history, with a skip (`[-]`, and a rest or paused day not done) entered
/// as Loop's SKIP. Several are checked by hand from score = m·previous + (1−m)·value, m = 0.5^(√f/13).
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

    @Test func sixInSevenWithSkipsInTheWindow() throws {
        // 6/7 (window doubled: 12 in 14 days), done 18 days with skips 10, 11 and 12 days ago.
        // First day: m = 0.5^(√(6/7)/13) = 0.951835, value 1/12 → 0.048165/12 = 0.004014.
        // The skips keep the score and stay in the window as not done, so three days ago the last
        // 14 calendar days hold 11 done: 0.226651·m + (1 − m)·11/12 = 0.259885 (not 0.263899, which
        // dropping the skips from the window would give). Loop's released code: 0.350290 today.
        var pattern = Array(repeating: Character("x"), count: 18)
        for n in [10, 11, 12] { pattern[17 - n] = "-" }
        let history = history(today.adding(days: -17), String(pattern))
        let expected = [0.350290, 0.321630, 0.291519, 0.259885, 0.226651, 0.191734, 0.159268, 0.129375,
                        0.102187, 0.077839, 0.056477, 0.056477, 0.056477, 0.056477, 0.038251, 0.023319,
                        0.011848, 0.004014, 0, 0, 0]
        expectClose(try backwards(Habit(id: "a", frequency: .inDays(times: 6, days: 7)), history, count: 21), expected)
        // A 6/week habit has the same Loop ratio, so the same score.
        expectClose(try backwards(Habit(id: "a", frequency: .perWeek(6)), history, count: 21), expected)
    }

    @Test func threeAWeekWithASkipInTheWindow() throws {
        // 3/week done Mon, Wed, Fri for three weeks, the second Friday skipped (Loop: 3/7, window 6 in 14).
        let history = history(today.adding(days: -20), "x.x.x..x.x.-..x.x.x..")
        let expected = [0.346753, 0.329469, 0.311570, 0.293036, 0.273844, 0.253970, 0.233390, 0.212079,
                        0.190011, 0.167159, 0.167159, 0.143495, 0.118991, 0.099536, 0.079391, 0.064450,
                        0.048978, 0.032957, 0.022287, 0.011238, 0.005717]
        expectClose(try backwards(Habit(id: "a", frequency: .perWeek(3)), history, count: 21), expected)
        expectClose(try backwards(Habit(id: "a", frequency: .inDays(times: 3, days: 7)), history, count: 21), expected)
    }

    @Test(arguments: [Frequency.perWeek(7), .inDays(times: 2, days: 2), .inDays(times: 5, days: 5),
                      .days(Set(Weekday.allCases))])
    func aQuotaOfEveryDayIsDaily(frequency: Frequency) throws {
        // Loop reduces N = D to 1/1: 7/week with one miss three days ago scores as a daily habit.
        #expect(frequency.loopRatio == (1, 1))
        let history = history(today.adding(days: -13), "xxxxxxxxxx.xxx")
        let expected = [0.481714, 0.453329, 0.423390, 0.391812, 0.413270, 0.381137, 0.347244, 0.311495,
                        0.273789, 0.234017, 0.192067, 0.147820, 0.101149, 0.051922]
        expectClose(try backwards(Habit(id: "a", frequency: frequency), history, count: 14), expected)
    }

    @Test func twoInTwoDaysWithAMiss() throws {
        // 2 in 2 days is 1/1 in Loop: a miss five days ago costs what it costs a daily habit.
        let history = history(today.adding(days: -9), "xxxx.xxxxx")
        expectClose(try backwards(Habit(id: "a", frequency: .inDays(times: 2, days: 2)), history, count: 10),
                    [0.373498, 0.339187, 0.302997, 0.264825, 0.224562, 0.182094, 0.192067, 0.147820, 0.101149, 0.051922])
    }

    @Test(arguments: [30, 31])
    func aMonthlyQuotaOfEveryDayReachesFull(quota: Int) throws {
        // N ≥ 30 a month is 1/1 (Loop's picker stores 1/1 for N ≥ D): 40 done days give 1 − m^40 =
        // 1 − 0.5^(40/13) = 0.881490, and a year of them passes 0.999 instead of stopping at 30/31.
        #expect(Frequency.perMonth(quota).loopRatio == (1, 1))
        let habit = Habit(id: "a", frequency: .perMonth(quota))
        expectClose(try backwards(habit, history(today.adding(days: -39), String(repeating: "x", count: 40)), count: 3),
                    [0.881490, 0.875000, 0.868154])
        let year = try #require(HabitStrength.score(habit: habit, history: history(today.adding(days: -364), String(repeating: "x", count: 365)), today: today))
        #expect(year > 0.999)
    }

    @Test func measurableWithSkips() throws {
        // Loop's NumericalAtLeastScoreListWithSkipTest.test_getValue: target 2, amount 2 on every
        // day but two skips (15 and 10 days ago); each skip keeps the score.
        let pattern = String(repeating: "x", count: 4) + "-" + String(repeating: "x", count: 4) + "-" + String(repeating: "x", count: 10)
        let history = history(today.adding(days: -19), pattern, values: Array(repeating: 2, count: 20))
        let expected = [0.617008, 0.596033, 0.573910, 0.550574, 0.525961, 0.500000, 0.472617, 0.443734,
                        0.413270, 0.381137, 0.347244, 0.347244, 0.311495, 0.273788, 0.234017, 0.192067,
                        0.192067, 0.147820, 0.101149, 0.051922, 0, 0, 0]
        expectClose(try backwards(Habit(id: "read", target: 2), history, count: 23), expected)
    }

    @Test func weeklyMeasurableWithASkip() throws {
        // 1/week, at least 5 (Loop: 1/7, target 5, not doubled): 5, 6, 4 and 5 a week apart, a skip
        // in the second week. The skip keeps the score and adds Loop's 0.003 units to the window.
        var values = [Double?](repeating: nil, count: 25)
        values[0] = 5; values[7] = 6; values[14] = 4; values[21] = 5
        let history = history(today.adding(days: -24), "x......x...-..x......x...", values: values)
        let expected = [0.359244, 0.346200, 0.332891, 0.319310, 0.305454, 0.295386, 0.285114, 0.274632,
                        0.263925, 0.253000, 0.241852, 0.230477, 0.214812, 0.198828, 0.198828, 0.182518,
                        0.165877, 0.148897, 0.131570, 0.113892, 0.095853, 0.077447, 0.058667, 0.039504, 0.019951]
        expectClose(try backwards(Habit(id: "walk", frequency: .perWeek(1), target: 5), history, count: 25), expected)
    }

    @Test func atMostWithSkips() throws {
        // A quit habit, at most 2: amounts 1, 3, 2, skip, 5, 1, 0, skip, 2, 4 (oldest first).
        let values: [Double?] = [1, 3, 2, nil, 5, 1, 0, nil, 2, 4]
        let daily = history(today.adding(days: -9), "xxx-xxx-xx", values: values)
        expectClose(try backwards(Habit(id: "coffee", target: 2, kind: .quit), daily, count: 10),
                    [0.887274, 0.935867, 0.932354, 0.932354, 0.928650, 0.924742, 0.975387, 0.975387, 0.974039, 1.0])
        // 1/week (Loop 1/7, at most 2 in the last 7 days), days without a line holding 0.
        let weekly = history(today.adding(days: -9), "xx.-xx.x-x", values: [1, 3, nil, nil, 5, 1, nil, 0, nil, 4])
        expectClose(try backwards(Habit(id: "coffee", frequency: .perWeek(1), target: 2, kind: .quit), weekly, count: 10),
                    [0.868430, 0.886108, 0.886108, 0.904147, 0.922553, 0.941333, 0.960496, 0.960496, 0.980049, 1.0])
    }

    @Test func restAndPausedDaysAreSkipsUnlessDone() throws {
        // A rest day (or a paused day) without the habit done is Loop's SKIP; done on it, it counts.
        let start = today.adding(days: -8)
        let rest = [0.094387, 0.074059, 0.058929, 0.043261, 0.032957, 0.022287, 0.022287, 0.011238, 0.005717]
        let habit = Habit(id: "a", frequency: .perWeek(3))
        expectClose(try backwards(habit, history(start, "x.xr..x.x"), count: 9), rest)
        var paused = habit
        paused.paused = [DayPeriod(start: start.adding(days: 3), end: start.adding(days: 3))]
        expectClose(try backwards(paused, history(start, "x.x...x.x"), count: 9), rest)
        let doneOnRest = history(start, "x.xx..x.x", extraRest: [start.adding(days: 3)])
        expectClose(try backwards(habit, doneOnRest, count: 9),
                    [0.134841, 0.110029, 0.090257, 0.069782, 0.054499, 0.038674, 0.022287, 0.011238, 0.005717])
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
        // Rest on day 2 and a paused day 3 of a daily habit: both keep the score, and a daily window
        // is one day long, so "x r p x" equals two done days, 0.101149.
        let start = today.adding(days: -3)
        var habit = Habit(id: "a")
        habit.paused = [DayPeriod(start: start.adding(days: 2), end: start.adding(days: 2))]
        let history = history(start, "xr.x")
        #expect(abs(try #require(HabitStrength.score(habit: habit, history: history, today: today)) - 0.101149) < 1e-6)
    }

    @Test func weekdaysHabit() throws {
        // weekdays is 5/7 (window 10 in 14): Mon–Fri done, the weekend off, then Mon–Wed, Fri.
        let monday = day("2026-11-09")
        let schedule = try #require(Schedule(habit: Habit(id: "a", frequency: .weekdays),
                                             history: history(monday, "xxxxx..xxx.x"), today: monday.adding(days: 11)))
        expectClose(HabitStrength.scores(schedule).reversed(),
                    [0.234457, 0.203780, 0.176298, 0.147549, 0.122085, 0.100056, 0.081621, 0.062337, 0.042163,
                     0.025669, 0.013025, 0.004406])
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

    /// The cases of `Fixtures/loop/scores.txt`: Loop's released code run on random histories of every kind of frequency.
    static let loopCases: [String] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/loop/scores.txt")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
    }()

    @Test func theFixtureHasEveryKindOfHabit() {
        #expect(Self.loopCases.count == 38)
    }

    @Test(arguments: loopCases)
    func matchesLoopsReleasedScores(_ line: String) throws {
        let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        try #require(fields.count == 6)
        let frequency = try Frequency(parsing: fields[0])
        let target = Double(fields[1])
        let pattern = fields[3]
        let values: [Double?] = fields[4] == "-" ? [] : fields[4].split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        let expected = fields[5].split(separator: " ").compactMap { Double($0) }
        try #require(expected.count == pattern.count)
        let habit = Habit(id: "h", frequency: frequency, target: target, kind: fields[2] == "quit" ? .quit : .build)
        let start = day("2026-01-01")
        let schedule = try #require(Schedule(habit: habit, history: history(start, pattern, values: values),
                                             today: start.adding(days: pattern.count - 1)))
        let scores = HabitStrength.scores(schedule)
        for (index, (score, loop)) in zip(scores, expected).enumerated() {
            // Loop's scores are printed to 6 decimals.
            #expect(abs(score - loop) <= 1.5e-6, "\(fields[0]) day \(index): \(score) vs Loop \(loop)")
        }
    }
}
