import Dispatch
import Foundation
import BrainFormat
import BrainAnalytics

extension DayOverview {
    /// The overview of `day` for a vault: the journal for habits and histories, the index for pinned
    /// notes, and the day's file read again for its intentions and reflection.
    package init(index: VaultIndex, journal: Journal, day: Day) {
        self.init(journal: journal, day: day, vault: index.vault, pinned: DayOverview.pinnedNotes(in: index))
    }

    /// The overview of `day` for a vault whose pinned notes are known (`pinnedNotes(in:)` of the
    /// vault): the journal needs only the journal's files.
    package init(journal: Journal, day: Day, vault: Vault, pinned: [PinnedNote]) {
        self.init(journal: journal, day: day, detail: DayOverview.readCheckIn(day: day, journal: journal, vault: vault), pinned: pinned)
        // The coach's rules (area decline or gain, a slipping goal, the identity trend) speak first;
        // the streak line is the fallback, and a rest day keeps its own message.
        if !rest, let message = Coach.message(journal: journal, today: day) {
            coach = message.text
        }
    }

    /// Pinned notes of the index by path.
    package static func pinnedNotes(in index: VaultIndex) -> [PinnedNote] {
        index.records.filter(\.pinned).map { PinnedNote(path: $0.path, title: $0.title) }.sorted { $0.path < $1.path }
    }

    /// Pinned notes of the vault by path: those of the journal's folders from the journal's index,
    /// the others from the pins' index (`VaultIndex.Scope.pins`), which checks the stamp of every
    /// file outside those folders and decodes nothing but titles and pins. `warnings`: why a
    /// cache was rebuilt, when one was.
    package static func pinnedNotes(in vault: Vault) -> (notes: [PinnedNote], warnings: [String]) {
        let journal = VaultIndex.open(vault, scope: .journal)
        let others = pinnedOutsideJournal(in: vault)
        return (merged(others.notes, journal), journal.report.warnings + others.warnings)
    }

    /// The pinned notes outside the journal's folders, from the pins' index.
    package static func pinnedOutsideJournal(in vault: Vault) -> (notes: [PinnedNote], warnings: [String]) {
        // With a watcher, the pins' cache summaries answer without decoding every record.
        if let summary = VaultIndex.watchedSummary(vault, scope: .pins) {
            return (summary.pinned.map { PinnedNote(path: $0.path, title: $0.title) }.sorted { $0.path < $1.path }, [])
        }
        let index = VaultIndex.open(vault, scope: .pins)
        return (pinnedNotes(in: index), index.report.warnings)
    }

    /// `others` and the pinned notes of `journal` (the journal's index, or the whole vault's),
    /// each path once, by path.
    package static func merged(_ others: [PinnedNote], _ journal: VaultIndex) -> [PinnedNote] {
        merged(others, pinnedNotes(in: journal))
    }

    /// `others` and the pinned notes of the journal's folders, each path once, by path.
    package static func merged(_ others: [PinnedNote], _ journalPins: [PinnedNote]) -> [PinnedNote] {
        var seen = Set(others.map(\.path))
        var all = others
        for note in journalPins where seen.insert(note.path).inserted { all.append(note) }
        return all.sorted { $0.path < $1.path }
    }

    /// `body`'s result and the vault's pinned notes. `body` returns its result and the journal's
    /// index it opened, which gives the pins of the journal's folders; the others are found on
    /// another thread while `body` runs (it waits for them even when `body` throws): the
    /// journal's work beside the `stat` of every other file.
    ///
    /// The pins are found on a thread of their own, not one of Dispatch's: the index opening
    /// there waits for its walk, and a Dispatch thread that waits keeps its core from the walk's
    /// `stat` calls (the pool has a thread per core and does not see it wait).
    package static func pinnedNotes<T>(in vault: Vault, beside body: () throws -> (T, journal: VaultIndex)) rethrows
        -> (result: T, pinned: [PinnedNote], warnings: [String]) {
        let found = SlotBuffer<(notes: [PinnedNote], warnings: [String])>(count: 1)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            found.set(0, pinnedOutsideJournal(in: vault))
            done.signal()
        }
        thread.start()
        var joined = false
        defer { if !joined { done.wait() } }
        let (result, journal) = try body()
        done.wait()
        joined = true
        let pins = found.values()[0]
        return (result, merged(pins.notes, journal), pins.warnings)
    }

    /// The check-in of `day` read from its file, with intentions and reflection (which the index does
    /// not keep); nil when the day has no file or it cannot be read now.
    package static func readCheckIn(day: Day, journal: Journal, vault: Vault) -> CheckIn? {
        guard let path = journal.dailyPaths[day], let absolute = try? vault.absolute(path),
              let bytes = try? vault.fileSystem.read(absolute) else { return nil }
        let document = Document(bytes: bytes)
        return CheckIn(day: day, frontMatter: document.frontMatter, body: document.body, bodyStartLine: document.bodyStartLine)
    }
}
