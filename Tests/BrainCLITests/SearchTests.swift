import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct SearchTests {
    @Test func transcripts() throws {
        let vault = try TestVault()
        try Golden.check("search-basic", [
            "search KNEE",
            "search AFTER THE FLU --limit 2",
            "search walk --kind habit",
            "search zzz-nothing-here",
            "search",
            "search walk --kind planet",
        ], vault: vault)
    }

    @Test func jsonListsPathLineColumnAndText() throws {
        let vault = try TestVault()
        try vault.write("notes/café.md", "# Café\n\nLe CAFÉ du matin.\r\nAucun.\n")
        let result = vault.run("search café --json")
        #expect(result.status == 0)
        struct Output: Decodable {
            struct Match: Decodable { var path: String; var line: Int; var column: Int; var text: String }
            var schemaVersion: Int
            var matches: [Match]
        }
        let output = try JSONDecoder().decode(Output.self, from: Data(result.stdout.utf8))
        #expect(output.schemaVersion == 1)
        let mine = output.matches.filter { $0.path == "notes/café.md" }
        #expect(mine.map(\.line) == [1, 3])
        #expect(mine.map(\.column) == [3, 4])
        #expect(mine.map(\.text) == ["# Café", "Le CAFÉ du matin."])
    }

    @Test func noMatchExitsOneSilently() throws {
        let vault = try TestVault()
        let result = vault.run("search qwertyuiop")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.isEmpty)
    }

    @Test func tagFilterLimitsTheFiles() throws {
        let vault = try TestVault()
        try vault.write("notes/a.md", "---\ntags: [alpha]\n---\nneedle one\n")
        try vault.write("notes/b.md", "---\ntags: [beta]\n---\nneedle two\n")
        let result = vault.run("search needle --tag alpha")
        #expect(result.stdout == "notes/a.md:4: needle one\n")
    }

    @Test func highlightsOnlyOnATerminal() throws {
        let vault = try TestVault()
        try vault.write("notes/h.md", "say Hello and hello\n")
        let plain = vault.run("search hello --kind note")
        #expect(plain.stdout.contains("notes/h.md:1: say Hello and hello"))
        let colored = vault.run(["search", "hello", "--kind", "note"], terminal: true)
        #expect(colored.stdout.contains("\u{1B}["))
        #expect(colored.stdout.contains("Hello\u{1B}[0m"))
    }
}
