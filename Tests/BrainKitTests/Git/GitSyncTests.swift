import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct CommitSummaryTests {
    static let vault = Vault(root: "/vault", fileSystem: MemoryFileSystem())

    static func change(_ path: String, _ status: CommitSummary.Change.Status, _ before: String?, _ after: String?) -> CommitSummary.Change {
        CommitSummary.Change(path: path, status: status, before: before.map { Array($0.utf8) }, after: after.map { Array($0.utf8) })
    }

    static let day = "---\ndate: 2026-11-22\nmood:\n---\n## Intentions\n- \n\n## Habits\n- [ ] [[read]]\n- [x] [[run]]\n- [ ] [[walk]]\n\n## Reflection\n"

    @Test func aDaySaysWhichHabitsWereDoneSkippedLoggedAndUndone() {
        let after = Self.day.replacingOccurrences(of: "- [ ] [[read]]", with: "- [x] [[read]] 24 pages")
            .replacingOccurrences(of: "- [x] [[run]]", with: "- [ ] [[run]]")
            .replacingOccurrences(of: "- [ ] [[walk]]", with: "- [-] [[walk]] rain\n- [ ] [[guitar]] 10 minutes\n- [x] [[meditate]]")
        let parts = CommitSummary.describe([Self.change("daily/2026-11-22.md", .modified, Self.day, after)], vault: Self.vault)
        #expect(parts == ["2026-11-22: done read, meditate; skip walk; log guitar; undo run"])
    }

    @Test func aDaySaysCheckInIntentionsReflectionAndRest() {
        let after = Self.day.replacingOccurrences(of: "mood:", with: "mood: 4\nrest: true")
            .replacingOccurrences(of: "- \n", with: "- Ship the parser\n") + "Slow start.\n"
        #expect(CommitSummary.describe([Self.change("daily/2026-11-22.md", .modified, Self.day, after)], vault: Self.vault)
            == ["2026-11-22: check-in; rest; intentions; reflection"])
        #expect(CommitSummary.describe([Self.change("daily/2026-11-22.md", .added, nil, Self.day)], vault: Self.vault)
            == ["2026-11-22: done run"])
        let template = "---\ndate: 2026-11-22\nmood:\n---\n## Intentions\n- \n\n## Habits\n\n## Reflection\n"
        #expect(CommitSummary.describe([Self.change("daily/2026-11-22.md", .added, nil, template)], vault: Self.vault)
            == ["2026-11-22: new day"])
    }

    @Test func otherFilesAreNamedByKindAndTitle() {
        let changes = [
            Self.change("notes/ideas.md", .modified, "# Ideas\n", "# Ideas\nmore\n"),
            Self.change("notes/plans.md", .added, nil, "---\ntitle: Plans\n---\n"),
            Self.change("habits/read.md", .added, nil, "---\ntitle: Read 20 pages\n---\n"),
            Self.change("goals/old.md", .deleted, "---\ntitle: Old goal\n---\n", nil),
            Self.change("notes/new-name.md", .renamed(from: "notes/old-name.md"), "# Same\n", "# Same\n"),
            Self.change(".brain/config.yml", .modified, "a: 1\n", "a: 2\n"),
            Self.change("daily/2026-11-21.md", .modified, "## Habits\n", "## Habits\n- [x] [[read]]\n"),
        ]
        #expect(CommitSummary.describe(changes, vault: Self.vault) == [
            "2026-11-21: done read", "delete goal Old goal", "new habit Read 20 pages", "note Ideas",
            "rename note old-name → new-name", "new note Plans", "settings",
        ])
    }

    /// A rename's commit says so first; the days whose lines only name the habit anew are its part.
    @Test func aRenamedHabitIsTheSubjectNotFortyDaysOfCheckOffs() {
        var changes = [Self.change("habits/writing.md", .renamed(from: "habits/write.md"),
                                   "---\ntitle: Write 500 words\n---\n", "---\ntitle: Writing\naliases: [write]\n---\n")]
        for day in 1...41 {
            let date = "2026-10-\(String(format: "%02d", day % 31 + 1))"
            let before = "---\ndate: \(date)\n---\n## Habits\n- [x] [[write]] 600 words\n- [ ] [[read]]\n"
            changes.append(Self.change("daily/\(date)-\(day).md", .modified, before, before.replacingOccurrences(of: "[[write]]", with: "[[writing]]")))
        }
        // One day where something else happened too.
        let before = "---\ndate: 2026-11-22\n---\n## Habits\n- [ ] [[write]]\n- [ ] [[read]]\n"
        changes.append(Self.change("daily/2026-11-22.md", .modified, before, "---\ndate: 2026-11-22\n---\n## Habits\n- [ ] [[writing]]\n- [x] [[read]]\n"))
        let message = CommitSummary.message(for: changes, vault: Self.vault)
        #expect(message == "rename habit Write 500 words → Writing; 2026-11-22: done read", "\(message)")
        // Without the rename the same lines are a check-off each.
        #expect(CommitSummary.describeDay(changes[1]) == "done writing; undo write")
    }

    @Test func aLongMessageKeepsItsSubjectShortAndListsEverythingBelow() {
        let changes = (1...9).map { Self.change("notes/note-\($0).md", .modified, "# Note number \($0)\n", "# Note number \($0)\nmore\n") }
            + [Self.change("daily/2026-11-22.md", .modified, Self.day, Self.day.replacingOccurrences(of: "- [ ] [[read]]", with: "- [x] [[read]]"))]
        let message = CommitSummary.message(for: changes, vault: Self.vault)
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "2026-11-22: done read; and 1 more")
        #expect(lines[0].count <= CommitSummary.subjectLimit)
        #expect(lines[2] == "2026-11-22: done read")
        #expect(lines[3].hasPrefix("note Note number 1, Note number 2,"))
    }
}

@Suite struct CountedCommitSummaryTests {
    static let vault = CommitSummaryTests.vault

    @Test func upToTheLimitEveryFileIsNamedAndBeyondItCounted() {
        let named = (1...CommitSummary.detailLimit).map {
            CommitSummaryTests.change("notes/n\($0).md", .added, nil, "# Note \($0)\n")
        }
        let message = CommitSummary.message(for: named, vault: Self.vault)
        #expect(message.hasPrefix("new note Note 1, Note 10, Note 100, Note 1000, Note 101,"))
        // Beyond the limit the files are counted by kind; their bytes are not needed.
        var many = (0...CommitSummary.detailLimit).map {
            CommitSummary.Change(path: "notes/n\($0).md", status: .added, before: nil, after: nil)
        }
        many += [
            .init(path: "daily/2026-11-21.md", status: .modified, before: nil, after: nil),
            .init(path: "daily/2026-11-22.md", status: .added, before: nil, after: nil),
            .init(path: "habits/read.md", status: .modified, before: nil, after: nil),
            .init(path: "goals/old.md", status: .deleted, before: nil, after: nil),
            .init(path: "goals/new-name.md", status: .renamed(from: "goals/old-name.md"), before: nil, after: nil),
            .init(path: "templates/day.md", status: .added, before: nil, after: nil),
            .init(path: "attachments/a.png", status: .added, before: nil, after: nil),
            .init(path: ".brain/config.yml", status: .modified, before: nil, after: nil),
            .init(path: ".gitattributes", status: .added, before: nil, after: nil),
        ]
        #expect(CommitSummary.counted(many, vault: Self.vault) == [
            "1 day", "1 new day", "rename 1 goal", "delete 1 goal", "1 habit", "\(CommitSummary.detailLimit + 1) new notes",
            "1 new template", "1 new file", "settings", "git set-up",
        ])
        let counted = CommitSummary.message(for: many, vault: Self.vault)
        #expect(counted == "1 day; 1 new day; rename 1 goal; delete 1 goal; 1 habit; and 5 more\n\n"
            + "1 day\n1 new day\nrename 1 goal\ndelete 1 goal\n1 habit\n1001 new notes\n1 new template\n1 new file\nsettings\ngit set-up\n")
    }

    @Test func gitsRawDiffAndBatchOutputAreRead() {
        let zero = String(repeating: "0", count: 40), a = String(repeating: "a", count: 40), b = String(repeating: "b", count: 40)
        let raw = ":000000 100644 \(zero) \(a) A\0notes/new\nline.md\0:100644 100644 \(a) \(b) M\0daily/2026-11-22.md\0"
            + ":100644 000000 \(b) \(zero) D\0goals/old.md\0:100644 100644 \(a) \(a) R100\0notes/x.md\0notes/y.md\0"
        let parsed = GitSync.parseStatus(Array(raw.utf8))
        #expect(parsed.map(\.change) == [
            .init(path: "notes/new\nline.md", status: .added, before: nil, after: nil),
            .init(path: "daily/2026-11-22.md", status: .modified, before: nil, after: nil),
            .init(path: "goals/old.md", status: .deleted, before: nil, after: nil),
            .init(path: "notes/y.md", status: .renamed(from: "notes/x.md"), before: nil, after: nil),
        ])
        #expect(parsed.map(\.before) == [nil, a, b, a])
        let batch = "\(a) blob 6\nab\ncd\n\n\(b) missing\n\(zero) blob 0\n\n"
        #expect(GitSync.parseBatch(Array(batch.utf8)) == [a: Array("ab\ncd\n".utf8), zero: []])
    }
}

/// What `brain sync` passes to git: never a list as long as the vault, never the message.
@Suite(.enabled(if: Git.isInstalled(environment: ProcessInfo.processInfo.environment),
                "git is not installed: install Debian's git package (bash .ci/run does) to run the git tests"))
struct SyncArgumentTests {
    /// Runs git and keeps every argument list it was given.
    final class Recorder: ProcessRunner, @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [[String]] = []
        var calls: [[String]] { lock.lock(); defer { lock.unlock() }; return stored }

        func run(_ executable: String, _ arguments: [String], in directory: String, environment: [String: String],
                 input: [UInt8]?) throws -> ProcessOutput {
            lock.lock(); stored.append(arguments); lock.unlock()
            return try FoundationProcessRunner().run(executable, arguments, in: directory, environment: environment, input: input)
        }
    }

    /// A repository with `count` notes whose titles are 200 characters long.
    static func vault(notes count: Int) throws -> (Vault, [String: String]) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("brain-arguments-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/.brain", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/notes", withIntermediateDirectories: true)
        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": root,
                           "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "Brain Test", "GIT_AUTHOR_EMAIL": "test@example.com",
                           "GIT_COMMITTER_NAME": "Brain Test", "GIT_COMMITTER_EMAIL": "test@example.com"]
        try Git(directory: root, environment: environment).check(["init", "--quiet"])
        let long = String(repeating: "a long title ", count: 15)
        for index in 0..<count {
            try "---\ntitle: \(long)\(index)\n---\n".write(toFile: root + "/notes/n\(index).md", atomically: false, encoding: .utf8)
        }
        return (Vault(root: root), environment)
    }

    @Test(arguments: [800, 3_000])
    func noArgumentHoldsTheMessageOrAListOfFiles(notes: Int) throws {
        let (vault, environment) = try Self.vault(notes: notes)
        defer { try? FileManager.default.removeItem(atPath: vault.root) }
        let recorder = Recorder()
        let outcome = try GitSync(vault: vault, environment: environment, runner: recorder).run()
        let commit = try #require(outcome.committed)
        #expect(commit.files.count == notes)
        if notes <= CommitSummary.detailLimit {
            // Every title is named: a message of 160 kB, more than one argument may hold.
            #expect(commit.message.utf8.count > 128 * 1024)
            #expect(commit.message.hasPrefix("new note a long title "))
        } else {
            #expect(commit.message == "\(notes) new notes")
        }
        let git = Git.trimmed(try Git(directory: vault.root, environment: environment).check(["log", "-1", "--format=%B"]))
        #expect(git == Git.trimmed(commit.message))
        for call in recorder.calls {
            #expect(call.count < 20 && call.reduce(0) { $0 + $1.utf8.count } < 1_000, "git \(call.prefix(5))…")
        }
    }
}

@Suite struct MergeDriverKindTests {
    @Test func theVaultDecidesWhatADailyFileIs() {
        let fileSystem = MemoryFileSystem(files: [
            "/repo/vault/.brain/config.yml": "folders:\n  daily: journal\n",
            "/repo/vault/notes/a.md": "",
        ])
        #expect(MergeDriver.kind(of: "/repo/vault/journal/2026-11-22.md", fileSystem: fileSystem) == .daily)
        #expect(MergeDriver.kind(of: "/repo/vault/journal/2026/2026-11-22.md", fileSystem: fileSystem) == .daily)
        #expect(MergeDriver.kind(of: "/repo/vault/daily/2026-11-22.md", fileSystem: fileSystem) == .note)
        #expect(MergeDriver.kind(of: "/repo/vault/notes/a.md", fileSystem: fileSystem) == .note)
        #expect(MergeDriver.kind(of: "/repo/vault/.brain/notes.md", fileSystem: fileSystem) == .text)
        #expect(MergeDriver.kind(of: "/repo/vault/.brain/config.yml", fileSystem: fileSystem) == .text)
        // Outside any vault, the file name decides.
        #expect(MergeDriver.kind(of: "/elsewhere/2026-11-22.md", fileSystem: fileSystem) == .daily)
        #expect(MergeDriver.kind(of: "/elsewhere/ideas.md", fileSystem: fileSystem) == .note)
        #expect(MergeDriver.kind(of: "/elsewhere/data.csv", fileSystem: fileSystem) == .text)
    }

    @Test func theDriverWritesTheResultOverOurs() throws {
        let fileSystem = MemoryFileSystem(files: [
            "/tmp/o": "## Habits\n- [ ] [[read]]\n- [ ] [[run]]\n",
            "/tmp/a": "## Habits\n- [x] [[read]]\n- [ ] [[run]]\n",
            "/tmp/b": "## Habits\n- [ ] [[read]]\n- [x] [[run]]\n",
        ])
        let outcome = try MergeDriver(base: "/tmp/o", ours: "/tmp/a", theirs: "/tmp/b", path: "daily/2026-11-22.md",
                                      directory: "/repo", fileSystem: fileSystem).run()
        #expect(outcome.clean)
        #expect(outcome.kind == .daily)
        #expect(try fileSystem.readText("/tmp/a") == "## Habits\n- [x] [[read]]\n- [x] [[run]]\n")
        #expect(throws: ActionError.self) {
            try MergeDriver(base: "/tmp/missing", ours: "/tmp/a", theirs: "/tmp/b", path: "x.md", directory: "/repo",
                            fileSystem: fileSystem).run()
        }
    }
}

@Suite struct GitSyncErrorTests {
    @Test func withoutGitSyncAndSetUpSaySo() {
        let vault = Vault(root: "/vault", fileSystem: MemoryFileSystem(files: ["/vault/.brain/config.yml": ""]))
        #expect(throws: GitError.gitMissing) {
            try GitSync(vault: vault, environment: ["PATH": "/nonexistent"]).run()
        }
        #expect(throws: GitError.gitMissing) {
            try GitSetup(root: "/vault", executable: "/bin/brain", environment: ["PATH": "/nonexistent"]).run()
        }
    }

    @Test(.enabled(if: Git.isInstalled(environment: ProcessInfo.processInfo.environment),
                   "git is not installed: install Debian's git package (bash .ci/run does) to run the git tests"))
    func syncWaitsForTheVaultLockAndGivesUp() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("brain-lock-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/.brain", withIntermediateDirectories: true)
        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": root,
                           "GIT_CONFIG_NOSYSTEM": "1"]
        let git = try Git(directory: root, environment: environment)
        try git.check(["init", "--quiet"])
        let vault = Vault(root: root)
        let held = try VaultLock(vault: vault)
        #expect(throws: GitError.locked("another brain process holds the vault lock (\(root)/.brain/cache/lock); try again")) {
            try GitSync(vault: vault, environment: environment, lockTimeout: 0.2).run()
        }
        withExtendedLifetime(held) {}
    }
}
