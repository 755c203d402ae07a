import BrainFormat
import BrainStore

/// The commit message `brain sync` writes: what changed, as a person would say it —
/// `2026-11-22: done read, walk; skip run; check-in; note Ideas`.
package enum CommitSummary {
    /// One changed file of the vault, with its bytes before (in the last commit) and after.
    package struct Change: Sendable, Hashable {
        package enum Status: Sendable, Hashable {
            case added, modified, deleted
            case renamed(from: String)
        }

        /// Vault-relative path (the new one for a rename).
        package var path: String
        package var status: Status
        package var before: [UInt8]?
        package var after: [UInt8]?

        package init(path: String, status: Status, before: [UInt8]?, after: [UInt8]?) {
            self.path = path
            self.status = status
            self.before = before
            self.after = after
        }
    }

    /// The longest subject line; the rest goes to the body.
    package static let subjectLimit = 72

    /// The most changed files a message names one by one (reading each file's bytes before and
    /// after); beyond it the message counts them by kind (`counted(_:vault:)`), so a sync of a
    /// whole imported vault costs git's work and no more.
    package static let detailLimit = 1000

    /// The message: a subject line, and when it had to be shortened, every part on a line of its own.
    /// More than `detailLimit` changes are counted, not named.
    package static func message(for changes: [Change], vault: Vault) -> String {
        let parts = changes.count > detailLimit ? counted(changes, vault: vault) : describe(changes, vault: vault)
        if parts.isEmpty { return "brain sync" }
        let whole = parts.joined(separator: "; ")
        if whole.count <= subjectLimit { return whole }
        var subject = ""
        var used = 0
        for part in parts {
            let candidate = subject.isEmpty ? part : subject + "; " + part
            let rest = parts.count - used - 1
            let tail = rest > 0 ? "; and \(rest) more" : ""
            if (candidate + tail).count > subjectLimit && !subject.isEmpty { break }
            subject = candidate
            used += 1
        }
        if used < parts.count { subject += "; and \(parts.count - used) more" }
        return subject + "\n\n" + parts.joined(separator: "\n") + "\n"
    }

    /// The parts of the message: one per day (`2026-11-22: done read, walk`), then one per kind of
    /// change of other files (`note Ideas, Plans`), in path order.
    /// A renamed habit comes first (`rename habit Write 500 words → Writing`), and the lines of days
    /// that only name it anew are its part, not check-offs.
    package static func describe(_ changes: [Change], vault: Vault) -> [String] {
        var days: [(String, String)] = []
        var others: [String] = []
        var othersByVerb: [String: [String]] = [:]
        let renamed = renamedHabits(changes, vault: vault)
        for change in changes.sorted(by: { $0.path < $1.path }) {
            if vault.kind(of: change.path) == .daily, change.path.hasSuffix(".md") {
                let day = VaultPaths.stem(of: change.path)
                if let words = describeDay(change, renamed: renamed) { days.append((day, words)) }
                continue
            }
            let (verb, name) = describeFile(change, vault: vault)
            if othersByVerb[verb] == nil { others.append(verb) }
            if !name.isEmpty, !othersByVerb[verb, default: []].contains(name) { othersByVerb[verb, default: []].append(name) }
        }
        // Notes before settings and set-up files.
        let housekeeping = ["settings", "git set-up"]
        let isFile = { (verb: String) in verb == "file" || verb.hasSuffix(" file") }
        others = others.filter { !housekeeping.contains($0) && !isFile($0) } + others.filter(isFile)
            + housekeeping.filter(others.contains)
        func words(_ verb: String) -> String {
            let names = othersByVerb[verb] ?? []
            return names.isEmpty ? verb : verb + " " + names.joined(separator: ", ")
        }
        let renames = others.filter { $0 == "rename habit" }
        return renames.map(words) + days.map { "\($0.0): \($0.1)" } + others.filter { $0 != "rename habit" }.map(words)
    }

    /// The parts of a message that counts the changes instead of naming them, from their paths
    /// and statuses alone: `199998 new notes`, `3 days`, `delete 2 goals`, `rename 1 note`,
    /// `settings` — days first, then other files in the order `describe` gives them.
    package static func counted(_ changes: [Change], vault: Vault) -> [String] {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for change in changes.sorted(by: { $0.path < $1.path }) {
            let verb = countedVerb(change, vault: vault)
            if counts[verb] == nil { order.append(verb) }
            counts[verb, default: 0] += 1
        }
        let housekeeping = ["settings", "git set-up"]
        let isDay = { (verb: String) in verb == "day" || verb.hasSuffix(" day") }
        let isFile = { (verb: String) in verb == "file" || verb.hasSuffix(" file") }
        order = order.filter(isDay) + order.filter { !isDay($0) && !housekeeping.contains($0) && !isFile($0) }
            + order.filter(isFile) + housekeeping.filter(order.contains)
        return order.map { verb in
            if housekeeping.contains(verb) { return verb }
            let count = counts[verb] ?? 0
            let words = verb.split(separator: " ").map(String.init)
            let noun = words.last! + (count == 1 ? "" : "s")
            switch words.count == 2 ? words[0] : "" {
            case "new": return "\(count) new \(noun)"
            case "": return "\(count) \(noun)"
            default: return "\(words[0]) \(count) \(noun)"
            }
        }
    }

    /// What `describeFile` (or a day) says of a change without its title: `new note`, `day`,
    /// `rename goal`, `delete file`, `settings`.
    private static func countedVerb(_ change: Change, vault: Vault) -> String {
        let path = change.path
        if path == Vault.configPath { return "settings" }
        if path == ".gitattributes" || path.hasSuffix("/.gitignore") || path == ".gitignore" { return "git set-up" }
        guard path.hasSuffix(".md"), !path.hasPrefix(".") else { return verb(change.status, "file") }
        if vault.isTemplate(path) { return verb(change.status, "template") }
        let kind = vault.kind(of: path)
        let noun = kind == .daily ? "day" : kind.rawValue
        if case .renamed = change.status { return "rename " + noun }
        return verb(change.status, noun)
    }

    // MARK: - Days

    /// The habits the changes rename, old id to new (lower-cased): a habit file git saw renamed,
    /// or one removed while another that came in names it among its `aliases:`.
    package static func renamedHabits(_ changes: [Change], vault: Vault) -> [String: String] {
        var renamed: [String: String] = [:]
        let removed = Set(changes.filter { $0.status == .deleted && vault.kind(of: $0.path) == .habit }.map { VaultPaths.stem(of: $0.path).lowercased() })
        for change in changes where vault.kind(of: change.path) == .habit && change.path.hasSuffix(".md") {
            let stem = VaultPaths.stem(of: change.path)
            if case .renamed(let from) = change.status {
                renamed[VaultPaths.stem(of: from).lowercased()] = stem.lowercased()
            } else if change.status == .added, let bytes = change.after {
                let aliases = NoteParser.parse(bytes, stamp: FileStamp(path: change.path, size: bytes.count, modified: 0), kind: .habit).aliases
                for alias in aliases where removed.contains(alias.lowercased()) { renamed[alias.lowercased()] = stem.lowercased() }
            }
        }
        return renamed
    }

    /// What changed in one daily file: habits done, skipped, logged or undone, the check-in, a rest
    /// day, intentions, the reflection. Nil when its lines only name a renamed habit anew.
    package static func describeDay(_ change: Change, renamed: [String: String] = [:]) -> String? {
        if change.status == .deleted { return "deleted" }
        let before = change.before.map { Document(bytes: $0) }
        let after = change.after.map { Document(bytes: $0) } ?? Document(text: "")
        var done: [String] = [], skipped: [String] = [], logged: [String] = [], undone: [String] = []
        let old = lastLines(before.map(DailyEditor.habitLines(in:)) ?? [], renamed: renamed)
        let new = lastLines(DailyEditor.habitLines(in: after))
        for (key, line) in new.lines {
            let previous = old.map[key]
            if let previous, previous.state == line.state, previous.value == line.value, previous.unit == line.unit {
                continue
            }
            switch line.state {
            case .done: done.append(line.habit)
            case .skipped: skipped.append(line.habit)
            case .open:
                if line.value != nil { logged.append(line.habit) } else if previous != nil { undone.append(line.habit) }
            }
        }
        for (key, line) in old.lines where new.map[key] == nil && line.state != .open { undone.append(line.habit) }

        var parts: [String] = []
        if !done.isEmpty { parts.append("done " + done.joined(separator: ", ")) }
        if !skipped.isEmpty { parts.append("skip " + skipped.joined(separator: ", ")) }
        if !logged.isEmpty { parts.append("log " + logged.joined(separator: ", ")) }
        if !undone.isEmpty { parts.append("undo " + undone.joined(separator: ", ")) }

        let oldKeys = before?.frontMatter ?? YAMLMap()
        let newKeys = after.frontMatter
        func changed(_ key: String) -> Bool { oldKeys[key] != newKeys[key] && !(newKeys[key]?.isNull ?? true) }
        if changed("mood") || changed("energy") { parts.append("check-in") }
        if changed("evening-mood") { parts.append("evening check-in") }
        if oldKeys["rest"]?.bool != newKeys["rest"]?.bool, newKeys["rest"]?.bool == true { parts.append("rest") }

        // Other lines, by the section they are in.
        let sections = changedSections(before: before, after: after)
        if sections.contains("intentions") { parts.append("intentions") }
        if sections.contains("reflection") { parts.append("reflection") }
        if parts.isEmpty {
            if !renamed.isEmpty, change.status == .modified, old.renamedAny { return nil }
            parts.append(change.status == .added ? "new day" : "edit")
        }
        return parts.joined(separator: "; ")
    }

    /// The habit lines that count (the last per habit), keyed by habit (a renamed one by its new
    /// id), in file order; `renamedAny`: a line named a renamed habit.
    private static func lastLines(_ lines: [HabitLine], renamed: [String: String] = [:])
        -> (lines: [(String, HabitLine)], map: [String: HabitLine], renamedAny: Bool) {
        var map: [String: HabitLine] = [:]
        var order: [String] = []
        var renamedAny = false
        for line in lines {
            var key = line.habitKey
            if let new = renamed[key] {
                key = new
                renamedAny = true
            }
            if map[key] == nil { order.append(key) }
            map[key] = line
        }
        return (order.map { ($0, map[$0]!) }, map, renamedAny)
    }

    /// Lower-cased titles of the sections holding changed lines that are not habit lines.
    private static func changedSections(before: Document?, after: Document) -> Set<String> {
        func lines(_ document: Document?) -> [(text: String, section: String)] {
            guard let document else { return [] }
            let habitLines = Set(DailyEditor.habitLines(in: document).map(\.line))
            let all = document.lines
            let start = max(0, document.bodyStartLine - 1)
            let headings = Document.headings(in: all, from: start)
            var result: [(String, String)] = []
            var section = ""
            var next = headings.makeIterator()
            var upcoming = next.next()
            for index in start..<all.count {
                if let heading = upcoming, heading.line == index {
                    section = heading.text.lowercased()
                    upcoming = next.next()
                    continue
                }
                // Blank lines and the template's empty `- ` say nothing.
                let bare = all[index].filter { $0 != " " && $0 != "\t" }
                if habitLines.contains(index + 1) || bare.isEmpty || bare == "-" || bare == "*" || bare == "+" { continue }
                result.append((String(all[index]), section))
            }
            return result
        }
        let old = lines(before), new = lines(after)
        var counts: [String: Int] = [:]
        for line in old { counts[line.section + "\u{0}" + line.text, default: 0] += 1 }
        var sections = Set<String>()
        for line in new {
            let key = line.section + "\u{0}" + line.text
            if let count = counts[key], count > 0 { counts[key] = count - 1 } else { sections.insert(line.section) }
        }
        for (key, count) in counts where count > 0 {
            sections.insert(String(key.prefix { $0 != "\u{0}" }))
        }
        return sections
    }

    // MARK: - Other files

    /// A verb and a name for a file that is not a day: `note Ideas`, `new habit Read`, `settings`.
    package static func describeFile(_ change: Change, vault: Vault) -> (String, String) {
        let path = change.path
        if path == Vault.configPath { return ("settings", "") }
        if path == ".gitattributes" || path.hasSuffix("/.gitignore") || path == ".gitignore" { return ("git set-up", "") }
        guard path.hasSuffix(".md"), !path.hasPrefix(".") else { return (verb(change.status, "file"), path) }
        if vault.isTemplate(path) { return (verb(change.status, "template"), VaultPaths.stem(of: path)) }
        let kind = vault.kind(of: path)
        let bytes = change.after ?? change.before ?? []
        let title = NoteParser.parse(bytes, stamp: FileStamp(path: path, size: bytes.count, modified: 0), kind: kind).title
        if case .renamed(let from) = change.status {
            let old = change.before.map {
                NoteParser.parse($0, stamp: FileStamp(path: from, size: $0.count, modified: 0), kind: kind).title
            } ?? VaultPaths.stem(of: from)
            return ("rename \(kind.rawValue)", old == title ? "\(VaultPaths.stem(of: from)) → \(VaultPaths.stem(of: path))" : "\(old) → \(title)")
        }
        return (verb(change.status, kind.rawValue), title)
    }

    private static func verb(_ status: Change.Status, _ noun: String) -> String {
        switch status {
        case .added: return "new " + noun
        case .deleted: return "delete " + noun
        case .modified, .renamed: return noun
        }
    }
}
