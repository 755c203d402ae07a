import BrainKit
import BrainServer
import Foundation

/// `brain remind [--dry-run] [--watch] | install`: sends the reminders still useful now.
enum RemindCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "remind",
        summary: "send the reminders due now that are still useful (--dry-run: what it would send and why not the others)",
        discussion: """
        Works out which reminders are due at this moment: each habit's remind: times (one or a list),
        and the morning, evening and nudge times of remind: in .brain/config.yml. A reminder goes out
        only while it is useful: not for a habit done, skipped or not due today, on a rest day, paused,
        or with its quota met, and never twice (a sent-log in .brain/cache/). Reminders missed while
        nothing ran (the machine slept) become one summary at most. They go where notify: says:
        the desktop (notify-send with Done and Skip buttons, osascript), ntfy (with Done and Skip
        buttons that brain serve answers at notify: answer:), or any command. Without notify: the
        desktop. A run waits --wait seconds (default 240) for the desktop's answers.

        --watch keeps running: it sleeps until the next reminder and wakes when the vault changes.
        install writes a systemd user timer (Linux) or a launchd agent (macOS) that runs brain remind
        every 5 minutes and prints how to start and remove it. docs/REMINDERS.md has the details.
        """,
        positionals: [
            .init(name: "ACTION", help: "install: a timer or agent that runs brain remind", optional: true, choices: ["install"]),
        ],
        options: [
            .flag("dry-run", "list what would be sent now and why the others are quiet; send nothing"),
            .flag("watch", "keep running, sending each reminder at its time"),
            .value("wait", "SECONDS", "how long a run waits for answers to desktop notifications (default 240; 0: until closed)"),
            .value("platform", "NAME", "install: systemd or launchd (default: this system's)"),
            .flag("json", "print the plan (or what install wrote) as JSON (schemaVersion 1)"),
        ],
        examples: ["brain remind --dry-run", "brain remind", "brain remind --watch", "brain remind install"])

    struct Report: Encodable {
        struct Item: Encodable {
            var at: String
            var time: String
            var kind: String
            @Nullable var habit: String?
            var verdict: String
            @Nullable var reason: String?
            var title: String
            var body: String
        }

        var day: String
        var now: String
        var timeZone: String
        var reminders: [Item]
        @Nullable var summary: String?
        var nextWake: String
        var sent: [String]
    }

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        if arguments.positional(0) == "install" { return try install(arguments, session) }
        let vault = try session.vault()
        let context = session.context
        let stderr = context.stderr
        let clock = context.clock
        let runner = ReminderRunner(vault: vault, environment: context.environment, machineZone: context.timeZone,
                                    now: { clock.now }, log: { stderr.write($0 + "\n") })
        var wait = 240
        if let text = arguments.value("wait") {
            guard let seconds = Int(text), seconds >= 0, seconds <= 86_400 else {
                throw CLIError.usage("--wait takes seconds from 0 to 86400, not \"\(text)\"")
            }
            wait = seconds
        }
        runner.expireMilliseconds = wait * 1000
        for problem in vault.configDiagnostics where problem.message.contains("remind") || problem.message.contains("notify") {
            session.warn(problem.description)
        }
        if arguments.flag("watch") {
            if arguments.flag("dry-run") { throw CLIError.usage("--watch sends; --dry-run does not: use one of them") }
            runner.expireMilliseconds = 0
            stderr.write("brain remind: watching \(vault.root); Ctrl-C stops\n")
            runner.watch(stop: { false })
            return ExitCode.success
        }
        let journal = session.journal(try session.journalIndex())
        if arguments.flag("dry-run") {
            let plan = runner.plan(journal: journal)
            if arguments.flag("json") { return try session.printJSON(report(plan, zone: zone(vault, context), sent: [])) }
            render(plan, zone: zone(vault, context), session)
            return ExitCode.success
        }
        let outcome = runner.runOnce(journal: journal)
        for failure in outcome.failures { session.warn("reminder not sent through \(failure)") }
        if arguments.flag("json") {
            try session.json(report(outcome.plan, zone: zone(vault, context), sent: outcome.sent.map(\.title)))
        } else {
            for note in outcome.sent { session.line("sent: \(note.title) — \(note.body)") }
            if outcome.sent.isEmpty { session.line("nothing to send now; next at \(clockTime(outcome.plan.nextWake, zone(vault, context)))") }
        }
        context.stdout.flush()
        runner.waitForAnswers()
        return outcome.failures.isEmpty && !runner.failedLater ? ExitCode.success : ExitCode.failure
    }

    static func zone(_ vault: Vault, _ context: Context) -> TimeZone {
        vault.config.timeZone ?? context.timeZone
    }

    static func clockTime(_ date: Date, _ zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    static func isoTime(_ date: Date, _ zone: TimeZone) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = zone
        return formatter.string(from: date)
    }

    static func report(_ plan: ReminderPlan, zone: TimeZone, sent: [String]) -> Report {
        Report(day: plan.day.description, now: isoTime(plan.now, zone), timeZone: zone.identifier,
               reminders: plan.reminders.map {
                   Report.Item(at: isoTime($0.at, zone), time: $0.time, kind: $0.kind.rawValue, habit: $0.habit, verdict: $0.verdict.rawValue,
                               reason: $0.reason, title: $0.title, body: $0.body)
               },
               summary: plan.summary.map { $0.title + ": " + $0.body }, nextWake: isoTime(plan.nextWake, zone), sent: sent)
    }

    static func render(_ plan: ReminderPlan, zone: TimeZone, _ session: Session) {
        let style = session.style
        session.line(style("\(plan.day.weekday.name.capitalized) \(plan.day), \(clockTime(plan.now, zone)) (\(zone.identifier))", .strong))
        if plan.reminders.isEmpty {
            session.line("no reminders: add remind: \"07:30\" to a habit, or remind: {morning: \"07:30\"} to .brain/config.yml")
            return
        }
        let width = min(24, plan.reminders.map { ($0.habit ?? $0.title).count }.max() ?? 0)
        for reminder in plan.reminders {
            let name = Layout.pad(reminder.habit ?? reminder.title, width)
            let what: String
            switch reminder.verdict {
            case .send: what = style("would send", .good) + "  " + reminder.body
            case .late: what = style("missed", .warn) + "  in the one summary"
            case .later: what = style("later", .muted) + "  " + reminder.body
            case .quiet: what = style("quiet", .muted) + "  " + (reminder.reason ?? "")
            }
            session.line("  \(reminder.time)  \(name)  \(what)")
        }
        if let summary = plan.summary { session.line("summary: \(summary.title) — \(summary.body)") }
        session.line("next: \(clockTime(plan.nextWake, zone))")
    }

    struct Installed: Encodable {
        var platform: String
        var files: [String]
        var start: [String]
        var remove: [String]
    }

    static func install(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let vault = try session.vault()
        let context = session.context
        var platform: ReminderAgent.Platform
        #if os(macOS)
        platform = .launchd
        #else
        platform = .systemd
        #endif
        if let name = arguments.value("platform") {
            guard let chosen = ReminderAgent.Platform(rawValue: name) else {
                throw CLIError.usage("--platform takes systemd or launchd, not \"\(name)\"")
            }
            platform = chosen
        }
        guard let home = context.environment["HOME"], home.hasPrefix("/") else {
            throw CLIError.failure("HOME is not set: no place for the timer")
        }
        let executable = context.executablePath.map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? "brain"
        let agent = ReminderAgent(executable: executable, vault: vault.root)
        let files = agent.files(platform, home: home, configHome: context.environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil })
        for file in files {
            do {
                try FileManager.default.createDirectory(atPath: (file.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(file.text.utf8).write(to: URL(fileURLWithPath: file.path), options: .atomic)
            } catch {
                throw CLIError.failure("could not write \(file.path): \(error.localizedDescription)")
            }
        }
        let (start, remove) = agent.instructions(platform, files: files)
        if arguments.flag("json") {
            return try session.printJSON(Installed(platform: platform.rawValue, files: files.map(\.path), start: start, remove: remove))
        }
        for file in files { session.line("wrote \(file.path)") }
        session.line("start it:")
        for line in start { session.line("  " + line) }
        session.line("remove it:")
        for line in remove { session.line("  " + line) }
        return ExitCode.success
    }
}
