import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct StatusLineTests {
    /// The status from the whole index, the slow way, to compare `load` with.
    static func full(_ vault: Vault, _ day: Day) -> StatusLine {
        StatusLine(overview: DayOverview(journal: Journal(index: VaultIndex.open(vault, save: false)), day: day), daysRead: 0)
    }

    static func fields(_ status: StatusLine) -> [String: String] {
        Dictionary(uniqueKeysWithValues: StatusField.all.map { ($0.name, $0.value(status)) })
    }

    @Test func sampleDayReadsAsBrainTodaySaysIt() throws {
        let (vault, _) = MemoryVault.sample()
        let status = StatusLine.load(vault: vault, day: .sampleToday)
        let template = try StatusTemplate(StatusTemplate.standard)
        #expect(template.render(status) == "3/11 done · momentum on fire · review-budget 2mo")
        let fields = Self.fields(status)
        #expect(fields["done"] == "3" && fields["due"] == "11" && fields["open"] == "8")
        #expect(fields["momentum-percent"] == "95 %" && fields["mood"] == "4" && fields["energy"] == "3")
        #expect(fields["checkin"] == "✓" && fields["next"] == "guitar" && fields["rest"] == "")
        // A rest day.
        let rest = StatusLine.load(vault: vault, day: Day("2026-10-27")!)
        #expect(template.render(rest).hasPrefix("rest day · momentum "))
        #expect(Self.fields(rest)["rest"] == "rest")
    }

    /// Every field of `load`, which reads the recent days only, equals the one from the full index,
    /// on two years of a generated vault (40 habits of every frequency) and on the sample vault.
    @Test func recentDaysGiveTheSameFieldsAsTheWholeVault() throws {
        let generator = DemoGenerator(DemoOptions(years: 2, habits: 40, notes: 30, seed: 3, end: .sampleToday))
        var files: [String: String] = [:]
        for index in 0..<generator.fileCount {
            let file = generator.file(index)
            files[file.path] = String(decoding: file.bytes, as: UTF8.self)
        }
        let (demo, _) = MemoryVault.make(files)
        let (sample, _) = MemoryVault.sample()
        var readFewer = false
        for (vault, days) in [(demo, stride(from: 0, to: 700, by: 53).map { Day.sampleToday.adding(days: -$0) }),
                              (sample, stride(from: 0, to: 80, by: 9).map { Day.sampleToday.adding(days: -$0) })] {
            for day in days {
                let fast = StatusLine.load(vault: vault, day: day)
                let slow = Self.full(vault, day)
                #expect(Self.fields(fast) == Self.fields(slow), "\(day)")
                #expect(fast.lead == slow.lead, "\(day)")
                #expect(fast.overview.tally == slow.overview.tally && fast.overview.momentum == slow.overview.momentum, "\(day)")
                if fast.daysRead < 365 { readFewer = true }
            }
        }
        #expect(readFewer)
    }

    @Test func readsFurtherBackOnlyForALongStreak() throws {
        var files = ["habits/read.md": "---\nevery: day\ncreated: 2026-01-01\n---\n",
                     "habits/walk.md": "---\nevery: day\ncreated: 2026-01-01\n---\n"]
        var day = Day("2026-01-01")!
        while day <= .sampleToday {
            // Read every day; walk with a miss every 20 days.
            let walk = day.ordinal % 20 == 0 ? "- [ ] [[walk]]" : "- [x] [[walk]]"
            files["daily/\(day).md"] = "---\nmood: 3\n---\n- [x] [[read]]\n\(walk)\n"
            day = day.adding(days: 1)
        }
        let (vault, _) = MemoryVault.make(files)
        let status = StatusLine.load(vault: vault, day: .sampleToday)
        #expect(status.lead?.habit == "read")
        #expect(status.lead?.current == Day("2026-01-01")!.distance(to: .sampleToday) + 1)
        #expect(status.daysRead == Day("2026-01-01")!.distance(to: .sampleToday) + 1)
        // A streak that began more than a week after the first day read: the last 28 days are enough.
        files["daily/2026-11-10.md"] = "---\nmood: 3\n---\n- [ ] [[read]]\n- [ ] [[walk]]\n"
        let (shorter, _) = MemoryVault.make(files)
        let recent = StatusLine.load(vault: shorter, day: .sampleToday)
        #expect(recent.daysRead == StatusLine.minimumDays)
        #expect(recent.lead?.habit == "read" && recent.lead?.current == 12)
        // One that began before the first day read (the miss that began it is not in the 28 days):
        // twice as far back, where the miss is.
        files["daily/2026-11-10.md"] = "---\nmood: 3\n---\n- [x] [[read]]\n- [x] [[walk]]\n"
        files["daily/2026-10-23.md"] = "---\nmood: 3\n---\n- [ ] [[read]]\n- [ ] [[walk]]\n"
        let (longer, _) = MemoryVault.make(files)
        let back = StatusLine.load(vault: longer, day: .sampleToday)
        #expect(back.daysRead == 2 * StatusLine.minimumDays && back.lead?.current == 30)
        #expect(Self.fields(back) == Self.fields(Self.full(longer, .sampleToday)))
        #expect(Self.fields(recent) == Self.fields(Self.full(shorter, .sampleToday)))
    }

    @Test func aRhythmWithoutCreatedReadsEveryDay() throws {
        var files = ["habits/guitar.md": "---\nevery: 2 in 5 days\n---\n"]
        for offset in stride(from: 0, to: 200, by: 3) {
            files["daily/\(Day.sampleToday.adding(days: -offset)).md"] = "---\n---\n- [x] [[guitar]]\n"
        }
        let (vault, _) = MemoryVault.make(files)
        let status = StatusLine.load(vault: vault, day: .sampleToday)
        #expect(status.daysRead == 199)
        #expect(Self.fields(status) == Self.fields(Self.full(vault, .sampleToday)))
    }

    @Test func templates() throws {
        let (vault, _) = MemoryVault.sample()
        let status = StatusLine.load(vault: vault, day: .sampleToday)
        #expect(try StatusTemplate("{checkin} {done}/{due} · next {next}").render(status) == "✓ 3/11 · next guitar")
        #expect(try StatusTemplate("{{brain}} {today}").render(status) == "{brain} 3/11 done")
        #expect(try StatusTemplate("plain").render(status) == "plain")
        // A part whose fields are all empty goes, with its separator.
        #expect(try StatusTemplate("{today} · rest: {rest} · {mood}").render(status) == "3/11 done · 4")
        #expect(try StatusTemplate("{done} · {rest} {rest}").fields == ["done", "rest", "rest"])
        #expect(throws: StatusTemplate.Problem.self) { try StatusTemplate("{strek}") }
        do {
            _ = try StatusTemplate("{strek}")
        } catch {
            #expect(error.description.hasPrefix("unknown status field {strek}; did you mean {streak}? (fields: today, done,"))
        }
        for bad in ["{done", "done}", "{}"] {
            #expect(throws: StatusTemplate.Problem.self) { try StatusTemplate(bad) }
        }
    }

    @Test func compactStreaks() {
        #expect(StatusLine.compact(Streaks(current: 20, best: 20, unit: .days)) == "20d")
        #expect(StatusLine.compact(Streaks(current: 3, best: 3, unit: .weeks)) == "3w")
        #expect(StatusLine.compact(Streaks(current: 2, best: 5, unit: .months)) == "2mo")
        #expect(StatusLine.compact(Streaks(current: 4, best: 4, unit: .blocks, blockDays: 5)) == "4×5d")
    }

    @Test func everyFieldHasAUniqueNameAndHelp() {
        let names = StatusField.all.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(StatusField.all.allSatisfy { !$0.help.isEmpty && $0.name.allSatisfy { $0.isLowercase || $0 == "-" } })
        #expect((try? StatusTemplate(StatusTemplate.standard))?.fields == ["today", "momentum", "streak"])
    }
}
