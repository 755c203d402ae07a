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
            .value("area", "AREA", "life area (habits, goals)", completion: .notes),
            .value("tag", short: "t", "TAG", "a tag (a, b and #c also work)", repeatable: true, completion: .tags),
            .value("every", "FREQ", "habit frequency: day, weekdays, \"mon, wed\", 3/week, every 2 days, …"),
            .value("target", "N", "habits and goals: the amount per day / to reach"),
            .value("unit", "UNIT", "unit of the target (pages, km, EUR)"),
            .value("kind", "KIND", "habits: build or quit", choices: ["build", "quit"]),
            .value("url", "URL", "links: the address"),
            .value("parent", "GOAL", "goals: the parent goal (makes a subgoal)", completion: .notes),
            .value("due", "DAY", "goals: the deadline (YYYY-MM-DD, tomorrow, +30, friday)"),
            .value("template", "NAME", "goals: a goal template (run-5k, read-24-books, …)"),
            .value("type", "TYPE", "notes: note, reflection, insight or link", choices: ["note", "reflection", "insight", "link"]),
            .flag("edit", short: "e", "open the new file in $VISUAL or $EDITOR"),
            .flag("json", "print JSON"),
        ],
        examples: [
            "brain new habit Read 20 pages --every day --target 20 --unit pages --area learning",
            "brain new goal \"Run my first 5k\" --template run-5k --due +90",
            "brain new link Loop Habit Tracker --url https://loophabits.org --tag tools",
        ])

    struct Output: Encodable {
        var schemaVersion = 1
        var created: [String]
    }

    /// Which options make sense for which kinds; anything else is a usage error, not silently ignored.
    static let optionKinds: [String: Set<String>] = [
        "area": ["habit", "goal"],
        "every": ["habit"],
        "target": ["habit", "goal"],
        "unit": ["habit", "goal"],
        "kind": ["habit"],
        "url": ["link"],
        "parent": ["goal"],
        "due": ["goal"],
        "template": ["goal"],
        "type": ["note"],
    ]

    /// A file to write.
    struct Planned {
        var path: String
        var document: Document
    }

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        var kind = arguments.positional(0)!
        let title = arguments.positionals.dropFirst().joined(separator: " ").trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { throw CLIError.usage("brain new needs a title\nusage: \(spec.usage)") }
        for (option, allowed) in optionKinds.sorted(by: { $0.key < $1.key })
        where arguments.value(option) != nil && !allowed.contains(kind) {
            let names = allowed.sorted().map { $0 + "s" }.joined(separator: " and ")
            throw CLIError.usage("--\(option) is for \(names), not \(kind)s")
        }
        if kind == "note", let type = arguments.value("type") { kind = type }

        let vault = try session.vault()
        let today = try session.day()
        let library = TemplateLibrary(vault: vault)
        var values = TemplateValues(title: title, date: today, tags: tags(arguments.all("tag")))
        if let text = arguments.value("every") {
            do { values.every = try Frequency(parsing: text) } catch { throw CLIError.usage("--every: \(error.message)") }
        }
        if let text = arguments.value("due") {
            guard let day = DayExpression.parse(text, today: today) else {
                throw CLIError.usage("--due takes YYYY-MM-DD, today, tomorrow, +N, -N or a weekday name, not \"\(text)\"")
            }
            values.due = day
        }
        let folders = vault.config.folders
        let folder: String
        switch kind {
        case "habit": folder = folders.habits
        case "goal": folder = folders.goals
        case "area": folder = folders.areas
        default: folder = folders.notes
        }
        let path = folder + "/" + values.id + ".md"
        if FileSystem.exists(try vault.absolute(path)) {
            throw CLIError.failure("\(path) already exists; not overwriting it (choose another title)")
        }
        let template: TemplateLibrary.Template
        if let name = arguments.value("template") {
            guard let found = try library.template(named: "goals/" + name) else {
                var message = "no goal template named \"\(name)\""
                let names = library.goalTemplateNames()
                if let suggestion = Suggestion.closest(to: name, in: names) { message += "; did you mean \(suggestion)?" }
                throw CLIError.usage(message + " (templates: \(names.joined(separator: ", ")))")
            }
            template = found
        } else {
            template = try self.template(kind, library)
        }

        let target = try number(arguments.value("target"))
        values.url = arguments.value("url")
        if let parent = arguments.value("parent") {
            let index = try session.index()
            values.parent = index.records[try session.note(parent, in: index, kind: .goal)].stem
        }
        if let area = arguments.value("area") {
            values.area = try areaID(area, session)
        }
        var main = render(template, values: values, session: session)
        if let target { main.set("target", to: target) }
        if let unit = arguments.value("unit") { main.set("unit", to: .string(unit)) }
        if let habitKind = arguments.value("kind") { main.set("kind", to: .string(habitKind)) }
        // Explicit options win over what a template hard-codes (a goal template's `area: health`).
        if let area = values.area { main.set("area", to: .string(area)) }
        if let every = values.value(of: "every") { main.set("every", to: every) }
        if let url = values.value(of: "url") { main.set("url", to: url) }
        if let due = values.due { main.set("due", to: .date(due)) }
        if let parent = values.value(of: "parent") { main.set("parent", to: parent) }
        mergeTags(values.tags, into: &main)
        main.set("created", to: .date(today))

        var planned = [Planned(path: path, document: main)]
        var notes: [String] = []
        if arguments.value("template") != nil {
            let plan = GoalTemplatePlan(main.frontMatter)
            if !plan.problems.isEmpty {
                let origin = template.displayName
                throw CLIError.failure("\(origin): " + plan.problems.joined(separator: "\n\(origin): "))
            }
            for key in GoalTemplatePlan.keys { planned[0].document.remove(key) }
            try expand(plan, goal: values.id, area: planned[0].document.frontMatter["area"]?.string,
                       today: today, library: library, session: session, planned: &planned, notes: &notes)
        }

        var created: [String] = []
        try VaultLock.withLock(root: vault.root) {
            for file in planned {
                do {
                    try FileSystem.createNew(Array(file.document.text.utf8), at: try vault.absolute(file.path))
                } catch VaultError.exists {
                    // Someone wrote the file since we looked: keep theirs.
                    notes.append("kept \(file.path) (exists)")
                    continue
                }
                created.append(file.path)
            }
        }
        session.invalidateIndex()

        if arguments.flag("json") {
            try session.json(Output(created: created))
        } else {
            for path in created { session.line(path) }
        }
        for note in notes { session.context.stderr.write(note + "\n") }
        if arguments.flag("edit"), let first = created.first {
            try openEditor(on: try vault.absolute(first), session)
        }
        return ExitCode.success
    }

    /// Adds the subgoal and habit files of a goal template to `planned`.
    static func expand(_ plan: GoalTemplatePlan, goal: String, area: String?, today: Day, library: TemplateLibrary,
                       session: Session, planned: inout [Planned], notes: inout [String]) throws {
        let vault = try session.vault()
        let folders = vault.config.folders
        func taken(_ path: String) throws -> Bool {
            try FileSystem.exists(vault.absolute(path)) || planned.contains { $0.path.lowercased() == path.lowercased() }
        }
        for subgoal in plan.subgoals {
            var id = Slug.make(subgoal.title)
            var path = folders.goals + "/" + id + ".md"
            var suffix = 2
            while try taken(path) {
                id = Slug.make(subgoal.title) + "-\(suffix)"
                path = folders.goals + "/" + id + ".md"
                suffix += 1
            }
            if suffix > 2 { notes.append("\(path): a file named \(Slug.make(subgoal.title)).md exists, so the subgoal got a suffix") }
            let values = TemplateValues(title: subgoal.title, id: id, date: today, area: area,
                                        due: subgoal.dueIn.map { today.adding(days: $0) }, parent: goal)
            var document = render(try template("goal", library), values: values, session: session)
            if let target = subgoal.target { document.set("target", to: target) }
            if let unit = subgoal.unit { document.set("unit", to: .string(unit)) }
            document.set("parent", to: .string("[[\(goal)]]"))
            document.set("created", to: .date(today))
            planned.append(Planned(path: path, document: document))
        }
        var kept: [String] = []
        let index = try session.index()
        for habit in plan.habits {
            let id = Slug.make(habit.title)
            let path = folders.habits + "/" + id + ".md"
            if planned.contains(where: { $0.path == path }) || kept.contains(id) { continue }
            let existing = index.records.first { $0.kind == .habit && $0.stem.lowercased() == id.lowercased() }
            if try existing != nil || FileSystem.exists(vault.absolute(path)) {
                let stem = existing?.stem ?? id
                kept.append(stem)
                notes.append("kept \(existing?.path ?? path) (exists); listed in the goal's habits")
                continue
            }
            let values = TemplateValues(title: habit.title, date: today, area: area, every: habit.every)
            var document = render(try template("habit", library), values: values, session: session)
            if document.frontMatter["every"] == nil, let every = values.value(of: "every") { document.set("every", to: every) }
            document.set("goal", to: .string("[[\(goal)]]"))
            if let target = habit.target { document.set("target", to: target) }
            if let unit = habit.unit { document.set("unit", to: .string(unit)) }
            if let kind = habit.kind { document.set("kind", to: .string(kind)) }
            if let cue = habit.cue { document.set("cue", to: .string(cue)) }
            document.set("created", to: .date(today))
            planned.append(Planned(path: path, document: document))
        }
        if !kept.isEmpty {
            var links = planned[0].document.frontMatter["habits"]?.list ?? []
            links += kept.map { .string("[[\($0)]]") }
            planned[0].document.set("habits", to: .list(links))
        }
    }

    /// The vault's or the built-in template `name`; every kind has a built-in one.
    static func template(_ name: String, _ library: TemplateLibrary) throws -> TemplateLibrary.Template {
        guard let template = try library.template(named: name) else { throw CLIError.failure("no template named \"\(name)\"") }
        return template
    }

    /// Renders a template; its warnings (unknown placeholders) go to standard error.
    static func render(_ template: TemplateLibrary.Template, values: TemplateValues, session: Session) -> Document {
        let result = TemplateRenderer.render(template.text, values: values)
        for diagnostic in result.diagnostics {
            // Compiler format (`path:line:column: warning: …`), so editors can jump to the template.
            session.context.stderr.write(diagnostic.in(template.displayName).description + "\n")
        }
        return result.document
    }

    /// `--tag a --tag "b, #c"` → `[a, b, c]`: split on commas and spaces, leading `#` dropped, no repeats.
    static func tags(_ options: [String]) -> [String] {
        var result: [String] = []
        for option in options {
            for part in option.split(whereSeparator: { $0 == "," || $0 == " " }) {
                let tag = String(part.drop { $0 == "#" })
                if !tag.isEmpty, !result.contains(where: { $0.lowercased() == tag.lowercased() }) { result.append(tag) }
            }
        }
        return result
    }

    static func mergeTags(_ tags: [String], into document: inout Document) {
        guard !tags.isEmpty else { return }
        var merged = document.frontMatter["tags"]?.stringList ?? []
        for tag in tags where !merged.contains(where: { $0.lowercased() == tag.lowercased() }) { merged.append(tag) }
        if document.frontMatter["tags"] != .list(merged.map(YAMLValue.string)) {
            document.set("tags", to: .list(merged.map(YAMLValue.string)))
        }
    }

    static func number(_ text: String?) throws -> YAMLValue? {
        guard let text else { return nil }
        if let whole = Int(text) { return .int(whole) }
        if let value = Double(text), value.isFinite { return .double(value) }
        throw CLIError.usage("--target takes a number, not \"\(text)\"")
    }

    /// The id of the area `name` means (by id, title or alias); an unknown area is kept as written, with a warning.
    static func areaID(_ name: String, _ session: Session) throws -> String {
        let index = try session.index()
        let matches = index.find(name).filter { index.records[$0].kind == .area }
        if matches.count == 1 { return index.records[matches[0]].stem }
        let areas = index.records.filter { $0.kind == .area }.map(\.stem)
        var message = matches.isEmpty ? "no area named \"\(name)\"" : "\"\(name)\" names several areas"
        if matches.isEmpty, let suggestion = Suggestion.closest(to: name, in: areas) { message += " (did you mean \(suggestion)?)" }
        session.warn(message + "; writing it as given")
        return name
    }

    /// Runs `$VISUAL` or `$EDITOR` through `/bin/sh -c`, so editors given with arguments (`code -w`) work.
    static func openEditor(on path: String, _ session: Session) throws {
        let environment = session.context.environment
        guard let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap({ $0 }).first(where: { !$0.isEmpty }) else {
            session.context.stderr.write("not opening an editor: neither $VISUAL nor $EDITOR is set\n")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", editor + " " + shellQuoted(path)]
        if !environment.isEmpty { process.environment = environment }
        do {
            try process.run()
        } catch {
            throw CLIError.failure("could not start the editor \"\(editor)\": \(error.localizedDescription)")
        }
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            session.warn("the editor \"\(editor)\" exited with status \(process.terminationStatus)")
        }
    }

    /// `it's` → `'it'\''s'`: safe inside any POSIX shell command line.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
