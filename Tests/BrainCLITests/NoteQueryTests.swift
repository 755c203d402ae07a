import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit
import BrainTestSupport

@Suite struct NoteQueryTests {
    @Test func listFiltersTranscript() throws {
        let vault = try TestVault()
        try Golden.check("list", [
            "list habits --status active --limit 3",
            "list habit --tag 'morning, -writing'",
            "list --tag 'work/*'",
            "list --tag 'sleep OR money' --sort title",
            "list insight",
            "list --type link --json",
            "list --pinned --sort title",
            "list --area health habits",
            "list --linked-to read-24-books",
            "list notes --orphan",
            "list --tag ','",
            "list habits --sort size",
            "list hobbits",
        ], vault: vault)
    }

    @Test func showTranscript() throws {
        let vault = try TestVault()
        try Golden.check("show", [
            "show run-5k",
            "show 'Walk 8000 steps' --json",
            "show nothing-like-this",
            "show",
        ], vault: vault)
    }

    @Test func showJSONHasTheDocumentedKeys() throws {
        let vault = try TestVault()
        let result = vault.run("show read --json")
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == 1)
        #expect(object["path"] as? String == "habits/read.md")
        #expect(object["kind"] as? String == "habit")
        let frontMatter = try #require(object["frontMatter"] as? [String: Any])
        #expect(frontMatter["created"] as? String == "2026-08-15")
        #expect(frontMatter["target"] as? Int == 20)
        #expect((object["tags"] as? [String])?.contains("reading") == true)
        let links = try #require(object["links"] as? [[String: Any]])
        #expect(links.contains { $0["path"] as? String == "goals/read-24-books.md" })
        let backlinks = try #require(object["backlinks"] as? [[String: Any]])
        #expect(backlinks.count > 40)
        #expect(backlinks.allSatisfy { ($0["path"] as? String)?.isEmpty == false && ($0["line"] as? Int ?? 0) > 0 })
    }

    @Test func tagsCountNotesAndParents() throws {
        let vault = try TestVault()
        try vault.write("notes/tag-check.md", "# Tag check\n#zeta/one #zeta/two #Zeta\n")
        let result = vault.run("tags --json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let tags = try #require(object["tags"] as? [[String: Any]])
        func count(_ name: String) -> Int? { tags.first { $0["name"] as? String == name }?["count"] as? Int }
        // One note carries zeta three ways: it counts once for zeta and once for each child.
        #expect(count("zeta") == 1)
        #expect(count("zeta/one") == 1)
        #expect(count("zeta/two") == 1)
        try Golden.check("tags", ["tags --sort count", "tags --sort size"], vault: vault)
    }

    @Test func linksAndBacklinksTranscript() throws {
        let vault = try TestVault()
        try Golden.check("links", [
            "links how-i-use-brain",
            "links how-i-use-brain --json",
            "backlinks run-5k",
            "backlinks run-5k --json",
            "orphans",
            "graph --dot --no-color",
            "graph",
        ], vault: vault)
    }

    /// A note linked from hundreds of files prints its backlinks' lines from `.brain/cache/`
    /// once they are kept, the same lines as reading every file, as text and as JSON.
    @Test func backlinksOfAMuchLinkedNoteAreKept() throws {
        let vault = try TestVault(sample: false)
        vault.run("init")
        try vault.write("notes/hub.md", "# Hub\n")
        var expected = ""
        for note in 0..<300 {
            let path = String(format: "notes/n%03d.md", note)
            try vault.write(path, "# N\(note)\n\n  \(note) → [[hub]]\t\n")
            expected += "\(path):3: \(note) → [[hub]]\n"
        }
        let linesPath = vault.root + "/" + LineCache.relativePath(of: "notes/hub.md")
        let first = vault.run("backlinks hub")
        #expect(first.status == 0)
        #expect(first.stdout == expected)
        #expect(vault.exists(LineCache.relativePath(of: "notes/hub.md")))
        // Kept lines are trusted once the file is newer than the notes by the racy window.
        var times = [timespec(tv_sec: time(nil) + 3_600, tv_nsec: 0), timespec(tv_sec: time(nil) + 3_600, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, linesPath, &times, 0) == 0)
        #expect(vault.run("backlinks hub").stdout == expected)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(vault.run("backlinks hub --json").stdout.utf8)) as? [String: Any])
        let texts = try #require(json["backlinks"] as? [[String: Any]]).compactMap { $0["text"] as? String }
        #expect(texts == (0..<300).map { "\($0) → [[hub]]" })
        // Written as it is found, the JSON is still the list's as Foundation's encoder writes it.
        let index = VaultIndex.open(Vault(root: vault.root), save: false)
        let list = BacklinkList(index: index, note: try #require(index.recordByPath["notes/hub.md"]))
        #expect(vault.run("backlinks hub --json").stdout == String(decoding: try JSONReference.bytes(list), as: UTF8.self))
        // An edited note is read again.
        try vault.write("notes/n007.md", "# N7\n\n  edited → [[hub]]\n")
        #expect(vault.run("backlinks hub").stdout == expected.replacingOccurrences(of: "n007.md:3: 7 → ", with: "n007.md:3: edited → "))
    }

    @Test func linksJSONReportsUnresolvedPathAsNull() throws {
        let vault = try TestVault()
        try vault.write("notes/dangling.md", "See [[no-such-note]] and [[read]].\n")
        let result = vault.run("links dangling --json")
        #expect(result.stdout.contains("\"path\" : null"))
        #expect(result.stdout.contains("\"path\" : \"habits/read.md\""))
    }

    @Test func pinAndUnpinEditOneLine() throws {
        let vault = try TestVault()
        let before = try vault.read("notes/tiny-habits.md")
        let pin = vault.run("pin tiny-habits")
        #expect(pin.status == 0)
        let pinned = try vault.read("notes/tiny-habits.md")
        let diff = LineDiff(before, pinned)
        #expect(diff.removed.isEmpty)
        #expect(diff.added == ["pinned: true"])
        #expect(vault.run("pins").stdout.contains("notes/tiny-habits.md"))
        #expect(vault.run("unpin tiny-habits").status == 0)
        #expect(try vault.read("notes/tiny-habits.md") == before)
        try Golden.check("pins", ["pins", "pin nothing-here", "unpin read"], vault: vault)
    }

    @Test func validateSampleVaultIsClean() throws {
        let vault = try TestVault()
        let result = vault.run("validate")
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.isEmpty)
    }

    @Test func validateReportsProblemsWithPlaces() throws {
        let vault = try TestVault()
        try vault.write("habits/bad.md", "---\ntitle: Bad\nevery: fortnightly\nfrequncy: 2\n---\nSee [[missing-note]].\n")
        try vault.write("daily/2026-11-23.md", "---\ndate: 2026-11-23\n---\n## Habits\n- [x] [[raed]]\n")
        try vault.write("daily/extra/2026-11-23.md", "---\ndate: 2026-11-23\n---\n")
        try vault.write("notes/broken-yaml.md", "---\ntitle: [unclosed\n---\nBody\n")
        try Golden.check("validate", ["validate", "lint --json --errors"], vault: vault)
        #expect(vault.run("validate").status == 2)
    }
}

/// Lines added and removed between two texts, by multiset (order-insensitive, enough for minimal edits).
struct LineDiff {
    var added: [String]
    var removed: [String]

    init(_ old: String, _ new: String) {
        var oldLines = old.components(separatedBy: "\n")
        var newLines = new.components(separatedBy: "\n")
        var added: [String] = []
        for line in newLines {
            if let index = oldLines.firstIndex(of: line) { oldLines.remove(at: index) } else { added.append(line) }
        }
        var removed: [String] = []
        for line in old.components(separatedBy: "\n") {
            if let index = newLines.firstIndex(of: line) { newLines.remove(at: index) } else { removed.append(line) }
        }
        self.added = added
        self.removed = removed
    }
}
