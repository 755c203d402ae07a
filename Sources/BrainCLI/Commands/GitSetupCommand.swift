import BrainKit

/// `brain git-setup`: makes the vault a git repository whose merges understand habit lines.
enum GitSetupCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "git-setup",
        summary: "make the vault a git repository that merges habit lines (init, attributes, driver, ignores)",
        discussion: """
            Runs git init when the vault is in no repository; writes .gitattributes with *.md merge=brain;
            registers the driver in the repository's .git/config as the absolute path of this brain
            program (git runs it from GUI clients and hooks too, where PATH may differ; run git-setup
            again after moving brain); and ignores .brain/cache/, .brain/trash/ and .brain/journal* in
            .brain/.gitignore. Each step is done only when missing, so running it again changes nothing.
            A clone does not copy .git/config: run brain git-setup once in every clone.
            """,
        options: [.flag("json", "print what was done as JSON")],
        examples: ["brain git-setup", "brain init ~/brain --git"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let vault = try session.vault()
        let outcome = try setup(root: vault.root, session).run()
        if arguments.flag("json") { return try session.printJSON(outcome) }
        report(outcome, session)
        return ExitCode.success
    }

    /// The set-up for a vault folder, recording this program as the driver.
    static func setup(root: String, _ session: Session) -> GitSetup {
        GitSetup(root: root, executable: session.context.executablePath ?? "brain", environment: session.context.environment)
    }

    /// One line per step.
    static func report(_ outcome: GitSetup.Outcome, _ session: Session, next: Bool = true) {
        if outcome.initialized {
            session.line("created a git repository in \(outcome.repository)")
        } else {
            session.line("git repository: \(outcome.repository)")
        }
        func say(_ step: GitSetup.Step, _ what: String, _ detail: String) {
            switch step {
            case .created: session.line("created \(what) (\(detail))")
            case .updated: session.line("updated \(what) (\(detail))")
            case .kept: session.line("kept \(what) (\(detail) already there)")
            }
        }
        say(outcome.attributes, ".gitattributes", GitSetup.attributesLine)
        say(outcome.ignore, ".brain/.gitignore", "cache/, trash/, journal*")
        say(outcome.driver, "the merge driver in .git/config", outcome.driverCommand)
        if outcome.initialized && next {
            session.line()
            session.line("Next: git remote add origin URL, then brain sync")
        }
    }
}
