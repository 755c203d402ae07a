import BrainFormat
import BrainAnalytics

/// Makes a folder a vault: `.brain/config.yml` with every setting explained, `.brain/.gitignore`,
/// the folders, and six life areas. Never overwrites: an existing file is kept and reported, so
/// running it twice is harmless. (`brain init --git` then runs BrainGit's `GitSetup`.)
public struct InitVault: Sendable {
    /// Absolute path of the folder (created when missing).
    public var root: String
    public var today: Day
    public var fileSystem: any FileSystem
    /// Make the vault even inside another vault (`brain init --force`); otherwise that is refused,
    /// since the inner vault's notes would also be the outer one's and their names ambiguous.
    package var insideAnotherVault = false
    /// The zone written as `time-zone:` (the machine's, an IANA name); nil writes it commented out.
    package var timeZone: String?

    public init(root: String, today: Day, fileSystem: any FileSystem = POSIXFileSystem()) {
        self.root = root
        self.today = today
        self.fileSystem = fileSystem
    }

    /// The files and folders made and the files kept.
    public struct Outcome: Codable, Sendable, Hashable {
        public var root: String
        /// Vault-relative paths created (folders end in `/`), in order.
        public var created: [String]
        /// Files that existed and were kept.
        public var kept: [String]
    }

    /// One default life area.
    public struct DefaultArea: Sendable, Hashable {
        public var id: String
        public var title: String
        public var weight: Int
        public var identity: String
        public var color: String
    }

    public static let areas = [
        DefaultArea(id: "health", title: "Health", weight: 1, identity: "I am someone who moves every day and sleeps well", color: "green"),
        DefaultArea(id: "learning", title: "Learning", weight: 1, identity: "I am a curious person who learns something every day", color: "blue"),
        DefaultArea(id: "work", title: "Work", weight: 1, identity: "I do focused work and stop at a sane hour", color: "gray"),
        DefaultArea(id: "creative", title: "Creative", weight: 1, identity: "I make things, badly at first", color: "orange"),
        DefaultArea(id: "relationships", title: "Relationships", weight: 1, identity: "I am someone who stays in touch", color: "pink"),
        DefaultArea(id: "finance", title: "Finance", weight: 1, identity: "I know where my money goes", color: "yellow"),
    ]

    /// The defaults of `VaultConfig`, each explained.
    /// The settings file with `time-zone:` set to `zone`, or commented out (the machine's zone
    /// then counts) when there is none.
    package static func config(timeZone zone: String?) -> String {
        config.replacingOccurrences(of: "\ntime-zone: UTC\n", with: zone.map { "\ntime-zone: \($0)\n" } ?? "\n# time-zone: Europe/Berlin\n")
    }

    public static let config = """
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

    # Colours of the terminal and of `brain report`: ember, ocean, forest, aurora or sand.
    theme: forest

    # Light or dark colours, or auto: the browser's setting for the report, COLORFGBG (else dark)
    # on a terminal.
    appearance: auto

    # Language of dates and messages.
    locale: en

    # The time zone of the vault's days (an IANA name), wherever brain runs: a laptop and a server
    # syncing this vault then agree on which day a check-off or a Health record belongs to.
    time-zone: UTC

    # The vault's name in `brain report`, none by default (the folder's name); for example
    # title: Jo's brain
    title:

    # Check-in reminders for `brain remind` and `brain export ics` ("HH:MM"), and a daily "fill in
    # today" nudge, none by default; for example
    # remind: {morning: "07:30", evening: "21:30", nudge: "20:00"}
    remind:

    # Where `brain remind` sends reminders (docs/REMINDERS.md), the desktop by default; for example
    # notify: {ntfy: jo-habits-8f3k, answer: "http://192.168.1.5:7420"}
    notify:

    # Files `brain track` reads when no --source is given (relative to the vault, absolute or
    # ~/), none by default; for example
    # track: {health: ~/Downloads/export.zip, calendar: calendars/gym.ics, csv: screen-time.csv}
    track:

    # Your e-mail addresses, as calendars name attendees: events you declined do not count for
    # `brain track`; none by default; for example
    # me: [jo@example.com]
    me:

    """


    /// Creates what is missing. The result lists every file and folder made, with its lines.
    public func run() throws(ActionError) -> ActionResult<Outcome> {
        do {
            return try create()
        } catch let error as ActionError {
            throw error
        } catch let error as VaultError {
            throw ActionError(error)
        } catch {
            throw ActionError(.io, String(describing: error))
        }
    }

    /// The nearest folder above `root` that is a vault (holds a `.brain/`), if any.
    private func enclosingVault() -> String? {
        var folder = root
        while folder != "/" && !folder.isEmpty {
            let parent = VaultPaths.directory(of: folder)
            folder = parent.isEmpty ? "/" : parent
            if fileSystem.isDirectory(VaultPaths.join(folder, ".brain")) { return folder }
        }
        return nil
    }

    private func create() throws -> ActionResult<Outcome> {
        if fileSystem.exists(root) && !fileSystem.isDirectory(root) {
            throw ActionError(.refused, "\(root) is not a folder")
        }
        if !insideAnotherVault, !fileSystem.isDirectory(VaultPaths.join(root, ".brain")), let outer = enclosingVault() {
            throw ActionError(.refused, "\(root) is inside the vault \(outer): a vault there would share its notes with that one "
                              + "and make their names ambiguous", suggestion: .confirmWithForce)
        }
        try fileSystem.makeDirectories(root)
        var outcome = Outcome(root: root, created: [], kept: [])
        var changes: [FileChange] = []
        var warnings: [String] = []
        func write(_ relative: String, _ text: String) throws {
            do {
                try fileSystem.createNew(Array(text.utf8), at: VaultPaths.resolve(relative, in: root))
                outcome.created.append(relative)
                changes.append(FileChange(kind: .created, path: relative, lines: LineDiff.changes(from: "", to: text)))
            } catch VaultError.exists {
                outcome.kept.append(relative)
            }
        }
        try write(Vault.configPath, InitVault.config(timeZone: timeZone))
        try write(Vault.ignorePath, Vault.ignoreText)
        // An existing config may move the folders; follow it.
        let vault = Vault(root: root, fileSystem: fileSystem)
        warnings += vault.configDiagnostics.map(\.description)
        let folders = vault.config.folders
        for folder in [folders.areas, folders.habits, folders.goals, folders.notes, folders.daily, folders.templates] {
            let path = try VaultPaths.resolve(folder, in: root)
            if !fileSystem.isDirectory(path) {
                try fileSystem.makeDirectories(path)
                outcome.created.append(folder + "/")
            }
        }
        let library = TemplateLibrary(vault: vault)
        guard let template = try library.template(named: "area") else { throw ActionError(.notFound, "no area template") }
        for area in InitVault.areas {
            let result = TemplateRenderer.render(template.text, values: TemplateValues(title: area.title, id: area.id, date: today))
            var document = result.document
            document.set("weight", to: .int(area.weight))
            document.set("identity", to: .string(area.identity))
            document.set("color", to: .string(area.color))
            try write(folders.areas + "/" + area.id + ".md", document.text)
        }
        return ActionResult(action: "init", dryRun: false, outcome: outcome, changes: changes, warnings: warnings)
    }
}
