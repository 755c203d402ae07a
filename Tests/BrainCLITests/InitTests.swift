import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct InitTests {
    static let folders = ["areas", "habits", "goals", "notes", "daily", "templates"]
    static let areas = ["health", "learning", "work", "creative", "relationships", "finance"]

    /// Every file under `root` (hidden ones too) with its bytes.
    static func snapshot(_ root: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: root))
        for case let relative as String in enumerator {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory)
            result[relative + (isDirectory.boolValue ? "/" : "")] = isDirectory.boolValue
                ? Data() : try Data(contentsOf: URL(fileURLWithPath: root + "/" + relative))
        }
        return result
    }

    @Test func initOnEmptyFolderCreatesTheWholeLayout() throws {
        let vault = try TestVault(sample: false)
        let result = vault.run("init")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        for folder in Self.folders {
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: vault.root + "/" + folder, isDirectory: &isDirectory) && isDirectory.boolValue, "\(folder)")
            #expect(result.stdout.contains("created \(folder)/\n"))
        }
        #expect(try vault.read(".brain/.gitignore") == "cache/\njournal*\n")
        #expect(result.stdout.contains("created .brain/config.yml\n"))
        #expect(result.stdout.hasSuffix("Vault ready.\nNext: brain new habit \"Read 20 pages\" --every day\n"))
        for area in Self.areas {
            let document = Document(text: try vault.read("areas/\(area).md"))
            #expect(document.diagnostics.isEmpty)
            let front = document.frontMatter
            #expect(front["title"]?.string == area.prefix(1).uppercased() + area.dropFirst())
            #expect(front["weight"] == .int(1))
            #expect(front["identity"]?.string?.hasPrefix("I ") == true)
            #expect(front["color"]?.string?.isEmpty == false)
            #expect(front["created"] == .date(Day("2026-11-22")!))
            #expect(result.stdout.contains("created areas/\(area).md\n"))
        }
    }

    @Test func configSpellsOutEveryDefaultAndParsesCleanly() throws {
        let vault = try TestVault(sample: false)
        vault.run("init")
        let text = try vault.read(".brain/config.yml")
        let (map, diagnostics) = YAMLReader.parse(text[...])
        #expect(diagnostics.isEmpty)
        #expect(map.keys == VaultConfig.knownKeys)
        #expect(map["folders"]?.map?.keys == Self.folders)
        let opened = Vault(root: vault.root)
        #expect(opened.configDiagnostics.isEmpty)
        // The documented defaults (docs/FORMAT.md): the file writes them all out.
        var documented = VaultConfig()
        documented.dayStartsAt = 4 * 60
        // And the machine's time zone (the tests' clock runs in UTC).
        documented.timeZone = VaultConfig.zone(named: TimeZone(identifier: "UTC")!.identifier)
        #expect(documented.timeZone != nil)
        #expect(opened.config == documented)
        // Every key is explained by a comment line above it or beside it.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, line) in lines.enumerated() where !line.hasPrefix("#") && line.contains(":") {
            let explained = line.contains(" # ") || (number > 0 && lines[number - 1].hasPrefix("#")) || line == "folders:"
            #expect(explained, "config line \(number + 1) has no comment: \(line)")
        }
    }

    @Test func secondRunCreatesNothingAndChangesNoByte() throws {
        let vault = try TestVault(sample: false)
        vault.run("init")
        let before = try Self.snapshot(vault.root)
        let again = vault.run("init")
        #expect(again.status == 0)
        #expect(!again.stdout.contains("created"))
        #expect(again.stdout.contains("kept .brain/config.yml (exists)\n"))
        #expect(again.stdout.contains("kept areas/finance.md (exists)\n"))
        #expect(again.stdout.contains("nothing to create"))
        #expect(try Self.snapshot(vault.root) == before)
    }

    @Test func existingFilesAreKeptAndReported() throws {
        let vault = try TestVault(sample: false)
        try vault.write("areas/health.md", "my own health notes\n")
        try vault.write(".brain/.gitignore", "cache/\n*.tmp\n")
        let result = vault.run("init")
        #expect(result.status == 0)
        #expect(result.stdout.contains("kept areas/health.md (exists)\n"))
        #expect(result.stdout.contains("kept .brain/.gitignore (exists)\n"))
        #expect(result.stdout.contains("created areas/work.md\n"))
        #expect(try vault.read("areas/health.md") == "my own health notes\n")
        #expect(try vault.read(".brain/.gitignore") == "cache/\n*.tmp\n")
    }

    @Test func dirIsTakenRelativeToTheCurrentFolder() throws {
        let vault = try TestVault(sample: false)
        let result = vault.run(["init", "sub/my vault"])
        #expect(result.status == 0)
        #expect(vault.exists("sub/my vault/.brain/config.yml"))
        #expect(vault.exists("sub/my vault/areas/finance.md"))
        #expect(!vault.exists(".brain"))
        #expect(result.stdout.hasSuffix("Vault ready in sub/my vault.\nNext: cd 'sub/my vault' && brain new habit \"Read 20 pages\" --every day\n"))
    }

    @Test func vaultOptionNamesTheFolderToo() throws {
        let vault = try TestVault(sample: false)
        #expect(vault.run("--vault other init").status == 0)
        #expect(vault.exists("other/.brain/config.yml"))
    }

    @Test func existingConfigDecidesTheFolders() throws {
        let vault = try TestVault(sample: false)
        try vault.write(".brain/config.yml", "folders:\n  areas: life\n")
        let result = vault.run("init")
        #expect(result.status == 0)
        #expect(vault.exists("life/health.md"))
        #expect(!vault.exists("areas"))
        #expect(try vault.read(".brain/config.yml") == "folders:\n  areas: life\n")
    }

    @Test func initRefusesAFile() throws {
        let vault = try TestVault(sample: false)
        try vault.write("plain.txt", "x")
        let result = vault.run("init plain.txt")
        #expect(result.status == 1)
        #expect(result.stderr.contains("is not a folder"))
    }

    @Test func freshVaultValidatesCleanly() throws {
        let vault = try TestVault(sample: false)
        vault.run("init")
        let result = vault.run("validate")
        #expect(result.status == 0)
        #expect(result.stdout == "")
    }

    @Test func transcript() throws {
        try Golden.check("init-empty", ["init", "init"], vault: TestVault(sample: false))
    }

    /// A folder without `.brain/` named by --vault or BRAIN_VAULT is refused like a missing one:
    /// nothing is written (no `.brain/` appears) and nothing is read (a broken note in it would be
    /// reported if it were).
    @Test func aFolderWithoutBrainIsNeverAdoptedAsAVault() throws {
        let elsewhere = try TestVault(sample: false)
        let folder = try TestVault(sample: false)
        try folder.write("notes/other.md", "---\ntags: [unterminated\n---\nsomeone else's note\n")
        let told = "brain: \(folder.root) is not a vault: run brain init \(folder.root)\n"
        for run in [{ elsewhere.run(["--vault", folder.root, "today"], cwd: elsewhere.root) },
                    { elsewhere.environment["BRAIN_VAULT"] = folder.root; defer { elsewhere.environment = [:] }
                      return elsewhere.run(["status"], cwd: elsewhere.root) }] {
            let result = run()
            #expect(result.status == 1)
            #expect(result.stdout == "")
            #expect(result.stderr == told)
            #expect(!folder.exists(".brain"))
        }
        let missing = folder.root + "/missing"
        let result = elsewhere.run(["--vault", missing, "today"], cwd: elsewhere.root)
        #expect(result.stderr == "brain: \(missing) is not a vault: run brain init \(missing)\n")
        #expect(!folder.exists("missing"))
        // Below such a folder, nothing above is taken for a vault either.
        #expect(elsewhere.run(["today"], cwd: folder.root + "/notes").status == 1)
        #expect(!folder.exists(".brain") && !folder.exists("notes/.brain"))
    }

    /// `brain init` in a folder inside a vault is refused unless --force; `validate` then reports
    /// the vault inside the vault.
    @Test func initInsideAVaultIsRefusedUnlessForced() throws {
        let vault = try TestVault()
        let refused = vault.run("init notes/nested")
        #expect(refused.status == 1)
        #expect(refused.stdout == "")
        #expect(refused.stderr == "brain: \(vault.root)/notes/nested is inside the vault \(vault.root): a vault there would share "
            + "its notes with that one and make their names ambiguous\nif that is what you meant, run the command again with --force\n")
        #expect(!vault.exists("notes/nested"))
        #expect(vault.run("init").status == 0, "running it again in the vault itself is harmless")
        let forced = vault.run("init notes/nested --force")
        #expect(forced.status == 0)
        #expect(vault.exists("notes/nested/.brain/config.yml"))
        let validate = vault.run("validate")
        #expect(validate.stdout.contains("notes/nested/.brain/config.yml:1:1: warning: notes/nested/ is a vault inside this vault"),
                "\(validate.stdout)")
    }
}
