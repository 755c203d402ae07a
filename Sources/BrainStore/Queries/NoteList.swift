import BrainFormat
import BrainAnalytics

/// A listing of notes: `brain list`, `brain pins`, `brain orphans`.
package struct NoteList: Hashable, Sendable, Codable {
    package var notes: [NoteSummary]

    package init(notes: [NoteSummary]) {
        self.notes = notes
    }

    /// The records at `positions` of `index`, in that order.
    package init(index: VaultIndex, positions: [Int]) {
        notes = positions.map { NoteSummary(index.records[$0]) }
    }

    /// The notes `filter` selects, in its order.
    package init(index: VaultIndex, filter: NoteFilter) {
        self.init(index: index, positions: filter.select(in: index))
    }

    /// Pinned notes, by path.
    package static func pinned(in index: VaultIndex) -> NoteList {
        NoteList(index: index, positions: index.records.indices.filter { index.records[$0].pinned })
    }

    /// Notes with no links in or out, daily files aside.
    package static func orphans(in index: VaultIndex) -> NoteList {
        NoteList(index: index, positions: index.orphans())
    }
}
