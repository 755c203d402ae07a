import Foundation
import BrainFormat
import BrainAnalytics
import BrainStore

/// A habit history read from another tool (harsh, habitctl, Obsidian daily notes, Habit Tracker 21,
/// Beaver Habits): its habits with their frequencies, each day's entry with the file and line it
/// came from, the rows that could not be read, and what the tool itself would show for each
/// habit. `ImportHistory` writes it as `ImportLoop` writes a Loop export. docs/IMPORT.md.
package struct ImportedHistory: Sendable {
    package struct Entry: Sendable, Hashable {
        package var day: Day
        package var state: TaskItem.State
        package var value: Double?
        package var note: String?
        /// Where the entry was read, for its problems.
        package var file: String
        package var line: Int

        package init(day: Day, state: TaskItem.State, value: Double? = nil, note: String? = nil, file: String, line: Int) {
            self.day = day
            self.state = state
            self.value = value
            self.note = note
            self.file = file
            self.line = line
        }
    }

    /// What the source tool shows for a habit, computed as the tool computes it (docs/IMPORT.md).
    package struct SourceNumbers: Sendable, Hashable, Codable {
        /// Days the tool counts as done.
        package var done: Int
        /// The tool's current and longest streak, when it shows them, and what it counts in.
        package var streak: Int?
        package var best: Int?
        package var unit: String
        /// harsh's days until the streak breaks (negative: broken), for the tools that show it.
        package var daysUntilBreak: Int?

        package init(done: Int, streak: Int? = nil, best: Int? = nil, unit: String = "days") {
            self.done = done
            self.streak = streak
            self.best = best
            self.unit = unit
        }
    }

    package struct Habit: Sendable {
        package var name: String
        package var frequency: Frequency
        package var target: Double?
        package var unit: String?
        /// The tool's group or heading, kept as a tag.
        package var group: String?
        /// The tool's own words for the frequency ("3/7", "every 2 days"), for the report.
        package var sourceFrequency: String
        package var archived: Bool = false
        package var entries: [Entry] = []
        package var source: SourceNumbers

        package init(name: String, frequency: Frequency, target: Double? = nil, unit: String? = nil, group: String? = nil,
                     sourceFrequency: String, entries: [Entry] = [], source: SourceNumbers = SourceNumbers(done: 0)) {
            self.name = name
            self.frequency = frequency
            self.target = target
            self.unit = unit
            self.group = group
            self.sourceFrequency = sourceFrequency
            self.entries = entries
            self.source = source
        }
    }

    /// harsh, habitctl, obsidian, habit-tracker-21 or beaver.
    package var format: String
    /// The path as given.
    package var source: String
    package var habits: [Habit]
    /// Rows left out and other remarks, as `file:line:column: severity: message`.
    package var diagnostics: [Diagnostic]
    /// The day the source tool's numbers are computed as of (the vault's today when nil).
    package var asOf: Day?
    /// The source's own files (absolute paths): the import never writes them, so an Obsidian
    /// vault imported in place is left as it is.
    package var protectedPaths: Set<String> = []

    package init(format: String, source: String, habits: [Habit] = [], diagnostics: [Diagnostic] = []) {
        self.format = format
        self.source = source
        self.habits = habits
        self.diagnostics = diagnostics
    }

    /// The one entry per day a tool with one line per habit and day keeps: the last one read
    /// (harsh and habitctl read their logs into a map, so a later line wins).
    package static func lastPerDay(_ entries: [Entry]) -> [Entry] {
        var byDay: [Day: Entry] = [:]
        for entry in entries { byDay[entry.day] = entry }
        return byDay.values.sorted { $0.day < $1.day }
    }
}

/// Writes an `ImportedHistory` into the vault in one transaction: a habit file per habit (a
/// habit of that title, alias or id is matched, not doubled) and a habit line per entry in
/// its daily file. A line the vault already has for that habit and day is kept, so a second
/// import changes nothing. After it, the parity table: per habit, the source tool's numbers
/// next to Brain's, computed from the vault as it will be.
package struct ImportHistory: VaultAction {
    package var history: ImportedHistory
    package var today: Day

    package init(history: ImportedHistory, today: Day) {
        self.history = history
        self.today = today
    }

    package var name: String { "import-\(history.format)" }

    package struct Parity: Codable, Sendable, Hashable {
        package var habit: String
        package var id: String
        package var source: ImportedHistory.SourceNumbers
        /// Brain's done days, current and best streak (in `unit`).
        package var brainDone: Int
        package var brainStreak: Int
        package var brainBest: Int
        package var brainUnit: String
        /// Done days equal: nothing was lost.
        package var doneEqual: Bool
    }

    package struct HabitResult: Codable, Sendable, Hashable {
        package var name: String
        package var id: String
        package var path: String
        package var created: Bool
        package var every: String
        package var sourceFrequency: String
        package var entries: Int
        package var linesAdded: Int
    }

    package struct Outcome: Codable, Sendable, Hashable {
        package var format: String
        package var source: String
        package var habits: [HabitResult]
        package var daysCreated: Int
        package var daysChanged: Int
        package var linesAdded: Int
        package var linesUnchanged: Int
        package var linesKept: Int
        package var conflicts: [ImportLoop.Conflict]
        package var problems: [String]
        package var skippedRows: Int
        package var parity: [Parity]
    }

    struct Planned {
        var source: ImportedHistory.Habit
        var habit: Habit
        var result: HabitResult
        var written: [Day: HabitLine] = [:]
    }

    package func plan(_ transaction: VaultTransaction) throws(ActionError) -> Outcome {
        let journal = transaction.journal
        let vault = transaction.vault
        var problems = history.diagnostics
        var planned: [Planned] = []
        var matchedIDs = Set<String>()
        var takenIDs = Set(journal.habits.map { $0.id.lowercased() })
        let library = TemplateLibrary(vault: vault)
        let habitTemplate = try CreateNote.template("habit", library)
        for source in history.habits {
            let title = LoopMapping.oneLine(source.name)
            guard !title.isEmpty else { continue }
            if let existing = ImportLoop.match(title, in: journal.habits, excluding: matchedIDs) {
                matchedIDs.insert(existing.id.lowercased())
                let path = journal.paths[existing.id.lowercased()] ?? vault.config.folders.habits + "/\(existing.id).md"
                if existing.frequency != source.frequency {
                    transaction.warnings.append("habit \"\(title)\" matches \(path), whose frequency \(existing.frequency) differs from \(source.sourceFrequency) in \(history.format)")
                }
                planned.append(Planned(source: source, habit: existing, result: HabitResult(
                    name: source.name, id: existing.id, path: path, created: false, every: existing.frequency.description,
                    sourceFrequency: source.sourceFrequency, entries: source.entries.count, linesAdded: 0)))
                continue
            }
            let id = try ImportDays.newHabitID(title, taken: &takenIDs, in: transaction)
            matchedIDs.insert(id.lowercased())
            let path = vault.config.folders.habits + "/\(id).md"
            let created = source.entries.map(\.day).min() ?? today
            let rendered = TemplateRenderer.render(habitTemplate.text, values: TemplateValues(title: title, id: id, date: created,
                                                                                              every: source.frequency))
            for diagnostic in rendered.diagnostics { transaction.notices.append(diagnostic.in(habitTemplate.displayName).description) }
            var document = rendered.document
            if document.frontMatter["every"] == nil, let every = TemplateValues(title: title, date: created, every: source.frequency).value(of: "every") {
                document.set("every", to: every)
            }
            if let target = source.target {
                document.set("target", to: CreateNote.number(target))
                if let unit = source.unit, !unit.isEmpty { document.set("unit", to: .string(unit)) }
            }
            if let group = source.group.map({ Slug.make($0) }), !group.isEmpty { document.set("tags", to: .list([.string(group)])) }
            if source.archived { document.set("status", to: .string(Habit.Status.archived.rawValue)) }
            document.set("created", to: .date(created))
            try transaction.create(document.text, at: path)
            let habit = Habit(id: id, frontMatter: document.frontMatter, bodyTitle: nil)
            planned.append(Planned(source: source, habit: habit, result: HabitResult(
                name: source.name, id: id, path: path, created: true, every: source.frequency.description,
                sourceFrequency: source.sourceFrequency, entries: source.entries.count, linesAdded: 0)))
        }

        var byDay: [Day: [(habit: Int, line: HabitLine)]] = [:]
        for (index, item) in planned.enumerated() {
            for entry in item.source.entries {
                if entry.day > today {
                    problems.append(Diagnostic(path: entry.file, line: entry.line, column: 1,
                                               message: "\(entry.day) is after today (\(today)); row left out"))
                    continue
                }
                let note = entry.note.map(LoopMapping.noteText).flatMap { $0.isEmpty ? nil : $0 }
                let unit = item.source.unit.flatMap { unit in entry.value.map { Quantity.unit(unit, for: $0) } }
                byDay[entry.day, default: []].append((index, HabitLine(habit: item.habit.id, state: entry.state, value: entry.value,
                                                                       unit: unit, note: note)))
            }
        }
        var outcome = Outcome(format: history.format, source: history.source, habits: [], daysCreated: 0, daysChanged: 0,
                              linesAdded: 0, linesUnchanged: 0, linesKept: 0, conflicts: [], problems: [], skippedRows: 0, parity: [])
        let protected = history.protectedPaths
        let format = history.format
        let written = try ImportDays.write(byDay, habits: planned.map(\.habit), transaction, check: { path throws(ActionError) in
            let absolute = (vault.root.hasSuffix("/") ? vault.root : vault.root + "/") + path
            if protected.contains(absolute) || protected.contains((absolute as NSString).standardizingPath) {
                throw ActionError(.invalidArgument, "\(path) is one of the \(format) notes imported; Brain leaves them as they are: "
                                  + "set folders.daily in .brain/config.yaml to a folder of Brain's own, or import into another vault", path: path)
            }
        })
        for line in written.lines {
            switch line.kind {
            case .added:
                planned[line.habit].written[line.day] = line.wanted
                planned[line.habit].result.linesAdded += 1
                outcome.linesAdded += 1
            case .unchanged: outcome.linesUnchanged += 1
            case .kept:
                outcome.linesKept += 1
                outcome.conflicts.append(ImportLoop.Conflict(date: line.day, habit: planned[line.habit].habit.id, path: line.path,
                                                             vault: line.vault ?? "", loop: line.text))
            }
        }
        outcome.daysCreated = written.daysCreated
        outcome.daysChanged = written.daysChanged
        outcome.habits = planned.map(\.result)
        outcome.parity = parity(planned, journal: journal)
        problems.sort { ($0.path ?? "", $0.location) < ($1.path ?? "", $1.location) }
        outcome.problems = problems.map(\.description)
        outcome.skippedRows = problems.filter { $0.severity == .error }.count
        transaction.notices += outcome.problems
        return outcome
    }

    /// Brain's numbers for each habit, with the lines the import writes, as `stats` computes them.
    private func parity(_ planned: [Planned], journal: Journal) -> [Parity] {
        let restDays = Set(journal.checkIns.filter(\.rest).map(\.day))
        let asOf = history.asOf ?? today
        return planned.map { item in
            var entries: [Day: HabitHistory.Entry] = [:]
            let existing = journal.history(of: item.habit.id)
            for (offset, mark) in existing.marks.enumerated() where mark != .none {
                let day = existing.start.adding(days: offset)
                let state: TaskItem.State = mark == .done ? .done : mark == .skipped ? .skipped : .open
                entries[day] = HabitHistory.Entry(state, value: existing.value(on: day))
            }
            for (day, line) in item.written { entries[day] = HabitHistory.Entry(line.state, value: line.value) }
            let habitHistory = HabitHistory(entries: entries, restDays: restDays)
            let stats = HabitStats(habit: item.habit, history: habitHistory, today: min(asOf, today), weekStart: journal.weekStart)
            let schedule = Schedule(habit: item.habit, history: habitHistory, today: min(asOf, today), weekStart: journal.weekStart)
            let done = schedule.map { $0.done.filter { $0 }.count } ?? 0
            return Parity(habit: item.source.name, id: item.habit.id, source: item.source.source, brainDone: done,
                          brainStreak: stats.streaks.current, brainBest: stats.streaks.best, brainUnit: stats.streaks.unit.rawValue,
                          doneEqual: done == item.source.source.done)
        }
    }
}
