import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// One day is counted the same way by every view (docs/ANALYTICS.md, section 1): `today`, `days`,
/// `week`, `month` and the all-habits heatmap, on a generated vault with every kind of frequency,
/// rest days, skips and measurable habits.
@Suite struct DayCountsAgreeTests {
    static let end = day("2026-11-22")

    static let journal: Journal = {
        let fileSystem = MemoryFileSystem()
        let generator = DemoGenerator(DemoOptions(years: 1, habits: 16, notes: 0, seed: 11, end: end))
        for index in 0..<generator.fileCount {
            let file = generator.file(index)
            try! fileSystem.writeAtomically(file.bytes, to: "/demo/" + file.path)
        }
        return Journal(index: VaultIndex.open(Vault(root: "/demo", fileSystem: fileSystem)))
    }()

    /// Done and due of `day` in each view, each computed as of `asOf`.
    func counts(_ day: Day, asOf: Day) throws -> [String: DayTally] {
        let journal = Self.journal
        var result: [String: DayTally] = [:]
        if day == asOf {
            let today = DayOverview(journal: journal, day: day)
            result["today"] = today.tally
            // The header counts what the rows show: the due rows, and the done ones among them.
            let rows = today.entries.filter(\.due)
            result["today rows"] = DayTally(done: rows.filter { $0.state == .done }.count, due: rows.count)
        }
        let days = DaySummary.summaries(checkIns: journal.checkIns, schedules: Array(journal.schedules(today: asOf).values),
                                        from: day, through: asOf)
        if let entry = days.last, entry.day == day { result["days"] = DayTally(done: entry.done, due: entry.due) }
        let week = WeekView(journal: journal, today: asOf)
        if let column = week.days.firstIndex(where: { $0.date == day }) {
            result["week column"] = DayTally(done: week.days[column].done, due: week.days[column].due)
            var rows = DayTally()
            for habit in week.habits {
                switch habit.days[column] {
                case .done where journal.schedules(today: asOf)[habit.id.lowercased()]?.status(on: day) == .done:
                    rows = rows + DayTally(done: 1, due: 1)
                case .missed, .open: rows = rows + DayTally(done: 0, due: 1)
                default: break
                }
            }
            result["week rows"] = rows
        }
        let month = MonthView(journal: journal, today: asOf)
        if let entry = month.days.first(where: { $0.date == day }), let done = entry.done, let due = entry.due {
            result["month"] = DayTally(done: done, due: due)
        }
        let heatmap = HeatmapView(journal: journal, year: day.year, today: asOf)
        if let entry = heatmap.days.first(where: { $0.date == day }), let done = entry.done, let due = entry.due {
            result["heatmap"] = DayTally(done: done, due: due)
        }
        return result
    }

    @Test(arguments: stride(from: 0, through: 55, by: 5).map { end.adding(days: -$0) })
    func everyViewCountsTheDayAlike(asOf: Day) throws {
        // The day itself, as of that day (habits still open count as due) …
        let now = try counts(asOf, asOf: asOf)
        #expect(Set(now.keys) == ["today", "today rows", "days", "week column", "week rows", "month", "heatmap"])
        #expect(Set(now.values).count == 1, "\(asOf): \(now)")
        // … and each earlier day of its week, as of that day.
        var day = asOf.startOfWeek(Self.journal.weekStart)
        while day < asOf {
            let before = try counts(day, asOf: asOf)
            #expect(before.count >= 4)
            #expect(Set(before.values).count == 1, "\(day) as of \(asOf): \(before)")
            day = day.adding(days: 1)
        }
    }

    @Test func weekTotalsAreTheSumOfRowsAndOfDays() {
        let week = WeekView(journal: Self.journal, today: Self.end)
        let byDays = week.days.reduce(DayTally()) { $0 + DayTally(done: $1.done, due: $1.due) }
        let byRows = week.habits.reduce(DayTally()) { $0 + DayTally(done: $1.done, due: $1.due) }
        #expect(byDays == byRows)
        #expect(byDays.due > 0)
    }
}
