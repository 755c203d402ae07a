import BrainTestSupport
import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore

/// After a write to one day's file the server's journal takes that file in place
/// (`Journal.updating(_:from:to:)`) instead of reading every file again: the journal it gets is
/// the one a build from the files gives, after every kind of write the web app makes.
@Suite struct JournalUpdateTests {
    /// The vault's journal (the journal's scope, as the server reads it) and its index, kept as
    /// the server keeps them, each write's result taken in place where it can be.
    struct Kept {
        let vault: Vault
        var index: VaultIndex
        var journal: Journal
        /// How many writes were taken in place.
        var inPlace = 0

        init(_ vault: Vault) {
            self.vault = vault
            index = VaultIndex.open(vault, scope: .journal)
            journal = Journal(index: index)
            journal.now = .sampleToday
        }

        /// Performs `action` with the kept index and journal, then checks the journal against one
        /// built from the files as they are now.
        mutating func perform<Action: VaultAction>(_ action: Action, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
            let (index, journal) = (self.index, self.journal)
            let (_, after) = try vault.perform(action, current: { .init(index: nil, journal: journal, journalIndex: index) })
            let updated = index.updating(after).index
            if let next = journal.updating(Array(after.keys), from: index, to: updated) {
                self.journal = next
                inPlace += 1
            } else {
                self.journal = Journal(index: updated)
                self.journal.now = .sampleToday
            }
            self.index = updated
            var fresh = Journal(index: VaultIndex.open(vault, scope: .journal, rebuild: true))
            fresh.now = .sampleToday
            JournalUpdateTests.expectSame(self.journal, fresh, sourceLocation: sourceLocation)
        }
    }

    /// Everything a reader of the journal sees: its parts, and the day's overview built from it.
    static func expectSame(_ kept: Journal, _ fresh: Journal, sourceLocation: Testing.SourceLocation) {
        #expect(kept.checkIns == fresh.checkIns, sourceLocation: sourceLocation)
        #expect(kept.histories == fresh.histories, sourceLocation: sourceLocation)
        #expect(kept.histories.values.map(\.now) == fresh.histories.values.map(\.now), sourceLocation: sourceLocation)
        #expect(kept.dailyPaths == fresh.dailyPaths, sourceLocation: sourceLocation)
        #expect(kept.duplicateDays == fresh.duplicateDays, sourceLocation: sourceLocation)
        #expect(kept.problems == fresh.problems, sourceLocation: sourceLocation)
        #expect(kept.habits == fresh.habits && kept.goals == fresh.goals && kept.paths == fresh.paths, sourceLocation: sourceLocation)
        for day in [Day.sampleToday, Day("2026-10-15")!, Day("2026-09-08")!] {
            #expect(DayOverview(journal: kept, day: day) == DayOverview(journal: fresh, day: day), sourceLocation: sourceLocation)
        }
    }

    /// Done, an amount, an amount added, skip with a reason, undo, both check-ins and a rest day,
    /// on today, on a day inside the journal and on a new day's file (inside, and after the last):
    /// each taken in place, each equal to a build from the files.
    @Test func eachWriteToADaysFileEqualsABuildFromTheFiles() throws {
        let (vault, fileSystem) = MemoryVault.sample()
        // Days without a file: one inside the journal, and today (after the last file).
        try fileSystem.remove(MemoryVault.root + "/daily/2026-10-15.md")
        try fileSystem.remove(MemoryVault.root + "/daily/2026-11-22.md")
        var kept = Kept(vault)
        let today = Day.sampleToday, inside = Day("2026-10-15")!, earlier = Day("2026-11-02")!
        try kept.perform(LogHabit(habit: "coffee", change: .done(value: nil, add: false, note: nil), day: today, today: today))
        try kept.perform(LogHabit(habit: "read", change: .done(value: 12, add: false, note: nil), day: today, today: today))
        try kept.perform(LogHabit(habit: "read", change: .done(value: 9, add: true, note: nil), day: today, today: today))
        try kept.perform(LogHabit(habit: "run", change: .skip(reason: "knee hurts"), day: today, today: today))
        try kept.perform(LogHabit(habit: "coffee", change: .undo, day: today, today: today))
        try kept.perform(LogHabit(habit: "walk", change: .done(value: nil, add: false, note: nil), day: inside, today: today))
        try kept.perform(LogHabit(habit: "meditate", change: .skip(reason: nil), day: earlier, today: today))
        try kept.perform(LogHabit(habit: "meditate", change: .undo, day: earlier, today: today))
        try kept.perform(RecordCheckIn(part: .morning, day: today, today: today, mood: 4, energy: 3, intentions: ["Finish the draft"]))
        try kept.perform(RecordCheckIn(part: .evening, day: today, today: today, mood: 2, reflection: "Long day.\nGood walk."))
        try kept.perform(SetRestDay(day: earlier, today: today, rest: true, reason: "ill"))
        try kept.perform(LogHabit(habit: "walk", change: .done(value: nil, add: false, note: nil), day: earlier, today: today))
        try kept.perform(SetRestDay(day: earlier, today: today, rest: false))
        #expect(kept.inPlace == 13)
    }

    /// A habit's only line undone leaves it without a history, as a build leaves it; a write to a
    /// habit's own file is no day's file, so the journal is built again.
    @Test func aHabitsOnlyLineUndoneAndAHabitFileWritten() throws {
        let (vault, _) = MemoryVault.sample()
        var kept = Kept(vault)
        let today = Day.sampleToday
        var create = CreateNote(kind: .habit, title: "Stretch", today: today)
        create.area = nil
        try kept.perform(create)
        #expect(kept.inPlace == 0)
        try kept.perform(LogHabit(habit: "stretch", change: .done(value: nil, add: false, note: nil), day: today, today: today))
        #expect(kept.journal.histories["stretch"] != nil)
        try kept.perform(LogHabit(habit: "stretch", change: .undo, day: today, today: today))
        #expect(kept.journal.histories["stretch"] == nil)
        #expect(kept.inPlace == 2)
    }
}
