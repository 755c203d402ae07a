import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// The query values behind `--json`, computed on the sample vault: each encodes to JSON that
/// decodes back to a value encoding the same way, with `schemaVersion` first.
@Suite struct QueryValueTests {
    static let index = VaultIndex.open(Vault(root: RepositoryRoundTripTests.root + "/sample-vault"), save: false)
    static let journal = Journal(index: index)
    let today = Day("2026-11-22")!

    /// Encodes `value`, decodes it and encodes it again; both texts must agree.
    @discardableResult
    func roundTrip<T: Codable>(_ value: T, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
        let text = try JSONOutput.string(value)
        #expect(text.hasPrefix("{\n  \"schemaVersion\" : 1,"), sourceLocation: sourceLocation)
        let decoded = try JSONDecoder().decode(T.self, from: Data(text.utf8))
        #expect(try JSONOutput.string(decoded) == text, sourceLocation: sourceLocation)
        return text
    }

    @Test func analyticsValuesRoundTrip() throws {
        let journal = Self.journal
        let read = try #require(journal.habit("read"))
        try roundTrip(HabitStatsTable(journal: journal, today: today, range: .year))
        try roundTrip(HabitStatsReport(habit: read, journal: journal, today: today))
        try roundTrip(LogView(journal: journal, habit: read, from: today.adding(days: -30), through: today))
        try roundTrip(DaysView(journal: journal, vault: Self.index.vault, from: today.adding(days: -7), through: today))
        try roundTrip(DayOverviewReport(DayOverview(index: Self.index, journal: journal, day: today)))
        try roundTrip(GoalsView(journal: journal, today: today))
        try roundTrip(AreasView(journal: journal, today: today))
        try roundTrip(CoachView(journal: journal, today: today))
        try roundTrip(WeekView(journal: journal, today: today))
        try roundTrip(MonthView(journal: journal, today: today))
        try roundTrip(HeatmapView(journal: journal, habit: read, year: 2026, today: today))
        try roundTrip(ReviewReport(journal: journal, period: .month, today: today))
    }

    @Test func noteValuesRoundTrip() throws {
        let index = Self.index
        let read = try #require(index.find("read").first)
        try roundTrip(NoteList(index: index, filter: NoteFilter()))
        try roundTrip(NoteList.pinned(in: index))
        try roundTrip(NoteDetail(index: index, note: read))
        try roundTrip(LinkList(index: index, note: read))
        try roundTrip(BacklinkList(index: index, note: read))
        try roundTrip(TagList(index: index, sort: .count))
        try roundTrip(LinkGraph(index: index))
        try roundTrip(ValidationReport(index: index))
        try roundTrip(IndexReport(index: index))
        try roundTrip(SearchResults("walk", in: index.vault, limit: 3))
        try roundTrip(CompletionCandidates(kind: .habits, index: index))
    }

    @Test func absentValuesArePresentAsNull() throws {
        // Before a habit's first day it has no mood comparison, score history or frequency card.
        let read = try #require(Self.journal.habit("read"))
        let text = try roundTrip(HabitStatsReport(habit: read, journal: Self.journal, today: Day("2026-01-01")!))
        #expect(text.contains("\"mood\" : null"))
        #expect(text.contains("\"scoreHistory\" : null"))
        #expect(text.contains("\"frequency\" : null"))
        // And no week before the first check-in is listed at all.
        #expect(HabitStatsTable(journal: Self.journal, today: Day("2026-01-01")!).moodByWeek.isEmpty)
        let day = try roundTrip(DayOverviewReport(DayOverview(day: today, habits: [], checkIns: [])))
        #expect(day.contains("\"restReason\" : null"))
        #expect(day.contains("\"momentum\" : null"))
    }

    @Test func theGoalTreeStartsAtGoalsThatAreNoSubgoal() {
        let goals = GoalsView(journal: Self.journal, today: today)
        let children = Set(goals.goals.flatMap(\.children))
        #expect(!goals.roots.isEmpty)
        #expect(goals.roots.allSatisfy { !children.contains($0.id) })
        #expect(goals.roots.allSatisfy { $0.parent == nil })
    }

    @Test func noteFilterSelectsByKindTypeAndLimit() {
        var filter = NoteFilter()
        filter.kind = "habits"
        let habits = NoteList(index: Self.index, filter: filter)
        #expect(!habits.notes.isEmpty && habits.notes.allSatisfy { $0.kind == .habit && $0.type == nil })
        filter.kind = "insight"
        let insights = NoteList(index: Self.index, filter: filter)
        #expect(!insights.notes.isEmpty && insights.notes.allSatisfy { $0.type == "insight" })
        filter.limit = 1
        #expect(NoteList(index: Self.index, filter: filter).notes.count == 1)
    }
}
