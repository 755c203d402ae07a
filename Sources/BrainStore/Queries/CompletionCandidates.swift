import BrainFormat
import BrainAnalytics

/// The words a shell completes an argument to (the hidden `brain __complete KIND`).
package struct CompletionCandidates: Hashable, Sendable, Codable {
    package enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// Note names (file stems), daily files aside.
        case notes
        /// Habit ids.
        case habits
        /// Tags, nested parents included.
        case tags
        /// The KIND words of `brain list`.
        case kinds
    }

    package var kind: Kind
    /// Sorted, except habits, which keep the index's order.
    package var candidates: [String]

    /// The words of `kind`; `index` is read for every kind but `kinds`, and may be nil for it.
    package init(kind: Kind, index: VaultIndex?) {
        self.kind = kind
        switch kind {
        case .kinds:
            candidates = NoteFilter.kindWords
        case .habits:
            candidates = index?.records.filter { $0.kind == .habit }.map(\.stem) ?? []
        case .tags:
            candidates = index?.tagCounts().map(\.name).sorted() ?? []
        case .notes:
            candidates = Set(index?.records.filter { $0.kind != .daily }.map(\.stem) ?? []).sorted()
        }
    }
}
