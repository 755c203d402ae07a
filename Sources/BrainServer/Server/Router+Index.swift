import BrainFormat
import BrainAnalytics
import BrainStore

/// The vault's index and journal as the routes read them: kept in memory between requests and
/// re-read (only the files that changed) after a write or when the watcher saw a change. Only
/// the worker thread calls these.
extension Router {
    /// The notes list of the whole vault's index, made when the index is new (`NoteListing`).
    func noteListing() -> NoteListing {
        let index = self.index()
        if let kept = kept.notes, kept.index === index { return kept }
        let listing = NoteListing(index: index)
        kept.notes = listing
        return listing
    }

    /// The whole vault's index.
    func index() -> VaultIndex {
        refreshIfChanged()
        if let kept = kept.index { return kept }
        let index = VaultIndex.open(vault)
        kept.index = index
        return index
    }

    /// The index of the files analytics reads (habits, goals, areas, days); the whole one when
    /// it is kept already.
    func journalIndex() -> VaultIndex {
        refreshIfChanged()
        if let kept = kept.index { return kept }
        if let kept = kept.journalIndex { return kept }
        let index = VaultIndex.open(vault, scope: .journal)
        kept.journalIndex = index
        return index
    }

    func journal() -> Journal {
        refreshIfChanged()
        // The clock's day, as `brain` sets it: a date after it asks about days that have not happened.
        let today = todayDay()
        if var journal = kept.journal {
            if journal.now != today {
                journal.now = today
                kept.journal = journal
            }
            return journal
        }
        var journal = Journal(index: journalIndex())
        journal.now = today
        kept.journal = journal
        return journal
    }

    /// The pinned notes of the vault: from the whole index when it is kept, else the journal's
    /// pins with those of the other files (kept until a file outside the journal's folders changes).
    func pinnedNotes(journal index: VaultIndex) -> [DayOverview.PinnedNote] {
        if let full = kept.index { return DayOverview.pinnedNotes(in: full) }
        let others = kept.pinsOutside ?? DayOverview.pinnedOutsideJournal(in: vault).notes
        kept.pinsOutside = others
        return DayOverview.merged(others, index)
    }

    /// Forgets what was read: after a write, or when the vault changed. `keepingPins`: the
    /// files outside the journal's folders did not change.
    func invalidate(keepingPins: Bool = false) {
        let pins = kept.pinsOutside
        kept = Kept()
        if keepingPins { kept.pinsOutside = pins }
    }

    /// What a write may read instead of checking every file's stamp (called under the vault
    /// lock): the kept index and journal, when the watcher has seen no change since they were
    /// read — else read now, under the lock, and kept for the next write. Only where events are
    /// watched (inotify).
    func vouched() -> VaultTransaction.Current? {
        guard watcher.descriptor != nil else { return nil }
        watcher.drain()
        let journal = journal()
        return VaultTransaction.Current(index: kept.index, journal: journal, journalIndex: kept.index ?? journalIndex())
    }

    /// After a write: the kept index takes the changed files' new contents (`after`; nil: gone)
    /// when the watcher saw nothing but the write itself and the index tells the written files
    /// from every other (`findsByBytes`); else everything kept is read again.
    /// The kept journal takes a day's file in place (`Journal.updating`: a check-off costs that
    /// habit's history, not the whole journal); after any other write it is built again.
    func applied(_ after: [String: [UInt8]?], keepingPins: Bool) {
        watcher.drain()
        let change = watcher.takeChange(now: Socket.now())
        guard change?.isOnly(after.keys) ?? true, watcher.descriptor != nil,
              [kept.index, kept.journalIndex].allSatisfy({ $0.map { Self.findsByBytes(after.keys, in: $0) } ?? true }) else {
            invalidate(keepingPins: keepingPins)
            return
        }
        // The index the kept journal was built from (`journalIndex()`).
        let source = kept.index ?? kept.journalIndex
        if let index = kept.index { kept.index = index.updating(after).index }
        if let index = kept.journalIndex { kept.journalIndex = index.updating(after).index }
        if let journal = kept.journal, let source, let updated = kept.index ?? kept.journalIndex {
            kept.journal = journal.updating(Array(after.keys), from: source, to: updated)
        } else {
            kept.journal = nil
        }
        if !keepingPins { kept.pinsOutside = nil }
    }

    /// Whether `index` tells each of `paths` from every other file by its bytes: the path it
    /// finds is that very file, and no two of its files have that path as `String`s (which hold a
    /// composed and a decomposed "é" equal). Its path table is keyed by `String`, so an update in
    /// place of one spelling beside the other would replace the other's record; then the index is
    /// read again.
    static func findsByBytes(_ paths: some Sequence<String>, in index: VaultIndex) -> Bool {
        let table = index.recordByPath
        // The paths two files share as `String`s (few vaults have any): the table keeps one of each.
        var shared = Set<String>()
        if table.count != index.records.count {
            for (position, record) in index.records.enumerated() where table[record.path] != position { shared.insert(record.path) }
        }
        return paths.allSatisfy { path in
            !shared.contains(path) && (table[path].map { index.records[$0].path.utf8.elementsEqual(path.utf8) } ?? true)
        }
    }

    /// Takes the watcher's news: a change in the journal's folders only keeps the other files' pins.
    func refreshIfChanged() {
        guard let change = watcher.takeChange(now: Socket.now()) else { return }
        let journalOnly = !change.everything && change.foldersAreAll(within: VaultIndex.journalFolders(vault))
        invalidate(keepingPins: journalOnly)
    }

    /// What the router keeps between requests.
    struct Kept {
        var index: VaultIndex?
        var journalIndex: VaultIndex?
        var journal: Journal?
        /// The pinned notes outside the journal's folders.
        var pinsOutside: [DayOverview.PinnedNote]?
        /// The notes list of `index` (`/app/notes`), made once per index.
        var notes: NoteListing?
    }
}
