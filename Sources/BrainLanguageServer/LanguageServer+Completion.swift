import BrainJSONRPC
import BrainFormat
import BrainAnalytics
import BrainStore
import Foundation

/// `textDocument/completion`: notes after `[[` (by id, title and alias), headings after `#`
/// and block ids after `#^` inside a link, tags with their counts after `#`, and front-matter
/// keys and values for the file's kind (and in `.brain/config.yml`, its keys and themes).
extension LanguageServer {
    /// At most this many items; more makes the list incomplete, and the client asks again as
    /// the person types.
    static let completionLimit = 200

    struct Candidate {
        var label: String
        var kind: Int
        var detail: String?
        var insert: String
        var sort: String
        var filter: String?
    }

    func completion(_ params: JSON) throws -> JSON {
        guard let (path, document) = try document(params) else { return .null }
        let position = try position(params)
        let offset = document.offset(of: position, encoding)
        let line = document.lineRange(min(position.line, document.lineCount - 1))
        let start = min(line.lowerBound, offset)
        let before = String(decoding: document.bytes[start..<offset], as: UTF8.self)
        let after = String(decoding: document.bytes[offset..<max(offset, line.upperBound)], as: UTF8.self)
        let closing = after.hasPrefix("]]") ? "" : "]]"

        func list(_ candidates: [Candidate], replacing prefixBytes: Int) -> JSON {
            let range = TextRange(start: document.position(of: offset - prefixBytes, encoding), end: document.position(of: offset, encoding))
            let sorted = candidates.sorted { ($0.sort, $0.label) < ($1.sort, $1.label) }
            let items: [JSON] = sorted.prefix(LanguageServer.completionLimit).map { candidate in
                var item: JSON = ["label": .string(candidate.label), "kind": .int(candidate.kind),
                                  "sortText": .string(candidate.sort + candidate.label),
                                  "textEdit": ["range": range.json, "newText": .string(candidate.insert)]]
                if let detail = candidate.detail { item["detail"] = .string(detail) }
                if let filter = candidate.filter { item["filterText"] = .string(filter) }
                return item
            }
            return ["isIncomplete": .bool(sorted.count > LanguageServer.completionLimit), "items": .array(items)]
        }

        // Inside a link: `[[query`, with no `]]` between it and the cursor.
        if let open = before.range(of: "[[", options: .backwards), !before[open.upperBound...].contains("]]") {
            let query = String(before[open.upperBound...])
            if let hash = query.firstIndex(of: "#") {
                let target = String(query[..<hash]).trimming(" \t")
                let fragment = query[query.index(after: hash)...]
                let note = target.isEmpty ? workspace.record(path) : workspace.index.resolve(target: target, from: workspace.record(path)).note
                guard let note else { return list([], replacing: 0) }
                if fragment.hasPrefix("^") {
                    let prefix = String(fragment.dropFirst())
                    return list(blockCandidates(note, prefix: prefix, closing: closing), replacing: prefix.utf8.count)
                }
                return list(headingCandidates(note, prefix: String(fragment), closing: closing), replacing: fragment.utf8.count)
            }
            let preferred = preferredKind(path: path, document: document, line: position.line, before: before)
            return list(noteCandidates(query: query, preferred: preferred, closing: closing, current: workspace.record(path)),
                        replacing: query.utf8.count)
        }
        // Front-matter, or the settings file.
        if path == Vault.configPath {
            return list(configCandidates(before), replacing: completionPrefix(before).utf8.count)
        }
        if let yaml = FrontMatterLines.of(document), yaml.contains(position.line) {
            let kind = workspace.vault.kind(of: path)
            guard let (candidates, prefix) = frontMatterCandidates(kind: kind, before: before, line: position.line,
                                                                    document: document, yaml: yaml) else { return list([], replacing: 0) }
            return list(candidates, replacing: prefix.utf8.count)
        }
        // A tag: `#` at the start of a line or after a space, then tag characters.
        var tagStart = before.endIndex
        while tagStart > before.startIndex {
            let previous = before[before.index(before: tagStart)]
            if Tag.isNameCharacter(previous) {
                tagStart = before.index(before: tagStart)
            } else {
                break
            }
        }
        if tagStart > before.startIndex, before[before.index(before: tagStart)] == "#" {
            let hash = before.index(before: tagStart)
            if hash == before.startIndex || before[before.index(before: hash)].isWhitespace {
                let prefix = String(before[tagStart...])
                return list(tagCandidates(prefix: prefix, insertPrefix: "", typedIn: workspace.record(path)), replacing: prefix.utf8.count)
            }
        }
        return list([], replacing: 0)
    }

    /// The word being typed at the end of `before`: after the last space, comma, bracket or quote.
    private func completionPrefix(_ before: String) -> String {
        var start = before.endIndex
        while start > before.startIndex {
            let previous = before[before.index(before: start)]
            if previous == " " || previous == "\t" || previous == "," || previous == "[" || previous == "\"" || previous == "'" || previous == ":" { break }
            start = before.index(before: start)
        }
        return String(before[start...])
    }

    /// The kind of note a link is most likely after: a habit on a daily file's task line, the
    /// kind a front-matter key names.
    private func preferredKind(path: String, document: TextDocument, line: Int, before: String) -> NoteKind? {
        if let yaml = FrontMatterLines.of(document), yaml.contains(line),
           let entry = FrontMatterLines.entry(line, in: document, yaml: yaml) {
            return VaultSchema.keys.first { $0.name == entry.key && $0.links != nil }?.links
        }
        let trimmed = before.drop { $0 == " " || $0 == "\t" }
        if trimmed.hasPrefix("- [") || trimmed.hasPrefix("* [") || trimmed.hasPrefix("+ [") { return .habit }
        return workspace.vault.kind(of: path) == .daily ? .habit : nil
    }

    private static func completionKind(_ kind: NoteKind) -> Int {
        switch kind {
        case .note: return 17
        case .habit: return 23
        case .goal: return 21
        case .area: return 19
        case .daily: return 18
        }
    }

    /// Notes whose id, title or an alias contains the query; prefixes first, the preferred kind
    /// first, daily files last. Each inserts the note's id (its path when two files share it).
    private func noteCandidates(query: String, preferred: NoteKind?, closing: String, current: Int?) -> [Candidate] {
        let needle = query.trimming(" \t").lowercased()
        let records = workspace.index.records
        var stemCounts: [String: Int] = [:]
        for record in records { stemCounts[record.stem.lowercased(), default: 0] += 1 }
        var result: [Candidate] = []
        for (position, record) in records.enumerated() where position != current {
            let stem = record.stem
            let id = stemCounts[stem.lowercased(), default: 0] > 1 ? String(record.path.dropLast(3)) : stem
            var names = [stem]
            if record.title != stem { names.append(record.title) }
            names += record.aliases.filter { !$0.isEmpty && $0 != stem && $0 != record.title }
            let group = record.kind == preferred ? "0" : record.kind == .daily ? "3" : preferred == nil ? "1" : "2"
            for (order, name) in names.enumerated() {
                let lower = name.lowercased()
                let rank: String
                if needle.isEmpty || lower.hasPrefix(needle) { rank = "0" } else if lower.contains(needle) { rank = "1" } else { continue }
                let what = order == 0 ? record.kind.rawValue : order == 1 && name == record.title ? "\(record.kind.rawValue) \(stem)" : "alias of \(stem)"
                let detail = order == 0 && record.title != stem ? "\(record.kind.rawValue) · \(record.title)" : what
                // Ids before titles and aliases that sort alike.
                result.append(Candidate(label: name, kind: LanguageServer.completionKind(record.kind), detail: detail,
                                        insert: id + closing, sort: group + rank + (order == 0 ? "0" : "1"), filter: name))
            }
        }
        return result
    }

    private func headingCandidates(_ note: Int, prefix: String, closing: String) -> [Candidate] {
        let needle = prefix.lowercased()
        return workspace.index.records[note].headings.enumerated().compactMap { order, heading in
            guard needle.isEmpty || heading.text.lowercased().contains(needle) else { return nil }
            let sort = String(repeating: "0", count: max(0, 6 - String(order).count)) + String(order)
            return Candidate(label: heading.text, kind: 18, detail: String(repeating: "#", count: heading.level) + " heading, line \(heading.line)",
                             insert: heading.text + closing, sort: sort)
        }
    }

    private func blockCandidates(_ note: Int, prefix: String, closing: String) -> [Candidate] {
        guard let bytes = workspace.bytes(workspace.index.records[note].path) else { return [] }
        let needle = prefix.lowercased()
        return BlockIDs.of(TextDocument(uri: "", version: 0, bytes: bytes)).compactMap { block in
            guard needle.isEmpty || block.id.lowercased().hasPrefix(needle) else { return nil }
            return Candidate(label: block.id, kind: 18, detail: String(block.text.prefix(80)), insert: block.id + closing, sort: "0")
        }
    }

    /// Tags with the number of notes carrying each (nested tags count for their parents). The
    /// word being typed in note `typedIn` is a tag of that note already: it is offered only when
    /// other notes carry it too (`#he` does not offer `he`).
    private func tagCandidates(prefix: String, insertPrefix: String, typedIn: Int? = nil) -> [Candidate] {
        let needle = prefix.lowercased()
        let typed = typedIn.map { workspace.index.records[$0].tags.map { $0.lowercased() } } ?? []
        return workspace.index.tagCounts().compactMap { tag in
            if !needle.isEmpty, tag.name == needle, tag.count == 1, typed.contains(needle) { return nil }
            let rank: String
            if needle.isEmpty || tag.name.hasPrefix(needle) { rank = "0" } else if tag.name.contains(needle) { rank = "1" } else { return nil }
            return Candidate(label: tag.name, kind: 14, detail: Quantity.count(tag.count, "note"), insert: insertPrefix + tag.name,
                             sort: rank + String(format6(999_999 - min(tag.count, 999_999))))
        }
    }

    private func format6(_ number: Int) -> String {
        let text = String(number)
        return String(repeating: "0", count: max(0, 6 - text.count)) + text
    }

    // MARK: Front-matter

    private func frontMatterCandidates(kind: NoteKind, before: String, line: Int, document: TextDocument,
                                       yaml: Range<Int>) -> ([Candidate], String)? {
        let startsKey = before.first.map { $0 != " " && $0 != "\t" && $0 != "-" } ?? true
        if startsKey && !before.contains(":") {
            // A key: the kind's keys not yet written.
            var written = Set<String>()
            for other in yaml where other != line {
                // Only a line that starts a key is asked for it: a list item's key is looked for
                // above it, which for every item of a long list would take the square of its length.
                let range = document.lineRange(other)
                guard let first = document.bytes[range].first, first != UInt8(ascii: " "), first != UInt8(ascii: "-") else { continue }
                if let entry = FrontMatterLines.entry(other, in: document, yaml: yaml), entry.valueStart > range.lowerBound {
                    written.insert(entry.key)
                }
            }
            let prefix = before
            let candidates = VaultSchema.keys(of: kind).filter { !written.contains($0) && $0.hasPrefix(prefix.lowercased()) }.map { key in
                Candidate(label: key, kind: 10, detail: "\(kind.rawValue) key", insert: key + ": ", sort: "0")
            }
            return (candidates, prefix)
        }
        guard let entry = FrontMatterLines.entry(line, in: document, yaml: yaml) else { return nil }
        let prefix = completionPrefix(before)
        return (valueCandidates(key: entry.key, kind: kind, prefix: prefix), prefix)
    }

    /// The values a key takes, for a kind of file.
    private func valueCandidates(key: String, kind: NoteKind?, prefix: String) -> [Candidate] {
        var values: [(String, String?)] = []
        let records = workspace.index.records
        func ids(_ wanted: NoteKind) -> [(String, String?)] {
            records.filter { $0.kind == wanted }.map { ($0.stem, $0.title == $0.stem ? wanted.rawValue : "\(wanted.rawValue) · \($0.title)") }
        }
        func distinct(_ key: String, of wanted: NoteKind) -> [(String, String?)] {
            var seen = Set<String>()
            return records.filter { $0.kind == wanted }.compactMap { $0.frontMatter[key]?.string }.filter { seen.insert($0).inserted }
                .map { ($0, "used by \(wanted.withArticle)") }
        }
        if key == "tags" || key == "tag" {
            return tagCandidates(prefix: prefix.hasPrefix("#") ? String(prefix.dropFirst()) : prefix, insertPrefix: "")
        }
        // What the schema says of the key in this kind of file, or of its one row elsewhere.
        let rows = VaultSchema.keys.filter { $0.name == key }
        if let row = rows.first(where: { kind.map($0.kinds.contains) ?? false }) ?? (rows.count == 1 ? rows[0] : nil) {
            values = row.offers.map { ($0.value, $0.meaning) }
            if let target = row.links { values += ids(target) }
            if row.type == .day { values += [(today.description, "today")] }
            if row.offersUsedValues {
                for wanted in NoteKind.allCases where row.kinds.contains(wanted) && wanted != .note && wanted != .daily {
                    values += distinct(key, of: wanted)
                }
            }
        }
        let needle = prefix.lowercased()
        return values.enumerated().compactMap { order, value in
            guard needle.isEmpty || value.0.lowercased().hasPrefix(needle) || value.0.lowercased().contains(needle) else { return nil }
            return Candidate(label: value.0, kind: 12, detail: value.1, insert: value.0, sort: format6(order))
        }
    }

    /// `.brain/config.yml`: its keys, and the values of `theme`, `appearance`, `week-start` and
    /// `day-starts-at`.
    private func configCandidates(_ before: String) -> [Candidate] {
        let startsKey = before.first.map { $0 != " " && $0 != "\t" } ?? true
        if startsKey && !before.contains(":") {
            return VaultConfig.knownKeys.filter { $0.hasPrefix(before.lowercased()) }.map { key in
                Candidate(label: key, kind: 10, detail: "setting", insert: key + ": ", sort: "0")
            }
        }
        let key = before.split(separator: ":").first.map { String($0).trimming(" \t") } ?? ""
        let prefix = completionPrefix(before).lowercased()
        let values: [String]
        switch key {
        case "theme": values = Theme.allCases.map(\.rawValue)
        case "appearance": values = Appearance.allCases.map(\.rawValue)
        case "week-start": values = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        case "day-starts-at": values = ["\"00:00\"", "\"04:00\""]
        default: values = []
        }
        return values.enumerated().filter { prefix.isEmpty || $0.element.hasPrefix(prefix) }.map { order, value in
            Candidate(label: value, kind: 12, detail: key, insert: value, sort: format6(order))
        }
    }
}
