import BrainKit

/// `brain init [DIR]`: makes a folder a vault; never overwrites, so running it twice is harmless.
enum InitCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "init",
        summary: "create a vault: .brain/config.yml, the folders and six life areas",
        discussion: """
        DIR is taken relative to the current folder and created when missing (default: the current
        folder). Creates .brain/config.yml with every setting written out and explained,
        .brain/.gitignore (ignoring the cache), the areas, habits, goals, notes, daily and templates
        folders, and the areas health, learning, work, creative, relationships and finance.
        An existing file is never overwritten: it is kept and reported.
        """,
        positionals: [.init(name: "DIR", help: "the vault folder (default: the current folder)", optional: true, completion: .files)],
        options: [],
        examples: ["brain init", "brain init ~/brain"])

    /// One default life area.
    struct DefaultArea {
        var id: String
        var title: String
        var weight: Int
        var identity: String
        var color: String
    }

    static let areas = [
        DefaultArea(id: "health", title: "Health", weight: 1, identity: "I am someone who moves every day and sleeps well", color: "green"),
        DefaultArea(id: "learning", title: "Learning", weight: 1, identity: "I am a curious person who learns something every day", color: "blue"),
        DefaultArea(id: "work", title: "Work", weight: 1, identity: "I do focused work and stop at a sane hour", color: "gray"),
        DefaultArea(id: "creative", title: "Creative", weight: 1, identity: "I make things, badly at first", color: "orange"),
        DefaultArea(id: "relationships", title: "Relationships", weight: 1, identity: "I am someone who stays in touch", color: "pink"),
        DefaultArea(id: "finance", title: "Finance", weight: 1, identity: "I know where my money goes", color: "yellow"),
    ]

    /// The defaults of `VaultConfig`, each explained.
    static let config = """
    # Brain vault settings. This file marks the vault root: brain walks up from the current
    # folder to the nearest .brain/config.yml. Every key is optional; the values below are the
    # defaults, so deleting a line changes nothing. See docs/FORMAT.md.

    # Where each kind of file lives, relative to the vault root (a folder may not leave the vault).
    folders:
      areas: areas            # life areas: health, learning, ...
      habits: habits          # one file per habit
      goals: goals            # goals and subgoals
      notes: notes            # where `brain new note` writes notes (notes may live anywhere)
      daily: daily            # one check-in per day, named YYYY-MM-DD.md
      templates: templates    # your own versions of the built-in templates (templates/goals/ for goal templates)

    # First day of the week, for N/week habits and weekly views: any weekday name.
    week-start: monday

    # Before this time (HH:MM, quoted), "today" is still yesterday: a check-off at 01:30 counts
    # for the day before.
    day-starts-at: "04:00"

    # Terminal colours: forest, ocean, sunset, lavender or mono.
    theme: forest

    # Language of dates and messages.
    locale: en

    """

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        // `brain --vault DIR init` means the same as `brain init DIR`.
        let given = arguments.positional(0) ?? arguments.value("vault")
        let root = VaultLocator.absolute(given ?? ".", from: session.context.currentDirectory)
        if FileSystem.exists(root) && !FileSystem.isDirectory(root) {
            throw CLIError.failure("\(root) is not a folder")
        }
        try FileSystem.makeDirectories(root)

        var created = 0
        func report(_ path: String, wasCreated: Bool) {
            if wasCreated { created += 1 }
            session.line(wasCreated ? "created \(path)" : "kept \(path) (exists)")
        }
        func write(_ relative: String, _ text: String) throws {
            do {
                try FileSystem.createNew(Array(text.utf8), at: VaultPaths.resolve(relative, in: root))
                report(relative, wasCreated: true)
            } catch VaultError.exists {
                report(relative, wasCreated: false)
            }
        }

        try write(Vault.configPath, config)
        try write(".brain/.gitignore", "cache/\n")
        // An existing config may move the folders; follow it.
        let vault = Vault(root: root)
        for problem in vault.configDiagnostics { session.warn(problem.description) }
        let folders = vault.config.folders
        for folder in [folders.areas, folders.habits, folders.goals, folders.notes, folders.daily, folders.templates] {
            let path = try VaultPaths.resolve(folder, in: root)
            if !FileSystem.isDirectory(path) {
                try FileSystem.makeDirectories(path)
                report(folder + "/", wasCreated: true)
            }
        }
        let library = TemplateLibrary(vault: vault)
        let today = session.context.today(dayStartsAt: vault.config.dayStartsAt)
        guard let template = try library.template(named: "area") else { throw CLIError.failure("no area template") }
        for area in areas {
            let result = TemplateRenderer.render(template.text, values: TemplateValues(title: area.title, id: area.id, date: today))
            var document = result.document
            document.set("weight", to: .int(area.weight))
            document.set("identity", to: .string(area.identity))
            document.set("color", to: .string(area.color))
            try write(folders.areas + "/" + area.id + ".md", document.text)
        }

        session.line()
        let place = given.map { " in \($0)" } ?? ""
        session.line(created == 0 ? "The vault\(place) was complete; nothing to create." : "Vault ready\(place).")
        let step = "brain new habit \"Read 20 pages\" --every day"
        if let given, root != VaultLocator.absolute(".", from: session.context.currentDirectory) {
            let plain = given.allSatisfy { $0.isLetter || $0.isNumber || "-_./~".contains($0) }
            session.line("Next: cd \(plain ? given : NewCommand.shellQuoted(given)) && \(step)")
        } else {
            session.line("Next: \(step)")
        }
        return ExitCode.success
    }
}
