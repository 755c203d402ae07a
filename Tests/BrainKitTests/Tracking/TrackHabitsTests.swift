import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// `TrackHabits` on vaults in memory: lines added and updated, manual entries kept, the days a
/// habit can be tracked on, and a second run that changes nothing.
@Suite struct TrackHabitsTests {
    static let walk = AutoRule(source: "health", metric: "steps", atLeast: 8000)

    /// What a source would have read: `values` for `rule`.
    static func data(_ values: [String: Double], rules: [AutoRule] = [walk]) -> TrackingData {
        var collector = TrackingCollector()
        let origin = collector.origin("test")
        for query in Set(rules.map(\.query)) {
            let index = collector.index(of: query)
            for (day, value) in values { collector.add(value, to: index, day: Day(day)!, origin: origin) }
        }
        for source in Set(rules.map(\.source)) {
            collector.finished(TrackingFile(source: source, path: "/exports/\(source)", shown: source), records: values.count, problems: 0)
        }
        return collector.data
    }

    static func line(_ notes: [String: String], _ day: String, _ habit: String) -> String? {
        notes["daily/\(day).md"]?.split(separator: "\n").first { $0.contains("[[\(habit)]]") || $0.contains("[[\(habit)|") }.map(String.init)
    }

    @Test func valuesAreWrittenUpdatedAndASecondRunChangesNothing() throws {
        let (vault, fileSystem) = MemoryVault.sample()
        let data = Self.data(["2026-11-22": 8600, "2026-11-21": 10874, "2026-11-20": 7000.4, "2026-11-23": 500])
        let result = try vault.perform(TrackHabits(data: data, today: .sampleToday))
        let notes = MemoryVault.notes(fileSystem)
        #expect(Self.line(notes, "2026-11-22", "walk") == "- [x] [[walk]] 8600 steps (auto: health ≥ 8000)")
        #expect(Self.line(notes, "2026-11-21", "walk") == "- [x] [[walk]] 10874 steps (auto: health ≥ 8000)")
        #expect(Self.line(notes, "2026-11-20", "walk") == "- [ ] [[walk]] 7000 steps (auto: health ≥ 8000)")
        #expect(notes["daily/2026-11-23.md"] == nil, "a day that has not begun is never written")
        let report = try #require(result.outcome.habits.first { $0.id == "walk" })
        #expect((report.added, report.updated, report.unchanged, report.kept, report.days) == (0, 2, 1, 0, 3))
        #expect(result.changes.map(\.path).sorted() == ["daily/2026-11-20.md", "daily/2026-11-22.md"])
        #expect(result.changes.first { $0.path == "daily/2026-11-22.md" }?.lines
                == [LineChange(line: 17, before: "- [ ] [[walk]] 2310 steps (auto: health ≥ 8000)",
                               after: "- [x] [[walk]] 8600 steps (auto: health ≥ 8000)")])
        let again = try vault.perform(TrackHabits(data: data, today: .sampleToday))
        #expect(again.changes.isEmpty)
        #expect(MemoryVault.notes(fileSystem) == notes)
        #expect(again.outcome.habits.first { $0.id == "walk" }?.unchanged == 3)
    }

    /// The exact value meets the threshold or not; the written one is rounded only as far as keeps
    /// that: 19.6 minutes against "at least 20" is open and says 19.6, 7999.6 steps says 7999.6.
    @Test func theExactValueIsComparedAndRoundingNeverCrossesTheThreshold() throws {
        let (vault, fileSystem) = MemoryVault.sample()
        let data = Self.data(["2026-11-22": 7999.6, "2026-11-21": 8000.4, "2026-11-20": 7999.99996])
        _ = try vault.perform(TrackHabits(data: data, today: .sampleToday))
        let notes = MemoryVault.notes(fileSystem)
        #expect(Self.line(notes, "2026-11-22", "walk") == "- [ ] [[walk]] 7999.6 steps (auto: health ≥ 8000)")
        #expect(Self.line(notes, "2026-11-21", "walk") == "- [x] [[walk]] 8000 steps (auto: health ≥ 8000)")
        #expect(Self.line(notes, "2026-11-20", "walk") == "- [ ] [[walk]] 7999.99996 steps (auto: health ≥ 8000)")
        let minutes = TrackingMetric(name: "workout-minutes", unit: "minutes", summary: "", decimals: 0)
        let run = AutoRule(source: "health", metric: "workout-minutes", atLeast: 20)
        #expect(minutes.rounded(19.6, keeping: run.isMet) == 19.6)
        #expect(minutes.rounded(20.4, keeping: run.isMet) == 20)
        #expect(minutes.rounded(19.96, keeping: run.isMet) == 19.96)
        // A second run reads its own lines back as tracked: nothing changes.
        let again = try vault.perform(TrackHabits(data: data, today: .sampleToday))
        #expect(again.changes.isEmpty)
    }

    @Test func aDayPastTheNumberLimitIsNeverWritten() throws {
        let folder = try TrackingFolder()
        let path = try folder.write("screen.csv", """
            date,metric,value
            2026-11-20,screen-minutes,900000000000
            2026-11-20,screen-minutes,900000000000
            2026-11-21,screen-minutes,inf
            2026-11-21,screen-minutes,nan
            2026-11-21,screen-minutes,1e308
            2026-11-21,screen-minutes,45

            """)
        let rule = AutoRule(source: "csv", metric: "screen-minutes", atMost: 60)
        let data = try Tracking.read("csv", path, rules: [rule])
        #expect(data.problems.map(\.description) == [
            "screen.csv:4:27: error: \"inf\" is not a number (of at most 10^12)",
            "screen.csv:5:27: error: \"nan\" is not a number (of at most 10^12)",
            "screen.csv:6:27: error: \"1e308\" is not a number (of at most 10^12)",
        ])
        let (vault, fileSystem) = MemoryVault.make([
            "habits/screen.md": "---\nauto: {source: csv, metric: screen-minutes, at-most: 60}\nunit: minutes\ncreated: 2026-11-01\n---\n",
        ])
        for _ in 0..<2 {
            let result = try vault.perform(TrackHabits(data: data, today: Day("2026-11-22")!))
            let notes = MemoryVault.notes(fileSystem)
            #expect(notes["daily/2026-11-20.md"] == nil, "two rows of 9·10^11 add up past what a habit line holds")
            #expect(Self.line(notes, "2026-11-21", "screen") == "- [x] [[screen]] 45 minutes (auto: csv ≤ 60)")
            #expect(result.outcome.problems.last == "screen.csv: error: screen on 2026-11-20: the day's screen-minutes come to "
                    + "more than 10^12, the most a habit line holds; not written")
            #expect(result.outcome.habits.first?.kept == 0)
        }
    }

    @Test func manualEntriesWinAndAreReported() throws {
        let (vault, fileSystem) = MemoryVault.make([
            "habits/walk.md": "---\nauto: {source: health, metric: steps, at-least: 8000}\nunit: steps\ncreated: 2026-11-01\n---\n",
            "daily/2026-11-10.md": "## Habits\n- [x] [[walk]] walked the dog\n",
            "daily/2026-11-11.md": "## Habits\n- [-] [[walk]] sick\n",
            "daily/2026-11-12.md": "## Habits\n- [x] [[walk]] 9000\n",
            "daily/2026-11-13.md": "## Habits\n- [x] [[walk]] 3000 steps (auto: health ≥ 8000)\n",
            "daily/2026-11-14.md": "## Habits\n- [ ] [[walk]]\n- [ ] [[read]]\n",
            "daily/2026-11-15.md": "## Habits\n* [ ] [[walk|Walking]] 100 steps (auto: health ≥ 5000)\n",
            "daily/2026-11-16.md": "## Habits\n- [ ] [[walk]] 3000 steps (auto: health ≥ 8000) too tired\n",
        ])
        let days = ["2026-11-10", "2026-11-11", "2026-11-12", "2026-11-13", "2026-11-14", "2026-11-15", "2026-11-16"]
        let data = Self.data(Dictionary(uniqueKeysWithValues: days.map { ($0, 8100.0) }))
        let result = try vault.perform(TrackHabits(data: data, today: Day("2026-11-20")!))
        let notes = MemoryVault.notes(fileSystem)
        #expect(Self.line(notes, "2026-11-10", "walk") == "- [x] [[walk]] walked the dog")
        #expect(Self.line(notes, "2026-11-11", "walk") == "- [-] [[walk]] sick")
        #expect(Self.line(notes, "2026-11-12", "walk") == "- [x] [[walk]] 9000")
        #expect(Self.line(notes, "2026-11-13", "walk") == "- [x] [[walk]] 3000 steps (auto: health ≥ 8000)")
        #expect(Self.line(notes, "2026-11-14", "walk") == "- [x] [[walk]] 8100 steps (auto: health ≥ 8000)", "an empty open line is filled")
        // A line written under an older threshold is still the tracker's: rewritten with the rule of now.
        #expect(Self.line(notes, "2026-11-15", "walk") == "* [x] [[walk|Walking]] 8100 steps (auto: health ≥ 8000)")
        #expect(Self.line(notes, "2026-11-16", "walk") == "- [ ] [[walk]] 3000 steps (auto: health ≥ 8000) too tired")
        let report = try #require(result.outcome.habits.first)
        #expect((report.added, report.updated, report.kept) == (0, 2, 5))
        #expect(report.entries.filter { $0.result == .kept }.map { $0.reason ?? "" } == [
            "a manual [x]", "a manual [-] skip", "a manual [x] with a value", "marked [x] by hand", "a value written by hand",
        ])
    }

    @Test func onlyTheHabitsDaysAreWritten() throws {
        let (vault, fileSystem) = MemoryVault.make([
            "habits/walk.md": "---\nauto: {source: health, metric: steps, at-least: 8000}\ncreated: 2026-11-05\npaused: [\"2026-11-08..2026-11-09\"]\narchived: 2026-11-12\n---\n",
            "habits/old.md": "---\nauto: {source: health, metric: steps, at-least: 10}\nstatus: archived\n---\n",
            "habits/rest.md": "---\nauto: {source: health, metric: steps, at-least: 10}\nstatus: paused\n---\n",
        ])
        let values = Dictionary(uniqueKeysWithValues: (1...15).map { (String(format: "2026-11-%02d", $0), 9000.0) })
        let rules = [Self.walk, AutoRule(source: "health", metric: "steps", atLeast: 10)]
        var result = try vault.perform(TrackHabits(data: Self.data(values, rules: rules), today: Day("2026-11-15")!, since: Day("2026-11-06")))
        var notes = MemoryVault.notes(fileSystem)
        let written = notes.keys.filter { $0.hasPrefix("daily/") }.sorted()
        #expect(written == ["daily/2026-11-06.md", "daily/2026-11-07.md", "daily/2026-11-10.md", "daily/2026-11-11.md"])
        #expect(Self.line(notes, "2026-11-06", "walk") == "- [x] [[walk]] 9000 steps (auto: health ≥ 8000)")
        #expect(notes["daily/2026-11-06.md"]?.contains("date: 2026-11-06") == true, "a new day starts from the daily template")
        #expect(result.outcome.habits.map(\.id) == ["rest", "walk"])
        #expect(result.outcome.habits.first?.note == "paused: nothing written")
        // Without --since the habit's created day bounds it.
        result = try vault.perform(TrackHabits(data: Self.data(values, rules: rules), today: Day("2026-11-15")!))
        notes = MemoryVault.notes(fileSystem)
        #expect(notes.keys.filter { $0.hasPrefix("daily/") }.count == 5)
        #expect(notes["daily/2026-11-05.md"] != nil && notes["daily/2026-11-04.md"] == nil)
        #expect(result.outcome.habits.last?.added == 1)
    }

    @Test func aHabitWhoseSourceWasNotReadIsLeftAloneAndSaysWhy() throws {
        let (vault, fileSystem) = MemoryVault.make([
            "habits/gym.md": "---\nauto: {source: calendar, match: Gym}\n---\n",
            "habits/screen.md": "---\nauto: {source: csv, metric: screen-minutes, at-most: 60}\nunit: minutes\ncreated: 2026-11-01\n---\n",
        ])
        let screen = AutoRule(source: "csv", metric: "screen-minutes", atMost: 60)
        let before = MemoryVault.notes(fileSystem).filter { !$0.key.hasPrefix(".brain/") }
        let result = try vault.perform(TrackHabits(data: Self.data(["2026-11-02": 45, "2026-11-03": 61], rules: [screen]),
                                                   today: Day("2026-11-05")!), dryRun: true)
        #expect(MemoryVault.notes(fileSystem).filter { !$0.key.hasPrefix(".brain/") } == before, "a dry run writes nothing")
        #expect(result.outcome.habits.map(\.read) == [false, true])
        #expect(result.outcome.habits.first?.note == "no calendar file was read: give one with --source calendar=FILE or track: in .brain/config.yml")
        #expect(result.outcome.habits.last?.entries.map(\.text) == ["- [x] [[screen]] 45 minutes (auto: csv ≤ 60)",
                                                                  "- [ ] [[screen]] 61 minutes (auto: csv ≤ 60)"])
        #expect(result.changes.count == 2)
    }

    @Test func progressReadsTheDaysLine() throws {
        let (vault, _) = MemoryVault.sample()
        let index = VaultIndex.open(vault)
        let journal = Journal(index: index)
        let progress = AutoProgress(journal: journal, day: .sampleToday)
        let walk = try #require(progress.items.first)
        #expect(progress.items.count == 1)
        #expect(walk.text == "2,310 of 8,000 steps")
        #expect(walk.value == 2310 && walk.threshold == 8000 && !walk.met && walk.tracked && walk.state == .open)
        #expect(walk.fraction == 2310.0 / 8000)
        let empty = AutoProgress(journal: journal, day: Day("2026-11-30")!)
        #expect(empty.items.first?.text == "— of 8,000 steps" && empty.items.first?.value == nil && empty.items.first?.state == nil)
        let overview = DayOverview(journal: journal, day: .sampleToday)
        #expect(overview.entries.first { $0.id == "walk" }?.progress == walk)
        #expect(overview.entries.first { $0.id == "read" }?.progress == nil)
    }
}
