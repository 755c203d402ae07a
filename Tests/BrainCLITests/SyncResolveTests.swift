import BrainTestSupport
import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainStore

/// `brain sync resolve`: the conflict copies Syncthing, Dropbox and iCloud leave, merged into their
/// files; and the warning every command prints while one exists.
@Suite struct SyncResolveTests {
    /// The sample's 2026-11-22 with `read` done on one side and `walk` on the other.
    static func edited(_ text: String, _ habit: String, _ mark: String = "x") -> String {
        text.replacingOccurrences(of: "- [ ] [[\(habit)]]", with: "- [\(mark)] [[\(habit)]]")
    }

    @Test func transcript() throws {
        let vault = try TestVault()
        let day = try vault.read("daily/2026-11-22.md")
        try vault.write("daily/2026-11-22.md", Self.edited(day, "read"))
        try vault.write("daily/2026-11-22.sync-conflict-20261122-101500-ABCDEFG.md", Self.edited(day, "walk"))
        try vault.write("daily/2026-11-22 (Ana's conflicted copy 2026-11-22).md", Self.edited(day, "walk", "-"))
        try vault.write("daily/2026-11-21 2.md", try vault.read("daily/2026-11-21.md"))
        // An ordinary note whose name ends in a number, with no "Chapter.md" beside it.
        try vault.write("notes/Chapter 2.md", "# Chapter 2\n")
        try Golden.check("sync-resolve", [
            "status",
            "today",
            "validate",
            "sync resolve --dry-run",
            "sync resolve",
            "sync resolve",
            "restore",
            "sync resolve --json",
            "sync resolve --message x",
        ], vault: vault)
        let merged = try vault.read("daily/2026-11-22.md")
        #expect(merged.contains("- [x] [[read]]"))
        // The Dropbox copy (walk skipped) merged first, cleanly; the Syncthing copy's walk done then disagrees.
        #expect(merged.contains("<<<<<<< 2026-11-22.md\n- [-] [[walk]] 2310 steps (auto: health ≥ 8000)\n=======\n- [x] [[walk]]"))
        #expect(vault.exists(".brain/trash/2026-11-22/daily/2026-11-22.sync-conflict-20261122-101500-ABCDEFG.md"))
        #expect(!vault.exists("daily/2026-11-21 2.md"))
        #expect(vault.exists("notes/Chapter 2.md"))
    }

    /// One line on standard error from a command that reads the vault, naming the count and the command.
    @Test func everyCommandWarnsWhileACopyExists() throws {
        let vault = try TestVault()
        let day = try vault.read("daily/2026-11-22.md")
        try vault.write("daily/2026-11-22 (conflicted copy).md", Self.edited(day, "walk"))
        let warning = "warning: 1 sync conflict copy (daily/2026-11-22 (conflicted copy).md) is not read as a note: "
            + "brain sync resolve merges it into its file\n"
        for command in ["today", "done read", "list", "stats read", "validate --errors"] {
            let result = vault.run(command)
            // Once, first (validate adds its count of problems after it).
            #expect(result.stderr.hasPrefix(warning), "brain \(command)")
            #expect(result.stderr.components(separatedBy: "sync conflict copy").count == 2, "brain \(command)")
        }
        // The copy is no second 2026-11-22: walk stays open on the day.
        #expect(try vault.read("daily/2026-11-22.md").contains("- [ ] [[walk]]"))
        #expect(vault.run("list --json").stdout.components(separatedBy: "2026-11-22 (conflicted copy)").count == 1)
        #expect(vault.run("sync resolve").status == 0)
        #expect(vault.run("today").stderr == "")
    }

    static let syncthing: String? = ["/usr/bin/syncthing", "/usr/local/bin/syncthing", "/opt/homebrew/bin/syncthing"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    static let curl: String? = ["/usr/bin/curl", "/usr/local/bin/curl"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Two real Syncthing instances on 127.0.0.1 share one vault; each checks off another habit on
    /// the same day while syncing is paused; Syncthing itself makes the `.sync-conflict-` copy; then
    /// `brain sync resolve` keeps both check-offs and puts the copy in the trash.
    @Test(.enabled(if: SyncResolveTests.syncthing != nil && SyncResolveTests.curl != nil,
                   "syncthing or curl is not installed (bash .ci/run installs Debian's syncthing and curl packages)"))
    func realSyncthingConflictCopyIsResolved() throws {
        let started = Date()
        let vault = try TestVault()
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("brain-syncthing-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: vault.root, toPath: base + "/b")
        let script = TestVault.packageRoot + "/Tests/BrainCLITests/Support/syncthing-conflict.sh"
        let run = try SpawnedProcess.run("/bin/bash", [script, base + "/work", vault.root, base + "/b"], environment: ["HOME": base])
        try #require(run.status == 0, "the Syncthing set-up failed: \(run)")
        let copies = try FileManager.default.contentsOfDirectory(atPath: vault.root + "/daily").filter { $0.contains(".sync-conflict-") }
        let copy = try #require(copies.first, "Syncthing made no conflict copy")
        #expect(copies.count == 1)
        let result = vault.run("sync resolve")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("daily/\(copy): merged into daily/2026-11-22.md"))
        let merged = try vault.read("daily/2026-11-22.md")
        #expect(merged.contains("- [x] [[read]]\n- [x] [[walk]]"))
        #expect(!merged.contains("<<<<<<<"))
        #expect(vault.exists(".brain/trash/2026-11-22/daily/\(copy)"))
        #expect(!vault.exists("daily/\(copy)"))
        let seconds = Date().timeIntervalSince(started)
        // About 5 s on an idle machine; the script's limits stop it well before 3 minutes.
        print("Syncthing conflict test: \(String(format: "%.1f", seconds)) s (\(String(format: "%.1f", run.seconds)) s in Syncthing's set-up)")
    }
}
