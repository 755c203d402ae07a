import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct RenameTests {
    /// Every Markdown file of the vault (the cache aside) with its bytes.
    static func snapshot(_ vault: TestVault) throws -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for stamp in POSIXFileSystem().markdownFiles(under: vault.root) {
            result[stamp.path] = try POSIXFileSystem().read(vault.root + "/" + stamp.path)
        }
        return result
    }

    static func lines(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func renamingAHabitUpdatesEveryLinkAndKeepsTheVaultValid() throws {
        let vault = try TestVault()
        let before = try Self.snapshot(vault)
        let result = vault.run(["rename", "read", "Read 30 pages"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.hasPrefix("renamed habits/read.md → habits/read-30-pages.md; updated "))
        #expect(!vault.exists("habits/read.md"))
        #expect(vault.exists("habits/read-30-pages.md"))

        // (a) The vault is still clean.
        let validate = vault.run("validate")
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        #expect((validate.stdout + validate.stderr).contains(" 0 errors"))

        // (b) Every changed line is a link line, and differs only in the link's target.
        let after = try Self.snapshot(vault)
        var changedFiles = 0
        var changedLinks = 0
        for (path, old) in before {
            let newPath = path == "habits/read.md" ? "habits/read-30-pages.md" : path
            let new = try #require(after[newPath], "\(newPath) is missing")
            if old == new { continue }
            changedFiles += 1
            let oldLines = Self.lines(old)
            var newLines = Self.lines(new)
            // The habit itself gains one line: its old id as an alias.
            if path == "habits/read.md" {
                let alias = newLines.firstIndex(of: "aliases: [read]")
                let closing = newLines.indices.dropFirst().first { newLines[$0] == "---" }
                #expect(alias != nil && closing == alias.map { $0 + 1 }, "the alias ends the front-matter: \(newLines)")
                if let alias { newLines.remove(at: alias) }
            }
            #expect(oldLines.count == newLines.count, "\(path) changed its line count")
            for (a, b) in zip(oldLines, newLines) where a != b {
                if path == "habits/read.md" && (a == "title: Read 20 pages" || a == "# Read 20 pages") {
                    #expect(b == a.replacingOccurrences(of: "Read 20 pages", with: "Read 30 pages"))
                    continue
                }
                changedLinks += a.components(separatedBy: "[[read]]").count - 1 + a.components(separatedBy: "[[read|").count - 1
                // Putting the old link text back gives the old line: nothing else moved.
                let restored = b.replacingOccurrences(of: "[[read-30-pages]]", with: "[[read]]")
                    .replacingOccurrences(of: "[[read-30-pages|", with: "[[read|")
                #expect(restored == a, "\(path): \(a) → \(b)")
            }
        }
        #expect(result.stdout.hasSuffix("updated \(changedLinks) links in \(changedFiles - 1) files\n"))
        #expect(try vault.read("goals/read-24-books.md").contains("habits: [\"[[read-30-pages]]\"]"))
        #expect(after.count == before.count)
    }

    /// A rename travels: a check-off written under the old id (on a machine not yet synced) still
    /// names the habit, in every view, and so does the old id on the command line.
    @Test func aCheckOffUnderTheOldIdStillNamesTheRenamedHabit() throws {
        let vault = try TestVault()
        #expect(vault.run(["rename", "read", "Read 30 pages"]).status == 0)
        // As if it came in from another machine: today's file, with the old id.
        let today = try vault.read("daily/2026-11-22.md")
        try vault.write("daily/2026-11-22.md", today + "- [x] [[read]] 30 pages\n")
        let shown = vault.run(["today"]).stdout
        #expect(shown.contains("✓ Read 30 pages"), "\(shown)")
        #expect(vault.run(["validate"]).status == 0)
        let done = vault.run(["done", "read", "--date", "2026-11-21"])
        #expect(done.status == 0, "\(done.stderr)")
        #expect(try vault.read("daily/2026-11-21.md").contains("[[read-30-pages]]"))
    }

    @Test func dryRunChangesNothing() throws {
        let vault = try TestVault()
        let before = try Self.snapshot(vault)
        let result = vault.run(["rename", "read", "Read 30 pages", "--dry-run"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("goals/read-24-books.md:10: [[read]] → [[read-30-pages]]\n"))
        #expect(result.stdout.contains("notes/how-i-use-brain.md:22: [[read|reading]] → [[read-30-pages|reading]]\n"))
        #expect(result.stdout.contains("habits/read.md:2: title: Read 20 pages → title: Read 30 pages\n"))
        #expect(result.stdout.contains("would rename habits/read.md → habits/read-30-pages.md"))
        #expect(try Self.snapshot(vault) == before)
    }

    @Test func jsonListsTheEdits() throws {
        let vault = try TestVault()
        let result = vault.run(["rename", "walk", "Walk 10000 steps", "--dry-run", "--json"])
        #expect(result.status == 0)
        struct Output: Decodable {
            struct Edit: Decodable { var kind: String; var path: String; var line: Int; var column: Int; var old: String; var new: String }
            var schemaVersion: Int
            var dryRun: Bool
            var from: String
            var to: String
            var links: Int
            var files: Int
            var edits: [Edit]
        }
        let output = try JSONDecoder().decode(Output.self, from: Data(result.stdout.utf8))
        #expect(output.schemaVersion == 1)
        #expect(output.dryRun)
        #expect(output.from == "habits/walk.md")
        #expect(output.to == "habits/walk-10000-steps.md")
        #expect(output.links == output.edits.filter { $0.kind == "link" }.count)
        #expect(output.edits.allSatisfy { $0.kind == "title" || $0.new.contains("walk-10000-steps") })
        #expect(output.links > 10)
    }

    @Test func errors() throws {
        let vault = try TestVault()
        try Golden.check("rename-errors", [
            "rename raed 'Read more'",
            "rename read 'Walk'",
            "rename read",
            "rename",
            "rename read 'Read'",
        ], vault: vault)
    }
}

@Suite struct RenameReferenceTests {
    @Test func renamingAnAreaRewritesBareAreaIds() throws {
        let vault = try TestVault()
        let result = vault.run(["rename", "learning", "Learning and growth"])
        #expect(result.status == 0)
        #expect(result.stdout == "renamed areas/learning.md → areas/learning-and-growth.md; updated 6 links in 6 files\n")
        #expect(try vault.read("habits/read.md").contains("\narea: learning-and-growth\n"))
        #expect(vault.run("validate").status == 0)
        let listed = vault.run("list habits --area learning-and-growth")
        #expect(listed.stdout.contains("habits/read.md"))
    }
}
