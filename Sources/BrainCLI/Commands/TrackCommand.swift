import BrainKit

/// `brain track [--source NAME=FILE]… [--since D] [--dry-run] [--json]`: auto-tracked habits
/// completed from exported data.
enum TrackCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "track",
        summary: "complete auto-tracked habits from Apple Health, a calendar (.ics) or a CSV of metrics",
        discussion: """
        Reads each source file once and writes, for every habit with an auto: rule and every day with
        a value, a line such as - [x] [[walk]] 10432 steps (auto: health ≥ 8000) in the day's file
        ([ ] while the value falls short of the rule). A second run updates those lines and changes
        nothing else; a line you wrote yourself (a manual [x], [-] or value) is kept and reported.
        Sources: health (export.xml, the export.zip the Health app shares, or the folder unpacked from
        it), calendar (.ics) and csv (date,metric,value). Without --source the files under track: in
        .brain/config.yml are read (paths relative to the vault, absolute, or ~/), so a bare
        brain track works from cron. Days run from each habit's created: day (or --since) to today.
        Bad records are reported as file:line and left out (exit status 2); the rest is tracked.
        Everything is written in one step under the vault lock, or nothing; --dry-run lists it.
        """,
        options: [
            .value("source", "NAME=FILE", "a file to read: health=export.zip, calendar=gym.ics, csv=screen.csv",
                   repeatable: true, completion: .files),
            .value("since", "D", "write no day before D: YYYY-MM-DD, -N, yesterday"),
            .flag("dry-run", short: "n", "list what would change without writing anything"),
            .flag("json", "print the result as JSON (the files and lines changed)"),
        ],
        examples: ["brain track --source health=~/Downloads/export.zip", "brain track --since -7 --dry-run",
                   "brain track --source calendar=gym.ics --source csv=screen-time.csv"])

    /// How many days of one habit the text output lists.
    static let listed = 20

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let vault = try session.vault()
        let home = session.context.environment["HOME"]
        var files: [TrackingFile] = []
        for text in arguments.all("source") {
            guard let file = TrackingFile.parse(text, from: session.context.currentDirectory, home: home) else {
                throw CLIError.usage("--source takes NAME=FILE with NAME one of \(TrackingSources.names.joined(separator: ", ")), not \"\(text)\"")
            }
            files.append(file)
        }
        if files.isEmpty { files = TrackingFile.configured(vault.config, vaultRoot: vault.root, home: home) }
        let today = session.context.clock.today(for: vault.config)
        let since = try arguments.value("since").map { text in
            guard let day = DayExpression.parse(text, today: today) else {
                throw CLIError.usage("--since takes today, yesterday, -N, YYYY-MM-DD or a weekday name, not \"\(text)\"")
            }
            return day
        }
        let index = try session.index()
        let rules = TrackingReader.rules(of: session.journal(index))
        if files.isEmpty && !rules.isEmpty {
            throw CLIError.usage("no source files: give --source NAME=FILE (e.g. --source health=export.zip) "
                                 + "or list them under track: in .brain/config.yml")
        }
        let progress = Progress(session, label: "reading")
        var shown = -1
        let context = TrackingContext(timeZone: session.context.clock.zone(for: vault.config), dayStartsAt: vault.config.dayStartsAt,
                                      days: (since ?? Day.supported.lowerBound)...max(today, since ?? today), owners: vault.config.me,
                                      progress: { done, total in
                                          let percent = total > 0 ? Int(done * 100 / total) : 0
                                          if percent != shown {
                                              shown = percent
                                              progress.update(fraction: Double(percent) / 100)
                                          }
                                      })
        let data: TrackingData
        do { data = try TrackingReader.read(files, rules: rules, context: context) } catch {
            progress.clear()
            throw CLIError.failure(error.description)
        }
        progress.clear()
        let dryRun = arguments.flag("dry-run")
        let result = try session.perform(TrackHabits(data: data, today: today, since: since), dryRun: dryRun)
        let outcome = result.outcome
        for problem in outcome.problems { session.context.stderr.write(problem + "\n") }
        if outcome.omittedProblems > 0 {
            session.warn("\(outcome.omittedProblems) more bad records or rows not listed")
        }
        // Warnings alone (an RRULE part not supported, an unknown zone) leave the exit status 0.
        let status = outcome.errors == 0 ? ExitCode.success : ExitCode.invalid
        if arguments.flag("json") {
            try session.json(result)
            return status
        }
        render(result, session)
        return status
    }

    static func render(_ result: ActionResult<TrackHabits.Outcome>, _ session: Session) {
        let style = session.style
        let outcome = result.outcome
        let dryRun = result.dryRun
        for file in outcome.files {
            var line = "read \(file.source) \(file.path): \(Quantity.count(file.records, "record"))"
            if file.problems > 0 { line += ", \(file.problems) bad (listed on standard error)" }
            session.line(line)
        }
        if outcome.habits.isEmpty {
            session.line("no habit has an auto: rule; see docs/FORMAT.md (auto-tracking)")
            return
        }
        for habit in outcome.habits {
            var header = style(habit.id, .strong) + " (\(habit.rule)): "
            if let note = habit.note, !habit.read || habit.days == 0 {
                session.line(header + style(note, .muted))
                continue
            }
            if let note = habit.note {
                session.line(header + note)
                continue
            }
            var counts: [String] = []
            let verbs = dryRun ? ("to add", "to update") : ("added", "updated")
            if habit.added > 0 { counts.append("\(habit.added) \(verbs.0)") }
            if habit.updated > 0 { counts.append("\(habit.updated) \(verbs.1)") }
            if habit.unchanged > 0 { counts.append("\(habit.unchanged) unchanged") }
            if habit.kept > 0 { counts.append("\(habit.kept) kept") }
            header += habit.days == 0 ? style("no values on the days tracked", .muted) : counts.joined(separator: ", ")
            session.line(header)
            for entry in habit.entries.suffix(listed) {
                let amount = Quantity.grouped(entry.value) + (habit.unit.map { " " + Quantity.unit($0, for: entry.value) } ?? "")
                switch entry.result {
                case .added, .updated:
                    let verb = entry.result == .added ? (dryRun ? "add" : "added") : (dryRun ? "update" : "updated")
                    session.line("  \(entry.date)  \(Layout.pad(verb, 8))" + style(entry.text, entry.met ? .good : .warn))
                case .kept:
                    session.line("  \(entry.date)  \(Layout.pad("kept", 8))" + entry.text
                                 + style("  (\(entry.reason ?? "a manual entry") wins over \(amount))", .muted))
                case .unchanged:
                    break
                }
            }
            if habit.entries.count > listed {
                session.line(style("  … and \(habit.entries.count - listed) earlier days (--json lists them all)", .muted))
            }
        }
        let created = result.changes.filter { $0.kind == .created }.count
        let changed = result.changes.count
        if changed == 0 {
            session.line("nothing to change")
        } else {
            let files = Quantity.count(changed, "daily file")
            session.line((dryRun ? "would write \(files)" : "wrote \(files)") + (created > 0 ? " (\(created) new)" : ""))
        }
    }
}
