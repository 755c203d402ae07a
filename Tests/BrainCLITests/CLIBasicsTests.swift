import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// The parts of the command line every command shares: help, version, usage errors,
/// finding the vault, colour, completions, and the index report.
@Suite struct CLIBasicsTests {
    @Test func helpVersionAndUsageErrorsTranscript() throws {
        let vault = try TestVault()
        try Golden.check("cli-basics", [
            "--version",
            "help tags",
            "tags --help",
            "stauts",
            "help stauts",
            "list --tagg work",
            "list --sort",
            "tags --sort=size",
            "show read extra",
            "index --rebuild",
            "index",
        ], vault: vault)
    }

    @Test func helpListsEveryCommand() throws {
        let vault = try TestVault()
        let result = vault.run("help")
        #expect(result.status == 0)
        for command in BrainCLI.commands.map({ $0.spec.name }) where !command.hasPrefix("_") {
            #expect(result.stdout.contains("  \(command) "), "help does not list \(command)")
        }
        #expect(vault.run([]).stdout == result.stdout)
    }

    @Test func vaultIsFoundByOptionEnvironmentOrWalkingUp() throws {
        let vault = try TestVault()
        let nested = vault.root + "/notes"
        // Walking up from a subfolder.
        #expect(vault.run(["tags"], cwd: nested).status == 0)
        // BRAIN_VAULT from anywhere.
        vault.environment["BRAIN_VAULT"] = vault.root
        #expect(vault.run(["tags"], cwd: "/").status == 0)
        vault.environment = [:]
        // --vault wins over BRAIN_VAULT.
        vault.environment["BRAIN_VAULT"] = "/nonexistent"
        #expect(vault.run(["--vault", vault.root, "tags"], cwd: "/").status == 0)
        vault.environment = [:]
        // Nothing found: a one-line error that says how to make one.
        let empty = try TestVault(sample: false)
        let result = empty.run(["tags"])
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains("brain init"))
    }

    @Test func colourOnlyOnATerminalAndNeverWithNoColor() throws {
        let vault = try TestVault()
        let escape = "\u{1B}["
        #expect(!vault.run("tags").stdout.contains(escape))
        #expect(vault.run("tags", terminal: true).stdout.contains(escape))
        #expect(!vault.run("tags --no-color", terminal: true).stdout.contains(escape))
        vault.environment["NO_COLOR"] = "1"
        #expect(!vault.run("tags", terminal: true).stdout.contains(escape))
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsNameEveryCommandAndTheDynamicWords(shell: String) throws {
        let vault = try TestVault()
        let result = vault.run(["completions", shell])
        #expect(result.status == 0)
        for command in ["today", "done", "backlinks", "rename", "validate"] {
            #expect(result.stdout.contains(command))
        }
        switch shell {
        case "zsh":
            #expect(result.stdout.contains("brain __complete $1"))
            #expect(result.stdout.contains("_brain_dynamic notes"))
            #expect(result.stdout.contains("_brain_dynamic tags"))
            #expect(result.stdout.contains("--linked-to"))
        case "fish":
            #expect(result.stdout.contains("brain __complete notes"))
            #expect(result.stdout.contains("brain __complete tags"))
            #expect(result.stdout.contains("-l linked-to"))
        default:
            #expect(result.stdout.contains("brain __complete notes"))
            #expect(result.stdout.contains("brain __complete tags"))
            #expect(result.stdout.contains("--linked-to"))
        }
        if shell == "bash" {
            let path = vault.root + "/completion.bash"
            try result.stdout.write(toFile: path, atomically: true, encoding: .utf8)
            let check = Process()
            check.executableURL = URL(fileURLWithPath: "/bin/bash")
            check.arguments = ["-n", path]
            try check.run()
            check.waitUntilExit()
            #expect(check.terminationStatus == 0, "bash -n rejects the script")
        }
    }

    @Test func completionWordsComeFromTheVault() throws {
        let vault = try TestVault()
        let notes = vault.run("__complete notes").stdout.split(separator: "\n")
        #expect(notes.contains("read"))
        #expect(notes.contains("run-5k"))
        #expect(!notes.contains("2026-11-22"))
        #expect(vault.run("__complete habits").stdout.split(separator: "\n").count == 15)
        #expect(vault.run("__complete tags").stdout.split(separator: "\n").contains("work/brain"))
    }

    @Test func editAddDeleteRereadsExactlyOneFile() throws {
        let vault = try TestVault()
        func reread() throws -> (reread: Int, added: Int, changed: Int, removed: Int) {
            let result = vault.run("index --json")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            return (object["reread"] as! Int, object["added"] as! Int, object["changed"] as! Int, object["removed"] as! Int)
        }
        _ = try reread()
        #expect(try reread().reread == 0)
        try vault.write("notes/tiny-habits.md", try vault.read("notes/tiny-habits.md") + "\nOne more thought. #new-tag\n")
        #expect(vault.run("tags").stdout.contains("#new-tag"))
        #expect(try reread() == (0, 0, 0, 0))
        try vault.write("notes/tiny-habits.md", try vault.read("notes/tiny-habits.md") + "And another.\n")
        #expect(try reread() == (1, 0, 1, 0))
        try vault.write("notes/brand-new.md", "# Brand new\n[[read]]\n")
        #expect(try reread() == (1, 1, 0, 0))
        try FileManager.default.removeItem(atPath: vault.root + "/notes/brand-new.md")
        #expect(try reread() == (0, 0, 0, 1))
    }

    @Test func corruptCacheWarnsAndRebuilds() throws {
        let vault = try TestVault()
        _ = vault.run("index")
        try Data("not a cache".utf8).write(to: URL(fileURLWithPath: vault.root + "/" + VaultIndex.cachePath))
        let result = vault.run("tags")
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: the index cache is corrupt; rebuilding it"))
        #expect(vault.run("tags").stderr.isEmpty)
    }

    /// Issue 15, fix 13: a config problem was printed as `warning: .brain/config.yml:23:1: warning: …`.
    @Test func aConfigWarningSaysWarningOnce() throws {
        let vault = try TestVault()
        let config = try vault.read(".brain/config.yml")
        try vault.write(".brain/config.yml", config + "bogus: 1\n")
        let line = config.split(separator: "\n", omittingEmptySubsequences: false).count
        let result = vault.run("today")
        #expect(result.status == 0)
        #expect(result.stderr == ".brain/config.yml:\(line):1: warning: unknown setting bogus\n", "\(result.stderr)")
    }

    /// Output to a file is held until 64 KiB gather, the run ends, or the other stream writes
    /// (so that both keep their order in one file); nothing is lost or reordered.
    @Test func outputToAFileIsBufferedInOrder() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("brain-output-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(fd >= 0)
        defer { close(fd) }
        func written() throws -> String { try String(contentsOfFile: path, encoding: .utf8) }
        let out = TextOutput(fileDescriptor: fd, buffered: true)
        let err = TextOutput(fileDescriptor: fd, after: out)
        out.write("one\n")
        #expect(try written() == "")
        err.write("two\n")
        #expect(try written() == "one\ntwo\n")
        let big = String(repeating: "x", count: 70_000) + "\n"
        out.write("three\n")
        out.write(big)
        #expect(try written() == "one\ntwo\nthree\n" + big)
        for number in 0..<20_000 { out.write("line \(number)\n") }
        out.flush()
        #expect(try written() == "one\ntwo\nthree\n" + big + (0..<20_000).map { "line \($0)\n" }.joined())

        // A whole run ends with what it printed written out.
        let versionPath = path + ".version"
        defer { try? FileManager.default.removeItem(atPath: versionPath) }
        let versionFD = open(versionPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer { close(versionFD) }
        let stdout = TextOutput(fileDescriptor: versionFD, buffered: true)
        let context = Context(stdout: stdout, stderr: TextOutput(fileDescriptor: versionFD, after: stdout), stdin: ScriptedInput([]),
                              environment: [:], currentDirectory: "/", now: Date())
        #expect(BrainCLI.run(["--version"], context: context) == 0)
        #expect(try String(contentsOfFile: versionPath, encoding: .utf8) == "brain \(BrainCLI.version)\n")
    }
}
