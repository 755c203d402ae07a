import Foundation
import BrainFormat

/// Habits kept in an Obsidian vault's daily notes, in the three ways people keep them:
/// front-matter keys (`exercise: true`, `water: 6`, as Dataview and Tracker read them), tags with
/// values (`#exercise-pushup:43`, Tracker's `tag:value`), and checkbox items under a heading
/// (`- [x] Meditate` under `## Habits`). A daily note is one whose name is a day in the
/// `--date-format` (Periodic Notes / Daily Notes format, moment tokens; default `YYYY-MM-DD`).
/// Nothing in the vault is written: Brain writes its own files beside the notes.
package enum ObsidianReader {
    package struct Options: Sendable {
        /// Source key (front-matter key, tag without `#`, or item text) → habit name. When given,
        /// only these keys are read.
        package var map: [String: String] = [:]
        /// moment.js format of daily note names (`YYYY-MM-DD`, `DD.MM.YYYY`, `YYYY/MM/YYYY-MM-DD dddd`).
        package var dateFormat = "YYYY-MM-DD"
        /// Checkbox items count under headings that contain this (case-insensitive).
        package var heading = "habit"
        /// Folders of the vault left out (relative): Brain's own daily and habit folders when the
        /// Obsidian vault is Brain's too, so a second import in place reads the same notes.
        package var skipFolders: [String] = []
        package init() {}
    }

    /// Front-matter keys that are no habit.
    static let reserved: Set<String> = ["date", "tags", "tag", "aliases", "alias", "title", "created", "updated", "modified",
                                        "cssclass", "cssclasses", "publish", "type", "week", "month", "year", "day", "mood", "energy"]

    package static func read(_ folder: String, source: String, options: Options, today: Day) throws(HistoryReadError) -> ImportedHistory {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw HistoryReadError("\(source): not a folder (an Obsidian vault)")
        }
        var history = ImportedHistory(format: "obsidian", source: source)
        var order: [String] = []
        var habits: [String: (style: String, entries: [Day: ImportedHistory.Entry])] = [:]
        func record(_ key: String, style: String, _ entry: ImportedHistory.Entry) {
            let name: String
            if options.map.isEmpty {
                name = key
            } else {
                guard let mapped = options.map[key] ?? options.map["#" + key] else { return }
                name = mapped
            }
            let lookup = name.lowercased()
            if habits[lookup] == nil {
                habits[lookup] = (style, [:])
                order.append(name)
            }
            // Several keys mapped to one habit: a done one wins.
            if let old = habits[lookup]!.entries[entry.day], old.state == .done, entry.state != .done { return }
            habits[lookup]!.entries[entry.day] = entry
        }
        for file in markdownFiles(folder) where !options.skipFolders.contains(where: { file.hasPrefix($0 + "/") }) {
            let stem = String(file.dropLast(3))
            guard let day = day(stem, format: options.dateFormat) else { continue }
            let path = HistoryReaders.join(folder, file)
            guard let content = try? HistoryReaders.text(path) else { continue }
            history.protectedPaths.insert((path as NSString).standardizingPath)
            let split = frontMatter(content)
            for key in split.keys ?? [] where !reserved.contains(key.key.lowercased()) && key.values.count == 1 {
                let value = unquote(key.values[0])
                let at = key.lines.first ?? 1
                switch value.lowercased() {
                case "true", "yes", "x", "✅":
                    record(key.key, style: "front matter", .init(day: day, state: .done, file: path, line: at))
                case "false", "no", "":
                    continue
                default:
                    if let number = Double(value) {
                        guard number != 0 else { continue }
                        record(key.key, style: "front matter", .init(day: day, state: .done, value: number, file: path, line: at))
                    } else if !options.map.isEmpty, options.map[key.key] != nil {
                        history.diagnostics.append(Diagnostic(path: path, line: at, column: 1,
                                                              message: "\(key.key): \"\(value)\" is not true, false or a number; row left out"))
                    }
                }
            }
            let lines = HistoryReaders.lines(content)
            var underHabits = false
            var inCode = false
            for (offset, raw) in lines.enumerated() where offset >= split.bodyStart {
                let line = raw.trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("```") { inCode.toggle(); continue }
                if inCode { continue }
                if line.hasPrefix("#"), line.drop(while: { $0 == "#" }).hasPrefix(" ") {
                    underHabits = line.lowercased().contains(options.heading.lowercased())
                    continue
                }
                if underHabits, let item = checkbox(line) {
                    let state: TaskItem.State = item.mark == " " ? .open : item.mark == "-" ? .skipped : .done
                    if state != .open {
                        record(item.text, style: "checkbox", .init(day: day, state: state, file: path, line: offset + 1))
                    }
                    continue
                }
                for (tag, value) in tags(line) {
                    guard let number = Double(value) else {
                        if options.map[tag] != nil || options.map["#" + tag] != nil {
                            history.diagnostics.append(Diagnostic(path: path, line: offset + 1, column: 1,
                                                                  message: "#\(tag):\(value) is not a number; row left out"))
                        }
                        continue
                    }
                    record(tag, style: "tag", .init(day: day, state: number > 0 ? .done : .open, value: number, file: path, line: offset + 1))
                }
                if !options.map.isEmpty {
                    for tag in plainTags(line) where options.map[tag] != nil || options.map["#" + tag] != nil {
                        record(tag, style: "tag", .init(day: day, state: .done, file: path, line: offset + 1))
                    }
                }
            }
        }
        for name in order {
            let found = habits[name.lowercased()]!
            let entries = found.entries.values.sorted { $0.day < $1.day }
            var habit = ImportedHistory.Habit(name: name, frequency: .daily, sourceFrequency: found.style, entries: entries)
            habit.source = trackerNumbers(entries.filter { $0.state == .done }.map(\.day), today: today)
            history.habits.append(habit)
        }
        return history
    }

    /// What Obsidian Tracker's `summary` shows (`{{sum()}}`-style counts): the days with the habit
    /// done, and `currentStreak`/`maxStreak`, runs of consecutive days with a value; the current
    /// one is the run that reaches today (0 when today has none).
    static func trackerNumbers(_ days: [Day], today: Day) -> ImportedHistory.SourceNumbers {
        let set = Set(days)
        var best = 0, run = 0
        var previous: Day?
        for day in set.sorted() where day <= today {
            run = previous.map { $0.distance(to: day) == 1 } == true ? run + 1 : 1
            best = max(best, run)
            previous = day
        }
        var current = 0
        var day = today
        while set.contains(day) {
            current += 1
            day = day.adding(days: -1)
        }
        return ImportedHistory.SourceNumbers(done: set.count, streak: current, best: best)
    }

    /// `- [x] text` → ("x", "text").
    static func checkbox(_ line: String) -> (mark: Character, text: String)? {
        var rest = Substring(line)
        guard let bullet = rest.first, bullet == "-" || bullet == "*" || bullet == "+" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " }
        guard rest.count >= 3, rest.first == "[", rest.dropFirst(2).first == "]" else { return nil }
        let mark = rest.dropFirst().first!
        let text = rest.dropFirst(3).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : (mark, text)
    }

    /// `#tag:value` pairs of a line (Tracker's tag values).
    static func tags(_ line: String) -> [(String, String)] {
        var result: [(String, String)] = []
        for word in line.split(whereSeparator: { $0 == " " || $0 == "\t" }) where word.hasPrefix("#") && word.count > 1 {
            let body = word.dropFirst()
            guard let colon = body.firstIndex(of: ":") else { continue }
            let tag = String(body[..<colon]), value = String(body[body.index(after: colon)...])
            guard !tag.isEmpty, !value.isEmpty, tag.first?.isLetter == true else { continue }
            result.append((tag, value.trimmingCharacters(in: CharacterSet(charactersIn: ",.;"))))
        }
        return result
    }

    static func plainTags(_ line: String) -> [String] {
        line.split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { word in
            guard word.hasPrefix("#"), word.count > 1, !word.contains(":"), word.dropFirst().first?.isLetter == true else { return nil }
            return String(word.dropFirst())
        }
    }

    /// The day a note's name (its path without `.md`) is in a moment.js format: YYYY, MM, M, DD,
    /// D as numbers, dddd/ddd/MMMM/MMM as words, [text] literally, other characters as they are.
    package static func day(_ name: String, format: String) -> Day? {
        var pattern = "^(?:.*/)?"
        var groups: [String] = []
        var rest = Substring(format)
        let tokens = ["YYYY", "MMMM", "MMM", "MM", "M", "DD", "D", "dddd", "ddd", "Do"]
        while !rest.isEmpty {
            if rest.first == "[", let close = rest.firstIndex(of: "]") {
                pattern += NSRegularExpression.escapedPattern(for: String(rest[rest.index(after: rest.startIndex)..<close]))
                rest = rest[rest.index(after: close)...]
                continue
            }
            if let token = tokens.first(where: { rest.hasPrefix($0) }) {
                switch token {
                case "YYYY": pattern += "(\\d{4})"; groups.append("Y")
                case "MM": pattern += "(\\d{2})"; groups.append("M")
                case "M": pattern += "(\\d{1,2})"; groups.append("M")
                case "DD": pattern += "(\\d{2})"; groups.append("D")
                case "D": pattern += "(\\d{1,2})"; groups.append("D")
                case "Do": pattern += "(\\d{1,2})(?:st|nd|rd|th)"; groups.append("D")
                default: pattern += "\\p{L}+"
                }
                rest = rest.dropFirst(token.count)
                continue
            }
            pattern += NSRegularExpression.escapedPattern(for: String(rest.first!))
            rest = rest.dropFirst()
        }
        pattern += "$"
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let match = regex.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) else { return nil }
        var year = 0, month = 0, dayOfMonth = 0
        for (index, kind) in groups.enumerated() {
            guard let range = Range(match.range(at: index + 1), in: name), let number = Int(name[range]) else { return nil }
            switch kind {
            case "Y": year = number
            case "M": month = number
            default: dayOfMonth = number
            }
        }
        return Day(year: year, month: month, day: dayOfMonth)
    }

    /// The Markdown files under `folder`, relative, sorted; hidden folders (`.obsidian`, `.brain`, `.trash`) left out.
    package static func markdownFiles(_ folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let next = walker.nextObject() as? String {
            if next.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            if next.lowercased().hasSuffix(".md") { files.append(next) }
        }
        return files.sorted()
    }

    /// A front-matter key with its values (one for `key: value`, several for a list) and their lines.
    package struct Key {
        package var key: String
        package var values: [String]
        package var lines: [Int]
    }

    /// The keys of a note's front matter (a plain YAML subset: `key: value`, `key: [a, b]`,
    /// `key:` followed by `  - item` lines) and the index of the first body line.
    package static func frontMatter(_ content: String) -> (keys: [Key]?, bodyStart: Int) {
        let lines = HistoryReaders.lines(content)
        guard lines.first?.trimmingCharacters(in: .whitespaces) == "---" else { return (nil, 0) }
        var keys: [Key] = []
        for index in 1..<lines.count {
            let line = String(lines[index])
            if line.trimmingCharacters(in: .whitespaces) == "---" { return (keys, index + 1) }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("- "), line.first == " " || line.first == "-", !keys.isEmpty {
                keys[keys.count - 1].values.append(String(trimmed.dropFirst(2)).trimmingCharacters(in: .whitespaces))
                keys[keys.count - 1].lines.append(index + 1)
                continue
            }
            guard line.first != " ", let colon = line.firstIndex(of: ":") else { continue }
            let key = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
            let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            if value.isEmpty {
                keys.append(Key(key: key, values: [], lines: []))
            } else if value.hasPrefix("["), value.hasSuffix("]") {
                let items = value.dropFirst().dropLast().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                keys.append(Key(key: key, values: items, lines: items.map { _ in index + 1 }))
            } else {
                keys.append(Key(key: key, values: [value], lines: [index + 1]))
            }
        }
        return (nil, 0)
    }

    static func unquote(_ text: String) -> String {
        var value = text
        if let hash = value.range(of: " #") { value = String(value[..<hash.lowerBound]) }
        value = value.trimmingCharacters(in: .whitespaces)
        if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
            value = String(value.dropFirst().dropLast())
        }
        return value == "null" || value == "~" ? "" : value
    }
}
