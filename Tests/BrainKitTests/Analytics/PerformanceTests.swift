import Foundation
import Testing
import BrainTestSupport
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct PerformanceTests {
    @Test func fortyHabitsOverTenYears() throws {
        // 40 habits × 3653 days with a line on two days of three: build, schedule, streaks,
        // rates, strength and achievements for each. Release builds take a few milliseconds;
        // the bound is loose so a debug build on a busy machine passes too.
        let start = day("2016-11-22")
        let today = day("2026-11-22")
        let days = start.distance(to: today) + 1
        var checkIns: [CheckIn] = []
        checkIns.reserveCapacity(days)
        for offset in 0..<days {
            let lines = (0..<40).compactMap { habit -> HabitLine? in
                (offset + habit) % 3 == 0 ? nil : HabitLine(habit: "h\(habit)", state: .done, value: Double(offset % 30))
            }
            checkIns.append(CheckIn(day: start.adding(days: offset), rest: offset % 50 == 0, habitLines: lines))
        }
        let frequencies: [Frequency] = [.daily, .weekdays, .perWeek(3), .perMonth(4), .inDays(times: 2, days: 5), .everyNDays(2), .days([.monday, .thursday])]
        let clock = ContinuousClock()
        var histories: [String: HabitHistory] = [:]
        let building = clock.measure {
            histories = HabitHistory.build(from: checkIns)
        }
        // The thread's processor time, not the clock's: another process taking the core does not count.
        let seconds = ThreadTime.measure {
            var total = 0.0
            for index in 0..<40 {
                let habit = Habit(id: "h\(index)", frequency: frequencies[index % frequencies.count], target: index % 4 == 0 ? 10 : nil)
                guard let schedule = Schedule(habit: habit, history: histories["h\(index)"]!, today: today) else { continue }
                total += Double(Streaks(schedule: schedule).best)
                total += CompletionRates(schedule: schedule).allTime.rate ?? 0
                total += HabitStrength.scores(schedule).last ?? 0
                total += Double(Achievement.compute(schedule).count)
            }
            #expect(total > 0)
        }
        #expect(seconds < 2, "took \(seconds) s")
        print("fortyHabitsOverTenYears: histories", building, "analytics", seconds, "s")
    }
}
