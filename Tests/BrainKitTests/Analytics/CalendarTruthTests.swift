import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange

/// Step 16, points 3 and 1: days after the clock's day have not happened, so no number counts them
/// (docs/ANALYTICS.md, "The future"); and a past day is counted one way, whether a view is asked
/// about it as its own day (`today --date`) or as one of the days before today (`days`, `month`).
@Suite struct CalendarTruthTests {
    /// The clock's day of these tests.
    static let now = day("2026-11-22")

    /// A generated year of 16 habits of every kind of frequency, with rest days and skips, read
    /// with the clock stopped on `now`.
    static let journal: Journal = {
        var journal = DayCountsAgreeTests.journal
        journal.now = now
        return journal
    }()

    /// What a habit's numbers are as of `day`: streaks, rates, strength and momentum.
    struct Numbers: Equatable, CustomStringConvertible {
        var streak: Int, best: Int, week: Int, weekDue: Int, month: Int, monthDue: Int, all: Int, allDue: Int
        var strength: Double?, momentum: Double?
        var description: String { "streak \(streak)/\(best) rates \(week)/\(weekDue) \(month)/\(monthDue) \(all)/\(allDue) strength \(strength ?? -1) momentum \(momentum ?? -1)" }

        init(_ schedule: Schedule, asked: Day) {
            let streaks = Streaks(schedule: schedule)
            let rates = CompletionRates(schedule: schedule)
            streak = streaks.current
            best = streaks.best
            week = rates.week.done; weekDue = rates.week.due
            month = rates.month.done; monthDue = rates.month.due
            all = rates.allTime.done; allDue = rates.allTime.due
            strength = HabitStrength.scores(schedule).last
            momentum = Momentum(schedules: [schedule], today: asked)?.value
        }
    }

    @Test(arguments: [1, 4, 9, 39])
    func daysAfterTodayAreNeverMisses(ahead: Int) throws {
        let journal = Self.journal
        let asked = Self.now.adding(days: ahead)
        let then = journal.schedules(today: Self.now)
        let later = journal.schedules(today: asked)
        #expect(then.count == later.count && then.count > 10)
        for (id, schedule) in then {
            let future = try #require(later[id])
            // Every number stays where it was on the clock's day …
            #expect(Numbers(future, asked: asked) == Numbers(schedule, asked: Self.now), "\(id) as of \(asked)")
            // … and no day after it is due, missed or done.
            for offset in 1...ahead {
                #expect(future.status(on: Self.now.adding(days: offset)) == .inactive, "\(id) on +\(offset)")
            }
        }
        let page = DayOverview(journal: journal, day: asked)
        #expect(page.tally.due == 0 && page.tally.done == 0, "\(asked): \(page.tally)")
        #expect(page.momentum?.value == DayOverview(journal: journal, day: Self.now).momentum?.value)
        #expect(page.groups.isEmpty, "nothing is due on a day that has not happened")
        #expect(page.notDue.allSatisfy { $0.reason == .upcoming || $0.reason == .paused || $0.reason == .notStarted })
        #expect(page.notDue.contains { $0.reason == .upcoming })
        let days = DaySummary.summaries(checkIns: journal.checkIns, schedules: Array(later.values), from: Self.now, through: asked)
        #expect(days.filter { $0.day > Self.now }.allSatisfy { $0.due == 0 && $0.done == 0 })
        let month = MonthView(journal: journal, today: asked)
        #expect(month.days.filter { $0.date > Self.now }.allSatisfy { ($0.due ?? 0) == 0 })
        let week = WeekView(journal: journal, today: asked)
        #expect(week.days.filter { $0.date > Self.now }.allSatisfy { $0.due == 0 })
        // A review covers the days that have happened.
        let review = Review(journal: journal, period: .month, today: asked)
        #expect(review.through == Self.now)
        if asked.startOfMonth == Self.now.startOfMonth {
            #expect(review.habits == Review(journal: journal, period: .month, today: Self.now).habits)
        } else {
            #expect(review.habits.isEmpty && review.from > review.through)
        }
    }

    @Test func aPastDayIsCountedOneWay() throws {
        let journal = Self.journal
        let schedules = Array(journal.schedules(today: Self.now).values)
        let days = DaySummary.summaries(checkIns: journal.checkIns, schedules: schedules,
                                        from: Self.now.adding(days: -40), through: Self.now)
        var quotasOpen = 0
        #expect(days.count > 30)
        for entry in days where entry.day < Self.now {
            // `today --date DAY`, read after the day is over, says what `days` says of it.
            let page = DayOverview(journal: journal, day: entry.day)
            #expect(page.tally == DayTally(done: entry.done, due: entry.due), "\(entry.day)")
            #expect(page.groups.flatMap(\.entries).filter(\.due).count == entry.due, "\(entry.day): the rows are the count")
            quotasOpen += page.notDue.filter { $0.reason == .quotaOpen }.count
        }
        #expect(quotasOpen > 0, "the vault has quota habits whose period was open on a past day")
        // Without the clock (a past day asked about as if it were today), open quotas were due that day.
        var unclocked = DayCountsAgreeTests.journal
        unclocked.now = nil
        let differs = days.filter { $0.day < Self.now }.contains { DayOverview(journal: unclocked, day: $0.day).tally != DayTally(done: $0.done, due: $0.due) }
        #expect(differs, "the test sees the difference the clock makes")
    }
}
