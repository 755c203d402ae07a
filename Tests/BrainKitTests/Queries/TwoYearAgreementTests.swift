import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange

/// Step 16, "Done when": a generated vault of two years and 24 habits (every frequency kind,
/// measurable, quit, paused, archived, habits begun late) read with the clock on its last day.
/// For every day from before the first habit's first day through ten days after today, `today`
/// (the day's own page), `days`, `week` (columns), `month`, the heatmap, `status` and the week
/// review agree on done and due, each asked as of that day and as of today; no day after today
/// is due; and the day's momentum is the same in `today`, `stats` and each habit's entry.
@Suite struct TwoYearAgreementTests {
    static let end = day("2026-11-22")

    static let vault: Vault = {
        let fileSystem = MemoryFileSystem()
        let generator = DemoGenerator(DemoOptions(years: 2, habits: 24, notes: 0, seed: 35, end: end))
        for index in 0..<generator.fileCount {
            let file = generator.file(index)
            try! fileSystem.writeAtomically(file.bytes, to: "/demo/" + file.path)
        }
        return Vault(root: "/demo", fileSystem: fileSystem)
    }()

    static let journal: Journal = {
        var journal = Journal(index: VaultIndex.open(vault))
        journal.now = end
        return journal
    }()

    @Test func everyViewAgreesOnEveryDayOfTwoYears() throws {
        let journal = Self.journal
        let kinds = Set(journal.habits.map { "\($0.frequency)".split(separator: "(").first.map(String.init) ?? "" })
        #expect(kinds.count >= 6, "every kind of frequency: \(kinds)")
        let latest = Array(journal.schedules(today: Self.end).values)
        let firsts = latest.map(\.first)
        let start = try #require(firsts.min()).adding(days: -3)
        #expect(firsts.contains { $0 > start.adding(days: 60) }, "a habit begun late: days before its first day are checked")
        let last = Self.end.adding(days: 10)
        var months: [String: MonthView] = [:]
        var heatmaps: [Int: HeatmapView] = [:]
        var checked = 0, due = 0
        var day = start
        while day <= last {
            defer { day = day.adding(days: 1) }
            // The reference: the day's one status per habit, as of today.
            let reference = DayTally(latest, on: day)
            var seen: [String: DayTally] = [:]
            let page = DayOverview(journal: journal, day: day)
            seen["today"] = page.tally
            let rows = page.groups.flatMap(\.entries).filter(\.due)
            seen["today rows"] = DayTally(done: rows.filter { $0.state == .done }.count, due: rows.count)
            seen["days"] = DaySummary.summaries(checkIns: journal.checkIns, schedules: latest, from: day, through: day)
                .first.map { DayTally(done: $0.done, due: $0.due) } ?? reference
            let weekEnd = min(day.startOfWeek(journal.weekStart).adding(days: 6), last)
            for asOf in Set([day, weekEnd]) {
                let week = WeekView(journal: journal, today: asOf)
                let column = try #require(week.days.firstIndex { $0.date == day })
                seen["week \(asOf == day ? "that day" : "its end")"] = DayTally(done: week.days[column].done, due: week.days[column].due)
            }
            let monthKey = "\(day.year)-\(day.month)"
            let month = months[monthKey] ?? MonthView(journal: journal, today: min(day.startOfMonth.adding(days: Day.daysIn(month: day.month, year: day.year) - 1), last))
            months[monthKey] = month
            if let entry = month.days.first(where: { $0.date == day }) {
                seen["month"] = DayTally(done: entry.done ?? 0, due: entry.due ?? 0)
            }
            let heatmap = heatmaps[day.year] ?? HeatmapView(journal: journal, year: day.year, today: last)
            heatmaps[day.year] = heatmap
            if let entry = heatmap.days.first(where: { $0.date == day }) {
                seen["heatmap"] = DayTally(done: entry.done ?? 0, due: entry.due ?? 0)
            }
            for (view, tally) in seen {
                #expect(tally == reference, "\(day): \(view) says \(tally.done)/\(tally.due), the day's statuses \(reference.done)/\(reference.due)")
            }
            if day > Self.end { #expect(reference.due == 0 && reference.done == 0, "\(day) has not happened") }
            if day < latest.map(\.first).min()! { #expect(reference.due == 0, "\(day) is before every habit's first day") }
            // Momentum: the page, each habit's entry and `stats` read one value (Sundays, to keep it quick).
            if day.weekday == .sunday || day == Self.end {
                let stats = HabitStatsTable(journal: journal, today: day)
                for entry in page.groups.flatMap(\.entries) + page.notDue {
                    guard let row = stats.habits.first(where: { $0.id == entry.id }) else { continue }
                    #expect(abs((row.momentum?.value ?? -1) - (entry.momentum?.value ?? -1)) < 0.0001,
                            "\(day) \(entry.id): stats \(row.momentum?.value ?? -1), today \(entry.momentum?.value ?? -1)")
                }
                // The week review counts the week's days as the days count them.
                let review = Review(journal: journal, period: .week, today: day)
                let reviewed = review.habits.reduce(DayTally()) { $0 + DayTally(done: $1.done, due: $1.due) }
                var byDay = DayTally()
                var inWeek = review.from
                while inWeek <= review.through {
                    byDay = byDay + DayTally(latest, on: inWeek)
                    inWeek = inWeek.adding(days: 1)
                }
                #expect(reviewed == byDay, "the week review of \(day)")
                // `status` (which reads only the recent daily files) says the day's count too.
                let status = StatusSummary(StatusLine.load(vault: Self.vault, day: day, now: Self.end))
                #expect(DayTally(done: status.done, due: status.due) == reference, "status on \(day)")
            }
            checked += 1
            due += reference.due
        }
        #expect(checked > 700 && due > 5000, "\(checked) days, \(due) due habit-days")
        print("two-year agreement: \(checked) days, \(due) due habit-days, \(journal.habits.count) habits, frequencies \(kinds.sorted())")
    }
}
