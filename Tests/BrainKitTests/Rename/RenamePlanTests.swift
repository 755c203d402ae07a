import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// A small vault written to a temporary folder.
final class SyntheticVault {
    let root: String

    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("brain-rename-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/.brain", withIntermediateDirectories: true)
        try "".write(toFile: root + "/.brain/config.yml", atomically: true, encoding: .utf8)
        for (path, text) in files { try write(path, text) }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func write(_ path: String, _ text: String) throws {
        let url = URL(fileURLWithPath: root + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOfFile: root + "/" + path, encoding: .utf8)
    }

    func index() -> VaultIndex {
        VaultIndex.open(Vault(root: root), save: false)
    }
}

@Suite struct RenamePlanTests {
    static let forms = """
    ---
    goal: "[[read]]"
    ---
    [[read]]
    [[read|Books]]
    [[read#Why]]
    [[read#^abc123]]
    ![[read]]
    [[habits/read]]
    [[habits/read.md|x]]
    [text](../habits/read.md)
    [text](../habits/read.md#why "Title")
    [[Read 20 pages]]
    [[Reading]]
    | [[read\\|table]] |
    [[reading-list]] and `[[read]]` in code
    - [x] [[read]] 20 pages [[read]] again\r
    """

    static let expected = """
    ---
    goal: "[[read-30-pages]]"
    ---
    [[read-30-pages]]
    [[read-30-pages|Books]]
    [[read-30-pages#Why]]
    [[read-30-pages#^abc123]]
    ![[read-30-pages]]
    [[habits/read-30-pages]]
    [[habits/read-30-pages.md|x]]
    [text](../habits/read-30-pages.md)
    [text](../habits/read-30-pages.md#why "Title")
    [[read-30-pages]]
    [[Reading]]
    | [[read-30-pages\\|table]] |
    [[reading-list]] and `[[read]]` in code
    - [x] [[read-30-pages]] 20 pages [[read-30-pages]] again\r
    """

    static func vault() throws -> SyntheticVault {
        try SyntheticVault([
            "habits/read.md": "---\ntitle: Read 20 pages\naliases: [Reading]\n---\n# Read 20 pages\n\nSee [[#Why]] and [[read#Why]].\n\n## Why\n",
            "habits/read-more.md": "# Read more\n",
            "daily/2026-11-20.md": "---\ndate: 2026-11-20\n---\n## Habits\n- [x] [[read]] 20 pages\n- [-] [[read|book]]\n",
            "notes/forms.md": forms,
            "notes/reading-list.md": "# Reading list\n",
            "notes/my note.md": "plain\n",
            "notes/links.md": "[a](my%20note.md) and [b](<my note.md>)\n",
            "goals/books.md": "---\narea: learning\nhabits: [read, walk]\nparent: \"read\"\nafter: read # comment\ntags: [read]\n---\nread\n",
            "goals/list.md": "---\nhabits:\n  - read\n  - reading-list\n---\n",
        ])
    }

    static func applyAll(_ plan: RenamePlan, _ index: VaultIndex, _ vault: SyntheticVault) throws -> [String: String] {
        var result: [String: String] = [:]
        for path in Set(plan.files + [plan.source]) {
            var document = Document(text: try vault.read(path))
            _ = plan.apply(to: &document, path: path, reportAs: path, index: index)
            result[path] = document.text
        }
        return result
    }

    @Test func rewritesEveryLinkFormMinimally() throws {
        let vault = try Self.vault()
        let index = vault.index()
        let note = try #require(index.find("read").first)
        let plan = try RenamePlan.make(index: index, note: note, newTitle: "Read 30 pages")
        #expect(plan.source == "habits/read.md")
        #expect(plan.destination == "habits/read-30-pages.md")
        #expect(plan.files == ["daily/2026-11-20.md", "goals/books.md", "goals/list.md", "habits/read.md", "notes/forms.md"])
        let rewritten = try Self.applyAll(plan, index, vault)
        #expect(rewritten["notes/forms.md"] == Self.expected)
        #expect(rewritten["daily/2026-11-20.md"] == "---\ndate: 2026-11-20\n---\n## Habits\n- [x] [[read-30-pages]] 20 pages\n- [-] [[read-30-pages|book]]\n")
    }

    @Test func rewritesBareIdsInReferenceKeys() throws {
        let vault = try Self.vault()
        let index = vault.index()
        let plan = try RenamePlan.make(index: index, note: try #require(index.find("read").first), newTitle: "Read 30 pages")
        #expect(plan.references.map(\.path) == ["goals/books.md", "goals/books.md", "goals/books.md", "goals/list.md"])
        let rewritten = try Self.applyAll(plan, index, vault)
        // Tags and the body are not references; `reading-list` is another id.
        #expect(rewritten["goals/books.md"] == "---\narea: learning\nhabits: [read-30-pages, walk]\nparent: \"read-30-pages\"\nafter: read-30-pages # comment\ntags: [read]\n---\nread\n")
        #expect(rewritten["goals/list.md"] == "---\nhabits:\n  - read-30-pages\n  - reading-list\n---\n")
    }

    @Test func retitlesFrontMatterAndMatchingHeading() throws {
        let vault = try Self.vault()
        let index = vault.index()
        let plan = try RenamePlan.make(index: index, note: try #require(index.find("read").first), newTitle: "Read 30 pages")
        let rewritten = try Self.applyAll(plan, index, vault)
        // The self-link `[[#Why]]` names no file and stays.
        // A habit keeps its old id among its aliases: a check-off written as [[read]] on a
        // machine not yet synced still names it.
        #expect(rewritten["habits/read.md"] == "---\ntitle: Read 30 pages\naliases: [Reading, read]\n---\n# Read 30 pages\n\nSee [[#Why]] and [[read-30-pages#Why]].\n\n## Why\n")
        #expect(plan.keptAlias == "read")
    }

    @Test func headingTitleChangesOnlyTheHeading() throws {
        let vault = try Self.vault()
        let index = vault.index()
        let plan = try RenamePlan.make(index: index, note: try #require(index.find("reading-list").first), newTitle: "Books to read")
        #expect(plan.title.frontMatter == false)
        #expect(plan.title.headingLine == 1)
        let rewritten = try Self.applyAll(plan, index, vault)
        #expect(rewritten["notes/reading-list.md"] == "# Books to read\n")
        #expect(rewritten["notes/forms.md"]?.contains("[[books-to-read]] and `[[read]]` in code") == true)
    }

    @Test func stemTitleOnlyMovesAndPercentEncodedLinksMatch() throws {
        let vault = try Self.vault()
        let index = vault.index()
        let plan = try RenamePlan.make(index: index, note: try #require(index.find("notes/my note.md").first), newTitle: "My new note")
        #expect(plan.destination == "notes/my-new-note.md")
        #expect(plan.title == RenamePlan.TitleChange(frontMatter: false, headingLine: nil))
        let rewritten = try Self.applyAll(plan, index, vault)
        #expect(rewritten["notes/my note.md"] == "plain\n")
        #expect(rewritten["notes/links.md"] == "[a](my-new-note.md) and [b](<my-new-note.md>)\n")
    }

    @Test func refusesAnExistingTargetAndTheSameName() throws {
        let vault = try Self.vault()
        let index = vault.index()
        let note = try #require(index.find("read").first)
        #expect(throws: RenameError.exists("habits/read-more.md")) { try RenamePlan.make(index: index, note: note, newTitle: "Read more") }
        #expect(throws: RenameError.sameName("habits/read.md")) { try RenamePlan.make(index: index, note: note, newTitle: "READ") }
        #expect(throws: RenameError.emptyTitle) { try RenamePlan.make(index: index, note: note, newTitle: "  ") }
        // A title made of path tricks still lands in the same folder.
        let tricky = try RenamePlan.make(index: index, note: note, newTitle: "../../etc/passwd")
        #expect(tricky.destination == "habits/etc-passwd.md")
    }

    @Test func sameFileNameElsewhereGetsThePathForm() throws {
        let vault = try Self.vault()
        try vault.write("notes/read-30-pages.md", "other\n")
        let index = vault.index()
        let plan = try RenamePlan.make(index: index, note: try #require(index.find("habits/read").first), newTitle: "Read 30 pages")
        #expect(plan.qualify)
        let rewritten = try Self.applyAll(plan, index, vault)
        #expect(rewritten["daily/2026-11-20.md"]?.contains("- [x] [[habits/read-30-pages]] 20 pages\n") == true)
        #expect(rewritten["notes/forms.md"]?.contains("\n[[habits/read-30-pages]]\n[[habits/read-30-pages|Books]]\n") == true)
    }

    @Test func dailyNotesAreNotRenamed() throws {
        let vault = try Self.vault()
        let index = vault.index()
        let daily = try #require(index.find("daily/2026-11-20").first)
        #expect(throws: RenameError.daily("daily/2026-11-20.md")) { try RenamePlan.make(index: index, note: daily, newTitle: "Good day") }
    }

    @Test func fileChangedSinceIndexingIsScannedAgain() throws {
        let vault = try Self.vault()
        let index = vault.index()
        let plan = try RenamePlan.make(index: index, note: try #require(index.find("read").first), newTitle: "Read 30 pages")
        // Lines added above the links after indexing move every byte offset.
        try vault.write("daily/2026-11-20.md", "---\ndate: 2026-11-20\nmood: 4\n---\n## Habits\n- [x] [[read]] 20 pages\n")
        var document = Document(text: try vault.read("daily/2026-11-20.md"))
        let edits = plan.apply(to: &document, path: "daily/2026-11-20.md", reportAs: "daily/2026-11-20.md", index: index)
        #expect(document.text == "---\ndate: 2026-11-20\nmood: 4\n---\n## Habits\n- [x] [[read-30-pages]] 20 pages\n")
        #expect(edits.map(\.line) == [6])
    }

    @Test func rewriteReportsOldAndNewLinkText() throws {
        let vault = try Self.vault()
        let index = vault.index()
        let plan = try RenamePlan.make(index: index, note: try #require(index.find("read").first), newTitle: "Read 30 pages")
        let changes = plan.changes.filter { $0.path == "daily/2026-11-20.md" }
        let result = plan.rewrite(Array(try vault.read("daily/2026-11-20.md").utf8), changes: changes, reportAs: "d.md")
        #expect(!result.stale)
        #expect(result.edits.map(\.old) == ["[[read]]", "[[read|book]]"])
        #expect(result.edits.map(\.new) == ["[[read-30-pages]]", "[[read-30-pages|book]]"])
        #expect(result.edits.map(\.line) == [5, 6])
    }
}
