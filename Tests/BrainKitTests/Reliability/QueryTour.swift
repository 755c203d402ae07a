@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Every query BrainKit answers, run once over an index and encoded as `--json` would: what
/// `today`, `stats`, `validate`, `show`, `backlinks`, `graph` and the other read commands compute.
/// Hostile-input tests run it and expect it to return, whatever the files or the cache hold.
enum QueryTour {
    /// Runs the queries; the result is the number of JSON bytes they printed.
    @discardableResult
    static func run(_ index: VaultIndex, today: Day = .sampleToday, notes: Int = .max) -> Int {
        var printed = 0
        func print<T: Encodable>(_ value: T) {
            printed += ((try? JSONOutput.string(value)) ?? "").utf8.count
        }
        print(ValidationReport(index: index))
        print(TagList(index: index))
        print(LinkGraph(index: index, includeDaily: true))
        print(NoteList.orphans(in: index))
        print(NoteList.pinned(in: index))
        for position in index.records.indices.prefix(notes) {
            print(NoteDetail(index: index, note: position))
            print(BacklinkList(index: index, note: position))
            print(LinkList(index: index, note: position))
        }
        let journal = Journal(index: index)
        // Every check-in's lines, read from the cache bytes when the index was loaded from there.
        printed += journal.checkIns.reduce(0) { $0 + $1.habitLines.count }
        print(DayOverview(index: index, journal: journal, day: today))
        for range in [HabitStatsTable.Range.week, .year, .all] {
            print(HabitStatsTable(journal: journal, today: today, range: range))
        }
        for habit in journal.habits {
            print(HabitStatsReport(habit: habit, journal: journal, today: today))
        }
        print(HeatmapView(journal: journal, year: today.year, today: today))
        print(LogView(journal: journal, from: today.adding(days: -30), through: today))
        print(GoalsView(journal: journal, today: today))
        print(AreasView(journal: journal, today: today))
        print(WeekView(journal: journal, today: today))
        print(MonthView(journal: journal, today: today))
        print(CoachView(journal: journal, today: today))
        print(ReviewReport(journal: journal, period: .week, today: today))
        return printed
    }
}

extension MemoryVault {
    /// The files of a small part of the sample vault: two habits, a goal, an area, a note and three
    /// days. Hostile-input tests run thousands of times over it.
    static let smallFiles = ["habits/read.md", "habits/run.md", "goals/run-5k.md", "areas/health.md",
                             "notes/atomic-habits.md", "daily/2026-11-20.md", "daily/2026-11-21.md",
                             "daily/2026-11-22.md", Vault.configPath]

    static func small() -> (Vault, MemoryFileSystem) {
        let fileSystem = MemoryFileSystem()
        for path in smallFiles {
            try! fileSystem.writeAtomically(sampleFiles[path]!, to: root + "/" + path)
        }
        return (Vault(root: root, fileSystem: fileSystem), fileSystem)
    }
}
