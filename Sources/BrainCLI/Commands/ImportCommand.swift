import BrainKit
import Foundation

/// `brain import FORMAT PATH`: a vault from a JSON export, or the history of Loop Habit Tracker,
/// harsh, habitctl, Obsidian daily notes, Habit Tracker 21 or Beaver Habits.
enum ImportCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "import",
        summary: "import a brain JSON export, or the history of Loop, harsh, habitctl, Obsidian, Habit Tracker 21 or Beaver Habits",
        discussion: """
        json PATH [DIR]: rebuilds every file of a brain export json, byte for byte, into the vault or
        into DIR (a new or empty folder). A file already there with the same text is left alone;
        one with other text stops the import before anything is written.
        loop PATH: the zip Loop Habit Tracker shares (Settings → Export as CSV), or the folder unpacked
        from it. Each Loop habit becomes a habit file (a habit of the same name is matched, not
        doubled) and each entry a line in its daily file: YES_MANUAL [x], SKIP [-], numbers as
        values; lines already there are kept, so a second import changes nothing. Bad rows are
        reported as file:line and left out (exit status 2); the rest is imported. After the import
        Brain's strength is checked against the export's Scores.csv. The mapping: docs/EXPORT.md.
        harsh DIR: harsh's folder (habits and log). habitctl DIR: habitctl's folder (habits and log).
        beaver FILE: a Beaver Habits JSON export. habit-tracker-21 DIR: a folder of Habit Tracker 21
        habit notes (entries: lists). obsidian VAULT: habits in daily notes, as front-matter keys
        (exercise: true, water: 6), tag values (#pushups:40) or checkbox items under a heading that
        says habit (- [x] Meditate); --map KEY=HABIT (repeatable) names the habits and reads only
        those keys; --date-format gives the daily notes' names (Periodic Notes, moment tokens).
        The notes are never written: Brain writes its own files beside them. After each of these a
        parity table shows, per habit, the tool's own done days and streaks next to Brain's.
        Bad rows are reported as file:line and left out (exit status 2). docs/IMPORT.md.
        Everything is written in one step under the vault lock, or nothing; --dry-run lists it.
        """,
        positionals: [
            .init(name: "FORMAT", help: "json, loop, harsh, habitctl, obsidian, habit-tracker-21 or beaver",
                  choices: ["json", "loop", "harsh", "habitctl", "obsidian", "habit-tracker-21", "beaver"]),
            .init(name: "PATH", help: "the export: a JSON file, Loop's zip or folder, the tool's folder or file", completion: .files),
            .init(name: "DIR", help: "json: a new or empty folder to rebuild the vault in", optional: true, completion: .files),
        ],
        options: [
            .flag("dry-run", short: "n", "list what would change without writing anything"),
            .flag("json", "print the result as JSON (the files and lines changed)"),
            .value("map", "KEY=HABIT", "obsidian: read KEY (a front-matter key, #tag or item text) as the habit HABIT", repeatable: true),
            .value("date-format", "FORMAT", "obsidian: the daily notes' names, in moment tokens (default YYYY-MM-DD)"),
            .value("heading", "TEXT", "obsidian: checkbox items count under headings holding TEXT (default habit)"),
        ],
        examples: ["brain import loop \"Loop Habits CSV 2026-11-20.zip\" --dry-run", "brain import json brain.json ~/restored",
                   "brain import harsh ~/.config/harsh", "brain import obsidian ~/Notes --map exercise=Exercise --map Meditate=Meditate"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        guard let format = arguments.positional(0), let given = arguments.positional(1) else {
            throw CLIError.usage("brain import needs a format and a path: brain import loop EXPORT.zip, brain import json FILE")
        }
        let path = VaultLocator.absolute(given, from: session.context.currentDirectory)
        let dryRun = arguments.flag("dry-run")
        if format == "json" { return try importJSON(path, given: given, into: arguments.positional(2), dryRun: dryRun, arguments, session) }
        if arguments.positional(2) != nil { throw CLIError.usage("brain import \(format) imports into the vault; DIR is for json") }
        if format != "loop" { return try importHistory(format, path: path, given: given, dryRun: dryRun, arguments, session) }
        let export = try LoopExport.read(at: path, source: given)
        let progress = Progress(session, label: "importing")
        let vault = try session.vault()
        let today = session.context.clock.today(for: vault.config)
        let action = ImportLoop(export: export, today: today, progress: { fraction in progress.update(fraction: fraction) })
        let result = try session.perform(action, dryRun: dryRun)
        progress.clear()
        let status = result.outcome.skippedRows > 0 ? ExitCode.invalid : ExitCode.success
        if arguments.flag("json") {
            try session.json(result)
            return status
        }
        render(result, dryRun: dryRun, session)
        return status
    }

    static func importHistory(_ format: String, path: String, given: String, dryRun: Bool, _ arguments: Arguments,
                              _ session: Session) throws -> Int32 {
        let vault = try session.vault()
        let today = session.context.clock.today(for: vault.config)
        let history: ImportedHistory
        do {
            switch format {
            case "harsh": history = try HistoryReaders.harsh(path, source: given, today: today)
            case "habitctl": history = try HistoryReaders.habitctl(path, source: given)
            case "beaver": history = try HistoryReaders.beaver(path, source: given, today: today)
            case "habit-tracker-21": history = try HistoryReaders.habitTracker21(path, source: given)
            default:
                var options = ObsidianReader.Options()
                for pair in arguments.all("map") {
                    guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex, pair.index(after: equals) != pair.endIndex else {
                        throw CLIError.usage("--map takes KEY=HABIT, not \"\(pair)\"")
                    }
                    let key = String(pair[..<equals]).trimmingCharacters(in: .whitespaces)
                    options.map[key.hasPrefix("#") ? String(key.dropFirst()) : key] = String(pair[pair.index(after: equals)...]).trimmingCharacters(in: .whitespaces)
                }
                if let dateFormat = arguments.value("date-format") { options.dateFormat = dateFormat }
                if let heading = arguments.value("heading") { options.heading = heading }
                let source = (path as NSString).standardizingPath + "/"
                for folder in [vault.config.folders.daily, vault.config.folders.habits] {
                    let absolute = ((vault.root as NSString).appendingPathComponent(folder) as NSString).standardizingPath
                    if absolute.hasPrefix(source) { options.skipFolders.append(String(absolute.dropFirst(source.count))) }
                }
                history = try ObsidianReader.read(path, source: given, options: options, today: today)
            }
        } catch let error as HistoryReadError {
            throw CLIError.failure(error.description)
        }
        let result = try session.perform(ImportHistory(history: history, today: today), dryRun: dryRun)
        let status = result.outcome.skippedRows > 0 ? ExitCode.invalid : ExitCode.success
        if arguments.flag("json") {
            try session.json(result)
            return status
        }
        render(result, dryRun: dryRun, session)
        return status
    }

    /// One habit of an import summary.
    struct SummaryHabit {
        var created: Bool
        var path: String
        var every: String
        var entries: Int
        var linesAdded: Int
    }

    /// The summary every import prints (Loop's and the other tools'): the habits, the daily files
    /// and lines, the lines kept, then `details` (Loop's strength check, the parity table), the
    /// bad rows and, for a dry run, the files it would write. `source` names the tool in a kept line.
    static func printSummary<Outcome>(_ result: ActionResult<Outcome>, from header: String, after tail: String = "", habits: [SummaryHabit], counts: ImportCounts,
                                      source: String, skippedRows: Int, dryRun: Bool, _ session: Session, details: () -> Void) {
        let style = session.style
        let created = habits.filter(\.created).count
        session.line("\(dryRun ? "would import" : "imported") \(Quantity.count(habits.count, "habit")) from \(header)"
                     + " (\(created) new, \(habits.count - created) matched)\(tail)")
        for habit in habits {
            let mark = habit.created ? (dryRun ? "new    " : "created") : "matched"
            session.line("  \(mark) \(habit.path)  every \(habit.every)  \(Quantity.count(habit.entries, "row")) → "
                         + Quantity.count(habit.linesAdded, "line"))
        }
        session.line("daily files: \(counts.daysCreated) \(dryRun ? "to create" : "created"), \(counts.daysChanged) \(dryRun ? "to change" : "changed"); "
                     + "lines: \(counts.linesAdded) \(dryRun ? "to add" : "added"), \(counts.linesUnchanged) already there, "
                     + "\(counts.linesKept) kept (the vault's line differs)")
        for conflict in counts.conflicts.prefix(10) {
            session.line(style("  kept \(conflict.path): \(conflict.vault)   (\(source): \(conflict.loop))", .muted))
        }
        if counts.conflicts.count > 10 { session.line(style("  … and \(counts.conflicts.count - 10) more (--json lists them all)", .muted)) }
        details()
        if skippedRows > 0 { session.line("\(Quantity.count(skippedRows, "bad row")) left out (listed above)") }
        if dryRun {
            for change in result.changes {
                let verb = change.kind == .created ? "would create" : "would change"
                session.line("\(verb) \(change.path) (+\(change.lines.filter { $0.before == nil }.count))")
            }
        }
    }

    /// The files and lines an import wrote, as both outcomes count them.
    struct ImportCounts {
        var daysCreated: Int
        var daysChanged: Int
        var linesAdded: Int
        var linesUnchanged: Int
        var linesKept: Int
        var conflicts: [ImportLoop.Conflict]
    }

    static func render(_ result: ActionResult<ImportHistory.Outcome>, dryRun: Bool, _ session: Session) {
        let outcome = result.outcome
        let style = session.style
        let habits = outcome.habits.map {
            SummaryHabit(created: $0.created, path: $0.path, every: "\($0.every) (\($0.sourceFrequency))", entries: $0.entries, linesAdded: $0.linesAdded)
        }
        let counts = ImportCounts(daysCreated: outcome.daysCreated, daysChanged: outcome.daysChanged, linesAdded: outcome.linesAdded,
                                  linesUnchanged: outcome.linesUnchanged, linesKept: outcome.linesKept, conflicts: outcome.conflicts)
        printSummary(result, from: "\(outcome.source) (\(outcome.format))", habits: habits, counts: counts, source: outcome.format,
                     skippedRows: outcome.skippedRows, dryRun: dryRun, session) {
            guard !outcome.parity.isEmpty else { return }
            session.line("")
            session.line(style("Parity", .strong) + style(" (\(outcome.format)'s own numbers next to Brain's; streaks differ where the definitions do: docs/IMPORT.md)", .muted))
            let rows = outcome.parity.map { row -> [String] in
                let streak = row.source.streak.map(String.init) ?? "—"
                let best = row.source.best.map(String.init) ?? "—"
                return [Layout.clipped(row.habit, 28), String(row.source.done), String(row.brainDone), row.doneEqual ? "=" : "≠",
                        "\(streak) / \(best) \(row.source.unit)", "\(row.brainStreak) / \(row.brainBest) \(row.brainUnit)"]
            }
            session.printTable(["habit", "done (\(outcome.format))", "done (brain)", "", "streak/best (\(outcome.format))", "streak/best (brain)"],
                               rows, rightAligned: [1, 2])
        }
    }

    static func importJSON(_ path: String, given: String, into folder: String?, dryRun: Bool, _ arguments: Arguments,
                           _ session: Session) throws -> Int32 {
        let bytes: [UInt8]
        guard FileManager.default.fileExists(atPath: path) else { throw CLIError.failure("\(given): no such file") }
        do { bytes = try POSIXFileSystem().read(path) } catch { throw CLIError.failure(error.description) }
        var action = try ImportVaultJSON(json: bytes, source: given)
        let progress = Progress(session, label: "importing")
        defer { progress.clear() }
        // Cleared when every file is on disk, before the warnings.
        action.progress = { done, total in done < total ? progress.update(done, total) : progress.clear() }
        let result: ActionResult<ImportVaultJSON.Outcome>
        if let folder {
            let root = VaultLocator.absolute(folder, from: session.context.currentDirectory)
            result = try ImportVaultJSON.perform(action, into: root, dryRun: dryRun)
            for notice in result.notices { session.context.stderr.write(notice + "\n") }
            for warning in result.warnings { session.warn(warning) }
        } else {
            result = try session.perform(action, dryRun: dryRun)
        }
        progress.clear()
        if arguments.flag("json") { return try session.printJSON(result) }
        let outcome = result.outcome
        let verb = dryRun ? "would create" : "created"
        session.line("\(verb) \(Quantity.count(outcome.created, "file")) from \(given)"
                     + (outcome.unchanged > 0 ? "; \(outcome.unchanged) already there with the same text" : ""))
        return ExitCode.success
    }

    static func render(_ result: ActionResult<ImportLoop.Outcome>, dryRun: Bool, _ session: Session) {
        let outcome = result.outcome
        let style = session.style
        let habits = outcome.habits.map {
            SummaryHabit(created: $0.created, path: $0.path, every: $0.every, entries: $0.entries, linesAdded: $0.linesAdded)
        }
        let counts = ImportCounts(daysCreated: outcome.daysCreated, daysChanged: outcome.daysChanged, linesAdded: outcome.linesAdded,
                                  linesUnchanged: outcome.linesUnchanged, linesKept: outcome.linesKept, conflicts: outcome.conflicts)
        printSummary(result, from: outcome.source, after: outcome.exportDay.map { ", exported on \($0)" } ?? "", habits: habits,
                     counts: counts, source: "Loop", skippedRows: outcome.skippedRows, dryRun: dryRun, session) {
            let strength = outcome.strength
            guard strength.compared > 0 else { return }
            if strength.matching == strength.compared {
                session.line("strength: equal to Loop's Scores.csv on all \(strength.compared) days (to 4 decimals)")
            } else {
                session.line("strength: equal to Loop's Scores.csv on \(strength.matching) of \(strength.compared) days; "
                             + "largest difference \(Quantity.number((strength.maxDifference * 10_000).rounded() / 10_000))")
                for mismatch in strength.mismatches.prefix(5) {
                    session.line(style("  \(mismatch.habit) \(mismatch.date): Loop \(mismatch.loop), Brain \(Quantity.number((mismatch.brain * 10_000).rounded() / 10_000))", .muted))
                }
            }
        }
    }
}
