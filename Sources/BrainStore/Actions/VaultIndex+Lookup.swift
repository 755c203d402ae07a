import BrainFormat
import BrainAnalytics

extension VaultIndex {
    /// The one note `name` means (a path, a file stem, a title or an alias, case-insensitive),
    /// optionally of one kind; an unknown name gets a did-you-mean, an ambiguous one the candidates.
    package func note(named name: String, kind: NoteKind? = nil) throws(ActionError) -> Int {
        var matches = find(name)
        if let kind { matches = matches.filter { records[$0].kind == kind } }
        if matches.count == 1 { return matches[0] }
        if matches.isEmpty {
            var candidates = records.indices.filter { kind == nil || records[$0].kind == kind }.map { records[$0].stem }
            candidates = Array(Set(candidates)).sorted()
            var message = "no \(kind?.rawValue ?? "note") named \"\(name)\""
            if let suggestion = Suggestion.closest(to: name, in: candidates) { message += "; did you mean \"\(suggestion)\"?" }
            throw ActionError(.notFound, message)
        }
        let list = matches.map { "  " + NameKey.shown(records[$0].path) }.joined(separator: "\n")
        let keys = Set(matches.map { NameKey.of(records[$0].path) })
        if keys.count == 1 {
            // Names that differ only by normalisation or case: no path typed can choose one.
            throw ActionError(.ambiguous, "\"\(name)\" is ambiguous; these files differ only by Unicode normalisation or letter case:\n\(list)\nrename one of them (for example with mv) so that each name is unique")
        }
        throw ActionError(.ambiguous, "\"\(name)\" is ambiguous; it could be:\n\(list)\nname it by path to choose one")
    }
}
