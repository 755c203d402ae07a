import BrainFormat
import BrainAnalytics
import BrainStore

/// The vault's index and journal as the routes read them: kept in memory between requests and
/// re-read (only the files that changed) after a write or when the watcher saw a change.
extension Router {
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
        if let kept = kept.journal { return kept }
        let journal = Journal(index: journalIndex())
        kept.journal = journal
        return journal
    }

    /// Forgets what was read: after a write, or when the vault changed.
    func invalidate() {
        kept = Kept()
    }

    private func refreshIfChanged() {
        if watcher.takeChange(now: Socket.now()) { invalidate() }
    }

    /// What the router keeps between requests.
    struct Kept {
        var index: VaultIndex?
        var journalIndex: VaultIndex?
        var journal: Journal?
    }
}
