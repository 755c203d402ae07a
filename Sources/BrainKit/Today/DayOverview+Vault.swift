import Dispatch
import Foundation

extension DayOverview {
    /// The overview of `day` for a vault: the journal for habits and histories, the index for pinned
    /// notes, and the day's file read again for its intentions and reflection.
    public init(index: VaultIndex, journal: Journal, day: Day) {
        self.init(journal: journal, day: day, vault: index.vault, pinned: DayOverview.pinnedNotes(in: index))
    }

    /// The overview of `day` for a vault whose pinned notes are known (`pinnedNotes(in:)` of the
    /// vault): the journal needs only the journal's files.
    public init(journal: Journal, day: Day, vault: Vault, pinned: [PinnedNote]) {
        self.init(journal: journal, day: day, detail: DayOverview.readCheckIn(day: day, journal: journal, vault: vault), pinned: pinned)
        // The coach's rules (area decline or gain, a slipping goal, the identity trend) speak first;
        // the streak line is the fallback, and a rest day keeps its own message.
        if !rest, let message = Coach.message(journal: journal, today: day) {
            coach = message.text
        }
    }

    /// Pinned notes of the index by path.
    public static func pinnedNotes(in index: VaultIndex) -> [PinnedNote] {
        index.records.filter(\.pinned).map { PinnedNote(path: $0.path, title: $0.title) }.sorted { $0.path < $1.path }
    }

    /// Pinned notes of the vault by path, from the pins' index (`VaultIndex.Scope.pins`): every
    /// file's stamp is checked and nothing but titles and pins is decoded. `warnings`: why its
    /// cache was rebuilt, when it was.
    public static func pinnedNotes(in vault: Vault) -> (notes: [PinnedNote], warnings: [String]) {
        let index = VaultIndex.open(vault, scope: .pins)
        return (pinnedNotes(in: index), index.report.warnings)
    }

    /// `body`'s result and the vault's pinned notes, found on another thread while `body` runs
    /// (it waits for them even when `body` throws): the journal's work beside the `stat` of
    /// every file.
    ///
    /// The pins are found on a thread of their own, not one of Dispatch's: the index opening
    /// there waits for its walk, and a Dispatch thread that waits keeps its core from the walk's
    /// `stat` calls (the pool has a thread per core and does not see it wait).
    public static func pinnedNotes<T>(in vault: Vault, beside body: () throws -> T) rethrows
        -> (result: T, pinned: [PinnedNote], warnings: [String]) {
        let found = SlotBuffer<(notes: [PinnedNote], warnings: [String])>(count: 1)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            found.set(0, pinnedNotes(in: vault))
            done.signal()
        }
        thread.start()
        var joined = false
        defer { if !joined { done.wait() } }
        let result = try body()
        done.wait()
        joined = true
        let pins = found.values()[0]
        return (result, pins.notes, pins.warnings)
    }

    /// The check-in of `day` read from its file, with intentions and reflection (which the index does
    /// not keep); nil when the day has no file or it cannot be read now.
    public static func readCheckIn(day: Day, journal: Journal, vault: Vault) -> CheckIn? {
        guard let path = journal.dailyPaths[day], let absolute = try? vault.absolute(path),
              let bytes = try? vault.fileSystem.read(absolute) else { return nil }
        let document = Document(bytes: bytes)
        return CheckIn(day: day, frontMatter: document.frontMatter, body: document.body, bodyStartLine: document.bodyStartLine)
    }
}
