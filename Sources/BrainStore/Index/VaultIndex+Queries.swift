import BrainFormat
import BrainAnalytics

/// A link from one note to another, as the queries report it.
package struct LinkReference: Hashable, Sendable {
    /// The note holding the link.
    package var source: Int
    package var link: Link
    package var resolution: Resolution
}

extension VaultIndex {
    /// Notes a person means by `name`: a vault path (with or without `.md`), a file stem, a title or
    /// an alias, case-insensitive. Exact path and stem matches win over titles.
    package func find(_ name: String) -> [Int] {
        let key = name.trimmingBlanks
        if key.isEmpty { return [] }
        if let normalized = try? VaultPaths.normalize(key) {
            let withExtension = normalized.lowercased().hasSuffix(".md") ? normalized : normalized + ".md"
            // Names compare in NFC (Swift's `==`): with twins that differ only by normalisation,
            // the path names all of them, and the person is told to rename one. One pass over the
            // paths: a command that looks up one note never builds the table of every path.
            let exact = records.indices.filter { records[$0].stamp.path == withExtension }
            if exact.count == 1 { return exact }
            let lower = withExtension.lowercased()
            let byPath = records.indices.filter { records[$0].path.lowercased() == lower }
            if !byPath.isEmpty { return byPath }
        }
        let lower = LinkResolver.key(key)
        let byStem = records.indices.filter { records[$0].stem.lowercased() == lower }
        if !byStem.isEmpty { return byStem }
        let named = records.indices.filter { index in
            records[index].title.lowercased() == key.lowercased()
                || records[index].aliases.contains { $0.lowercased() == key.lowercased() }
        }
        if !named.isEmpty { return named }
        // A path suffix such as `goals/run-5k`.
        if key.contains("/") {
            return records.indices.filter { LinkResolver.key(records[$0].path).hasSuffix("/" + lower) }
        }
        return []
    }

    /// Links out of a note, in file order, with where each points.
    package func links(of index: Int) -> [LinkReference] {
        zip(records[index].links, resolutions[index]).compactMap { link, resolution in
            // A front-matter value that names no note (a stack's `after: wake-up`) is text, not a link.
            if link.kind == .optionalReference, resolution == .external { return nil }
            return LinkReference(source: index, link: link, resolution: resolution)
        }
    }

    /// Links from other notes (and the note itself) that resolve to `index`, by path then line.
    package func backlinks(of index: Int) -> [LinkReference] {
        let wanted = Resolution.note(index)
        return linksInto(index) { record, positions in record.links(at: positions) }
            .map { LinkReference(source: $0.source, link: $0.value, resolution: wanted) }
    }

    /// Where the links into note `index` are: `backlinks(of:)` without making the links.
    package func backlinkPlaces(of index: Int) -> [(source: Int, place: LinkPlace)] {
        linksInto(index) { record, positions in record.linkPlaces(at: positions) }.map { ($0.source, $0.value) }
    }

    /// What `pick` makes of the links into note `index`, given each source and the positions of
    /// its links that resolve there (only those are decoded: a note can be linked from most
    /// files), by source in index order, then in file order. The sources are scanned on every
    /// core, each a range of them; the result does not depend on the thread timing.
    private func linksInto<T>(_ index: Int, _ pick: @Sendable (NoteRecord, [Int]) -> [T?]) -> [(source: Int, value: T)] {
        let wanted = Resolution.note(index)
        return VaultIndex.concurrentRanges(resolutions.count, atLeast: 2048) { range in
            var found: [(source: Int, value: T)] = []
            for source in range {
                let resolved = resolutions[source]
                guard resolved.contains(wanted) else { continue }
                for case let value? in pick(records[source], resolved.indices.filter { resolved[$0] == wanted }) {
                    found.append((source, value))
                }
            }
            return found
        }.flatMap { $0 }
    }

    /// How many notes carry each tag; a nested tag (`work/brain`) also counts for its parents (`work`).
    /// Names are lower-cased; counts are notes, not occurrences.
    package func tagCounts() -> [(name: String, count: Int)] {
        VaultIndex.tagCounts(of: records)
    }

    /// `tagCounts()` of some records: a shard's (`ShardSummary`), or the index's.
    package static func tagCounts(of records: some Collection<NoteRecord>) -> [(name: String, count: Int)] {
        // The same few tags repeat across thousands of notes: lower-case and expand each
        // distinct spelling once, then count each note once per name.
        var expansions: [String: [Int]] = [:]
        var names: [String] = []
        var nameIDs: [String: Int] = [:]
        func id(_ name: String) -> Int {
            if let known = nameIDs[name] { return known }
            nameIDs[name] = names.count
            names.append(name)
            return names.count - 1
        }
        var counts: [Int] = []
        var seen: [Int] = []
        for record in records where !record.tags.isEmpty {
            seen.removeAll(keepingCapacity: true)
            for tag in record.tags {
                let ids: [Int]
                if let known = expansions[tag] {
                    ids = known
                } else {
                    var expanded: [Int] = []
                    var prefix = ""
                    for part in tag.lowercased().split(separator: "/", omittingEmptySubsequences: true) {
                        prefix = prefix.isEmpty ? String(part) : prefix + "/" + part
                        expanded.append(id(prefix))
                    }
                    expansions[tag] = expanded
                    ids = expanded
                }
                for name in ids where !seen.contains(name) {
                    seen.append(name)
                    if name >= counts.count { counts.append(contentsOf: repeatElement(0, count: name - counts.count + 1)) }
                    counts[name] += 1
                }
            }
        }
        return counts.indices.map { (names[$0], counts[$0]) }
    }

    /// Notes with no links in or out (daily files aside: they are a journal, not a web).
    package func orphans() -> [Int] {
        var linked = [Bool](repeating: false, count: records.count)
        for (source, links) in resolutions.enumerated() {
            for resolution in links {
                if case .note(let target) = resolution, target != source {
                    linked[source] = true
                    linked[target] = true
                }
            }
        }
        return records.indices.filter { !linked[$0] && records[$0].kind != .daily }
    }

    /// The habit (its file stem) a daily habit line names: its target resolved like a link, among
    /// the habit files only (so a note elsewhere with the same name never hides a habit, and the
    /// answer needs no file outside the habits folder); nil when no habit matches.
    package func habitID(of line: HabitLine, in daily: Int? = nil) -> String? {
        habitID(named: line.habit, in: daily)
    }

    /// `habitID(of:in:)` for the habit a line names as written.
    package func habitID(named name: String, in daily: Int? = nil) -> String? {
        if let direct = habitStems[name.lowercased()] { return direct }
        let lookup = kindLookup(habitsOnly: true)
        guard let target = lookup.resolver.resolve(target: name, fromPath: daily.map { records[$0].path }).note else { return nil }
        return records[lookup.positions[target]].stem
    }

    /// Whether `text` (a task item's text) starts with a link to a habit, goal or area: such an
    /// item of a goal is a link to what serves it, not a milestone. Resolved among those files only.
    package func startsWithJournalLink(_ text: String) -> Bool {
        guard text.hasPrefix("[["), let target = LinkTarget.normalize(text) else { return false }
        return kindLookup(habitsOnly: false).resolver.resolve(target: target, fromPath: nil).note != nil
    }

    /// Problems across the vault: each file's own, plus broken and ambiguous links, habit lines
    /// naming no habit, and two files for one day. Sorted by path and position.
    /// `suggest: false` skips did-you-mean searches (counting problems needs no suggestions).
    package func diagnostics(suggest: Bool = true) -> [Diagnostic] {
        let habitIDs = Array(habitStems.values)
        let suggestLinks = suggest && suggestsLinks
        let stems = suggestLinks ? records.map(\.stem) : []
        // Each file's problems on every core, each worker on a contiguous range with its own memo
        // of suggestions: joined in file order, the list does not depend on the split.
        var result = VaultIndex.concurrentRanges(records.count, atLeast: 2_000) { range in
            var suggestions: [String: String?] = [:]
            var found: [Diagnostic] = []
            for index in range {
                found += diagnostics(of: index, habitIDs: habitIDs, suggest: suggest, suggestLinks: suggestLinks,
                                     stems: stems, suggestions: &suggestions)
            }
            return found
        }.flatMap { $0 }
        var list = DiagnosticList(items: result)
        vaultWideDiagnostics(into: &list)
        result = list.items
        result.sort { ($0.path ?? "", $0.location) < ($1.path ?? "", $1.location) }
        return result
    }

    /// Whether broken links get a did-you-mean: each compares a missing target with every note
    /// name, affordable for a few broken links, not for a vault with tens of thousands of them.
    package var suggestsLinks: Bool {
        var missingCount = 0
        for links in resolutions {
            for resolution in links where resolution == .missing { missingCount += 1 }
        }
        return missingCount * max(records.count, 1) <= 4_000_000
    }

    /// Files whose paths differ only by Unicode normalisation or letter case: links and commands
    /// cannot tell them apart (and on macOS or Windows they would be one file).
    package func nameTwinDiagnostics() -> [Diagnostic] {
        nameTwins.keys.sorted().map { nameTwinDiagnostic(of: $0)! }
    }

    /// The warning of a file whose name equals others' but for normalisation or case, if it has twins.
    package func nameTwinDiagnostic(of member: Int) -> Diagnostic? {
        guard let twins = nameTwins[member] else { return nil }
        let others = twins.map { NameKey.shown(records[$0].path) }
        return Diagnostic(path: records[member].path, line: 1, column: 1, severity: .warning,
                          message: "same name as \(others.joined(separator: " and ")) but for Unicode normalisation or letter case; "
                              + "links and commands cannot tell them apart: rename one")
    }

    /// Each record whose path equals others' but for normalisation or case, with those others.
    package var nameTwins: [Int: [Int]] {
        if let cachedNameTwins { return cachedNameTwins }
        // Twins share the hash of their key. Only paths whose hashes meet get a key string made
        // and compared (a key string for each path was 3.5 % of a cold index of 10,000 notes).
        var firstWithHash: [UInt64: Int] = [:]
        firstWithHash.reserveCapacity(records.count)
        var candidates: [Int] = []
        for index in records.indices {
            let hash = NameKey.hash(records[index].path)
            if let first = firstWithHash.updateValue(index, forKey: hash) {
                candidates.append(first)
                candidates.append(index)
            }
        }
        var groups: [String: [Int]] = [:]
        for index in Set(candidates).sorted() { groups[NameKey.of(records[index].path), default: []].append(index) }
        var result: [Int: [Int]] = [:]
        for (_, members) in groups where members.count > 1 {
            for member in members { result[member] = members.filter { $0 != member } }
        }
        cachedNameTwins = result
        return result
    }

    /// Problems of one note: its own, its links, its habit lines (not the vault-wide "two files
    /// for one day", which needs every file).
    package func diagnostics(of index: Int) -> [Diagnostic] {
        var suggestions: [String: String?] = [:]
        return diagnostics(of: index, habitIDs: Array(habitStems.values), suggest: true, suggestLinks: true,
                           stems: records.map(\.stem), suggestions: &suggestions)
            .sorted { $0.location < $1.location }
    }

    package func diagnostics(of index: Int, habitIDs: [String], suggest: Bool, suggestLinks: Bool, stems: [String],
                     suggestions: inout [String: String?]) -> [Diagnostic] {
        var list = DiagnosticList()
        diagnostics(of: index, habitIDs: habitIDs, suggest: suggest, suggestLinks: suggestLinks, stems: stems,
                    suggestions: &suggestions, into: &list)
        return list.items
    }

    /// The number of problems `diagnostics(suggest: false)` lists, made without their messages
    /// and unsorted (what `brain index` prints: on the 10k corpus, 21,329 of them).
    package func diagnosticCount() -> Int {
        let habitIDs = Array(habitStems.values)
        let count = VaultIndex.concurrentRanges(records.count, atLeast: 2_000) { range in
            var suggestions: [String: String?] = [:]
            var counted = DiagnosticCount()
            for index in range {
                diagnostics(of: index, habitIDs: habitIDs, suggest: false, suggestLinks: false, stems: [],
                            suggestions: &suggestions, into: &counted)
            }
            return counted.count
        }.reduce(0, +)
        var counted = DiagnosticCount(count: count)
        vaultWideDiagnostics(into: &counted)
        return counted.count
    }

    /// The problems no single file has: name twins, and two files for one day.
    private func vaultWideDiagnostics(into sink: inout some DiagnosticSink) {
        sink.add(contentsOf: nameTwinDiagnostics())
        // A habit line may name a habit by its title: two habits of one title share those lines.
        var titles: [String: [Int]] = [:]
        for index in records.indices where records[index].kind == .habit {
            titles[records[index].title.lowercased(), default: []].append(index)
        }
        for files in titles.values where files.count > 1 {
            for file in files.dropFirst() {
                sink.add(Diagnostic(path: records[file].path, line: 1, column: 1, severity: .warning,
                                    message: "two habits titled \"\(records[file].title)\": \(files.map { records[$0].path }.joined(separator: " and ")); "
                                        + "give each its own title (a line naming the title is read as one of them)"))
            }
        }
        var days: [Day: [Int]] = [:]
        for index in records.indices where records[index].kind == .daily {
            if let day = records[index].day { days[day, default: []].append(index) }
        }
        for (day, files) in days where files.count > 1 {
            for file in files.dropFirst() {
                sink.add(Diagnostic(path: records[file].path, line: 1, column: 1, severity: .error,
                                    message: "two files for \(day): \(files.map { records[$0].path }.joined(separator: " and "))"))
            }
        }
    }

    /// One file's problems, into `sink`: a list, or a count that makes no message.
    package func diagnostics(of index: Int, habitIDs: [String], suggest: Bool, suggestLinks: Bool, stems: [String],
                     suggestions: inout [String: String?], into sink: inout some DiagnosticSink) {
        let record = records[index]
        sink.add(contentsOf: record.diagnostics.map { $0.in(record.path) })
        var reportedLines = Set<Int>()
        if record.kind == .daily {
            var seen = Set<String>()
            for line in record.habitLines {
                if let habit = habitID(of: line, in: index) {
                    if !seen.insert(habit).inserted {
                        sink.add(Diagnostic(path: record.path, line: line.line, column: 1, severity: .warning,
                                            message: "second line for habit \"\(habit)\" on this day; the last one counts"))
                    }
                } else if resolve(target: line.habit, from: index).note == nil {
                    sink.add({
                        var message = "habit line names no habit: \"\(line.habit)\""
                        if suggest, let suggestion = Suggestion.closest(to: line.habit, in: habitIDs) {
                            message += "; did you mean \"\(suggestion)\"?"
                        }
                        return Diagnostic(path: record.path, line: line.line, column: 1, severity: .error, message: message)
                    }())
                    reportedLines.insert(line.line)
                }
            }
        }
        // Only the links with a problem are decoded.
        let resolved = resolutions[index]
        let problems = resolved.indices.filter { position in
            switch resolved[position] {
            case .missing, .ambiguous: return true
            default: return false
            }
        }
        if problems.isEmpty { return }
        // Counted, each is one problem: none is decoded unless one may be left out (a broken
        // link on a line already reported, or a position the file no longer has).
        if sink.countsOnly, reportedLines.isEmpty, let linkCount = record.cachedLinkCount, problems.last! < linkCount {
            sink.add(count: problems.count)
            return
        }
        for (link, position) in zip(record.links(at: problems), problems) {
            guard let link else { continue }
            switch resolved[position] {
            case .missing where link.kind == .reference:
                sink.add(Diagnostic(path: record.path, line: link.line, column: link.column, severity: .warning,
                                    message: "\(link.label ?? "the key"): \"\(link.target)\" names no note"))
            case .missing:
                if reportedLines.contains(link.line) { continue }
                sink.add({
                    var message = "broken link to \"\(link.target)\": no such note"
                    if suggestLinks {
                        let stem = VaultPaths.stem(of: link.target)
                        if suggestions[stem] == nil { suggestions[stem] = .some(Suggestion.closest(to: stem, in: stems)) }
                        if let suggestion = suggestions[stem] ?? nil { message += "; did you mean \"\(suggestion)\"?" }
                    }
                    return Diagnostic(path: record.path, line: link.line, column: link.column, severity: .error, message: message)
                }())
            case .ambiguous(let candidates):
                sink.add(Diagnostic(path: record.path, line: link.line, column: link.column, severity: .warning,
                                    message: "ambiguous link \"\(link.target)\": it could be \(candidates.map { records[$0].path }.joined(separator: ", "))"))
            default:
                break
            }
        }
    }
}

/// Where `diagnostics(of:…)` puts a file's problems.
package protocol DiagnosticSink {
    /// True when only the number matters: no message is made.
    var countsOnly: Bool { get }
    mutating func add(_ diagnostic: @autoclosure () -> Diagnostic)
    mutating func add(contentsOf diagnostics: @autoclosure () -> [Diagnostic])
    mutating func add(count: Int)
}

/// The problems themselves.
package struct DiagnosticList: DiagnosticSink {
    package var items: [Diagnostic] = []
    package var countsOnly: Bool { false }
    package mutating func add(_ diagnostic: @autoclosure () -> Diagnostic) { items.append(diagnostic()) }
    package mutating func add(contentsOf diagnostics: @autoclosure () -> [Diagnostic]) { items += diagnostics() }
    package mutating func add(count: Int) { preconditionFailure("a list is given each problem") }
}

/// Their number only.
package struct DiagnosticCount: DiagnosticSink {
    package var count = 0
    package var countsOnly: Bool { true }
    package mutating func add(_ diagnostic: @autoclosure () -> Diagnostic) { count += 1 }
    package mutating func add(contentsOf diagnostics: @autoclosure () -> [Diagnostic]) { count += diagnostics().count }
    package mutating func add(count: Int) { self.count += count }
}
