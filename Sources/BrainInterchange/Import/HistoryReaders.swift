import Foundation
import BrainFormat

/// A source that cannot be read at all (a missing file, a folder without the tool's files).
package struct HistoryReadError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// Readers of other tools' files into an `ImportedHistory`; docs/IMPORT.md has each mapping.
package enum HistoryReaders {
    static func text(_ path: String) throws(HistoryReadError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { throw HistoryReadError("\(path): no such file") }
        guard let text = String(data: data, encoding: .utf8) else { throw HistoryReadError("\(path): not UTF-8 text") }
        return text
    }

    static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// N in M days as a Brain frequency: daily when N = M (or M = 1), N/week for M = 7, else `N in M days`.
    static func frequency(times: Int, days: Int) -> Frequency {
        if days <= 1 || times >= days { return .daily }
        if days == 7 { return .perWeek(times) }
        return .inDays(times: times, days: min(days, Frequency.maximumDays))
    }

    // MARK: harsh

    /// harsh's folder (`habits` and `log`, ~/.config/harsh): `Name: N/M` habits under `! Heading`
    /// groups, and log lines `YYYY-MM-DD : Habit : y|n|s : comment : amount`. As harsh reads
    /// the log into a map, a later line for the same day and habit wins.
    package static func harsh(_ folder: String, source: String, today: Day) throws(HistoryReadError) -> ImportedHistory {
        let habitsPath = join(folder, "habits"), logPath = join(folder, "log")
        var history = ImportedHistory(format: "harsh", source: source)
        var habits: [ImportedHistory.Habit] = []
        var intervals: [String: (target: Int, interval: Int, end: Day?)] = [:]
        var heading: String?
        for (offset, raw) in lines(try text(habitsPath)).enumerated() {
            let line = String(raw)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            if line.hasPrefix("!") {
                if let range = line.range(of: "! ") { heading = String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces) }
                continue
            }
            let parts = line.components(separatedBy: ": ")
            let name = parts[0].trimmingCharacters(in: .whitespaces)
            guard parts.count >= 2, !name.isEmpty, let (target, interval) = harshFrequency(parts[1].trimmingCharacters(in: .whitespaces)) else {
                history.diagnostics.append(Diagnostic(path: habitsPath, line: offset + 1, column: 1,
                                                      message: "not a harsh habit (Name: N/M): \(line)"))
                continue
            }
            let frequency = target == 0 ? Frequency.perMonth(1) : frequency(times: target, days: interval)
            var habit = ImportedHistory.Habit(name: name, frequency: frequency, group: heading,
                                              sourceFrequency: parts[1].trimmingCharacters(in: .whitespaces))
            let end = parts.count >= 3 ? Day(parts[2].trimmingCharacters(in: .whitespaces)) : nil
            if let end, end < today { habit.archived = true }
            intervals[name] = (target, interval, end)
            habits.append(habit)
        }
        var entries: [String: [ImportedHistory.Entry]] = [:]
        for (offset, raw) in lines(try text(logPath)).enumerated() {
            let line = String(raw)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let parts = line.components(separatedBy: " : ")
            func bad(_ why: String) {
                history.diagnostics.append(Diagnostic(path: logPath, line: offset + 1, column: 1, message: "\(why); row left out"))
            }
            guard parts.count >= 3 else { bad("expected YYYY-MM-DD : Habit : y|n|s : comment : amount"); continue }
            guard let day = Day(parts[0]) else { bad("\(parts[0]) is not a day"); continue }
            let result = parts[2].trimmingCharacters(in: .whitespaces)
            guard ["y", "n", "s"].contains(result) else { bad("\(result) is not y, n or s"); continue }
            guard intervals[parts[1]] != nil else { bad("\"\(parts[1])\" is not in the habits file"); continue }
            let comment = parts.count >= 4 ? parts[3].trimmingCharacters(in: .whitespaces) : ""
            var amount = parts.count >= 5 ? Double(parts[4].trimmingCharacters(in: .whitespaces)) : nil
            if amount == 0 { amount = nil }
            let state: TaskItem.State = result == "y" ? .done : result == "s" ? .skipped : .open
            entries[parts[1], default: []].append(ImportedHistory.Entry(day: day, state: state, value: amount,
                                                                         note: comment.isEmpty ? nil : comment, file: logPath, line: offset + 1))
        }
        for index in habits.indices {
            let kept = ImportedHistory.lastPerDay(entries[habits[index].name] ?? [])
            habits[index].entries = kept
            let (target, interval, end) = intervals[habits[index].name]!
            habits[index].source = harshNumbers(kept, target: target, interval: interval, end: end, today: today)
        }
        history.habits = habits
        return history
    }

    /// harsh's `N/M`, `N`, `Nw` (weeks): (target, interval); nil when it is none of those.
    static func harshFrequency(_ text: String) -> (Int, Int)? {
        func day(_ part: String) -> Int? {
            let part = part.trimmingCharacters(in: .whitespaces)
            if part.hasSuffix("w") { return Int(part.dropLast()).map { $0 * 7 } }
            return Int(part)
        }
        let pieces = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let first = day(pieces[0]), first >= 0 else { return nil }
        if pieces.count == 1 { return first == 0 ? (0, 1) : (1, first) }
        guard pieces.count == 2, let interval = day(pieces[1]), interval > 0, first <= interval else { return nil }
        return (first, interval)
    }

    /// What harsh shows for a habit of target N in M days (`HarshStreak`: its `StreakLengths`
    /// and days until break, as of `today` or the habit's end day). Done: the `y` lines.
    static func harshNumbers(_ entries: [ImportedHistory.Entry], target: Int, interval: Int, end: Day?, today: Day) -> ImportedHistory.SourceNumbers {
        let done = entries.filter { $0.state == .done }.count
        let streak = HarshStreak(entries, target: target, interval: interval, end: end)
        guard let lengths = streak.lengths(today: today) else { return ImportedHistory.SourceNumbers(done: done) }
        var numbers = ImportedHistory.SourceNumbers(done: done, streak: lengths.current, best: lengths.longest)
        if end.map({ $0 >= today }) ?? true { numbers.daysUntilBreak = streak.daysUntilBreak(today: today) }
        return numbers
    }

    // MARK: habitctl

    /// habitctl's folder (~/.habitctl): `habits` with `<every_days> <name>` lines and a
    /// tab-separated `log` of `YYYY-MM-DD<TAB>name<TAB>y|n|s`. habitctl finds the first line of a
    /// day and habit, so a later one is left out.
    package static func habitctl(_ folder: String, source: String) throws(HistoryReadError) -> ImportedHistory {
        let habitsPath = join(folder, "habits"), logPath = join(folder, "log")
        var history = ImportedHistory(format: "habitctl", source: source)
        var habits: [ImportedHistory.Habit] = []
        for (offset, raw) in lines(try text(habitsPath)).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2, let every = Int(parts[0]), every >= 0 else {
                history.diagnostics.append(Diagnostic(path: habitsPath, line: offset + 1, column: 1,
                                                      message: "not a habitctl habit (<every_days> <name>): \(line)"))
                continue
            }
            let frequency: Frequency = every == 0 ? .perMonth(1) : frequency(times: 1, days: every)
            habits.append(ImportedHistory.Habit(name: parts[1], frequency: frequency, sourceFrequency: "every \(every) days"))
        }
        let names = Set(habits.map(\.name))
        var entries: [String: [ImportedHistory.Entry]] = [:]
        var seen = Set<String>()
        for (offset, raw) in lines(try text(logPath)).enumerated() where !raw.isEmpty {
            let parts = raw.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            func bad(_ why: String) {
                history.diagnostics.append(Diagnostic(path: logPath, line: offset + 1, column: 1, message: "\(why); row left out"))
            }
            guard parts.count == 3, let day = Day(parts[0]) else { bad("expected YYYY-MM-DD<TAB>habit<TAB>y|n|s"); continue }
            guard ["y", "n", "s"].contains(parts[2]) else { bad("\(parts[2]) is not y, n or s"); continue }
            guard names.contains(parts[1]) else { bad("\"\(parts[1])\" is not in the habits file"); continue }
            guard seen.insert("\(day)\t\(parts[1])").inserted else { continue }
            let state: TaskItem.State = parts[2] == "y" ? .done : parts[2] == "s" ? .skipped : .open
            // habitctl asks every day; an `n` is its record of a day not done, which Brain counts without a line.
            guard state != .open else { continue }
            entries[parts[1], default: []].append(ImportedHistory.Entry(day: day, state: state, file: logPath, line: offset + 1))
        }
        for index in habits.indices {
            habits[index].entries = entries[habits[index].name] ?? []
            habits[index].source = ImportedHistory.SourceNumbers(done: habits[index].entries.filter { $0.state == .done }.count)
        }
        history.habits = habits
        return history
    }

    // MARK: Beaver Habits

    /// A Beaver Habits JSON export: `{"habits": [{"name", "records": [{"day": "YYYY-MM-DD",
    /// "done": bool, "text"?}], "period"?: {period_type D|W|M|Y, period_count, target_count},
    /// "status"?, "tags"?}]}`.
    package static func beaver(_ path: String, source: String, today: Day) throws(HistoryReadError) -> ImportedHistory {
        let content = try text(path)
        guard let root = try? JSONSerialization.jsonObject(with: Data(content.utf8)) as? [String: Any],
              let list = root["habits"] as? [Any] else {
            throw HistoryReadError("\(source): not a Beaver Habits export (a JSON object with \"habits\")")
        }
        let textLines = lines(content)
        func line(of needle: String, from: Int = 0) -> Int {
            for index in from..<textLines.count where textLines[index].contains(needle) { return index + 1 }
            return 1
        }
        var history = ImportedHistory(format: "beaver", source: source)
        var searchFrom = 0
        for item in list {
            guard let object = item as? [String: Any], let name = object["name"] as? String else {
                history.diagnostics.append(Diagnostic(path: path, line: 1, column: 1, message: "a habit without a name; left out"))
                continue
            }
            let habitLine = line(of: "\"name\"", from: searchFrom)
            searchFrom = habitLine
            var mapped = Frequency.daily
            var words = "daily"
            if let period = object["period"] as? [String: Any], let type = period["period_type"] as? String,
               let count = period["period_count"] as? Int, let target = period["target_count"] as? Int, count > 0, target > 0 {
                words = "\(target)/\(count)\(type)"
                switch type {
                case "D": mapped = frequency(times: target, days: count)
                case "W": mapped = count == 1 ? .perWeek(min(target, 7)) : .inDays(times: target, days: 7 * count)
                case "M": mapped = count == 1 ? .perMonth(min(target, 31)) : .inDays(times: target, days: 30 * count)
                default: mapped = .inDays(times: target, days: min(365 * count, Frequency.maximumDays))
                }
            }
            var habit = ImportedHistory.Habit(name: name, frequency: mapped, group: (object["tags"] as? [String])?.first,
                                              sourceFrequency: words)
            if let status = object["status"] as? String, status == "archive" || status == "soft_delete" { habit.archived = true }
            var byDay: [Day: ImportedHistory.Entry] = [:]
            for record in object["records"] as? [Any] ?? [] {
                let fields = record as? [String: Any]
                let dayText = fields?["day"] as? String ?? ""
                let at = dayText.isEmpty ? habitLine : line(of: "\"\(dayText)\"", from: max(0, habitLine - 1))
                guard let day = Day(dayText) else {
                    history.diagnostics.append(Diagnostic(path: path, line: at, column: 1,
                                                          message: "\"\(dayText)\" of \"\(name)\" is not a day; row left out"))
                    continue
                }
                let done = fields?["done"] as? Bool ?? false
                let note = (fields?["text"] as? String).flatMap { $0.isEmpty ? nil : $0 }
                guard done || note != nil else { continue }
                byDay[day] = ImportedHistory.Entry(day: day, state: done ? .done : .open, note: note, file: path, line: at)
            }
            habit.entries = byDay.values.sorted { $0.day < $1.day }
            habit.source = beaverNumbers(habit.entries.filter { $0.state == .done }.map(\.day), today: today)
            history.habits.append(habit)
        }
        return history
    }

    /// Beaver Habits' done count (ticked days) and the streak its habit page shows last
    /// (`compose_habit_streaks`: runs of consecutive ticked days within the year to today).
    static func beaverNumbers(_ days: [Day], today: Day) -> ImportedHistory.SourceNumbers {
        let ticked = days.filter { $0 <= today && $0 > today.adding(days: -366) }.sorted()
        var runs: [Int] = []
        var run = 0
        var previous: Day?
        for day in ticked {
            if let previous, previous.distance(to: day) == 1 { run += 1 } else {
                if run > 0 { runs.append(run) }
                run = 1
            }
            previous = day
        }
        if run > 0 { runs.append(run) }
        return ImportedHistory.SourceNumbers(done: Set(days).count, streak: ticked.count > 1 ? runs.last : nil,
                                             best: ticked.count > 1 ? runs.suffix(5).max() : nil)
    }

    // MARK: Habit Tracker 21

    /// A folder of Habit Tracker 21 habits (the Obsidian plugin): one Markdown file per habit, its
    /// title the file name (or `title:`), its days an `entries:` list of YYYY-MM-DD in the
    /// front matter; `maxGap:` lets that many missed days keep a streak.
    package static func habitTracker21(_ folder: String, source: String) throws(HistoryReadError) -> ImportedHistory {
        var history = ImportedHistory(format: "habit-tracker-21", source: source)
        let files = ObsidianReader.markdownFiles(folder)
        for file in files {
            let path = join(folder, file)
            guard let content = try? text(path) else { continue }
            let split = ObsidianReader.frontMatter(content)
            guard let keys = split.keys, keys.contains(where: { $0.key == "entries" }) else { continue }
            let name = keys.first { $0.key == "title" }?.values.first.map(ObsidianReader.unquote)
                ?? String(file.split(separator: "/").last!.dropLast(3))
            var entries: [Day: ImportedHistory.Entry] = [:]
            let listed = keys.first { $0.key == "entries" }!
            for (value, line) in zip(listed.values, listed.lines) {
                let text = ObsidianReader.unquote(value)
                guard let day = Day(text) else {
                    history.diagnostics.append(Diagnostic(path: path, line: line, column: 1, message: "\"\(text)\" is not a day; row left out"))
                    continue
                }
                entries[day] = ImportedHistory.Entry(day: day, state: .done, file: path, line: line)
            }
            let maxGap = keys.first { $0.key == "maxGap" }?.values.first.flatMap { Int(ObsidianReader.unquote($0)) } ?? 0
            var habit = ImportedHistory.Habit(name: name, frequency: maxGap > 0 ? frequency(times: 1, days: maxGap + 1) : .daily,
                                              sourceFrequency: maxGap > 0 ? "maxGap \(maxGap)" : "daily")
            habit.entries = entries.values.sorted { $0.day < $1.day }
            habit.source = ht21Numbers(habit.entries.map(\.day), maxGap: maxGap)
            history.habits.append(habit)
        }
        return history
    }

    /// Habit Tracker 21's numbers: the ticked days, and its streaks (`Habit.svelte`): runs of
    /// ticked days, a gap of at most `maxGap` unticked days between two ticks kept inside a run;
    /// the length counted in days. Current: the run holding the last tick.
    static func ht21Numbers(_ days: [Day], maxGap: Int) -> ImportedHistory.SourceNumbers {
        var runs: [Int] = []
        var start: Day?
        var previous: Day?
        for day in days.sorted() {
            if let p = previous, p.distance(to: day) - 1 <= maxGap, let s = start {
                start = s
            } else {
                if let s = start, let p = previous { runs.append(s.distance(to: p) + 1) }
                start = day
            }
            previous = day
        }
        if let s = start, let p = previous { runs.append(s.distance(to: p) + 1) }
        return ImportedHistory.SourceNumbers(done: days.count, streak: runs.last ?? 0, best: runs.max() ?? 0)
    }
}
