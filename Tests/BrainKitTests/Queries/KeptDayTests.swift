import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange

/// `KeptDay`, today's journal part kept per watcher token: it round-trips every overview exactly,
/// and it is given back only while the watcher names no path the journal reads, for the same day,
/// clock day and settings.
@Suite struct KeptDayTests {
    static let end = day("2026-11-22")

    /// Every overview of two months of a generated journal (every kind of habit, rest days,
    /// skips, amounts, check-ins and reflections), as of the day itself and as of a later clock,
    /// comes back from the kept bytes equal.
    @Test func everyOverviewRoundTrips() throws {
        let scratch = try ScratchVault(files: [:])
        let generator = DemoGenerator(DemoOptions(years: 1, habits: 24, notes: 10, seed: 5, end: Self.end))
        for index in 0..<generator.fileCount {
            let file = generator.file(index)
            try scratch.write(file.path, String(decoding: file.bytes, as: UTF8.self))
        }
        let vault = Vault(root: scratch.root)
        let index = VaultIndex.open(vault, scope: .journal)
        var journal = Journal(index: index)
        let source = FixedChangeSource(answer: .changed(token: "t-1:2", paths: []))
        var checked = 0
        for offset in 0..<60 {
            let day = Self.end.adding(days: -offset)
            for now in [day, Self.end] {
                journal.now = now
                let overview = DayOverview(journal: journal, day: day, vault: vault, pinned: [])
                let kept = KeptDay(overview: overview, journalPins: DayOverview.pinnedNotes(in: index), warnings: ["w \(offset)"])
                kept.keep(vault, day: day, now: now, token: "t-1:1")
                let back = KeptDay.watched(vault, day: day, now: now, changes: source)
                #expect(back == kept, "\(day) as of \(now)")
                checked += 1
            }
        }
        #expect(checked == 120)
    }

    @Test func givenBackOnlyWhileNothingTheJournalReadsChanged() throws {
        let scratch = try ScratchVault(files: [
            "habits/read.md": "---\nevery: day\npinned: true\n---\n# Read\n",
            "daily/2026-11-22.md": "- [x] [[read]]\n",
            "notes/idea.md": "# An idea\n",
            ".brain/config.yml": "week-start: monday\n",
        ])
        let vault = Vault(root: scratch.root)
        let index = VaultIndex.open(vault, scope: .journal)
        var journal = Journal(index: index)
        journal.now = Self.end
        let kept = KeptDay(overview: DayOverview(journal: journal, day: Self.end, vault: vault, pinned: []),
                           journalPins: DayOverview.pinnedNotes(in: index), warnings: [])
        #expect(kept.journalPins.map(\.path) == ["habits/read.md"])
        kept.keep(vault, day: Self.end, now: Self.end, token: "t-1:1")
        func back(_ paths: [String]?, day: Day = KeptDayTests.end, now: Day? = KeptDayTests.end, in opened: Vault? = nil) -> KeptDay? {
            KeptDay.watched(opened ?? vault, day: day, now: now,
                            changes: FixedChangeSource(answer: paths.map { .changed(token: "t-1:9", paths: $0) }))
        }
        #expect(back([]) == kept)
        #expect(back(["notes/idea.md", "notes/new", "notes/.idea.md.swp", ".brain/cache/index.bin", "dailies.md"]) == kept,
                "paths outside the journal's folders")
        for paths in [["daily/2026-11-22.md"], ["daily"], ["habits/sport/run.md"], ["goals"], ["areas/x.md"], ["notes", "daily/x"],
                      ["a/../daily"], [""]] {
            #expect(back(paths) == nil, "\(paths)")
        }
        #expect(back(nil) == nil, "no watcher")
        #expect(KeptDay.watched(vault, day: Self.end, now: Self.end, changes: FixedChangeSource(answer: .unknown(token: "t-2:0"))) == nil)
        #expect(back([], day: Self.end.adding(days: -1)) == nil, "another day")
        #expect(back([], now: Self.end.adding(days: 1)) == nil, "another clock day")
        #expect(back([], now: nil) == nil, "no clock day")
        // Other settings (the vault opened again reads them): kept for the old ones only.
        try scratch.write(".brain/config.yml", "week-start: sunday\n")
        #expect(back([], in: Vault(root: scratch.root)) == nil, "other settings")
        try scratch.write(".brain/config.yml", "week-start: monday\n")
        #expect(back([], in: Vault(root: scratch.root)) == kept)
        // A damaged file is not used.
        let path = scratch.root + "/" + KeptDay.path
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[bytes.count - 3] ^= 0x20
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(back([]) == nil, "damaged")
    }
}
