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
        An existing file is never overwritten: it is kept and reported. With --git, the vault then
        becomes a git repository that merges habit lines, as brain git-setup makes it.
        A folder inside an existing vault is refused (its notes would be the outer vault's too,
        and their names ambiguous) unless --force.
        """,
        positionals: [.init(name: "DIR", help: "the vault folder (default: the current folder)", optional: true, completion: .files)],
        options: [
            .flag("git", "also run git init and set up the merge driver (see brain git-setup)"),
            .flag("json", "print the result as JSON (the files created and kept)"),
            .flag("force", "make the vault even inside another vault"),
        ],
        examples: ["brain init", "brain init ~/brain", "brain init ~/brain --git"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        // `brain --vault DIR init` means the same as `brain init DIR`.
        let given = arguments.positional(0) ?? arguments.value("vault")
        let root = VaultLocator.absolute(given ?? ".", from: session.context.currentDirectory)
        var initVault = InitVault(root: root, today: session.context.today(dayStartsAt: VaultConfig().dayStartsAt))
        initVault.insideAnotherVault = arguments.flag("force")
        // The machine's zone, when the time-zone database knows its name.
        let zone = session.context.clock.timeZone.identifier
        initVault.timeZone = VaultConfig.zone(named: zone) != nil ? zone : nil
        let made = try initVault.run()
        var outcome = Outcome(root: made.outcome.root, created: made.outcome.created, kept: made.outcome.kept)
        if arguments.flag("git") {
            do { outcome.git = try GitSetupCommand.setup(root: root, session).run() } catch {
                throw ActionError(.io, Advice.text(error))
            }
        }
        let result = ActionResult(action: made.action, dryRun: made.dryRun, outcome: outcome, changes: made.changes,
                                  warnings: made.warnings, notices: made.notices)
        if arguments.flag("json") { return try session.printJSON(result) }
        let createdFiles = Set(outcome.created)
        // Files in the order they were tried, then the folders (as `brain init` always listed them).
        for path in [Vault.configPath, ".brain/.gitignore"] {
            session.line(createdFiles.contains(path) ? "created \(path)" : "kept \(path) (exists)")
        }
        for warning in result.warnings { session.warn(warning) }
        for path in outcome.created where path.hasSuffix("/") { session.line("created \(path)") }
        for path in (outcome.created + outcome.kept).filter({ !$0.hasPrefix(".brain/") && !$0.hasSuffix("/") }).sorted(by: areaOrder) {
            session.line(createdFiles.contains(path) ? "created \(path)" : "kept \(path) (exists)")
        }
        if let git = outcome.git {
            session.line()
            GitSetupCommand.report(git, session, next: false)
        }
        session.line()
        let place = given.map { " in \($0)" } ?? ""
        session.line(outcome.created.isEmpty ? "The vault\(place) was complete; nothing to create." : "Vault ready\(place).")
        let step = "brain new habit \"Read 20 pages\" --every day"
        if let given, root != VaultLocator.absolute(".", from: session.context.currentDirectory) {
            let plain = given.allSatisfy { $0.isLetter || $0.isNumber || "-_./~".contains($0) }
            session.line("Next: cd \(plain ? given : NewCommand.shellQuoted(given)) && \(step)")
        } else {
            session.line("Next: \(step)")
        }
        return ExitCode.success
    }

    /// What `brain init` made, with what the git set-up did (`--git`).
    struct Outcome: Codable, Sendable, Hashable {
        var root: String
        /// Vault-relative paths created (folders end in `/`), in order.
        var created: [String]
        /// Files that existed and were kept.
        var kept: [String]
        @Nullable var git: GitSetup.Outcome? = nil
    }

    /// The default areas in their listed order.
    static func areaOrder(_ a: String, _ b: String) -> Bool {
        let ids = InitVault.areas.map(\.id)
        let rank = { (path: String) in ids.firstIndex(of: VaultPaths.stem(of: path)) ?? ids.count }
        return (rank(a), a) < (rank(b), b)
    }
}
