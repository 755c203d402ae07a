import BrainKit

/// `brain sync`: commit, pull with rebase through the merge driver, push; `brain sync resolve`:
/// merge the conflict copies Syncthing, Dropbox or iCloud left.
enum SyncCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "sync",
        summary: "commit the vault's changes, pull (merging habit lines) and push; or merge sync conflict copies",
        discussion: """
            Commits every change in the vault with a message that says what changed
            ("2026-11-22: done read, walk; note Ideas"), pulls from the branch's upstream (else origin)
            with rebase, git running brain merge-driver for *.md files, and pushes. Holds the vault lock
            throughout, so no other brain command writes mid-sync. Without a remote it only commits.
            When a conflict remains, the repository is left mid-rebase, each conflict is listed as
            path:line: conflict: reason, and the exit status is 1: edit the files to keep what you want
            (delete the <<<<<<< ======= >>>>>>> lines) and run brain sync again to finish, or
            git rebase --abort to give up the pull. Needs git; see docs/SYNC.md.

            brain sync resolve is for a vault synced by Syncthing, Dropbox or iCloud Drive instead: it
            merges each conflict copy they left (NAME.sync-conflict-YYYYMMDD-HHMMSS-ID.md,
            NAME (conflicted copy).md, NAME 2.md beside NAME.md) into its file by the merge driver's
            rules, two-way: what both hold is kept once, what one holds is kept, habit lines merge by
            habit (an open box takes the other side's check), front-matter by key, lists as sets. A real
            disagreement (done against skipped, two values of one key) is written between conflict
            markers and listed as path:line: conflict: reason. Each copy then goes to
            .brain/trash/DAY/PATH (brain restore lists it). One change under the vault lock; no git.
            Exit status 0 when every copy merged cleanly (or there was none), 1 when conflicts were
            written. While a copy exists, every command that reads the vault warns.
            """,
        positionals: [.init(name: "resolve", help: "merge the sync engines' conflict copies instead of syncing with git",
                            optional: true, choices: ["resolve"])],
        options: [
            .value("message", short: "m", "TEXT", "the commit message (default: made from the changes)"),
            .flag("no-push", "commit and pull, but do not push"),
            .flag("dry-run", "with resolve: say what would be merged, write nothing"),
            .flag("json", "print the result as JSON"),
        ],
        examples: ["brain sync", "brain sync -m \"Week of 2026-11-16\"", "brain sync --no-push", "brain sync resolve --dry-run"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        if let action = arguments.positional(0) {
            guard action == "resolve" else { throw CLIError.usage("brain sync takes resolve or nothing, not \"\(action)\"") }
            return try resolve(arguments, session)
        }
        if arguments.flag("dry-run") { throw CLIError.usage("--dry-run goes with brain sync resolve") }
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

    /// `brain sync resolve`: each conflict copy merged into its file and put in the trash.
    private static func resolve(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        if arguments.value("message") != nil || arguments.flag("no-push") {
            throw CLIError.usage("-m and --no-push go with brain sync, not brain sync resolve")
        }
        // This command is the answer to the warning: it is not printed here.
        session.conflictCopiesTold = true
        let dryRun = arguments.flag("dry-run")
        let result = try session.perform(ResolveConflictCopies(day: try session.day("today")), dryRun: dryRun)
        let outcome = result.outcome
        let status = outcome.hasConflicts ? ExitCode.failure : ExitCode.success
        if arguments.flag("json") {
            try session.json(result)
            return status
        }
        if outcome.copies.isEmpty {
            session.line("no conflict copies in the vault")
            return ExitCode.success
        }
        let would = dryRun ? "would be " : ""
        var conflicts = 0
        for entry in outcome.copies {
            let kept = entry.trash.isEmpty ? "" : "; the copy \(dryRun ? "would go" : "is") in \(entry.trash)"
            switch entry.result {
            case .merged:
                session.line("\(entry.path): \(would)merged into \(entry.original)\(kept)")
            case .conflicts:
                let count = entry.conflicts.count == 1 ? "1 conflict" : "\(entry.conflicts.count) conflicts"
                session.line("\(entry.path): \(would)merged into \(entry.original) with \(count)\(kept)")
                for conflict in entry.conflicts {
                    session.context.stderr.write("\(entry.original):\(conflict.line): conflict: \(conflict.reason)\n")
                }
                conflicts += entry.conflicts.count
            case .nothingNew:
                session.line("\(entry.path): nothing new, \(entry.original) holds all of it\(kept)")
            case .restored:
                session.line("\(entry.path): \(entry.original) was gone; the copy \(dryRun ? "would take" : "took") its place\(kept)")
            case .refused:
                session.warn("\(entry.path) was left as it is: \(entry.reason ?? "its file cannot be written")")
            }
        }
        if dryRun { session.line("dry run: nothing was written") }
        if conflicts > 0 {
            let count = conflicts == 1 ? "a conflict was" : "\(conflicts) conflicts were"
            throw CLIError.failure("\(count) \(dryRun ? "found" : "written"): edit each file listed above, keep the lines you want "
                                   + "and delete the <<<<<<<, ======= and >>>>>>> lines")
        }
        return ExitCode.success
    }

    private static func commits(_ count: Int) -> String {
        count == 1 ? "1 commit" : "\(count) commits"
    }
}
