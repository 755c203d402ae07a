import BrainKit
import Foundation

/// `brain new KIND TITLE… [options]`: a new file from a template; never overwrites.
enum NewCommand: BrainCommand {
    static let kinds = ["habit", "goal", "area", "note", "reflection", "insight", "link"]

    static let spec = CommandSpec(
        name: "new",
        summary: "create a habit, goal, area or note from a template",
        discussion: """
        KIND is habit, goal, area, note, reflection, insight or link. The file is named after the
        title (`Read 20 pages` → habits/read-20-pages.md); notes of every type go to the notes folder,
        without a date prefix. An existing file is never overwritten.
        Templates come from the vault's templates folder when it has one of the same name, else the
        built-in ones. `--template NAME` (goals) also writes the template's subgoals and suggested
        habits; a suggested habit whose file exists is kept and listed in the goal's habits.
        """,
        positionals: [
            .init(name: "KIND", help: "what to create", completion: .values, choices: kinds),
            .init(name: "TITLE", help: "the title (several words need no quotes)", variadic: true),
        ],
        options: [
            .value("area", "AREA", "life area (habits, goals, notes)", completion: .areas),
            .value("tag", short: "t", "TAG", "a tag (a, b and #c also work)", repeatable: true, completion: .tags),
            .value("every", "FREQ", "habit frequency: day, weekdays, \"mon, wed\", 3/week, every 2 days, …"),
            .value("target", "N", "habits and goals: the amount per day / to reach"),
            .value("unit", "UNIT", "unit of the target (pages, km, EUR)"),
            .value("kind", "KIND", "habits: build or quit", choices: ["build", "quit"]),
            .value("cue", "TEXT", "habits: what sets it off (\"after coffee, at the desk\")"),
            .value("stack", "NAME", "habits: the stack it belongs to (morning, evening)"),
            .value("after", "HABIT", "habits: the habit or anchor it follows in its stack", completion: .habits),
            .value("remind", "HH:MM", "habits: the reminder time"),
            .value("goal", "GOAL", "habits and notes: the goal it serves", completion: .goals),
            .value("created", "DAY", "the first day of its history (default today; earlier to backfill)"),
            .value("url", "URL", "notes and links: the address"),
            .value("parent", "GOAL", "goals: the parent goal (makes a subgoal)", completion: .goals),
            .value("due", "DAY", "goals: the deadline (YYYY-MM-DD, tomorrow, +30, friday)"),
            .value("template", "NAME", "goals: a goal template (run-5k, read-24-books, …)"),
            .value("type", "TYPE", "notes: note, reflection, insight or link", choices: ["note", "reflection", "insight", "link"]),
            .flag("edit", short: "e", "open the new file in $VISUAL or $EDITOR"),
            .flag("json", "print the result as JSON (the files created)"),
        ],
        examples: [
            "brain new habit Read 20 pages --every day --target 20 --unit pages --area learning",
            "brain new goal \"Run my first 5k\" --template run-5k --due +90",
            "brain new link Loop Habit Tracker --url https://loophabits.org --tag tools",
        ])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        var kindName = arguments.positional(0)!
        if kindName == "note", let type = arguments.value("type") { kindName = type }
        let title = arguments.positionals.dropFirst().joined(separator: " ")
        guard !title.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw CLIError.usage("brain new needs a title\nusage: \(spec.usage)")
        }
        if arguments.value("type") != nil, arguments.positional(0) != "note" {
            throw CLIError.usage("--type is for notes, not \(arguments.positional(0)!)s")
        }
        let today = try session.day()
        var action = CreateNote(kind: CreateNote.Kind(rawValue: kindName)!, title: title, today: today)
        action.tags = arguments.all("tag")
        action.area = arguments.value("area")
        action.every = arguments.value("every")
        action.target = try number("target", arguments.value("target"))
        action.unit = arguments.value("unit")
        action.habitKind = arguments.value("kind").flatMap(Habit.Kind.init(rawValue:))
        action.cue = arguments.value("cue")
        action.stack = arguments.value("stack")
        action.after = arguments.value("after")
        action.remind = arguments.value("remind")
        action.goal = arguments.value("goal")
        action.url = arguments.value("url")
        action.parent = arguments.value("parent")
        action.template = arguments.value("template")
        if let text = arguments.value("due") {
            guard let day = DayExpression.parse(text, today: today) else {
                throw CLIError.usage("--due takes YYYY-MM-DD, today, tomorrow, +N, -N or a weekday name, not \"\(text)\"")
            }
            action.due = day
        }
        if let text = arguments.value("created") {
            guard let day = DayExpression.parse(text, today: today) else {
                throw CLIError.usage("--created takes YYYY-MM-DD, yesterday, -N or a weekday name, not \"\(text)\"")
            }
            action.created = day
        }
        let result = try session.perform(action)
        if arguments.flag("json") {
            try session.json(result)
        } else {
            for path in result.outcome.created { session.line(path) }
        }
        for note in result.outcome.notes { session.context.stderr.write(note + "\n") }
        if arguments.flag("edit"), let first = result.outcome.created.first {
            try openEditor(on: try session.vault().absolute(first), session)
        }
        return ExitCode.success
    }

    /// A number option: `20`, `2.5` or `2,5`.
    static func number(_ name: String, _ text: String?) throws -> Double? {
        guard let text else { return nil }
        guard let value = Double(text.replacingOccurrences(of: ",", with: ".")), value.isFinite else {
            throw CLIError.usage("--\(name) takes a number, not \"\(text)\"")
        }
        return value
    }

    /// Runs `$VISUAL` or `$EDITOR` through `/bin/sh -c`, so editors given with arguments (`code -w`) work.
    static func openEditor(on path: String, _ session: Session) throws {
        let environment = session.context.environment
        guard let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap({ $0 }).first(where: { !$0.isEmpty }) else {
            session.context.stderr.write("not opening an editor: neither $VISUAL nor $EDITOR is set\n")
            return
        }
        // The editor writes to the same place: what was printed before comes first.
        session.context.stdout.flush()
        // The editor runs in brain's process group, in the terminal's foreground, and brain waits.
        var variables = environment
        if variables.isEmpty { variables = ProcessInfo.processInfo.environment }
        let status: Int32
        do {
            status = try ForegroundProcess.run(["/bin/sh", "-c", editor + " " + shellQuoted(path)], environment: variables)
        } catch {
            throw CLIError.failure("could not start the editor \"\(editor)\": \(error.message)")
        }
        if status != 0 {
            session.warn("the editor \"\(editor)\" exited with status \(status)")
        }
    }

    /// `it's` → `'it'\''s'`: safe inside any POSIX shell command line.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
