import BrainKit

/// `brain merge-driver %O %A %B %P`: the merge git runs for vault files (set up by `brain git-setup`).
enum MergeDriverCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "merge-driver",
        summary: "merge one vault file for git: habit lines by habit, front-matter by key",
        discussion: """
            Git runs this for every *.md file both sides changed, once .gitattributes routes *.md to it
            (brain git-setup does both). BASE, OURS and THEIRS are git's temporary files (%O %A %B) and
            PATH is the file's path in the repository (%P), which decides how it is merged: a daily file
            merges its front-matter key by key, its habit lines by habit (checks made on two machines
            both survive; done against skipped is a conflict on that one line), list items both sides
            added as a set and prose word by word; other notes merge front-matter by key and the body
            line by line. The result is written over OURS. Exit status 0 when the merge is clean, 1 when
            conflicts are left between <<<<<<< and >>>>>>> markers; each is listed on standard error as
            path:line: conflict: reason. Unchanged lines keep their bytes and line endings.
            """,
        positionals: [
            .init(name: "BASE", help: "the common ancestor's version (git's %O)", completion: .files),
            .init(name: "OURS", help: "our version, replaced by the result (git's %A)", completion: .files),
            .init(name: "THEIRS", help: "their version (git's %B)", completion: .files),
            .init(name: "PATH", help: "the file's path in the repository (git's %P)", completion: .files),
        ],
        options: [
            .value("marker-size", "N", "length of the conflict markers (git's %L; default 7)"),
            .value("ours-label", "TEXT", "name of our side after <<<<<<< (default: ours)"),
            .value("theirs-label", "TEXT", "name of their side after >>>>>>> (default: theirs)"),
            .flag("json", "print the merge's result as JSON on standard output"),
        ],
        examples: ["git config merge.brain.driver \"brain merge-driver %O %A %B %P --marker-size %L\""])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let directory = session.context.currentDirectory
        func absolute(_ index: Int) -> String { VaultLocator.absolute(arguments.positional(index)!, from: directory) }
        let driver = MergeDriver(
            base: absolute(0), ours: absolute(1), theirs: absolute(2), path: arguments.positional(3)!, directory: directory,
            labels: MergeLabels(ours: arguments.value("ours-label") ?? "ours", theirs: arguments.value("theirs-label") ?? "theirs"),
            markerSize: try arguments.int("marker-size", in: 1...100) ?? 7)
        let outcome = try driver.run()
        if arguments.flag("json") {
            try session.json(outcome)
        } else {
            // One line per conflict, whatever the path holds (git allows a line break in one).
            let path = MergeLabels.oneLine(outcome.path) ?? outcome.path
            for conflict in outcome.conflicts {
                session.context.stderr.write("\(path):\(conflict.line): conflict: \(conflict.reason)\n")
            }
        }
        return outcome.clean ? ExitCode.success : ExitCode.failure
    }
}
