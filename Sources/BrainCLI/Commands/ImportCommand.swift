import BrainKit
import Foundation

/// `brain import json|loop PATH`: a vault from a JSON export, or the history of Loop Habit Tracker.
enum ImportCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "import",
        summary: "import a brain JSON export, or a Loop Habit Tracker CSV export (folder or zip)",
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
        Everything is written in one step under the vault lock, or nothing; --dry-run lists it.
        """,
        positionals: [
            .init(name: "FORMAT", help: "json or loop", choices: ["json", "loop"]),
            .init(name: "PATH", help: "the export: a JSON file, or Loop's zip or folder", completion: .files),
            .init(name: "DIR", help: "json: a new or empty folder to rebuild the vault in", optional: true, completion: .files),
        ],
        options: [
            .flag("dry-run", short: "n", "list what would change without writing anything"),
            .flag("json", "print the result as JSON (the files and lines changed)"),
        ],
        examples: ["brain import loop \"Loop Habits CSV 2026-11-20.zip\" --dry-run", "brain import json brain.json ~/restored"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        guard let format = arguments.positional(0), let given = arguments.positional(1) else {
            throw CLIError.usage("brain import needs a format and a path: brain import loop EXPORT.zip, brain import json FILE")
        }
        let path = VaultLocator.absolute(given, from: session.context.currentDirectory)
        let dryRun = arguments.flag("dry-run")
        if format == "json" { return try importJSON(path, given: given, into: arguments.positional(2), dryRun: dryRun, arguments, session) }
        if arguments.positional(2) != nil { throw CLIError.usage("brain import loop imports into the vault; DIR is for json") }
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
        let created = outcome.habits.filter(\.created).count
        session.line("\(dryRun ? "would import" : "imported") \(Quantity.count(outcome.habits.count, "habit")) from \(outcome.source)"
                     + " (\(created) new, \(outcome.habits.count - created) matched)"
                     + (outcome.exportDay.map { ", exported on \($0)" } ?? ""))
        for habit in outcome.habits {
            let mark = habit.created ? (dryRun ? "new    " : "created") : "matched"
            session.line("  \(mark) \(habit.path)  every \(habit.every)  \(Quantity.count(habit.entries, "row")) → "
                         + Quantity.count(habit.linesAdded, "line"))
        }
        session.line("daily files: \(outcome.daysCreated) \(dryRun ? "to create" : "created"), \(outcome.daysChanged) \(dryRun ? "to change" : "changed"); "
                     + "lines: \(outcome.linesAdded) \(dryRun ? "to add" : "added"), \(outcome.linesUnchanged) already there, "
                     + "\(outcome.linesKept) kept (the vault's line differs)")
        for conflict in outcome.conflicts.prefix(10) {
            session.line(style("  kept \(conflict.path): \(conflict.vault)   (Loop: \(conflict.loop))", .muted))
        }
        if outcome.conflicts.count > 10 { session.line(style("  … and \(outcome.conflicts.count - 10) more (--json lists them all)", .muted)) }
        let strength = outcome.strength
        if strength.compared > 0 {
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
        if outcome.skippedRows > 0 { session.line("\(Quantity.count(outcome.skippedRows, "bad row")) left out (listed above)") }
        if dryRun {
            for change in result.changes {
                let verb = change.kind == .created ? "would create" : "would change"
                session.line("\(verb) \(change.path) (+\(change.lines.filter { $0.before == nil }.count))")
            }
        }
    }
}
