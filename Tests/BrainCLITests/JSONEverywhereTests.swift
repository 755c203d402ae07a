import Foundation
import Testing
@testable import BrainCLI
import BrainTestSupport
import BrainFormat

/// Every command prints one JSON object with `--json`, `schemaVersion` first. The table below holds
/// the arguments each command needs on the sample vault; a command missing from it fails, so a new
/// command cannot be added without JSON output.
@Suite struct JSONEverywhereTests {
    /// One run of a command: what comes before it on the same vault, and its own arguments
    /// (`--json` is added). `<tmp>` stands for a fresh path (nothing there yet), `<loop-export>`
    /// for the committed Loop Habit Tracker export zip, `<health-export>` for the Health export zip.
    struct Run: Sendable {
        var setup: [[String]] = []
        var arguments: [String]
        /// Runs with git in a sandbox (its own HOME and identity) and the built `brain` as the driver.
        var git = false
    }

    /// The runs of each command, by name.
    static let table: [String: [Run]] = [
        "init": [Run(arguments: ["init", "<tmp>"])],
        "new": [Run(arguments: ["new", "note", "JSON", "test"])],
        "today": [Run(arguments: ["today"])],
        "status": [Run(arguments: ["status"]), Run(arguments: ["status", "--format", "{done}"])],
        "done": [Run(arguments: ["done", "read"])],
        "undo": [Run(arguments: ["undo", "read"])],
        "skip": [Run(arguments: ["skip", "run", "knee"])],
        "rest": [Run(arguments: ["rest", "--reason", "flu"])],
        "checkin": [Run(arguments: ["checkin", "morning", "--mood", "4"])],
        "log": [Run(arguments: ["log"]), Run(arguments: ["log", "read"])],
        "days": [Run(arguments: ["days"])],
        "stats": [Run(arguments: ["stats"]), Run(arguments: ["stats", "read"])],
        "explain": [Run(arguments: ["explain", "read"]), Run(arguments: ["explain", "strength", "streak"])],
        "heatmap": [Run(arguments: ["heatmap"]), Run(arguments: ["heatmap", "read"])],
        "week": [Run(arguments: ["week"])],
        "month": [Run(arguments: ["month"])],
        "report": [Run(arguments: ["report", "--out", "<tmp>"])],
        "goals": [Run(arguments: ["goals"])],
        "areas": [Run(arguments: ["areas"])],
        "coach": [Run(arguments: ["coach"])],
        "review": [Run(arguments: ["review", "week"]), Run(arguments: ["review", "month", "--write"])],
        "list": [Run(arguments: ["list"])],
        "show": [Run(arguments: ["show", "read"])],
        "search": [Run(arguments: ["search", "walk"])],
        "tags": [Run(arguments: ["tags"])],
        "pins": [Run(arguments: ["pins"])],
        "pin": [Run(arguments: ["pin", "read"])],
        "unpin": [Run(arguments: ["unpin", "read"])],
        "links": [Run(arguments: ["links", "how-i-use-brain"])],
        "backlinks": [Run(arguments: ["backlinks", "run-5k"])],
        "orphans": [Run(arguments: ["orphans"])],
        "graph": [Run(arguments: ["graph"])],
        "rename": [Run(arguments: ["rename", "walk", "Walk", "more"])],
        "validate": [Run(arguments: ["validate"])],
        "index": [Run(arguments: ["index"])],
        "demo": [Run(arguments: ["demo", "<tmp>", "--years", "0", "--notes", "5", "--habits", "2"])],
        "help": [Run(arguments: ["help"]), Run(arguments: ["help", "list"])],
        "completions": [Run(arguments: ["completions", "bash"])],
        "__complete": [Run(arguments: ["__complete", "notes"]), Run(arguments: ["__complete", "kinds"])],
        "edit": [Run(arguments: ["edit", "read", "--set", "cue=Tea"])],
        "archive": [Run(arguments: ["archive", "read"])],
        "unarchive": [Run(setup: [["archive", "read"]], arguments: ["unarchive", "read"])],
        // zk is the one note of the sample vault that nothing links to.
        "delete": [Run(arguments: ["delete", "notes/zk.md"])],
        "goal": [Run(arguments: ["goal", "progress", "run-5k", "2"])],
        "export": [Run(arguments: ["export", "json", "--out", "<tmp>"]), Run(arguments: ["export", "csv", "--out", "<tmp>"]),
                   Run(arguments: ["export", "ics", "--out", "<tmp>"])],
        "import": [Run(setup: [["export", "json", "--out", "<tmp>"]], arguments: ["import", "json", "<tmp>"]),
                   Run(arguments: ["import", "loop", "<loop-export>", "--dry-run"])],
        "track": [Run(arguments: ["track", "--source", "health=<health-export>", "--dry-run"])],
        "restore": [Run(arguments: ["restore"]),
                    Run(setup: [["delete", "notes/zk.md"]], arguments: ["restore", "notes/zk.md"])],
        "sync": [Run(setup: [["git-setup"]], arguments: ["sync"], git: true)],
        "git-setup": [Run(arguments: ["git-setup"], git: true)],
        // Base, ours and theirs the same file: a clean merge that writes it back unchanged.
        "merge-driver": [Run(arguments: ["merge-driver", "notes/zk.md", "notes/zk.md", "notes/zk.md", "notes/zk.md"])],
        // A protocol server: --json describes what it offers and exits without serving.
        "lsp": [Run(arguments: ["lsp"])],
        "mcp": [Run(arguments: ["mcp"])],
        // No terminal here: --json lists the keys.
        "tui": [Run(arguments: ["tui"])],
        // No answers on standard input: nothing is written, the report says what was asked.
        "ask": [Run(arguments: ["ask"]), Run(arguments: ["ask", "read", "--since", "yesterday"])],
        "serve": [Run(arguments: ["serve"])],
        // Whether a watcher runs (none here), and exit.
        "watch": [Run(arguments: ["watch"]), Run(arguments: ["watch", "--status"])],
        // What it would send; a real run would show the desktop's notifications.
        "remind": [Run(arguments: ["remind", "--dry-run"])],
    ]

    /// The commands whose runs need git, tested only where git is installed (else counted as skipped).
    static let needGit = Set(table.filter { $0.value.contains { $0.git } }.keys)

    @Test(arguments: BrainCLI.commands.map { $0.spec.name }.filter { !needGit.contains($0) })
    func commandPrintsOneVersionedObject(name: String) throws {
        let runs = try #require(Self.table[name], "brain \(name) has no row in JSONEverywhereTests.table: add the arguments it needs")
        for run in runs { try Self.check(run) }
    }

    @Test(.enabled(if: GitSandbox.gitInstalled, "git is not installed"),
          arguments: BrainCLI.commands.map { $0.spec.name }.filter { needGit.contains($0) })
    func commandWithGitPrintsOneVersionedObject(name: String) throws {
        for run in try #require(Self.table[name]) { try Self.check(run) }
    }

    @Test func everyRowNamesACommand() {
        for name in Self.table.keys.sorted() {
            #expect(BrainCLI.command(named: name) != nil, "JSONEverywhereTests.table has a row for \(name), which is no command")
        }
    }

    /// Runs `run` on a fresh copy of the sample vault and checks its output.
    static func check(_ run: Run, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let vault = try TestVault()
        var sandbox: GitSandbox?
        if run.git {
            try #require(GitSandbox.gitInstalled, "brain \(run.arguments.joined(separator: " ")) --json needs git")
            let made = try GitSandbox()
            vault.environment = made.environment
            vault.executablePath = try ConcurrencyTests.executable().path
            sandbox = made
        }
        defer { withExtendedLifetime(sandbox) {} }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brain-json-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func resolved(_ words: [String]) -> [String] {
            words.map { $0 == "<tmp>" ? folder : $0 == "<loop-export>" ? TestVault.loopExport
                : $0.replacingOccurrences(of: "<health-export>", with: TestVault.healthExport) }
        }
        for step in run.setup {
            let result = vault.run(resolved(step))
            #expect(result.status == 0, "setup \(step) failed: \(result.stderr)", sourceLocation: sourceLocation)
        }
        let arguments = resolved(run.arguments) + ["--json"]
        // What the command printed must be what Foundation's encoder writes for the same value.
        // And the value must be one JSONWriter streams (not one it falls back to its tree for),
        // with the same bytes.
        nonisolated(unsafe) var references: [String] = []
        nonisolated(unsafe) var streamed: [String?] = []
        vault.seeJSON = { value in
            references.append((try? String(decoding: JSONReference.bytes(value), as: UTF8.self)) ?? "")
            streamed.append(JSONWriter().streamBytes(value, first: (key: "schemaVersion", value: JSONOutput.schemaVersion))
                .map { String(decoding: $0 + [10], as: UTF8.self) })
        }
        let result = vault.run(arguments)
        vault.seeJSON = nil
        let line = "brain " + run.arguments.joined(separator: " ") + " --json"
        #expect(references.count == 1, "\(line) printed \(references.count) JSON values", sourceLocation: sourceLocation)
        #expect(references.first == result.stdout, "\(line): JSONWriter and the encoder differ", sourceLocation: sourceLocation)
        #expect(streamed.first == .some(references.first), "\(line): the stream did not write the encoder's bytes", sourceLocation: sourceLocation)
        #expect(result.status == 0, "\(line) exited \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        let object = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        #expect(object is [String: Any], "\(line) printed no JSON object:\n\(result.stdout)", sourceLocation: sourceLocation)
        let firstKey = result.stdout.drop { $0 != "{" }.dropFirst().drop { $0.isWhitespace }
        #expect(firstKey.hasPrefix("\"schemaVersion\""), "\(line): schemaVersion is not the first key", sourceLocation: sourceLocation)
    }
}
