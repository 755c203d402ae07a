import BrainFormat
import BrainAnalytics

/// Which notes `brain list` shows and in what order: a kind or note type, tag expressions, an
/// area, a status, links, and a sort.
package struct NoteFilter: Hashable, Sendable {
    /// The words a listing takes for KIND: the kinds, the note types, their plurals, and `all`.
    package static let kindWords = ["note", "notes", "habit", "habits", "goal", "goals", "area", "areas", "daily",
                                   "reflection", "reflections", "insight", "insights", "link", "links", "all"]

    package enum Sort: String, Hashable, Sendable, CaseIterable {
        case path, title, created, modified, backlinks
    }

    /// A kind (`habit`, `daily`…) or a note type (`reflection`…), singular or plural; nil or `all` for every note.
    package var kind: String?
    /// Every expression must match the note's tags.
    package var tags: [TagExpression] = []
    /// Notes of this life area (its id or title), and the area itself.
    package var area: String?
    /// Notes (kind `note`) of this `type:`.
    package var type: String?
    package var pinnedOnly = false
    /// `status:`, where habits and goals without one count as `active`.
    package var status: String?
    /// Only notes linking to the note at this position of the index.
    package var linkedTo: Int?
    package var orphansOnly = false
    package var sort: Sort = .path
    package var limit: Int?

    package init() {}

    /// The positions of the selected records in `index`, sorted and cut to `limit`.
    package func select(in index: VaultIndex) -> [Int] {
        let records = index.records
        var selected = Array(records.indices)
        if let kind, kind != "all" {
            let singular = kind.hasSuffix("s") && kind != "notes" ? String(kind.dropLast()) : (kind == "notes" ? "note" : kind)
            if let noteKind = NoteKind(rawValue: singular) {
                selected = selected.filter { records[$0].kind == noteKind }
            } else {
                selected = selected.filter { records[$0].kind == .note && NoteFilter.type(of: records[$0]) == singular }
            }
        }
        for expression in tags {
            selected = selected.filter { expression.matches(records[$0].tags) }
        }
        if let area {
            let wanted = area.lowercased()
            selected = selected.filter { position in
                let record = records[position]
                if record.kind == .area { return record.stem.lowercased() == wanted }
                guard let value = record.frontMatter["area"]?.string, let target = LinkTarget.normalize(value) else { return false }
                if target.lowercased() == wanted { return true }
                guard let area = index.resolve(target: target).note else { return false }
                return records[area].stem.lowercased() == wanted || records[area].title.lowercased() == wanted
            }
        }
        if let type {
            selected = selected.filter { records[$0].kind == .note && NoteFilter.type(of: records[$0]) == type }
        }
        if pinnedOnly {
            selected = selected.filter { records[$0].pinned }
        }
        if let status = status?.lowercased() {
            selected = selected.filter { position in
                let record = records[position]
                let value = record.frontMatter["status"]?.string?.lowercased()
                    ?? ((record.kind == .habit || record.kind == .goal) ? "active" : nil)
                return value == status
            }
        }
        if let linkedTo {
            let sources = Set(index.backlinks(of: linkedTo).map(\.source))
            selected = selected.filter { sources.contains($0) && $0 != linkedTo }
        }
        if orphansOnly {
            let orphans = Set(index.orphans())
            selected = selected.filter { orphans.contains($0) }
        }
        switch sort {
        case .path:
            break
        case .title:
            selected.sort { records[$0].title.lowercased() < records[$1].title.lowercased() }
        case .created:
            selected.sort { (NoteFilter.created(records[$0]) ?? Day(ordinal: .min)) > (NoteFilter.created(records[$1]) ?? Day(ordinal: .min)) }
        case .modified:
            selected.sort { records[$0].stamp.modified > records[$1].stamp.modified }
        case .backlinks:
            var counts = [Int](repeating: 0, count: records.count)
            for links in index.resolutions {
                for resolution in links { if let target = resolution.note { counts[target] += 1 } }
            }
            selected.sort { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : $0 < $1 }
        }
        if let limit { selected = Array(selected.prefix(limit)) }
        return selected
    }

    /// A note's `type:` in lower case; `note` when it has none.
    package static func type(of record: NoteRecord) -> String {
        record.frontMatter["type"]?.string?.lowercased() ?? "note"
    }

    /// The `created:` day, else the daily file's day.
    package static func created(_ record: NoteRecord) -> Day? {
        record.frontMatter["created"]?.day ?? record.day
    }
}
