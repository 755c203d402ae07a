import BrainFormat
import BrainAnalytics
import BrainStore

/// The vault's index and journal as the routes read them.
extension Router {
    /// The whole vault's index, brought up to date (re-reading changed files).
    func index() -> VaultIndex {
        VaultIndex.open(vault)
    }

    /// The index of the files analytics reads (habits, goals, areas, days).
    func journalIndex() -> VaultIndex {
        VaultIndex.open(vault, scope: .journal)
    }

    func journal() -> Journal {
        Journal(index: journalIndex())
    }

    /// Forgets what was read: after a write.
    func invalidate() {}
}
