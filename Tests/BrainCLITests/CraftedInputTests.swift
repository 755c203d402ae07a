import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Issue 44 (Step 25), points 0 and 1: a file someone sends you — an export to restore, a change
/// journal pulled by git — made `git` run a program, by writing `core.fsmonitor` into `.git/config`.
/// Each attack is run end to end against real git; the proof is a marker file the program would make.
@Suite(.serialized, .enabled(if: GitSandbox.gitInstalled, GitSandbox.skipMessage))
struct CraftedInputTests {
    /// `.git/config` setting `core.fsmonitor` to a command that makes `marker`.
    static func hostileConfig(_ marker: String) -> String {
        "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tfsmonitor = \"touch \(marker); false\"\n"
    }

    static func export(_ records: [String: [[String: String]]], config: String? = nil) throws -> String {
        var root: [String: Any] = ["schemaVersion": JSONOutput.schemaVersion]
        for (key, items) in records { root[key] = items }
        root["config"] = config ?? NSNull()
        let data = try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// The export from the attack: `.git/HEAD`, `.git/config` with `core.fsmonitor`, and two more
    /// files under `.git/`, among ordinary notes. Nothing is imported, and `git status` runs nothing.
    @Test func aCraftedExportImportsNothingAndGitRunsNothing() throws {
        let sandbox = try GitSandbox()
        let vault = try sandbox.machine()
        let marker = sandbox.root + "/PWNED"
        let evil = try Self.export([
            "notes": [["path": "notes/hello.md", "text": "# Hello\n"],
                      ["path": ".git/HEAD", "text": "ref: refs/heads/main\n"],
                      ["path": ".git/config", "text": Self.hostileConfig(marker)],
                      ["path": ".git/objects/info/alternates", "text": "\n"],
                      ["path": ".git/description", "text": "x\n"]],
        ])
        try vault.write("evil.json", evil)
        let target = vault.root + "/restored"
        let result = vault.run(["import", "json", "evil.json", target])
        #expect(result.status != 0)
        #expect(result.stderr.contains("evil.json:"), "\(result.stderr)")
        #expect(result.stderr.contains("\".git/HEAD\" is not a vault path"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: target), "the import made \(target)")
        // Had it been written, this would run the command: git reads .git/config in the folder.
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        _ = try? FoundationProcessRunner().run(try #require(FoundationProcessRunner().find("git", environment: sandbox.environment)),
                                               ["status", "--porcelain"], in: target, environment: sandbox.environment)
        #expect(!FileManager.default.fileExists(atPath: marker), "git ran the export's command")
    }

    /// Every path the attack tried, and the others a vault never holds, is refused with the line
    /// of its record in the export; nothing is written.
    @Test func anExportsPathsMustBeVaultPaths() throws {
        let refused: [(key: String, path: String, reason: String)] = [
            ("notes", ".git/config", "starts with a dot"),
            ("notes", "notes/.obsidian/app.md", "starts with a dot"),
            ("notes", ".brain/config.yml", "starts with a dot"),
            ("notes", "notes/a\nb.md", "control character"),
            ("notes", "notes/a\u{2028}b.md", "control character"),
            ("notes", "C:\\x.md", "backslash"),
            ("notes", "C:/x.md", "drive letter"),
            ("notes", "..\\..\\x.md", "backslash"),
            ("notes", "../x.md", "normalised"),
            ("notes", "notes/./x.md", "normalised"),
            ("notes", "/etc/x.md", "normalised"),
            ("notes", "notes/run.sh", "not Markdown"),
            ("habits", "notes/read.md", "is not in habits/"),
            ("notes", "habits/read.md", "is not in a folder of notes"),
            ("checkIns", "notes/2026-11-22.md", "is not in daily/"),
            ("templates", "notes/habit.md", "is not in templates/"),
            ("notes", "templates/habit.md", "is not in a folder of notes"),
        ]
        for (key, path, reason) in refused {
            // The refused record is the third of its list, on line 6 of a file written one record a line.
            var lines = ["{", "\"schemaVersion\": \(JSONOutput.schemaVersion),", "\"\(key)\": ["]
            let good = key == "habits" ? "habits/a.md" : key == "checkIns" ? "daily/2026-11-20.md" : key == "templates" ? "templates/a.md" : "notes/a.md"
            let other = good.replacingOccurrences(of: "a.md", with: "b.md").replacingOccurrences(of: "20.md", with: "21.md")
            lines.append("{\"path\": \"\(good)\", \"text\": \"x\\n\"},")
            lines.append("{\"path\": \"\(other)\", \"text\": \"x\\n\"},")
            let encoded = String(decoding: try JSONSerialization.data(withJSONObject: [path], options: [.withoutEscapingSlashes]), as: UTF8.self).dropFirst().dropLast()
            lines.append("{\"path\": \(encoded), \"text\": \"x\\n\"}")
            lines.append("]}")
            let json = lines.joined(separator: "\n")
            #expect(throws: ImportVaultJSON.Failure.self, "\(path)") { try ImportVaultJSON(json: Array(json.utf8), source: "e.json") }
            do {
                _ = try ImportVaultJSON(json: Array(json.utf8), source: "e.json")
            } catch {
                #expect(error.message.hasPrefix("e.json:6: error: \(key)[2]: "), "\(path): \(error.message)")
                #expect(error.message.contains(reason), "\(path): \(error.message)")
                #expect(!error.message.dropFirst(8).contains("\n"), "a crafted path adds lines to the message: \(error.message)")
            }
        }
        // The same records at their vault paths are taken.
        let fine = try ImportVaultJSON(json: Array(try Self.export([
            "notes": [["path": "inbox.md", "text": "x\n"], ["path": "notes/books/piranesi.md", "text": "x\n"]],
            "habits": [["path": "habits/read.md", "text": "x\n"]], "checkIns": [["path": "daily/2026/2026-11-22.md", "text": "x\n"]],
            "templates": [["path": "templates/habit.md", "text": "x\n"]],
        ]).utf8), source: "e.json")
        #expect(fine.files.count == 5)
    }

    /// The config travels in its own field and is read as a hand-written one: its folders decide
    /// where each kind may go, and a folder brain would not take stops the import.
    @Test func theExportsConfigIsCheckedAndDecidesTheFolders() throws {
        let moved = try Self.export(["habits": [["path": "routines/read.md", "text": "x\n"]]], config: "folders:\n  habits: routines\n")
        #expect(try ImportVaultJSON(json: Array(moved.utf8), source: "e.json").files.map(\.path) == ["routines/read.md"])
        for config in ["folders:\n  daily: .git\n", "folders:\n  daily: ../elsewhere\n", "folders:\n  habits: [\n"] {
            let json = try Self.export(["notes": [["path": "notes/a.md", "text": "x\n"]]], config: config)
            #expect(throws: ImportVaultJSON.Failure.self, "\(config)") { try ImportVaultJSON(json: Array(json.utf8), source: "e.json") }
        }
        let warned = try ImportVaultJSON(json: Array(try Self.export([:], config: "theme: nope\n").utf8), source: "e.json")
        #expect(warned.configWarnings.count == 1)
    }

    /// A journal committed by a hostile remote, naming `.git/config`: pulled by `brain sync`, it is
    /// never replayed, `git status` runs nothing, and no journal is ever committed by `brain sync`.
    @Test func aJournalPulledFromARemoteIsNeverReplayed() throws {
        let sandbox = try GitSandbox()
        let remote = try sandbox.bareRepository()
        let victim = try sandbox.machine()
        #expect(victim.run(["init", "--git"]).status == 0)
        try sandbox.git(["remote", "add", "origin", remote], in: victim.root)
        #expect(victim.run(["sync"]).status == 0)
        let marker = sandbox.root + "/PWNED"
        let attacker = try sandbox.machine()
        try sandbox.git(["clone", "--quiet", remote, "."], in: attacker.root)
        for key in [Array(repeating: UInt8(7), count: 32), MachineKey.current] {
            let journal = ChangeJournal(action: "rename", direction: .forward,
                                        entries: [.init(path: ".git/config", before: nil, after: Array(Self.hostileConfig(marker).utf8)),
                                                  .init(path: "notes/x.md", before: nil, after: Array("x\n".utf8))])
            try Data(journal.encoded(key: key)).write(to: URL(fileURLWithPath: attacker.root + "/.brain/journal"))
            try sandbox.git(["add", "-f", ".brain/journal"], in: attacker.root)
            try sandbox.git(["commit", "--quiet", "-m", "journal"], in: attacker.root)
            try sandbox.git(["push", "--quiet", "origin", "main"], in: attacker.root)

            let pulled = victim.run(["sync"])
            #expect(pulled.status == 0, "\(pulled.stderr)")
            let next = victim.run(["today"])
            #expect(next.stderr.contains("was not replayed"), "\(next.stderr)")
            _ = try sandbox.git(["status", "--porcelain"], in: victim.root)
            #expect(!FileManager.default.fileExists(atPath: marker), "git ran the journal's command")
            #expect(!(try victim.read(".git/config")).contains("fsmonitor"))
            #expect(!FileManager.default.fileExists(atPath: victim.root + "/notes/x.md"))
            try sandbox.git(["rm", "--quiet", "--cached", ".brain/journal"], in: attacker.root)
            try sandbox.git(["commit", "--quiet", "-m", "gone"], in: attacker.root)
            try sandbox.git(["push", "--quiet", "origin", "main"], in: attacker.root)
            #expect(victim.run(["sync"]).status == 0)
        }
        // A journal left on this machine, in a vault whose .gitignore predates the journal line,
        // is not committed by brain sync.
        try victim.write(".brain/.gitignore", "cache/\n")
        try victim.write(".brain/journal.damaged", "x")
        #expect(victim.run(["sync"]).status == 0)
        let tracked = try sandbox.git(["ls-files", ".brain"], in: victim.root)
        #expect(!tracked.contains("journal"), "\(tracked)")
    }
}
