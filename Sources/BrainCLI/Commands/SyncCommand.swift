import BrainKit

/// `brain sync`: commit, pull with rebase through the merge driver, push.
enum SyncCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "sync",
        summary: "commit the vault's changes, pull (merging habit lines) and push",
        discussion: """
            Commits every change in the vault with a message that says what changed
            ("2026-11-22: done read, walk; note Ideas"), pulls from the branch's upstream (else origin)
            with rebase, git running brain merge-driver for *.md files, and pushes. Holds the vault lock
            throughout, so no other brain command writes mid-sync. Without a remote it only commits.
            When a conflict remains, the repository is left mid-rebase, each conflict is listed as
            path:line: conflict: reason, and the exit status is 1: edit the files to keep what you want
            (delete the <<<<<<< ======= >>>>>>> lines) and run brain sync again to finish, or
            git rebase --abort to give up the pull. Needs git; see docs/SYNC.md.
            """,
        options: [
            .value("message", short: "m", "TEXT", "the commit message (default: made from the changes)"),
            .flag("no-push", "commit and pull, but do not push"),
            .flag("json", "print the result as JSON"),
        ],
        examples: ["brain sync", "brain sync -m \"Week of 2026-11-16\"", "brain sync --no-push"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let vault = try session.vault()
        let sync = GitSync(vault: vault, message: arguments.value("message"), push: !arguments.flag("no-push"),
                           environment: session.context.environment, executable: session.context.executablePath)
        let outcome = try sync.run()
        defer { session.invalidateIndex() }
        if arguments.flag("json") {
            try session.json(outcome)
            return outcome.status == .synced ? ExitCode.success : ExitCode.failure
        }
        for warning in outcome.warnings { session.warn(Advice.text(warning)) }
        if outcome.continued { session.line("finished the pull the last sync left mid-rebase") }
        if let commit = outcome.committed {
            let subject = commit.message.prefix { $0 != "\n" }
            let files = commit.files.count == 1 ? "1 file" : "\(commit.files.count) files"
            session.line("committed \(files): \(subject)")
        } else if outcome.status == .synced {
            session.line("nothing to commit")
        }
        if outcome.status == .conflict {
            for conflict in outcome.conflicts {
                let path = MergeLabels.oneLine(conflict.path) ?? conflict.path
                session.context.stderr.write("\(path):\(conflict.line): conflict: \(conflict.reason)\n")
            }
            let count = outcome.conflicts.count == 1 ? "a conflict" : "\(outcome.conflicts.count) conflicts"
            throw CLIError.failure("""
                the pull stopped on \(count); the repository is in the middle of a rebase.
                To finish: edit each file listed above, keep the lines you want and delete the <<<<<<<, ======= and >>>>>>> lines, then run brain sync again.
                To give up this pull instead: git rebase --abort (your changes stay committed on this machine).
                """)
        }
        guard let remote = outcome.remote else {
            session.line("no remote to sync with: add one with git remote add origin URL")
            return ExitCode.success
        }
        let branch = outcome.upstream ?? remote
        if outcome.pulled > 0 { session.line("pulled \(commits(outcome.pulled)) from \(branch)") }
        // Lines that came in under a renamed habit's old id, now naming it by its id.
        for rewrite in outcome.renamedLines {
            session.line("\(rewrite.path):\(rewrite.line): [[\(rewrite.alias)]] names the renamed habit \(rewrite.id): now [[\(rewrite.id)]]")
        }
        if outcome.pushed > 0 { session.line("pushed \(commits(outcome.pushed)) to \(branch)") }
        if outcome.pulled == 0 && outcome.pushed == 0 {
            session.line(arguments.flag("no-push") ? "nothing to pull from \(branch) (not pushing)" : "up to date with \(branch)")
        }
        return ExitCode.success
    }

    private static func commits(_ count: Int) -> String {
        count == 1 ? "1 commit" : "\(count) commits"
    }
}
