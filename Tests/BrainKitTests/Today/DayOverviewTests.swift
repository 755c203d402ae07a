import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct DayOverviewTests {
    let sunday = Day("2026-11-22")!

    func line(_ id: String, _ state: TaskItem.State, _ value: Double? = nil) -> HabitLine {
        HabitLine(habit: id, state: state, value: value)
    }

    func checkIn(_ text: String, _ lines: [HabitLine], rest: Bool = false) -> CheckIn {
        CheckIn(day: Day(text)!, rest: rest, habitLines: lines)
    }

    /// Done Monday, Tuesday and Wednesday of the week of Monday 16 November.
    var strengthWeek: [CheckIn] {
        ["2026-11-16", "2026-11-17", "2026-11-18"].map { checkIn($0, [line("strength", .done)]) }
    }

    @Test func aThreePerWeekHabitDoneThreeTimesIsNotDueOnSundayWhenWeeksStartOnMonday() throws {
        let habit = Habit(id: "strength", frequency: .perWeek(3), created: Day("2026-11-01"))
        let overview = DayOverview(day: sunday, habits: [habit], checkIns: strengthWeek, weekStart: .monday)
        let entry = try #require(overview.entries.first)
        #expect(entry.state == .notDue)
        #expect(entry.reason == .quotaMet)
        #expect(overview.notDue.map(\.id) == ["strength"])
        #expect(entry.periodDone == 3 && entry.periodRequired == 3)
    }

    @Test func theSameHabitIsDueOnSundayWhenWeeksStartOnSunday() throws {
        let habit = Habit(id: "strength", frequency: .perWeek(3), created: Day("2026-11-01"))
        let overview = DayOverview(day: sunday, habits: [habit], checkIns: strengthWeek, weekStart: .sunday)
        let entry = try #require(overview.entries.first)
        // Sunday 22 starts a new week: nothing done in it yet.
        #expect(entry.state == .open)
        #expect(entry.due)
        #expect(entry.periodDone == 0 && entry.periodRequired == 3)
        #expect(overview.groups.count == 1 && overview.notDue.isEmpty)
    }

    @Test func stacksComeFirstInChainOrderThenTheRestByAreaAndTitle() {
        var water = Habit(id: "water", title: "Water", area: "health", created: Day("2026-11-01"))
        water.stack = "morning"
        water.after = "wake-up"
        var meditate = Habit(id: "meditate", title: "Meditate", area: "health", created: Day("2026-11-01"))
        meditate.stack = "morning"
        meditate.after = "water"
        let read = Habit(id: "read", title: "Read", target: 20, unit: "pages", area: "learning", created: Day("2026-11-01"))
        let call = Habit(id: "call", title: "Call mum", area: "family", created: Day("2026-11-01"))
        let loose = Habit(id: "loose", title: "Anything", created: Day("2026-11-01"))
        let today = checkIn("2026-11-22", [line("water", .done), line("read", .open, 12)])
        let overview = DayOverview(day: sunday, habits: [read, loose, meditate, call, water], checkIns: [today])
        #expect(overview.groups.map(\.stack) == ["morning", nil])
        #expect(overview.groups[0].anchor == "wake-up")
        #expect(overview.groups[0].entries.map(\.id) == ["water", "meditate"])
        // family < learning; a habit without an area comes last.
        #expect(overview.groups[1].entries.map(\.id) == ["call", "read", "loose"])
        let readEntry = overview.groups[1].entries[1]
        #expect(readEntry.value == 12 && readEntry.target == 20 && readEntry.state == .open)
        #expect(overview.groups[0].entries[0].state == .done)
    }

    @Test func aRestDayHasNothingDueAndKeepsWhatWasDone() {
        let water = Habit(id: "water", created: Day("2026-11-01"))
        let read = Habit(id: "read", created: Day("2026-11-01"))
        let days = [checkIn("2026-11-21", [line("water", .done), line("read", .done)]),
                    checkIn("2026-11-22", [line("water", .done)], rest: true)]
        let overview = DayOverview(day: sunday, habits: [water, read], checkIns: days)
        #expect(overview.rest)
        #expect(overview.entries.allSatisfy { !$0.due })
        #expect(overview.groups.flatMap(\.entries).map(\.id) == ["water"])
        #expect(overview.groups[0].entries[0].state == .done)
        #expect(overview.notDue.map(\.reason) == [.rest])
        #expect(overview.coach?.contains("Rest day") == true)
    }

    @Test func theCoachPointsAtTheLongestStreakStillOpen() {
        let a = Habit(id: "a", title: "Alpha", created: Day("2026-11-19"))
        let b = Habit(id: "b", title: "Beta", created: Day("2026-11-20"))
        // a: done 19, 20, 21 → 3 days; b: done 20, 21 → 2 days; both open on the 22nd.
        let days = [checkIn("2026-11-19", [line("a", .done)]),
                    checkIn("2026-11-20", [line("a", .done), line("b", .done)]),
                    checkIn("2026-11-21", [line("a", .done), line("b", .done)])]
        let overview = DayOverview(day: sunday, habits: [a, b], checkIns: days)
        #expect(overview.coach == "Keep the 3-day streak of Alpha alive — it's still open today.")
    }

    @Test func archivedHabitsAreLeftOutAndLaterOnesAreNotStarted() {
        let old = Habit(id: "old", status: .archived, archived: Day("2026-11-01"), created: Day("2026-10-01"))
        let later = Habit(id: "later", created: Day("2026-12-01"))
        let overview = DayOverview(day: sunday, habits: [old, later], checkIns: [])
        #expect(overview.entries.map(\.id) == ["later"])
        #expect(overview.notDue.first?.reason == .notStarted)
        #expect(!overview.hasCheckIn && !overview.morning.done)
    }

    /// The overview from a journal takes the journal's schedules of the day (worked out once for
    /// the overview and its coach) and says what the overview says that works them out itself, on
    /// every day of the sample vault's last months; a journal whose habits change works them out
    /// again; and two habits whose ids differ only by case each keep their own schedule.
    @Test func theJournalsSchedulesGiveTheSameOverview() throws {
        let (vault, _) = MemoryVault.sample()
        var journal = Journal(index: VaultIndex.open(vault))
        for offset in stride(from: 0, through: 120, by: 3) {
            let day = Day.sampleToday.adding(days: -offset)
            let own = DayOverview(day: day, habits: journal.habits, checkIns: journal.checkIns, histories: journal.histories,
                                  weekStart: journal.weekStart, detail: nil, pinned: [])
            #expect(DayOverview(journal: journal, day: day) == own, "\(day)")
        }
        let before = journal.schedules(today: .sampleToday)
        #expect(before.count >= 5)
        let copy = journal
        journal.habits = Array(journal.habits.prefix(2))
        #expect(journal.schedules(today: .sampleToday).count <= 2, "the habits changed: worked out again")
        #expect(copy.schedules(today: .sampleToday).count == before.count, "a copy keeps what it had")

        let twins = [Habit(id: "run", frequency: .daily, created: Day("2026-11-01")),
                     Habit(id: "Run", frequency: .perWeek(1), created: Day("2026-11-01"))]
        let (twinVault, _) = MemoryVault.make(["habits/run.md": "---\nevery: day\n---\n"])
        var small = Journal(index: VaultIndex.open(twinVault))
        small.habits = twins
        #expect(!small.hasUniqueHabitKeys)
        let overview = DayOverview(journal: small, day: sunday)
        let own = DayOverview(day: sunday, habits: twins, checkIns: [], histories: [:], weekStart: small.weekStart, detail: nil, pinned: [])
        #expect(overview == own)
    }
}
