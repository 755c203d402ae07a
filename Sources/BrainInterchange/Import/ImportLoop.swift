import BrainFormat
import BrainAnalytics
import BrainStore

/// Imports a Loop Habit Tracker CSV export: one habit file per Loop habit (a habit whose name
/// the vault already has is matched, not duplicated) and one habit line per entry in the daily
/// files, all in one transaction. Existing daily files get lines appended under `## Habits`;
/// a line the vault already has for that habit and day is kept as it is, so a second import
/// changes nothing. Bad rows were reported when the export was read and are left out.
package struct ImportLoop: VaultAction {
    package var export: LoopExport
    /// The vault's day: entries after it are left out.
    package var today: Day
    /// Called now and then with the share done (0–1), for a progress line.
    package var progress: (@Sendable (Double) -> Void)?

    package init(export: LoopExport, today: Day, progress: (@Sendable (Double) -> Void)? = nil) {
        self.export = export
        self.today = today
        self.progress = progress
    }

    package var name: String { "import-loop" }

    package struct Outcome: Codable, Sendable, Hashable {
        /// The export as given.
        package var source: String
        /// The day Loop made the export (the newest score), when it has one.
        package var exportDay: Day?
        package var habits: [HabitResult]
        /// Daily files created and changed.
        package var daysCreated: Int
        package var daysChanged: Int
        package var linesAdded: Int
        /// Lines the vault already had, word for word (a second import).
        package var linesUnchanged: Int
        /// Lines the vault has for that habit and day with other content: kept, see `conflicts`.
        package var linesKept: Int
        package var conflicts: [Conflict]
        /// Rows and habits left out, and folders that matched nothing, as `file:line:column: severity: message`.
        package var problems: [String]
        /// Rows left out (errors among `problems`).
        package var skippedRows: Int
        /// Brain's habit strength against Loop's own `Scores.csv`.
        package var strength: StrengthCheck
    }

    package struct HabitResult: Codable, Sendable, Hashable {
        package var position: Int
        package var name: String
        package var id: String
        package var path: String
        /// False when the vault already had a habit of that name.
        package var created: Bool
        package var every: String
        package var entries: Int
        package var linesAdded: Int
    }

    package struct Conflict: Codable, Sendable, Hashable {
        package var date: Day
        package var habit: String
        package var path: String
        /// The vault's line, kept.
        package var vault: String
        /// The line the export would have written.
        package var loop: String
    }

    /// Brain's strength of each imported habit on every day of its `Scores.csv`, as it will be
    /// once the import is written, against Loop's value (written to 4 decimals).
    package struct StrengthCheck: Codable, Sendable, Hashable {
        package var compared: Int
        /// Days where the two agree to 4 decimals (|Brain − Loop| ≤ 0.00005).
        package var matching: Int
        @Rounded package var maxDifference: Double
        /// The first few disagreements.
        package var mismatches: [Mismatch]

        package init(compared: Int = 0, matching: Int = 0, maxDifference: Double = 0, mismatches: [Mismatch] = []) {
            self.compared = compared
            self.matching = matching
            self.maxDifference = maxDifference
            self.mismatches = mismatches
        }
    }

    package struct Mismatch: Codable, Sendable, Hashable {
        package var habit: String
        package var date: Day
        package var loop: Double
        @Rounded package var brain: Double
    }

    /// One Loop habit and the Brain habit it became.
    package struct Planned {
        package var loop: LoopExport.Habit
        package var habit: Habit
        package var path: String
        package var created: Bool
        package var result: HabitResult
        /// The lines written, by day (for the strength check).
        package var written: [Day: HabitLine] = [:]
    }

    package func plan(_ transaction: VaultTransaction) throws(ActionError) -> Outcome {
        let journal = transaction.journal
        let vault = transaction.vault
        var problems = export.diagnostics
        let exportDay = export.exportDay
        let firstDay = exportDay ?? today
        var planned: [Planned] = []
        var matchedIDs = Set<String>()
        var takenIDs = Set(journal.habits.map { $0.id.lowercased() })
        let library = TemplateLibrary(vault: vault)
        let habitTemplate = try CreateNote.template("habit", library)

        // Loop allows two habits of one name; here a title names one habit (a line `[[Sport]]`
        // would count for both), so the second is "Sport (2)", the same on every import.
        var namesSeen: [String: Int] = [:]
        for loop in export.habits {
            guard let frequency = LoopMapping.frequency(numerator: loop.numerator, denominator: loop.denominator) else { continue }
            let name = LoopMapping.oneLine(loop.name)
            var title = name.isEmpty ? "Loop habit \(loop.position)" : name
            let seen = namesSeen[title.lowercased(), default: 0] + 1
            namesSeen[title.lowercased()] = seen
            if seen > 1 { title += " (\(seen))" }
            if let existing = ImportLoop.match(title, in: journal.habits, excluding: matchedIDs) {
                matchedIDs.insert(existing.id.lowercased())
                let path = journal.paths[existing.id.lowercased()] ?? vault.config.folders.habits + "/\(existing.id).md"
                if existing.frequency.loopRatio != frequency.loopRatio {
                    transaction.warnings.append("habit \"\(title)\" matches \(path), whose frequency \(existing.frequency) differs from Loop's \(loop.numerator)/\(loop.denominator); its strength will differ from Loop's")
                }
                let result = HabitResult(position: loop.position, name: loop.name, id: existing.id, path: path, created: false,
                                         every: existing.frequency.description, entries: loop.entries.count, linesAdded: 0)
                planned.append(Planned(loop: loop, habit: existing, path: path, created: false, result: result))
                continue
            }
            let id = try ImportDays.newHabitID(title, taken: &takenIDs, in: transaction)
            matchedIDs.insert(id.lowercased())
            let path = vault.config.folders.habits + "/\(id).md"
            let created = loop.entries.first?.day ?? firstDay
            let document = habitDocument(loop, title: title, id: id, frequency: frequency, created: created,
                                         exportDay: firstDay, template: habitTemplate, transaction)
            try transaction.create(document.text, at: path)
            let habit = Habit(id: id, frontMatter: document.frontMatter, bodyTitle: nil)
            let result = HabitResult(position: loop.position, name: loop.name, id: id, path: path, created: true,
                                     every: frequency.description, entries: loop.entries.count, linesAdded: 0)
            planned.append(Planned(loop: loop, habit: habit, path: path, created: true, result: result))
        }

        // The lines of each day, in the order of Habits.csv.
        var byDay: [Day: [(habit: Int, line: HabitLine)]] = [:]
        // Each row that makes a line is written, found written, or kept as a conflict: counted per habit.
        var rowsWithLines = [Int](repeating: 0, count: planned.count)
        var rowsAccounted = [Int](repeating: 0, count: planned.count)
        for (index, item) in planned.enumerated() {
            for entry in item.loop.entries {
                guard let line = LoopMapping.line(for: entry, habit: item.loop, id: item.habit.id) else { continue }
                if entry.day > today {
                    problems.append(Diagnostic(path: LoopExport.join(export.source, (item.loop.folder ?? "") + "/Checkmarks.csv"),
                                               line: entry.line, column: 1,
                                               message: "\(entry.day) is after today (\(today)); row left out"))
                    continue
                }
                byDay[entry.day, default: []].append((index, line))
                rowsWithLines[index] += 1
            }
        }

        var outcome = Outcome(source: export.source, exportDay: exportDay, habits: [], daysCreated: 0, daysChanged: 0,
                              linesAdded: 0, linesUnchanged: 0, linesKept: 0, conflicts: [], problems: [], skippedRows: 0,
                              strength: StrengthCheck())
        let written = try ImportDays.write(byDay, habits: planned.map(\.habit), transaction, progress: progress)
        for line in written.lines {
            if line.soleOwner { rowsAccounted[line.habit] += 1 }
            switch line.kind {
            case .added:
                planned[line.habit].written[line.day] = line.wanted
                planned[line.habit].result.linesAdded += 1
                outcome.linesAdded += 1
            case .unchanged: outcome.linesUnchanged += 1
            case .kept:
                outcome.linesKept += 1
                outcome.conflicts.append(Conflict(date: line.day, habit: planned[line.habit].habit.id, path: line.path,
                                                  vault: line.vault ?? "", loop: line.text))
            }
        }
        outcome.daysCreated = written.daysCreated
        outcome.daysChanged = written.daysChanged
        for (index, item) in planned.enumerated() where rowsAccounted[index] != rowsWithLines[index] {
            let lost = rowsWithLines[index] - rowsAccounted[index]
            problems.append(Diagnostic(path: LoopExport.join(export.source, (item.loop.folder ?? "") + "/Checkmarks.csv"), line: 1, column: 1,
                                       message: "\(lost) of the rows of \"\(item.loop.name)\" gave no line in the vault"))
        }

        outcome.habits = planned.map(\.result)
        outcome.strength = ImportLoop.checkStrength(planned, journal: journal, exportDay: exportDay)
        problems.sort { ($0.path ?? "", $0.location) < ($1.path ?? "", $1.location) }
        outcome.problems = problems.map(\.description)
        outcome.skippedRows = problems.filter { $0.severity == .error }.count
        transaction.notices += outcome.problems
        return outcome
    }

    /// The habit file of a Loop habit: the vault's habit template filled in, with Loop's
    /// question and description under `## Loop Habit Tracker`.
    private func habitDocument(_ loop: LoopExport.Habit, title: String, id: String, frequency: Frequency, created: Day,
                               exportDay: Day, template: TemplateLibrary.Template,
                               _ transaction: VaultTransaction) -> Document {
        let rendered = TemplateRenderer.render(template.text, values: TemplateValues(title: title, id: id, date: created,
                                                                                     every: frequency))
        for diagnostic in rendered.diagnostics { transaction.notices.append(diagnostic.in(template.displayName).description) }
        var document = rendered.document
        if document.frontMatter["every"] == nil, let every = TemplateValues(title: title, date: created, every: frequency).value(of: "every") {
            document.set("every", to: every)
        }
        if loop.type == .numerical {
            document.set("target", to: CreateNote.number(loop.targetValue))
            if !loop.unit.isEmpty { document.set("unit", to: .string(loop.unit)) }
            document.set("kind", to: .string(loop.targetType == .atMost ? Habit.Kind.quit.rawValue : Habit.Kind.build.rawValue))
        }
        if Area.isHexColor(loop.color) { document.set("color", to: .string(loop.color)) }
        if loop.archived {
            // Loop keeps scoring an archived habit up to the export, so Brain lets it be due through that day.
            document.set("status", to: .string(Habit.Status.archived.rawValue))
            document.set("archived", to: .date(exportDay.adding(days: 1)))
        }
        document.set("created", to: .date(created))
        // One line each, as notes are (line breaks become <br>): a line of its own would be read
        // as the vault's own text, a heading or a task.
        var section: [String] = []
        let question = LoopMapping.noteText(loop.question)
        let description = LoopMapping.noteText(loop.description)
        if !question.isEmpty { section.append(question) }
        if !description.isEmpty {
            if !section.isEmpty { section.append("") }
            section.append(description)
        }
        if !section.isEmpty { document.append([""] + section, underHeading: "Loop Habit Tracker") }
        return document
    }

    /// The daily template's text (the vault's own, else the built-in one).
    package static func templateText(_ vault: Vault) throws(ActionError) -> String {
        do {
            return try TemplateLibrary(vault: vault).template(named: "daily")?.text ?? BuiltinTemplates.all["daily"] ?? ""
        } catch {
            throw ActionError(error)
        }
    }

    /// The existing habit a Loop habit named `title` is: one whose title or alias is the name,
    /// else one whose id is the name's slug; each existing habit is matched once.
    package static func match(_ title: String, in habits: [Habit], excluding used: Set<String>) -> Habit? {
        let key = title.lowercased()
        let free = habits.filter { !used.contains($0.id.lowercased()) }.sorted { $0.id.lowercased() < $1.id.lowercased() }
        if let byName = free.first(where: { $0.title.lowercased() == key || $0.aliases.contains { $0.lowercased() == key } }) {
            return byName
        }
        let slug = Slug.make(title).lowercased()
        return free.first { $0.id.lowercased() == slug }
    }

    /// Whether two habit lines say the same: state, value and note.
    package static func same(_ a: HabitLine, _ b: HabitLine) -> Bool {
        guard a.state == b.state, (a.note ?? "") == (b.note ?? "") else { return false }
        switch (a.value, b.value) {
        case (nil, nil): return true
        case let (x?, y?): return abs(x - y) < 1e-9
        default: return false
        }
    }
}
