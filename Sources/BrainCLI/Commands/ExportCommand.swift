import BrainKit

/// `brain export json|csv|ics`: the vault as data, or its reminders as a calendar.
enum ExportCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "export",
        summary: "export the vault as JSON or CSV tables, or the reminders as an iCalendar file",
        discussion: """
        json: one JSON object (schemaVersion 1) with every habit, goal, area and note (metadata,
        body and exact text), every check-in and every habit entry; brain import json rebuilds the
        vault from it. Written to --out FILE, else to standard output.
        csv: one RFC 4180 file per table (habits, goals, areas, notes, checkins, entries) in the
        folder --out DIR, which must be missing or empty; a text cell that a spreadsheet would take
        for a formula (=, +, -, @) gets a ' in front.
        ics: an RFC 5545 calendar of reminders: one repeating event per active habit with remind:,
        and the check-in reminders of .brain/config.yml (remind: {morning: "07:30"}).
        --since and --until limit the check-ins and entries. An existing file is never replaced
        without --force, and --force replaces only a regular file (or a symbolic link to one, not
        its target), never a folder, a device or a FIFO; files are written beside the target and
        put in place when complete, and never inside the vault's .brain/ folder.
        Schemas: docs/EXPORT.md.
        """,
        positionals: [.init(name: "FORMAT", help: "json, csv or ics", choices: ["json", "csv", "ics"])],
        options: [
            .value("out", short: "o", "PATH", "the file (json, ics) or folder (csv) to write", completion: .files),
            .value("since", "DAY", "check-ins and entries from this day (json, csv)"),
            .value("until", "DAY", "check-ins and entries up to this day (json, csv)"),
            .flag("force", "replace an existing regular file (or the export's files in an existing folder)"),
            .flag("json", "print a summary of what was exported as JSON (needs --out)"),
        ],
        examples: ["brain export json --out brain.json", "brain export csv --out export/ --since 2026-01-01",
                   "brain export ics --out ~/habits.ics"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        guard let format = arguments.positional(0) else { throw CLIError.usage("brain export needs a format: json, csv or ics") }
        let out = arguments.value("out").map { VaultLocator.absolute($0, from: session.context.currentDirectory) }
        let force = arguments.flag("force")
        if arguments.flag("json") && out == nil {
            throw CLIError.usage("--json prints a summary of the export; give --out PATH for the export itself")
        }
        let since = try arguments.value("since").map { try session.day($0) }
        let until = try arguments.value("until").map { try session.day($0) }
        if let since, let until, since > until { throw CLIError.usage("--since \(since) is after --until \(until)") }
        if let out { try ExportPlace.check(out, vault: try session.vault(), writing: "the export") }
        let index = try session.index()
        let progress = Progress(session, label: "exporting")
        defer { progress.clear() }
        switch format {
        case "json":
            var export = VaultExport(index: index, since: since, until: until)
            export.progress = progress.update
            var summary: VaultExport.Summary
            if let out {
                let file = try ExportFile(path: out, replace: force)
                summary = try export.writeJSON(to: file)
                try file.commit()
                summary.path = out
            } else {
                let sink = OutputSink(session.context.stdout)
                summary = try export.writeJSON(to: sink)
                sink.flush()
                return ExitCode.success
            }
            return try report(summary, arguments, session)
        case "csv":
            guard let out else { throw CLIError.usage("brain export csv writes one file per table: give a folder with --out DIR") }
            var export = VaultExport(index: index, since: since, until: until)
            export.progress = progress.update
            let folder = try ExportFolder(path: out, replace: force)
            var summary: VaultExport.Summary
            do {
                summary = try export.writeCSV(open: { name throws(ExportError) in try folder.file(name) })
                try folder.commit()
            } catch {
                folder.abandon()
                throw error
            }
            summary.path = out
            return try report(summary, arguments, session)
        default:
            if since != nil || until != nil { throw CLIError.usage("--since and --until are for json and csv; a calendar has no history") }
            let vault = try session.vault()
            let (checkIns, problems) = ReminderCalendar.checkInReminders(vault)
            for problem in problems { session.context.stderr.write(problem + "\n") }
            let calendar = ReminderCalendar(journal: Journal(index: index), checkIns: checkIns, today: try session.day(),
                                            now: session.context.now, product: "brain \(BrainCLI.version)")
            var (text, summary) = calendar.render()
            guard let out else {
                session.out(text)
                return ExitCode.success
            }
            let file = try ExportFile(path: out, replace: force)
            try file.write(text)
            try file.commit()
            summary.path = out
            if arguments.flag("json") { return try session.printJSON(summary) }
            session.line("wrote \(out): \(Quantity.count(summary.habits.count, "habit reminder")), "
                         + "\(Quantity.count(summary.checkIns.count, "check-in reminder"))")
            if !summary.withoutReminder.isEmpty {
                session.line("no remind: time, so no event: " + summary.withoutReminder.joined(separator: ", "))
            }
            return ExitCode.success
        }
    }

    static func report(_ summary: VaultExport.Summary, _ arguments: Arguments, _ session: Session) throws -> Int32 {
        if arguments.flag("json") { return try session.printJSON(summary) }
        let counts = [Quantity.count(summary.habits, "habit"), Quantity.count(summary.goals, "goal"),
                      Quantity.count(summary.areas, "area"), Quantity.count(summary.notes, "note"),
                      Quantity.count(summary.checkIns, "check-in"), "\(summary.entries) entr\(summary.entries == 1 ? "y" : "ies")"]
        session.line("exported \(counts.dropLast().joined(separator: ", ")) and \(counts.last!) to \(summary.path ?? "standard output")")
        if !summary.files.isEmpty { session.line("files: " + summary.files.joined(separator: ", ")) }
        return ExitCode.success
    }
}
