import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Two machines with clones of one bare repository on this machine, each running `brain` (git runs
/// the built `brain merge-driver` for every merge).
@Suite(.serialized, .enabled(if: GitSandbox.gitInstalled, GitSandbox.skipMessage))
struct SyncTests {
    struct Machines {
        let sandbox: GitSandbox
        let remote: String
        let a: TestVault
        let b: TestVault
    }

    static let day = """
    ---
    date: 2026-11-22
    mood:
    energy:
    evening-mood:
    rest: false
    ---
    ## Intentions
    - 

    ## Habits
    - [ ] [[meditate]]
    - [ ] [[walk]]

    ## Reflection
    Slow start, good afternoon, early night.
    The walk by the river helped.
    Tea with Ana at four.

    """

    /// Machine a makes the vault (`init --git`, four habits, the day's file in `day`'s line endings)
    /// and pushes it; machine b clones it and runs `git-setup`.
    static func machines(crlf: Bool = false) throws -> Machines {
        let sandbox = try GitSandbox()
        let remote = try sandbox.bareRepository()
        let a = try sandbox.machine()
        try ok(a, ["init", "--git"])
        for habit in ["Read", "Run", "Walk", "Meditate"] { try ok(a, ["new", "habit", habit, "--every", "day"]) }
        try a.write("daily/2026-11-22.md", crlf ? day.replacingOccurrences(of: "\n", with: "\r\n") : day)
        try sandbox.git(["remote", "add", "origin", remote], in: a.root)
        try ok(a, ["sync"])
        let b = try sandbox.machine()
        try sandbox.git(["clone", "--quiet", remote, "."], in: b.root)
        try ok(b, ["git-setup"])
        return Machines(sandbox: sandbox, remote: remote, a: a, b: b)
    }

    @discardableResult
    static func ok(_ vault: TestVault, _ arguments: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> RunResult {
        let result = vault.run(arguments)
        #expect(result.status == 0, "brain \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)",
                sourceLocation: sourceLocation)
        return result
    }

    static func replace(_ vault: TestVault, _ path: String, _ old: String, _ new: String) throws {
        let text = try vault.read(path)
        #expect(text.contains(old), "\(path) has no \"\(old)\"")
        try vault.write(path, text.replacingOccurrences(of: old, with: new))
    }

    @Test func everyEditOfBothMachinesSurvivesWithoutConflict() throws {
        let m = try Self.machines()
        let path = "daily/2026-11-22.md"
        // Machine a: a check-off, the morning mood and an intention, two reflection edits.
        try Self.ok(m.a, ["done", "read", "24"])
        try Self.ok(m.a, ["checkin", "morning", "--mood", "4", "--intention", "Ship the parser"])
        try Self.replace(m.a, path, "Slow start,", "Slow start after the flu,")
        try Self.replace(m.a, path, "Tea with Ana at four.", "Tea with Ana at four, then chess.")
        // Machine b, at the same time: other habits, the energy key, another intention, the same
        // reflection edited in other places (the same line, and the line next to a's).
        try Self.ok(m.b, ["done", "run"])
        try Self.ok(m.b, ["skip", "meditate", "no time"])
        try Self.ok(m.b, ["checkin", "morning", "--energy", "3", "--intention", "Call mum"])
        try Self.replace(m.b, path, "early night.", "early night at last.")
        try Self.replace(m.b, path, "The walk by the river helped.", "The walk by the river helped a lot.")

        let first = try Self.ok(m.a, ["sync"])
        #expect(first.stdout.contains("committed 1 file: 2026-11-22: done read; check-in; intentions; reflection"))
        #expect(first.stdout.contains("pushed 1 commit to origin/main"))
        let second = try Self.ok(m.b, ["sync"])
        #expect(second.stdout.contains("committed 1 file: 2026-11-22: done run; skip meditate; check-in; intentions; reflection"))
        #expect(second.stdout.contains("pulled 1 commit from origin/main"))
        #expect(second.stdout.contains("pushed 1 commit to origin/main"))
        let third = try Self.ok(m.a, ["sync"])
        #expect(third.stdout.contains("nothing to commit"))
        #expect(third.stdout.contains("pulled 1 commit from origin/main"))

        let expected = """
        ---
        date: 2026-11-22
        mood: 4
        energy: 3
        evening-mood:
        rest: false
        ---
        ## Intentions
        - Ship the parser
        - Call mum

        ## Habits
        - [-] [[meditate]] no time
        - [ ] [[walk]]
        - [x] [[read]] 24
        - [x] [[run]]

        ## Reflection
        Slow start after the flu, good afternoon, early night at last.
        The walk by the river helped a lot.
        Tea with Ana at four, then chess.

        """
        #expect(try m.a.read(path) == expected)
        #expect(try m.b.read(path) == expected)
        let log = try m.sandbox.git(["log", "--format=%s"], in: m.b.root)
        #expect(log.hasPrefix("2026-11-22: done run; skip meditate; check-in; intentions; reflection\n2026-11-22: done read;"))
        // Both machines end on the same commit, which the remote has too.
        #expect(try m.sandbox.git(["rev-parse", "HEAD"], in: m.a.root) == m.sandbox.git(["rev-parse", "HEAD"], in: m.b.root))
        #expect(try m.sandbox.git(["rev-parse", "main"], in: m.remote) == m.sandbox.git(["rev-parse", "HEAD"], in: m.a.root))
    }

    @Test func doneAgainstSkipIsAConflictOnTheOneLineUntilResolved() throws {
        let m = try Self.machines()
        let path = "daily/2026-11-22.md"
        try Self.ok(m.a, ["done", "walk"])
        try Self.ok(m.a, ["done", "read"])
        try Self.ok(m.b, ["skip", "walk", "rain"])
        try Self.ok(m.b, ["done", "run"])
        try Self.ok(m.a, ["sync"])
        let result = m.b.run(["sync"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("daily/2026-11-22.md:13: conflict: walk: done on origin/main, skipped on this machine\n"))
        #expect(result.stderr.contains("brain: the pull stopped on a conflict; the repository is in the middle of a rebase."))
        #expect(result.stderr.contains("then run brain sync again"))
        #expect(result.stderr.contains("git rebase --abort"))
        let text = try m.b.read(path)
        #expect(text.contains("""
        - [ ] [[meditate]]
        <<<<<<< origin/main
        - [x] [[walk]]
        =======
        - [-] [[walk]] rain
        >>>>>>> this machine
        - [x] [[read]]
        - [x] [[run]]

        """))
        #expect(FileManager.default.fileExists(atPath: m.b.root + "/.git/rebase-merge"))
        // Syncing again with the markers still there says the same and changes nothing.
        let again = m.b.run(["sync", "--json"])
        #expect(again.status == 1)
        #expect(again.stdout.contains("\"status\" : \"conflict\""))
        #expect(try m.b.read(path) == text)

        // Resolved by hand: keep the skip.
        try Self.replace(m.b, path, "<<<<<<< origin/main\n- [x] [[walk]]\n=======\n", "")
        try Self.replace(m.b, path, ">>>>>>> this machine\n", "")
        let finished = try Self.ok(m.b, ["sync"])
        #expect(finished.stdout.contains("finished the pull the last sync left mid-rebase"))
        #expect(finished.stdout.contains("pushed 1 commit to origin/main"))
        #expect(!FileManager.default.fileExists(atPath: m.b.root + "/.git/rebase-merge"))
        try Self.ok(m.a, ["sync"])
        let resolved = try m.a.read(path)
        #expect(resolved.contains("- [ ] [[meditate]]\n- [-] [[walk]] rain\n- [x] [[read]]\n- [x] [[run]]\n"))
        #expect(try m.b.read(path) == resolved)
    }

    /// After a conflict resolved by hand, the commit's message says what it holds now: keeping the
    /// other machine's check-off, this machine's commit no longer skips the walk.
    @Test func afterAResolvedConflictTheMessageSaysWhatTheCommitHolds() throws {
        let m = try Self.machines()
        let path = "daily/2026-11-22.md"
        try Self.ok(m.a, ["done", "walk"])
        try Self.ok(m.b, ["skip", "walk", "rain"])
        try Self.ok(m.b, ["done", "run"])
        try Self.ok(m.a, ["sync"])
        #expect(m.b.run(["sync"]).status == 1)
        #expect(try m.sandbox.git(["log", "-1", "--format=%s", "REBASE_HEAD"], in: m.b.root) == "2026-11-22: done run; skip walk\n")
        // Resolved by hand: keep the other machine's check-off.
        try Self.replace(m.b, path, "<<<<<<< origin/main\n", "")
        try Self.replace(m.b, path, "=======\n- [-] [[walk]] rain\n>>>>>>> this machine\n", "")
        try Self.ok(m.b, ["sync"])
        #expect(try m.sandbox.git(["log", "-1", "--format=%s"], in: m.b.root) == "2026-11-22: done run\n")
        #expect(try m.b.read(path).contains("- [x] [[walk]]\n"))
    }

    /// A rename travels: machine a renames a habit while machine b, not yet synced, checks it off
    /// under its old id; after both sync, b's line names the habit by its new id (b's sync says
    /// so), a's commit is titled by the rename, and both see the check-off.
    @Test func aRenameTravelsToAMachineThatCheckedOffTheOldName() throws {
        let m = try Self.machines()
        try Self.ok(m.a, ["new", "habit", "Write 500 words", "--every", "day"])
        try Self.ok(m.a, ["sync"])
        try Self.ok(m.b, ["sync"])
        try Self.ok(m.a, ["rename", "write-500-words", "Writing"])
        let renamed = try Self.ok(m.a, ["sync"])
        #expect(renamed.stdout.contains("committed 2 files: rename habit Write 500 words → Writing\n") || renamed.stdout.contains(": rename habit Write 500 words → Writing"), "\(renamed.stdout)")
        try Self.ok(m.b, ["done", "write-500-words", "--date", "2026-11-21"])
        let synced = try Self.ok(m.b, ["sync"])
        #expect(synced.stdout.contains("daily/2026-11-21.md:"), "\(synced.stdout)")
        #expect(synced.stdout.contains("[[write-500-words]] names the renamed habit writing: now [[writing]]"), "\(synced.stdout)")
        #expect(try m.b.read("daily/2026-11-21.md").contains("- [x] [[writing]]"))
        #expect(try !m.b.read("daily/2026-11-21.md").contains("[[write-500-words]]"))
        try Self.ok(m.a, ["sync"])
        #expect(try m.a.read("daily/2026-11-21.md") == m.b.read("daily/2026-11-21.md"))
        let log = m.a.run(["log", "writing", "--json"]).stdout
        #expect(log.contains("2026-11-21"), "\(log)")
        #expect(try m.sandbox.git(["log", "--format=%s"], in: m.a.root).contains("name renamed habits by their ids: write-500-words → writing in 1 day"))
    }

    /// The same day on both machines: a's rename rewrote the habit's open line while b checked it
    /// off under the old id. The merge driver reads the habit's aliases and merges the two as one
    /// habit's line: one line, checked, under the new id, no conflict.
    @Test func theMergeDriverMergesAnOldIdsLineAsTheRenamedHabits() throws {
        let m = try Self.machines()
        try Self.ok(m.a, ["new", "habit", "Write 500 words", "--every", "day"])
        try Self.replace(m.a, "daily/2026-11-22.md", "- [ ] [[walk]]\n", "- [ ] [[walk]]\n- [ ] [[write-500-words]]\n")
        try Self.ok(m.a, ["sync"])
        try Self.ok(m.b, ["sync"])
        try Self.ok(m.a, ["rename", "write-500-words", "Writing"])
        #expect(try m.a.read("daily/2026-11-22.md").contains("- [ ] [[writing]]\n"))
        try Self.ok(m.a, ["sync"])
        try Self.ok(m.b, ["done", "write-500-words"])
        #expect(try m.b.read("daily/2026-11-22.md").contains("- [x] [[write-500-words]]\n"))
        try Self.ok(m.b, ["sync"])
        let day = try m.b.read("daily/2026-11-22.md")
        #expect(day.contains("- [x] [[writing]]\n"), "\(day)")
        #expect(day.components(separatedBy: "[[writing]]").count == 2 && !day.contains("[[write-500-words]]"), "\(day)")
        #expect(!day.contains("<<<<<<<"))
        #expect(m.b.run(["today"]).stdout.contains("✓ Writing"))
    }

    @Test func aNoteRemovedOnOneSideAndChangedOnTheOtherIsKeptOrRemovedWithGit() throws {
        let m = try Self.machines()
        for name in ["Ideas", "Plans"] { try Self.ok(m.a, ["new", "note", name]) }
        try Self.ok(m.a, ["sync"])
        try Self.ok(m.b, ["sync"])
        // a removes both notes; b changes both, and checks off a habit.
        for name in ["ideas", "plans"] { try FileManager.default.removeItem(atPath: m.a.root + "/notes/\(name).md") }
        try Self.ok(m.a, ["sync"])
        for name in ["ideas", "plans"] { try m.b.write("notes/\(name).md", "# \(name)\nstill wanted?\n") }
        try Self.ok(m.b, ["done", "run"])
        let stopped = m.b.run(["sync"])
        #expect(stopped.status == 1)
        #expect(stopped.stderr.contains("notes/ideas.md:1: conflict: removed on one side, changed on the other: keep it with git add notes/ideas.md or remove it with git rm notes/ideas.md"))
        #expect(stopped.stderr.contains("notes/plans.md:1: conflict: removed on one side, changed on the other"))
        // Until each is added or removed, sync says the same.
        #expect(m.b.run(["sync"]).status == 1)
        // Keep one, remove the other, as the messages say, and sync again.
        try m.sandbox.git(["add", "notes/ideas.md"], in: m.b.root)
        try m.sandbox.git(["rm", "--quiet", "notes/plans.md"], in: m.b.root)
        let finished = try Self.ok(m.b, ["sync"])
        #expect(finished.stdout.contains("finished the pull the last sync left mid-rebase"))
        #expect(try m.sandbox.git(["status", "--porcelain"], in: m.b.root) == "")
        #expect(try m.sandbox.git(["ls-files", "notes"], in: m.b.root) == "notes/ideas.md\n")
        #expect(try m.b.read("notes/ideas.md") == "# ideas\nstill wanted?\n")
        #expect(try m.b.read("daily/2026-11-22.md").contains("- [x] [[run]]"))
    }

    @Test func crlfDailyFilesStayCRLF() throws {
        let m = try Self.machines(crlf: true)
        let path = "daily/2026-11-22.md"
        try Self.ok(m.a, ["done", "read", "30"])
        try Self.ok(m.a, ["checkin", "evening", "--mood", "4", "--reflection", "Quiet evening."])
        try Self.ok(m.b, ["done", "walk"])
        try Self.ok(m.b, ["checkin", "morning", "--mood", "3", "--intention", "Call mum"])
        try Self.ok(m.a, ["sync"])
        try Self.ok(m.b, ["sync"])
        try Self.ok(m.a, ["sync"])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: m.b.root + "/" + path))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "a line lost its CRLF:\n\(text)")
        for line in ["mood: 3", "evening-mood: 4", "- Call mum", "- [x] [[walk]]", "- [x] [[read]] 30", "Quiet evening."] {
            #expect(text.contains(line + "\r\n"), "\(line) is missing")
        }
        #expect(try m.a.read(path) == text)
    }

    @Test func plainGitPullFromASubfolderUsesTheDriver() throws {
        let m = try Self.machines()
        try Self.ok(m.a, ["done", "read"])
        try Self.ok(m.a, ["sync"])
        try Self.ok(m.b, ["done", "run"])
        try m.sandbox.git(["commit", "--quiet", "-am", "run"], in: m.b.root)
        // git runs the driver wherever the pull was started from.
        try m.sandbox.git(["pull", "--quiet", "--rebase", "origin", "main"], in: m.b.root + "/daily")
        let text = try m.b.read("daily/2026-11-22.md")
        #expect(text.contains("- [ ] [[walk]]\n- [x] [[read]]\n- [x] [[run]]\n"))
        #expect(!text.contains("<<<<<<<"))
    }

    @Test func aPushThatLosesTheRaceIsPulledAndRetried() throws {
        let m = try Self.machines()
        try Self.ok(m.a, ["done", "read"])
        try m.sandbox.git(["commit", "--quiet", "-am", "read"], in: m.a.root)
        try Self.ok(m.b, ["done", "run"])
        // While b pushes, a pushes first (once): b's push is refused, so b pulls again and retries.
        let hook = m.b.root + "/.git/hooks/pre-push"
        try """
        #!/bin/sh
        unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE
        if [ ! -e "\(m.sandbox.root)/raced" ]; then
          touch "\(m.sandbox.root)/raced"
          git -C "\(m.a.root)" push --quiet origin main || exit 1
        fi
        exit 0

        """.write(toFile: hook, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
        let result = try Self.ok(m.b, ["sync"])
        #expect(FileManager.default.fileExists(atPath: m.sandbox.root + "/raced"))
        #expect(result.stdout.contains("pulled 1 commit from origin/main\npushed 1 commit to origin/main\n"))
        #expect(try m.b.read("daily/2026-11-22.md").contains("- [ ] [[walk]]\n- [x] [[read]]\n- [x] [[run]]\n"))
        #expect(try m.sandbox.git(["rev-parse", "main"], in: m.remote) == m.sandbox.git(["rev-parse", "HEAD"], in: m.b.root))
    }

    @Test func noPushCommitsAndPullsOnlyAndMessageNamesTheCommit() throws {
        let m = try Self.machines()
        try Self.ok(m.b, ["done", "run"])
        let result = try Self.ok(m.b, ["sync", "--no-push", "-m", "Sunday"])
        #expect(result.stdout == "committed 1 file: Sunday\nnothing to pull from origin/main (not pushing)\n")
        #expect(try m.sandbox.git(["log", "-1", "--format=%s"], in: m.b.root) == "Sunday\n")
        #expect(try m.sandbox.git(["rev-parse", "main"], in: m.remote) != m.sandbox.git(["rev-parse", "HEAD"], in: m.b.root))
        let json = try Self.ok(m.b, ["sync", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["status"] as? String == "synced")
        #expect(object["pushed"] as? Int == 1)
        #expect(object["upstream"] as? String == "origin/main")
        #expect(object["committed"] is NSNull)
    }

    @Test func aVaultWithoutRemoteOnlyCommits() throws {
        let sandbox = try GitSandbox()
        let vault = try sandbox.machine()
        try Self.ok(vault, ["init", "--git"])
        let result = try Self.ok(vault, ["sync"])
        #expect(result.stdout.hasPrefix("committed 9 files: new area Creative, Finance, Health, Learning, Relationships, Work; and 2 more\n"))
        #expect(try sandbox.git(["log", "-1", "--format=%b"], in: vault.root)
            == "new area Creative, Finance, Health, Learning, Relationships, Work\nsettings\ngit set-up\n\n")
        #expect(result.stdout.hasSuffix("no remote to sync with: add one with git remote add origin URL\n"))
        #expect(try sandbox.git(["status", "--porcelain"], in: vault.root) == "")
        // The cache and the lock in it are never committed.
        #expect(try !sandbox.git(["ls-files"], in: vault.root).contains(".brain/cache"))
    }

    @Test func aVaultInsideALargerRepositoryCommitsOnlyItsOwnFiles() throws {
        let sandbox = try GitSandbox()
        let top = try sandbox.machine()
        try sandbox.git(["init", "--quiet"], in: top.root)
        try top.write("README.md", "# My things\n")
        try sandbox.git(["add", "README.md"], in: top.root)
        try sandbox.git(["commit", "--quiet", "-m", "readme"], in: top.root)
        try Self.ok(top, ["init", "brain", "--git"])
        let vault = top.root + "/brain"
        #expect(!FileManager.default.fileExists(atPath: vault + "/.git"), "git-setup made a repository inside a repository")
        try Self.ok(top, ["--vault", vault, "new", "habit", "Read", "--every", "day"])
        try Self.ok(top, ["--vault", vault, "sync"])
        try Self.ok(top, ["--vault", vault, "done", "read"])
        try top.write("README.md", "# My things, changed\n")
        let result = try Self.ok(top, ["--vault", vault, "sync"])
        #expect(result.stdout.hasPrefix("committed 1 file: 2026-11-22: done read\n"))
        #expect(try sandbox.git(["status", "--porcelain"], in: top.root) == " M README.md\n")
        #expect(try sandbox.git(["show", "--name-only", "--format=%s", "HEAD"], in: top.root)
            == "2026-11-22: done read\n\nbrain/daily/2026-11-22.md\n")
        // A file outside the vault that is staged stays staged, out of the commit.
        try sandbox.git(["add", "README.md"], in: top.root)
        // Right after the check-off, undo deletes the day's file the check-off created.
        try Self.ok(top, ["--vault", vault, "undo", "read"])
        let staged = try Self.ok(top, ["--vault", vault, "sync"])
        #expect(staged.stdout.hasPrefix("committed 1 file: 2026-11-22: deleted\n"))
        #expect(try sandbox.git(["status", "--porcelain"], in: top.root) == "M  README.md\n")
        #expect(try sandbox.git(["show", "--name-only", "--format=%s", "HEAD"], in: top.root)
            == "2026-11-22: deleted\n\nbrain/daily/2026-11-22.md\n")
    }

    // MARK: - Errors

    @Test func errorsSayWhatToDo() throws {
        let sandbox = try GitSandbox()
        let plain = try sandbox.machine()
        try Self.ok(plain, ["init"])
        let notRepository = plain.run(["sync"])
        #expect(notRepository.status == 1)
        #expect(notRepository.stderr == "brain: \(plain.root) is not in a git repository: run `brain git-setup` to make it one (or `git clone` the vault from another machine)\n")

        plain.environment["PATH"] = "/nonexistent"
        let missing = plain.run(["sync"])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("brain: git is not installed (or not in PATH): install it"))
        plain.environment = sandbox.environment

        try Self.ok(plain, ["git-setup"])
        try sandbox.git(["remote", "add", "origin", sandbox.root + "/nowhere.git"], in: plain.root)
        let unreachable = plain.run(["sync"])
        #expect(unreachable.status == 1)
        #expect(unreachable.stderr.contains("brain: cannot reach the remote origin (\(sandbox.root)/nowhere.git): "))
        #expect(unreachable.stderr.contains("your changes are committed here and the next brain sync sends them"))
        #expect(try sandbox.git(["status", "--porcelain"], in: plain.root) == "")

        let nobody = try sandbox.machine()
        nobody.environment = sandbox.environment.filter { !$0.key.hasPrefix("GIT_AUTHOR") && !$0.key.hasPrefix("GIT_COMMITTER") }
        try Self.ok(nobody, ["init", "--git"])
        let anonymous = nobody.run(["sync"])
        #expect(anonymous.status == 1)
        #expect(anonymous.stderr.hasPrefix("brain: git does not know who you are: run git config --global user.name"))
    }

    // MARK: - Set-up and the driver

    @Test func gitSetupIsIdempotentAndKeepsWhatIsThere() throws {
        let sandbox = try GitSandbox()
        let vault = try sandbox.machine()
        try Self.ok(vault, ["init"])
        try vault.write(".gitattributes", "*.png binary\r\n")
        let first = try Self.ok(vault, ["git-setup"])
        let brain = try #require(vault.executablePath)
        #expect(first.stdout == """
            created a git repository in \(vault.root)
            updated .gitattributes (*.md merge=brain)
            updated .brain/.gitignore (cache/, trash/, journal*)
            created the merge driver in .git/config (\(brain) merge-driver %O %A %B %P --marker-size %L)

            Next: git remote add origin URL, then brain sync

            """)
        #expect(try vault.read(".gitattributes") == "*.png binary\r\n*.md merge=brain\r\n")
        #expect(try vault.read(".brain/.gitignore") == "cache/\njournal*\ntrash/\n")
        #expect(try sandbox.git(["config", "merge.brain.driver"], in: vault.root) == "\(brain) merge-driver %O %A %B %P --marker-size %L\n")
        #expect(try sandbox.git(["check-attr", "merge", "--", "daily/2026-11-22.md"], in: vault.root) == "daily/2026-11-22.md: merge: brain\n")
        #expect(try sandbox.git(["check-ignore", ".brain/cache/lock", ".brain/trash/2026-11-22/notes/x.md"], in: vault.root)
            == ".brain/cache/lock\n.brain/trash/2026-11-22/notes/x.md\n")

        let second = try Self.ok(vault, ["git-setup", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
        #expect(object["initialized"] as? Bool == false)
        #expect(object["attributes"] as? String == "kept")
        #expect(object["ignore"] as? String == "kept")
        #expect(object["driver"] as? String == "kept")
        #expect(try vault.read(".gitattributes") == "*.png binary\r\n*.md merge=brain\r\n")

        // A moved brain is recorded again; a path with a space is quoted for git's shell.
        vault.executablePath = "/opt/my tools/brain"
        let moved = try Self.ok(vault, ["git-setup"])
        #expect(moved.stdout.contains("updated the merge driver in .git/config ('/opt/my tools/brain' merge-driver"))
    }

    @Test func initWithGitReportsTheSetUp() throws {
        let sandbox = try GitSandbox()
        let vault = try sandbox.machine()
        let result = try Self.ok(vault, ["init", "--git", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let git = try #require(object["git"] as? [String: Any])
        #expect(git["initialized"] as? Bool == true)
        #expect(git["attributes"] as? String == "created")
        #expect(git["repository"] as? String == vault.root)
        #expect(FileManager.default.fileExists(atPath: vault.root + "/.git"))
    }

    @Test func theDriverRunsFromAnyFolderAndWritesOurs() throws {
        let sandbox = try GitSandbox()
        let folder = sandbox.root + "/files"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        func write(_ name: String, _ text: String) throws { try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
        try write("base", "## Habits\n- [ ] [[read]]\n- [ ] [[run]]\n")
        try write("ours", "## Habits\n- [x] [[read]]\n- [ ] [[run]]\n")
        try write("theirs", "## Habits\n- [ ] [[read]]\n- [-] [[run]]\n")
        let brain = try ConcurrencyTests.executable().path
        func driver(_ theirs: String) throws -> ProcessOutput {
            try FoundationProcessRunner().run(brain, ["merge-driver", folder + "/base", folder + "/ours", folder + "/" + theirs,
                                                      "daily/2026-11-22.md"], in: "/", environment: sandbox.environment)
        }
        let clean = try driver("theirs")
        #expect(clean.status == 0, "\(clean.stderrText)")
        #expect(try String(contentsOfFile: folder + "/ours", encoding: .utf8) == "## Habits\n- [x] [[read]]\n- [-] [[run]]\n")
        try write("other", "## Habits\n- [-] [[read]] tired\n- [-] [[run]]\n")
        let conflict = try driver("other")
        #expect(conflict.status == 1)
        #expect(conflict.stderrText == "daily/2026-11-22.md:2: conflict: read: done on ours, skipped on theirs\n")
        #expect(try String(contentsOfFile: folder + "/ours", encoding: .utf8)
            == "## Habits\n<<<<<<< ours\n- [x] [[read]]\n=======\n- [-] [[read]] tired\n>>>>>>> theirs\n- [-] [[run]]\n")
    }

    @Test func aLabelOrPathWithALineBreakWritesNoLine() throws {
        let vault = try TestVault(sample: false)
        let forged = "- [x] [[read]] forged"
        try vault.write("o", "## Habits\n- [ ] [[read]]\n")
        try vault.write("a", "## Habits\n- [x] [[read]]\n")
        try vault.write("b", "## Habits\n- [-] [[read]] tired\n")
        let result = vault.run(["merge-driver", "o", "a", "b", "daily/2026-11-22.md\n" + forged, "--marker-size", "7",
                                "--ours-label", "origin/main\n" + forged, "--theirs-label", "this machine\u{2028}" + forged])
        #expect(result.status == 1)
        let text = try vault.read("a")
        #expect(text == """
            ## Habits
            <<<<<<< origin/main - [x] [[read]] forged
            - [x] [[read]]
            =======
            - [-] [[read]] tired
            >>>>>>> this machine - [x] [[read]] forged

            """)
        #expect(!text.split(whereSeparator: \.isNewline).contains { $0.hasPrefix(forged) })
        // One conflict, one line on standard error.
        #expect(result.stderr.split(whereSeparator: \.isNewline).count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("daily/2026-11-22.md - [x] [[read]] forged:2: conflict: "))
    }

    /// A sync's warnings are data (a code and the `brain` used as the driver) that the command
    /// line words: a repository made with `git init`, without `brain git-setup`, syncs with both.
    @Test func warningsAreCodesTheCommandLineWords() throws {
        let sandbox = try GitSandbox()
        let vault = try sandbox.machine()
        try Self.ok(vault, ["init"])
        _ = try sandbox.git(["init", "--quiet"], in: vault.root)
        let json = try Self.ok(vault, ["sync", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let warnings = try #require(object["warnings"] as? [[String: Any]])
        #expect(warnings.map { $0["code"] as? String } == ["no-merge-driver", "markdown-not-routed"])
        let executable = try #require(warnings.first?["executable"] as? String)
        #expect(executable.hasSuffix("brain"))
        #expect(warnings.last?["executable"] is NSNull)
        try vault.write("notes/idea.md", "# Idea\n")
        let text = try Self.ok(vault, ["sync"])
        #expect(text.stderr == """
            warning: this repository has no brain merge driver registered; run `brain git-setup` (this sync used \(executable))
            warning: *.md files are not routed to the brain merge driver in .gitattributes; run `brain git-setup`

            """)
    }

    @Test func theDriverPrintsJSONAndRefusesMissingFiles() throws {
        let vault = try TestVault(sample: false)
        try vault.write("o", "a\n")
        try vault.write("a", "a\nb\n")
        try vault.write("b", "c\na\n")
        let result = vault.run(["merge-driver", "o", "a", "b", "notes/x.md", "--json"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"clean\" : true"))
        #expect(result.stdout.contains("\"kind\" : \"note\""))
        #expect(try vault.read("a") == "c\na\nb\n")
        let missing = vault.run(["merge-driver", "o", "a", "nope", "notes/x.md"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("nope"))
        #expect(try vault.read("a") == "c\na\nb\n")
    }
}
