/// A listing of notes: `brain list`, `brain pins`, `brain orphans`.
public struct NoteList: Hashable, Sendable, Codable {
    public var notes: [NoteSummary]

    public init(notes: [NoteSummary]) {
        self.notes = notes
    }

    /// The records at `positions` of `index`, in that order.
    public init(index: VaultIndex, positions: [Int]) {
        notes = positions.map { NoteSummary(index.records[$0]) }
    }

    /// The notes `filter` selects, in its order.
    public init(index: VaultIndex, filter: NoteFilter) {
        self.init(index: index, positions: filter.select(in: index))
    }

    /// Pinned notes, by path.
    public static func pinned(in index: VaultIndex) -> NoteList {
        NoteList(index: index, positions: index.records.indices.filter { index.records[$0].pinned })
    }

    /// Notes with no links in or out, daily files aside.
    public static func orphans(in index: VaultIndex) -> NoteList {
        NoteList(index: index, positions: index.orphans())
    }
}
