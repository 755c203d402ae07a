#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BrainFormat
import BrainAnalytics

/// Turns one file's bytes into a `NoteRecord`: front-matter, body scan, title, tags, and for daily
/// files the check-in. This is the hot path of the index, run on every changed file.
package enum NoteParser {
    /// Parses a file's bytes; never fails: problems become diagnostics of the record.
    package static func parse(_ bytes: [UInt8], stamp: FileStamp, kind: NoteKind) -> NoteRecord {
        bytes.withUnsafeBufferPointer { buffer in
            parse(buffer, stamp: stamp, kind: kind)
        }
    }

    package static func parse(_ buffer: UnsafeBufferPointer<UInt8>, stamp: FileStamp, kind: NoteKind) -> NoteRecord {
        let path = stamp.path
        var diagnostics: [Diagnostic] = []
        if !UTF8Check.isValid(buffer) {
            // The text below reads bad bytes as U+FFFD; the file keeps them, and validate says where.
            diagnostics += UTF8Check.diagnostics(buffer).map { $0.in(path) }
        }
        let front = Front(buffer, path: path)
        let frontMatter = front.frontMatter
        let bodyOffset = front.bodyOffset
        let bodyLine = front.bodyLine
        let yamlText = front.yamlText
        let yamlFirstLine = Front.yamlFirstLine
        let yamlStart = front.yamlStart
        diagnostics += front.diagnostics
        let scan = MarkdownScanner.scan(buffer, from: bodyOffset, firstLine: bodyLine)
        let stem = VaultPaths.stem(of: path)
        let bodyTitle = scan.headings.first(where: { $0.level == 1 })?.text
        let title = Front.title(frontMatter, bodyTitle: bodyTitle, stem: stem)

        var record = NoteRecord(stamp: stamp, kind: kind, title: title)
        record.frontMatter = frontMatter
        record.pinned = frontMatter["pinned"]?.bool ?? false
        record.aliases = frontMatter["aliases"]?.stringList ?? frontMatter["alias"]?.stringList ?? []
        record.tags = tags(frontMatter: frontMatter, body: scan.tags)
        // Most files have no link in their front-matter: the body's links are then shared, not
        // copied into a new array (a copy of each `Link`, its three strings retained).
        let frontLinks = frontMatterLinks(yamlText, frontMatter: frontMatter, firstLine: yamlFirstLine, yamlOffset: yamlStart)
        record.links = frontLinks.isEmpty ? scan.links : frontLinks + scan.links
        record.tasks = scan.tasks
        record.headings = scan.headings

        var issues: [FieldIssue] = []
        switch kind {
        case .habit: issues = Habit(id: stem, frontMatter: frontMatter, bodyTitle: bodyTitle).issues
        case .goal: issues = Goal(id: stem, frontMatter: frontMatter, bodyTitle: bodyTitle).issues
        case .area: issues = Area(id: stem, frontMatter: frontMatter, bodyTitle: bodyTitle).issues
        case .note: issues = Note(id: stem, frontMatter: frontMatter, bodyTitle: bodyTitle).issues
        case .daily:
            let day = Front.day(frontMatter, stem: stem)
            if let day, !Day.supported.contains(day) {
                diagnostics.append(Diagnostic(path: path, line: 1, column: 1,
                                              message: "a daily file's date must be from \(Day.supported.lowerBound) to \(Day.supported.upperBound), not \(day)"))
            } else if let day {
                // Front-matter fields only: the habit lines come from the scanner's task items,
                // which already skip code blocks and comments.
                let checkIn = CheckIn(day: day, frontMatter: frontMatter, body: "", bodyStartLine: bodyLine)
                record.day = day
                record.habitLines = habitLines(scan, buffer, bodyOffset: bodyOffset)
                issues = checkIn.issues
            } else if let problem = Day.problem(ofDate: stem) {
                diagnostics.append(Diagnostic(path: path, line: 1, column: 1, message: "the file's name: " + problem))
            } else {
                diagnostics.append(Diagnostic(path: path, line: 1, column: 1,
                                              message: "a daily file needs a date: name it YYYY-MM-DD.md or set date: YYYY-MM-DD"))
            }
        }
        // One table of where each key is written, built only when a key has something to report.
        var keyLines: KeyLines?
        func location(of key: String) -> SourceLocation {
            if keyLines == nil { keyLines = KeyLines(yamlText, firstLine: yamlFirstLine) }
            return keyLines!.location(of: key)
        }
        for issue in issues {
            diagnostics.append(Diagnostic(path: path, location: location(of: issue.key), severity: issue.severity, message: issue.message))
        }
        if kind != .note || frontMatter["type"] != nil {
            diagnostics += unknownKeys(frontMatter, kind: kind, path: path, location: location(of:))
        }
        record.diagnostics = diagnostics
        return record
    }

    /// What `Journal` reads of a file, read as `parse` reads it: the front-matter, title, aliases and
    /// headings, and for a daily file its day and habit lines; no tags, links, tasks or diagnostics.
    /// For `brain status`, which reads the habits and the last weeks' check-ins; `JournalRecordTests`
    /// compare it with `parse` field by field.
    package static func journalRecord(_ buffer: UnsafeBufferPointer<UInt8>, stamp: FileStamp, kind: NoteKind) -> NoteRecord {
        let front = Front(buffer, path: stamp.path)
        let scan = MarkdownScanner.scan(buffer, from: front.bodyOffset, firstLine: front.bodyLine)
        let stem = VaultPaths.stem(of: stamp.path)
        let frontMatter = front.frontMatter
        var record = NoteRecord(stamp: stamp, kind: kind,
                                title: Front.title(frontMatter, bodyTitle: scan.headings.first(where: { $0.level == 1 })?.text, stem: stem))
        record.frontMatter = frontMatter
        record.pinned = frontMatter["pinned"]?.bool ?? false
        record.aliases = frontMatter["aliases"]?.stringList ?? frontMatter["alias"]?.stringList ?? []
        record.headings = scan.headings
        if kind == .daily, let day = Front.day(frontMatter, stem: stem), Day.supported.contains(day) {
            record.day = day
            record.habitLines = habitLines(scan, buffer, bodyOffset: front.bodyOffset)
        }
        return record
    }

    /// A file's front-matter block, read once for `parse` and `journalRecord`.
    package struct Front {
        package static let yamlFirstLine = 2
        package var frontMatter = YAMLMap()
        package var yamlText: Substring = ""
        /// Byte offset of the front-matter's text in the file.
        package var yamlStart = 0
        package var bodyOffset = 0
        package var bodyLine = 1
        package var diagnostics: [Diagnostic] = []

        package init(_ buffer: UnsafeBufferPointer<UInt8>, path: String) {
            if let split = FrontMatterSplitter.split(buffer) {
                let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[split.yaml]), as: UTF8.self)
                yamlText = text[...]
                yamlStart = split.yaml.lowerBound
                let parsed = YAMLReader.parse(yamlText, firstLine: Front.yamlFirstLine)
                frontMatter = parsed.map
                diagnostics = parsed.diagnostics.map { $0.in(path) }
                bodyOffset = split.bodyOffset
                bodyLine = split.bodyLine
            } else if startsWithFence(buffer) {
                diagnostics.append(Diagnostic(path: path, line: 1, column: 1,
                                              message: "front-matter is opened with --- but never closed; the file is read as body"))
            } else if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
                bodyOffset = 3
            }
        }

        /// `title:`, else the first `# Heading`, else the file stem.
        package static func title(_ frontMatter: YAMLMap, bodyTitle: String?, stem: String) -> String {
            frontMatter["title"]?.string.flatMap { $0.isEmpty ? nil : $0 } ?? bodyTitle ?? stem
        }

        /// A daily file's day: `date:`, else the file stem (nil when neither is a day).
        package static func day(_ frontMatter: YAMLMap, stem: String) -> Day? {
            frontMatter["date"]?.day ?? Day(stem)
        }
    }

    /// Habit lines from the scanner's task items, which already skip code blocks and comments.
    /// Each task whose text starts with a wikilink is read by `HabitLine.parse` straight from the
    /// file's bytes (found through that link), so the index reads lines exactly as check-ins and
    /// the daily editor do without copying a line.
    package static func habitLines(_ scan: MarkdownScan, _ buffer: UnsafeBufferPointer<UInt8>, bodyOffset: Int = 0) -> [HabitLine] {
        var result: [HabitLine] = []
        var linkIndex = 0
        for task in scan.tasks where startsWithWikilink(task.text) {
            while linkIndex < scan.links.count && scan.links[linkIndex].line < task.line { linkIndex += 1 }
            guard linkIndex < scan.links.count, scan.links[linkIndex].line == task.line else { continue }
            let at = scan.links[linkIndex].byteRange.lowerBound
            var start = at
            while start > bodyOffset && buffer[start - 1] != Byte.lf { start -= 1 }
            var end = at
            while end < buffer.count && buffer[end] != Byte.lf { end += 1 }
            if let line = HabitLine.parse(UnsafeBufferPointer(rebasing: buffer[start..<end]), lineNumber: task.line) {
                result.append(line)
            }
        }
        return result
    }

    /// Whether a task's text starts with `[[` after spaces and tabs: the cheap test before parsing.
    private static func startsWithWikilink(_ text: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        while let byte = bytes.next() {
            if byte == Byte.space || byte == Byte.tab { continue }
            return byte == Byte.openBracket && bytes.next() == Byte.openBracket
        }
        return false
    }

    /// Front-matter tags then body tags, each once (case-insensitive), without a leading `#`.
    package static func tags(frontMatter: YAMLMap, body: [Tag]) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        var declared: [String] = []
        for value in frontMatter["tags"]?.stringList ?? [] {
            declared += value.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map(String.init)
        }
        for raw in declared + body.map(\.name) {
            let name = raw.hasPrefix("#") ? String(raw.dropFirst()) : raw
            guard !name.isEmpty, seen.insert(name.lowercased()).inserted else { continue }
            result.append(name)
        }
        return result
    }

    /// The links of the front-matter, in file order: wikilinks written inside values
    /// (`goal: "[[read-24-books]]"`) and bare ids in the keys the schema marks as holding links
    /// (`area: health`), with file positions.
    package static func frontMatterLinks(_ yaml: Substring, frontMatter: YAMLMap, firstLine: Int, yamlOffset: Int) -> [Link] {
        let references = referenceLinks(yaml, frontMatter: frontMatter, firstLine: firstLine, yamlOffset: yamlOffset)
        let bracket = yaml.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.isEmpty ? false : memchr(bytes.baseAddress!, Int32(UInt8(ascii: "[")), bytes.count) != nil
        } ?? yaml.utf8.contains(UInt8(ascii: "["))
        guard bracket else { return references }
        var text = String(yaml)
        let wikilinks = text.withUTF8 { buffer in
            let scan = MarkdownScanner.scan(buffer, from: 0, firstLine: firstLine)
            return scan.links.filter { $0.kind == .wikilink }.map { link in
                var moved = link
                moved.byteRange = (link.byteRange.lowerBound + yamlOffset)..<(link.byteRange.upperBound + yamlOffset)
                return moved
            }
        }
        if references.isEmpty { return wikilinks }
        return (wikilinks + references).sorted { $0.byteRange.lowerBound < $1.byteRange.lowerBound }
    }

    /// Bare ids in the values of the keys that hold links (`area: health`, `habits: [read, walk]`):
    /// one link each, at the id where the key's lines have it as a whole word (else at the key's line).
    package static func referenceLinks(_ yaml: Substring, frontMatter: YAMLMap, firstLine: Int, yamlOffset: Int) -> [Link] {
        var wanted: [String: [String]] = [:]
        for key in VaultSchema.linkKeys {
            guard let values = frontMatter[key]?.stringList else { continue }
            var ids: [String] = []
            for value in values where !value.contains("[[") {
                let id = value.trimmingBlanks
                if !id.isEmpty, !ids.contains(id) { ids.append(id) }
            }
            if !ids.isEmpty { wanted[key] = ids }
        }
        if wanted.isEmpty { return [] }
        let bytes = Array(yaml.utf8)
        var links: [Link] = []
        var placed = Set<String>()
        var keyStart: [String: (line: Int, offset: Int)] = [:]
        var current: String?
        var line = firstLine
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != Byte.lf { end += 1 }
            var from = start
            let first = start < end ? bytes[start] : Byte.lf
            if first != Byte.space, first != Byte.tab, first != UInt8(ascii: "-"), first != UInt8(ascii: "#"), first != Byte.lf,
               first != UInt8(ascii: "\r") {
                // A top-level key starts here.
                current = nil
                if let colon = bytes[start..<end].firstIndex(of: UInt8(ascii: ":")) {
                    var key = String(decoding: bytes[start..<colon], as: UTF8.self)
                    if key.count >= 2, let quote = key.first, quote == "\"" || quote == "'", key.last == quote {
                        key = String(key.dropFirst().dropLast())
                    }
                    if wanted[key] != nil, keyStart[key] == nil {
                        current = key
                        keyStart[key] = (line, start)
                        from = colon + 1
                    }
                }
            }
            if let key = current, let ids = wanted[key] {
                for id in ids where !placed.contains(key + "\u{0}" + id) {
                    guard let at = wholeWord(Array(id.utf8), in: bytes, from: from, to: end) else { continue }
                    placed.insert(key + "\u{0}" + id)
                    links.append(Link(kind: VaultSchema.isOptionalLink(key) ? .optionalReference : .reference, target: id, label: key,
                                      line: line, column: at - start + 1,
                                      byteRange: (yamlOffset + at)..<(yamlOffset + at + id.utf8.count)))
                }
            }
            line += 1
            start = end + 1
        }
        // An id not found as written (an escaped string) still counts, at its key's line.
        for key in VaultSchema.linkKeys {
            guard let ids = wanted[key], let place = keyStart[key] else { continue }
            for id in ids where !placed.contains(key + "\u{0}" + id) {
                links.append(Link(kind: VaultSchema.isOptionalLink(key) ? .optionalReference : .reference, target: id, label: key,
                                  line: place.line, column: 1,
                                  byteRange: (yamlOffset + place.offset)..<(yamlOffset + place.offset)))
            }
        }
        return links.sorted { $0.byteRange.lowerBound < $1.byteRange.lowerBound }
    }

    /// Where `word` first stands whole in `bytes[from..<to]`: not inside a longer word.
    private static func wholeWord(_ word: [UInt8], in bytes: [UInt8], from: Int, to: Int) -> Int? {
        guard !word.isEmpty, to - from >= word.count else { return nil }
        var position = from
        while position + word.count <= to {
            if bytes[position] == word[0], Array(bytes[position..<(position + word.count)]) == word,
               RenamePlan.isBoundary(position == 0 ? nil : bytes[position - 1], before: true),
               RenamePlan.isBoundary(position + word.count < to ? bytes[position + word.count] : nil, before: false) {
                return position
            }
            position += 1
        }
        return nil
    }

    /// Where `key:` is written at the top level of the front-matter (line 1 when not found).
    package static func keyLocation(_ key: String, in yaml: Substring, firstLine: Int) -> SourceLocation {
        KeyLines(yaml, firstLine: firstLine).location(of: key)
    }

    package static func unknownKeys(_ map: YAMLMap, kind: NoteKind, path: String,
                            location: (String) -> SourceLocation) -> [Diagnostic] {
        let known = VaultSchema.keys(of: kind)
        // Nearly every file has only known keys: no set, no suggestions to build for it.
        guard map.keys.contains(where: { !known.contains($0) }) else { return [] }
        let knownSet = Set(known)
        let synonyms = VaultSchema.synonyms.filter { knownSet.contains($0.value) }
        let finder = Suggestion.Finder(known + synonyms.keys)
        var result: [Diagnostic] = []
        for key in map.keys where !knownSet.contains(key) {
            var message = "unknown key \"\(key)\" for \(kind.withArticle)"
            if let suggestion = finder.closest(to: key) {
                message += "; did you mean \"\(synonyms[suggestion] ?? suggestion)\"?"
            }
            result.append(Diagnostic(path: path, location: location(key), severity: .warning, message: message))
        }
        return result
    }

    private static func startsWithFence(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = bomLength(buffer)
        for _ in 0..<3 {
            guard index < buffer.count, buffer[index] == UInt8(ascii: "-") else { return false }
            index += 1
        }
        while index < buffer.count, buffer[index] == UInt8(ascii: " ") || buffer[index] == UInt8(ascii: "\t") { index += 1 }
        return index == buffer.count || buffer[index] == UInt8(ascii: "\n") || buffer[index] == UInt8(ascii: "\r")
    }

    private static func bomLength(_ buffer: UnsafeBufferPointer<UInt8>) -> Int {
        buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF ? 3 : 0
    }
}


