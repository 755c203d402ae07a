import BrainFormat
import BrainAnalytics

/// The words a shell completes an argument to (the hidden `brain __complete KIND`).
package struct CompletionCandidates: Hashable, Sendable, Codable {
    package enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// Note names (file stems), daily files aside.
        case notes
        /// Habit ids.
        case habits
        /// Area ids.
        case areas
        /// Goal ids.
        case goals
        /// Tags, nested parents included.
        case tags
        /// The KIND words of `brain list`.
        case kinds
        /// The day words `--date` takes besides dates: today, yesterday and the weekday names.
        case days

        /// Whether the words are fixed, so no vault is read for them.
        package var isFixed: Bool { self == .kinds || self == .days }
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
        case .days:
            candidates = ["today", "yesterday"] + Weekday.allCases.map(\.name)
        case .areas:
            candidates = index?.records.filter { $0.kind == .area }.map(\.stem).sorted() ?? []
        case .goals:
            candidates = index?.records.filter { $0.kind == .goal }.map(\.stem).sorted() ?? []
        case .habits:
            candidates = index?.records.filter { $0.kind == .habit }.map(\.stem) ?? []
        case .tags:
            candidates = index?.tagCounts().map(\.name).sorted() ?? []
        case .notes:
            candidates = Set(index?.records.filter { $0.kind != .daily }.map(\.stem) ?? []).sorted()
        }
    }
}
