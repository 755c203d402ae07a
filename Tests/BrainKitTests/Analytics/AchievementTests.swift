import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct AchievementTests {
    let monday = day("2026-11-02")

    @Test func firstWeekOfADailyHabit() throws {
        // Mon–Sun all done: completion 1 on Mon, 7-day streak and a perfect week on Sun.
        let schedule = try #require(Schedule(habit: Habit(id: "h"), history: history(monday, "xxxxxxx"), today: monday.adding(days: 6)))
        let sunday = monday.adding(days: 6)
        #expect(Achievement.compute(schedule) == [
            Achievement(habit: "h", kind: .completions(count: 1), day: monday),
            Achievement(habit: "h", kind: .streak(length: 7, unit: .days), day: sunday),
            Achievement(habit: "h", kind: .perfectWeek(start: monday), day: sunday),
        ])
    }

    @Test func restAndSkipDaysKeepAWeekPerfect() throws {
        // x x r - x x x: 5 done, no miss → perfect; the streak is 5, no 7-day streak yet.
        let schedule = try #require(Schedule(habit: Habit(id: "h"), history: history(monday, "xxr-xxx"), today: monday.adding(days: 6)))
        let kinds = Achievement.compute(schedule).map(\.kind)
        #expect(kinds == [.completions(count: 1), .perfectWeek(start: monday)])
    }

    @Test func tenCompletionsAndAWeekThatIsNotOver() throws {
        // 10 done days from Monday: the 10th is Wed of week 2; week 2 is not over, so one perfect week.
        let schedule = try #require(Schedule(habit: Habit(id: "h"), history: history(monday, String(repeating: "x", count: 10)), today: monday.adding(days: 9)))
        let earned = Achievement.compute(schedule)
        #expect(earned.contains(Achievement(habit: "h", kind: .completions(count: 10), day: monday.adding(days: 9))))
        #expect(earned.filter { if case .perfectWeek = $0.kind { return true } else { return false } }.count == 1)
    }

    @Test func weeklyStreakEarnedOnTheDayTheQuotaIsMet() throws {
        // 1/week done every Wednesday for 4 weeks: the 4-week streak is earned on the 4th Wednesday.
        let pattern = String(repeating: "..x....", count: 4)
        let schedule = try #require(Schedule(habit: Habit(id: "h", frequency: .perWeek(1)), history: history(monday, pattern), today: monday.adding(days: 27)))
        let streak = Achievement.compute(schedule).first { if case .streak = $0.kind { return true } else { return false } }
        #expect(streak == Achievement(habit: "h", kind: .streak(length: 4, unit: .weeks), day: day("2026-11-25")))
    }
}
