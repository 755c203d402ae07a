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
