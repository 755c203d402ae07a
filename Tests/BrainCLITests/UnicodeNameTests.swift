import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Issue 15, fix 6: `brain new note "Café"` typed once with a composed é (NFC) and once with
/// e + U+0301 (NFD) made two files; `show` and `pin` reached one of them, and the "ambiguous"
/// hint could not work because both names look the same. Names are now NFC, lookups compare in
/// NFC without case, and a second file differing only that way is refused.
@Suite struct UnicodeNameTests {
    static let composed = "Caf\u{E9}"
    static let decomposed = "Cafe\u{301}"

    static func noteNames(_ vault: TestVault) throws -> [[UInt8]] {
        try FileManager.default.contentsOfDirectory(atPath: vault.root + "/notes")
            .filter { NameKey.of($0).hasPrefix("caf") }.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    @Test func theSecondSpellingIsRefused() throws {
        let vault = try TestVault()
        #expect(vault.run(["new", "note", UnicodeNameTests.composed]).status == 0)
        let second = vault.run(["new", "note", UnicodeNameTests.decomposed])
        #expect(second.status == 1)
        #expect(second.stderr.contains("already exists"), "\(second.stderr)")
        #expect(vault.run(["new", "note", "CAF\u{C9}"]).status == 1)
        #expect(try UnicodeNameTests.noteNames(vault) == [Array("caf\u{E9}.md".utf8)])
    }

    @Test func aDecomposedTitleMakesAComposedName() throws {
        let vault = try TestVault()
        #expect(vault.run(["new", "note", UnicodeNameTests.decomposed]).status == 0)
        #expect(try UnicodeNameTests.noteNames(vault) == [Array("caf\u{E9}.md".utf8)])
        // Either spelling finds it.
        #expect(vault.run(["show", "cafe\u{301}"]).status == 0)
        #expect(vault.run(["pin", "caf\u{E9}"]).status == 0)
    }

    /// Twins made outside brain: every command says they cannot be told apart, none picks one.
    @Test func twinsMadeByHandAreReportedNotGuessed() throws {
        let vault = try TestVault()
        try vault.write("notes/caf\u{E9}.md", "# Composed\n")
        let nfd = vault.root + "/notes/cafe\u{301}.md"
        #expect(FileManager.default.createFile(atPath: nfd, contents: Data("# Decomposed\n".utf8)))
        try #require(try UnicodeNameTests.noteNames(vault).count == 2)
        try vault.write("notes/linker.md", "[[caf\u{E9}]]\n")
        for arguments in [["show", "caf\u{E9}"], ["pin", "cafe\u{301}"], ["show", "notes/caf\u{E9}.md"]] {
            let result = vault.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains("differ only by Unicode normalisation or letter case"), "\(result.stderr)")
            #expect(result.stderr.contains("(decomposed Unicode, NFD)"))
        }
        let validate = vault.run(["validate"]).stdout
        #expect(validate.components(separatedBy: "but for Unicode normalisation or letter case").count == 3, "\(validate)")
        #expect(validate.contains("notes/linker.md:1:1: warning: ambiguous link"), "\(validate)")
    }

    @Test func caseTwinsAreRefusedToo() throws {
        let vault = try TestVault()
        try vault.write("notes/Shopping.md", "# Shopping\n")
        let result = vault.run(["new", "note", "shopping"])
        #expect(result.status == 1)
        #expect(!vault.exists("notes/shopping.md"))
    }
}
