import Foundation
import BrainFormat
import BrainAnalytics

/// The journal of a vault, built from its index: no file is read again but a goal with a
/// `## Progress` log, and habit lines are mapped to habit ids the way links resolve.
extension Journal {
    public init(index: VaultIndex) {
        let weekStart = index.vault.config.weekStart
        var habits: [Habit] = [], areas: [Area] = [], goals: [Goal] = []
        var milestones: [String: [TaskItem]] = [:]
        var checkIns: [CheckIn] = []
        var dailyPaths: [Day: String] = [:]
        var paths: [String: String] = [:]
        // Thousands of daily lines name the same few habits: resolve each spelling once, to the
        // habit's slot, and keep what each line says for the histories.
        var names = HabitNames(index: index)
        var lines = HabitHistory.Lines()
        // Lines of daily files read from the cache stay there: only their slots are kept, and a
        // check-in makes its lines when asked for.
        let cached = HabitLineNames()
        var dailyFiles: [Day: [String]] = [:]
        var progressLogs: [String: ProgressLog] = [:]
        var problems: [Diagnostic] = []
        for (position, record) in index.records.enumerated() {
            if record.kind == .note { continue }
            problems += record.diagnostics.filter { $0.severity == .error }
            if record.kind == .daily {
                guard let day = record.day else { continue }
                let map = record.frontMatter(keys: Journal.checkInKeys)
                var checkIn = CheckIn(day: day, rest: map["rest"]?.bool ?? false, habitLines: [],
                                      mood: Journal.score(map["mood"]))
                checkIn.energy = Journal.score(map["energy"])
                checkIn.eveningMood = Journal.score(map["evening-mood"])
                checkIn.restReason = map["rest-reason"]?.string
                lines.startCheckIn()
                if let parts = record.cachedHabitLines,
                   let scanned = Journal.scan(parts, position: position, names: &names, lines: &lines, slots: &cached.slots) {
                    checkIn.cachedLines = CachedHabitLines(parts: parts, names: cached, first: scanned.lowerBound,
                                                           count: scanned.count)
                } else {
                    // The lines as decoded, renamed to their habit's id in place; a line naming no
                    // habit is dropped, the others keep their order.
                    var decoded = record.habitLines
                    var kept = 0
                    for at in decoded.indices {
                        guard let slot = names.slot(of: decoded[at].habit, in: position) else { continue }
                        lines.append(slot: Int32(slot), state: decoded[at].state, value: decoded[at].value)
                        decoded[at].habit = names.ids[slot]
                        if kept != at { decoded.swapAt(kept, at) }
                        kept += 1
                    }
                    decoded.removeSubrange(kept...)
                    checkIn.habitLines = decoded
                }
                if dailyPaths[day] == nil { dailyPaths[day] = record.path }
                dailyFiles[day, default: []].append(record.path)
                checkIns.append(checkIn)
                continue
            }
            let bodyTitle = record.headings.first(where: { $0.level == 1 })?.text
            switch record.kind {
            case .habit:
                habits.append(Habit(id: record.stem, frontMatter: record.frontMatter, bodyTitle: bodyTitle))
                paths[record.stem.lowercased()] = record.path
            case .area:
                areas.append(Area(id: record.stem, frontMatter: record.frontMatter, bodyTitle: bodyTitle))
                paths[record.stem.lowercased()] = record.path
            case .goal:
                goals.append(Goal(id: record.stem, frontMatter: record.frontMatter, bodyTitle: bodyTitle))
                milestones[record.stem.lowercased()] = record.tasks.filter { !index.startsWithJournalLink($0.text) }
                paths[record.stem.lowercased()] = record.path
                // The index keeps headings, not list items: read the file only when it has a log.
                if record.headings.contains(where: { $0.text.lowercased() == ProgressLog.heading.lowercased() }),
                   let absolute = try? index.vault.absolute(record.path),
                   let bytes = try? index.vault.fileSystem.read(absolute) {
                    progressLogs[record.stem.lowercased()] = ProgressLog(body: String(Document(bytes: bytes).body))
                }
            case .daily, .note:
                continue
            }
        }
        // By day; files of one day in the index's order.
        let order = checkIns.indices.sorted { (checkIns[$0].day, $0) < (checkIns[$1].day, $1) }
        cached.ids = names.ids
        let histories = HabitHistory.build(checkIns, order: order, lines: lines, keys: names.ids.map { $0.lowercased() })
        self.init(weekStart: weekStart, habits: habits, areas: areas, goals: goals, milestones: milestones,
                  checkIns: Journal.oneCheckInADay(order.map { checkIns[$0] }), dailyPaths: dailyPaths, paths: paths, progressLogs: progressLogs,
                  duplicateDays: dailyFiles.filter { $0.value.count > 1 }, problems: problems, histories: histories)
    }

    /// The check-ins in day order with the files of one day made one (`validate` reports such
    /// files; until they are merged every view reads them alike): the first file's values win and
    /// the others fill in what it leaves empty; rest if any says rest; the habit lines of all, in
    /// file order, so the last line for a habit counts, as in the habits' histories.
    static func oneCheckInADay(_ ordered: [CheckIn]) -> [CheckIn] {
        var result: [CheckIn] = []
        result.reserveCapacity(ordered.count)
        for checkIn in ordered {
            guard var first = result.last, first.day == checkIn.day else {
                result.append(checkIn)
                continue
            }
            first.mood = first.mood ?? checkIn.mood
            first.energy = first.energy ?? checkIn.energy
            first.eveningMood = first.eveningMood ?? checkIn.eveningMood
            first.rest = first.rest || checkIn.rest
            first.restReason = first.restReason ?? checkIn.restReason
            first.habitLines = first.habitLines + checkIn.habitLines
            result[result.count - 1] = first
        }
        return result
    }

    /// Reads the habit lines of a daily file from the cache bytes without making their strings:
    /// each line's slot goes to `slots` (-1 when it names no habit), what a history needs to
    /// `lines`. Returns the range of `slots` written, or nil (nothing written) when the part is bad.
    private static func scan(_ parts: LazyParts, position: Int, names: inout HabitNames,
                             lines: inout HabitHistory.Lines, slots: inout [Int32]) -> Range<Int>? {
        let start = slots.count, kept = lines.slots.count
        var at = 0
        let count = parts.scanHabitLines { habit, state, value in
            let slot = names.slot(of: habit, at: at, in: position)
            at += 1
            slots.append(slot.map(Int32.init) ?? -1)
            if let slot { lines.append(slot: Int32(slot), state: state, value: value) }
        }
        guard let count else {
            slots.removeSubrange(start...)
            lines.truncate(to: kept)
            return nil
        }
        return start..<start + count
    }

    /// The front-matter keys of a daily file the journal reads.
    private static let checkInKeys = ["rest", "mood", "energy", "evening-mood", "rest-reason"]

    private static func score(_ value: YAMLValue?) -> Int? {
        guard let number = value?.int, (1...5).contains(number) else { return nil }
        return number
    }
}

extension Journal {
    /// This journal after a write changed the files `paths`: `old` is the index it was built
    /// from, `new` the index after the write. When the one file changed is a day's file, without
    /// errors before and after, its check-in is taken in place (`replacingCheckIn`): the journal a
    /// build from `new` gives, at the cost of one file. nil otherwise: build it again from `new`.
    package func updating(_ paths: [String], from old: VaultIndex, to new: VaultIndex) -> Journal? {
        if paths.isEmpty { return self }
        guard paths.count == 1, let path = paths.first, let position = new.recordByPath[path] else { return nil }
        let record = new.records[position]
        guard record.kind == .daily, let day = record.day, !record.diagnostics.contains(where: { $0.severity == .error }) else { return nil }
        if let before = old.recordByPath[path].map({ old.records[$0] }) {
            guard before.kind == .daily, before.day == day, !before.diagnostics.contains(where: { $0.severity == .error }) else { return nil }
        }
        // The check-in as `init(index:)` reads it: lines renamed to their habit's id, lines naming no habit left out.
        let map = record.frontMatter(keys: Journal.checkInKeys)
        var checkIn = CheckIn(day: day, rest: map["rest"]?.bool ?? false, habitLines: [], mood: Journal.score(map["mood"]))
        checkIn.energy = Journal.score(map["energy"])
        checkIn.eveningMood = Journal.score(map["evening-mood"])
        checkIn.restReason = map["rest-reason"]?.string
        checkIn.habitLines = record.habitLines.compactMap { line in
            new.habitID(named: line.habit, in: position).map { id in
                var renamed = line
                renamed.habit = id
                return renamed
            }
        }
        return replacingCheckIn(checkIn, path: path)
    }
}

/// Habit names as daily files write them, each resolved once to its habit's slot: its place in
/// `ids`, the habits' ids as their files spell them.
private struct HabitNames {
    package let index: VaultIndex
    package private(set) var ids: [String] = []
    private var slotByKey: [String: Int] = [:]
    /// Names without a `/` (a relative path resolves differently from another folder).
    private var byName: [String: Int?] = [:]
    /// The names read from the cache, by their bytes, with their slots, and which one each line
    /// position of the last file held (daily files list the same habits in much the same order
    /// day after day).
    private var spellings = ByteKeyTable<Int?>()
    private var atPosition: [Int] = []

    public init(index: VaultIndex) {
        self.index = index
    }

    /// The slot of the habit `name` names in the daily file at `position` of the index.
    package mutating func slot(of name: String, in position: Int) -> Int? {
        if let known = byName[name] { return known }
        let slot = index.habitID(named: name, in: position).map { id in
            if let known = slotByKey[id.lowercased()] { return known }
            slotByKey[id.lowercased()] = ids.count
            ids.append(id)
            return ids.count - 1
        }
        if !name.utf8.contains(UInt8(ascii: "/")) { byName[name] = .some(slot) }
        return slot
    }

    /// `slot(of:in:)` for a name given as its bytes in the cache, on the file's line `line` (from 0).
    package mutating func slot(of bytes: UnsafeBufferPointer<UInt8>, at line: Int, in position: Int) -> Int? {
        if line < atPosition.count, spellings.entry(atPosition[line], is: bytes) {
            return spellings[atPosition[line]]
        }
        if let known = spellings.entry(of: bytes) {
            remember(known, at: line)
            return spellings[known]
        }
        let slot = slot(of: String(decoding: bytes, as: UTF8.self), in: position)
        if bytes.contains(UInt8(ascii: "/")) { return slot }
        remember(spellings.insert(bytes, slot), at: line)
        return slot
    }

    private mutating func remember(_ spelling: Int, at line: Int) {
        if line < atPosition.count {
            atPosition[line] = spelling
        } else if line == atPosition.count {
            atPosition.append(spelling)
        }
    }
}

/// The habit ids by slot and the slot of each line the journal read from the cache (-1: it names
/// no habit), shared by the journal's check-ins.
package final class HabitLineNames: @unchecked Sendable {
    // Filled while `Journal.init` runs, before any check-in is handed out; never changed after.
    package var ids: [String] = []
    package var slots: [Int32] = []
}

/// The habit lines of a daily file still in the cache bytes, made when asked for: each renamed
/// to its habit's id and lines naming no habit left out, as `Journal` gives them.
package final class CachedHabitLines: DeferredHabitLines {
    package let parts: LazyParts
    package let names: HabitLineNames
    /// The file's lines have the slots `names.slots[first..<first + count]`.
    package let first: Int
    package let count: Int

    package init(parts: LazyParts, names: HabitLineNames, first: Int, count: Int) {
        self.parts = parts
        self.names = names
        self.first = first
        self.count = count
    }

    package func lines() -> [HabitLine] {
        let decoded = parts.habitLines() ?? []
        var kept: [HabitLine] = []
        kept.reserveCapacity(decoded.count)
        for (offset, line) in decoded.enumerated() where offset < count {
            let slot = names.slots[first + offset]
            guard slot >= 0 else { continue }
            var renamed = line
            renamed.habit = names.ids[Int(slot)]
            kept.append(renamed)
        }
        return kept
    }
}
