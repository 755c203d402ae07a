import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// One file's validation is exactly what `brain validate` reports for that file, and the count
/// `brain index` prints is the number of problems it lists.
@Suite struct FileValidationTests {
    static func agree(_ index: VaultIndex, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let all = index.diagnostics()
        #expect(index.diagnosticCount() == all.count, sourceLocation: sourceLocation)
        #expect(index.diagnostics(suggest: false).count == all.count, sourceLocation: sourceLocation)
        for (position, record) in index.records.enumerated() {
            let expected = all.filter { $0.path == record.path }.sorted { $0.location < $1.location }
            #expect(index.validation(of: position) == expected, "\(record.path)", sourceLocation: sourceLocation)
        }
    }

    @Test func everyFileOfTheSampleVault() {
        let (vault, _) = MemoryVault.sample()
        let index = VaultIndex.open(vault)
        Self.agree(index)
    }

    @Test func problemsThatNeedOtherFiles() {
        let (vault, _) = MemoryVault.make([
            "habits/read.md": "---\nevery: fortnightly\nevry: day\n---\n# Read\n",
            "daily/2026-11-20.md": "---\ndate: 2026-11-20\nmood: 9\n---\n## Habits\n- [x] [[read]]\n- [ ] [[raed]]\n- [x] [[read]]\n[[nowhere]] [[Read]]\n",
            "notes/day.md": "---\ndate: 2026-11-20\n---\n",
            "daily/other.md": "---\ndate: 2026-11-20\n---\n",
            "notes/Café.md": "# one\n",
            "notes/cafe\u{301}.md": "# two\n",
            "notes/twin.md": "[[read]]",
            "notes/Twin.md": "[[unknown-link]]",
            "notes/asks.md": "[[twin]] and [[Café]], [[gone]]\n- [ ] [[raed]]\n",
        ])
        let index = VaultIndex.open(vault)
        let found = index.records.indices.flatMap { index.validation(of: $0) }
        #expect(found.contains { $0.message.hasPrefix("two files for 2026-11-20") })
        #expect(found.contains { $0.message.hasPrefix("same name as") })
        #expect(found.contains { $0.message.hasPrefix("habit line names no habit: \"raed\"; did you mean \"read\"?") })
        #expect(found.contains { $0.message.hasPrefix("broken link to \"nowhere\"") })
        #expect(found.contains { $0.message.hasPrefix("ambiguous link \"twin\"") })
        // The broken link on the daily file's line that names no habit is that line's one problem.
        #expect(!found.contains { $0.message.hasPrefix("broken link to \"raed\"") && $0.path == "daily/2026-11-20.md" })
        #expect(found.contains { $0.message.hasPrefix("broken link to \"raed\"") && $0.path == "notes/asks.md" })
        Self.agree(index)
    }

    /// Twins by normalisation or case are found whatever their spelling, also where only the key
    /// of one is ASCII (the Kelvin sign is K in NFC), and no other file is called a twin.
    @Test func nameTwinsAreFoundByTheirKeys() throws {
        let scratch = try ScratchVault(files: [
            "notes/caf\u{E9}.md": "", "notes/\u{212A}elvin.md": "", "notes/kelvin.md": "",
            "notes/Read.md": "", "notes/READ.md": "", "notes/read.md": "", "notes/solo.md": "", "notes/sol.md": "",
        ])
        try scratch.write("notes/cafe\u{301}.md", "")
        let index = VaultIndex.open(Vault(root: scratch.root))
        // Paths as bytes: Swift's `==` takes the two forms of café for one string.
        let bytes = { (path: String) in Array(path.utf8) }
        let twins = Set(index.nameTwins.map { member, others in
            [bytes(index.records[member].path)] + others.map { bytes(index.records[$0].path) }.sorted { $0.lexicographicallyPrecedes($1) }
        })
        let groups = [["notes/READ.md", "notes/Read.md", "notes/read.md"], ["notes/caf\u{E9}.md", "notes/cafe\u{301}.md"],
                      ["notes/kelvin.md", "notes/\u{212A}elvin.md"]].map { $0.map(bytes) }
        let expected = Set(groups.flatMap { group in
            group.map { member in [member] + group.filter { $0 != member }.sorted { $0.lexicographicallyPrecedes($1) } }
        })
        #expect(twins == expected)
        #expect(index.diagnostics().filter { $0.message.hasPrefix("same name as") }.count == 7)
        for path in ["notes/solo.md", "notes/sol.md"] {
            #expect(index.nameTwinDiagnostic(of: try #require(index.index(ofPath: path))) == nil)
        }
    }

    /// `find` by path: a path that two files share but for Unicode normalisation names both (the
    /// person is told to rename one); any other path names its one file, even when a file beside
    /// it differs only by case, and when the vault has such twins elsewhere. On disk: the two
    /// forms of one name are two files there, never two keys of one dictionary.
    @Test func findByPathNamesEveryTwinAndOnlyTheFileOtherwise() throws {
        let scratch = try ScratchVault(files: [
            "notes/caf\u{E9}.md": "# NFC\n",
            "notes/Read.md": "# Upper\n",
            "notes/read.md": "# Lower\n",
            "notes/solo.md": "# Solo\n",
        ])
        try scratch.write("notes/cafe\u{301}.md", "# NFD\n")
        let index = VaultIndex.open(Vault(root: scratch.root))
        #expect(index.records.count == 5)
        let paths = { (name: String) in index.find(name).map { index.records[$0].path }.sorted() }
        #expect(paths("notes/caf\u{E9}").count == 2)
        #expect(paths("notes/cafe\u{301}.md").count == 2)
        #expect(paths("notes/read") == ["notes/read.md"])
        #expect(paths("notes/Read.md") == ["notes/Read.md"])
        #expect(paths("notes/solo") == ["notes/solo.md"])
        #expect(paths("NOTES/SOLO.md") == ["notes/solo.md"], "a path in another case, when no file has it exactly")
    }
}
