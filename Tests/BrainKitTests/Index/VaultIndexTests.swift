import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// A throwaway vault folder for index tests.
final class ScratchVault {
    let root: String

    init(files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("brain-index-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/.brain", withIntermediateDirectories: true)
        for (path, text) in files { try write(path, text) }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func write(_ path: String, _ text: String) throws {
        let url = URL(fileURLWithPath: root + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func remove(_ path: String) throws { try FileManager.default.removeItem(atPath: root + "/" + path) }

    func open(rebuild: Bool = false) -> VaultIndex { VaultIndex.open(Vault(root: root), rebuild: rebuild) }
}

@Suite struct VaultIndexTests {

    /// A first index on the disk walks without a `stat` per file: each record's size and times
    /// come from its read. They are the walk's own, so the next open re-reads nothing, and the
    /// cache is the one a walk with stamps would write.
    @Test func aFirstIndexTakesItsStampsFromTheReads() throws {
        let scratch = try ScratchVault(files: VaultIndexTests.files)
        let vault = Vault(root: scratch.root)
        let first = VaultIndex.open(vault)
        #expect(first.report.rebuilt && first.report.reread == VaultIndexTests.files.count)
        let walked = POSIXFileSystem().markdownFiles(under: scratch.root, stamps: true)
        #expect(first.records.map(\.stamp) == walked)
        #expect(walked.allSatisfy { $0.modified > 0 && $0.changed > 0 })
        let again = VaultIndex.open(vault)
        #expect(again.report.reread == 0 && !again.report.rebuilt)
        #expect(again.records == first.records)
        let rebuilt = VaultIndex.open(vault, rebuild: true)
        #expect(rebuilt.records == first.records)
    }
    static let files = [
        "notes/a.md": "---\ntitle: Alpha\naliases: [first]\ntags: [x]\n---\nLinks [[b]] and [[First]] and [c](../notes/c.md). #y\n",
        "notes/b.md": "# Beta\nBack to [[a|the alpha]] and [[missing]].\n",
        "notes/c.md": "Plain, links [[notes/a]].\n",
        "habits/read.md": "---\nevery: day\n---\n",
        "daily/2026-11-20.md": "---\ndate: 2026-11-20\n---\n## Habits\n- [x] [[read]] 20 pages\n",
    ]

    @Test func firstOpenReadsEveryFileAndResolvesLinks() throws {
        let scratch = try ScratchVault(files: VaultIndexTests.files)
        let index = scratch.open()
        #expect(index.report.files == 5)
        #expect(index.report.reread == 5)
        let a = try #require(index.index(ofPath: "notes/a.md"))
        let b = try #require(index.index(ofPath: "notes/b.md"))
        let c = try #require(index.index(ofPath: "notes/c.md"))
        #expect(index.records[a].title == "Alpha")
        #expect(index.records[b].title == "Beta")
        #expect(index.records[a].tags == ["x", "y"])
        #expect(index.resolutions[a] == [.note(b), .note(a), .note(c)])
        #expect(index.resolutions[b] == [.note(a), .missing])
        #expect(Set(index.backlinks(of: a).map(\.source)) == [a, b, c])
        let daily = try #require(index.index(ofPath: "daily/2026-11-20.md"))
        #expect(index.records[daily].habitLines.first?.value == 20)
        #expect(index.records[daily].day == Day("2026-11-20"))
    }

    /// Issue 15, fix 13: an edit that keeps the size and puts the modification time back (an
    /// editor or `touch -r` can) was never re-read; the inode change time cannot be put back.
    /// Resolving a whole vault keeps each target's resolution, once per folder or, for a name
    /// that resolves alike from every folder, once for all: every link still resolves as it
    /// does alone, whichever folder met the target first.
    @Test func everyLinkResolvesAsItDoesAlone() throws {
        let links = "[[same]] [[only-a]] [[missing]] [[b/same]] [[Title X]] ![[same]] [s](same.md) [[SAME]] [[a/only-a]] [[./same]] [[twice]]\n"
        var files: [String: String] = [
            "a/same.md": "# Same in a\n", "b/same.md": "# Same in b\n", "c/same.md": "# Same in c\n",
            "a/only-a.md": "---\ntitle: Title X\n---\n", "b/twice.md": "", "c/deep/twice.md": "",
        ]
        // Sources in every folder, in an order where each folder meets the targets first in turn.
        for (number, folder) in ["c/", "", "a/", "b/", "c/deep/", "a/", ""].enumerated() {
            files["\(folder)n\(number).md"] = links
        }
        let (vault, _) = MemoryVault.make(files)
        for index in [VaultIndex.open(vault), VaultIndex.open(vault), VaultIndex.open(vault, rebuild: true, save: false)] {
            for (source, record) in index.records.enumerated() {
                #expect(index.resolutions[source] == record.links.map { index.resolve($0, from: source) }, "\(record.path)")
            }
            func target(_ path: String, _ position: Int) -> String? {
                index.resolutions[index.index(ofPath: path)!][position].note.map { index.records[$0].path }
            }
            #expect(target("a/n2.md", 0) == "a/same.md" && target("b/n3.md", 0) == "b/same.md" && target("c/n0.md", 0) == "c/same.md")
            #expect(target("n1.md", 1) == "a/only-a.md" && target("b/n3.md", 1) == "a/only-a.md" && target("c/deep/n4.md", 4) == "a/only-a.md")
            #expect(target("b/n3.md", 10) == "b/twice.md" && target("c/deep/n4.md", 10) == "c/deep/twice.md" && target("n1.md", 10) == "b/twice.md")
        }
    }

    @Test func sameSizeEditWithRestoredTimeIsReread() throws {
        let scratch = try ScratchVault(files: ["notes/a.md": "---\ntitle: Alpha\n---\n"])
        let path = scratch.root + "/notes/a.md"
        #expect(scratch.open().record(atPath: "notes/a.md")?.title == "Alpha")
        let time = try #require(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
        Thread.sleep(forTimeInterval: 0.02)
        try scratch.write("notes/a.md", "---\ntitle: Omega\n---\n")
        try FileManager.default.setAttributes([.modificationDate: time], ofItemAtPath: path)
        let index = scratch.open()
        #expect(index.report.reread == 1)
        #expect(index.record(atPath: "notes/a.md")?.title == "Omega")
    }

    @Test func sameSizeEditWithRestoredTimeIsRereadInMemory() throws {
        let (vault, fileSystem) = MemoryVault.make(["notes/a.md": "---\ntitle: Alpha\n---\n"])
        #expect(VaultIndex.open(vault).record(atPath: "notes/a.md")?.title == "Alpha")
        let path = MemoryVault.root + "/notes/a.md"
        let time = try #require(fileSystem.modificationTime(path))
        try fileSystem.writeAtomically(Array("---\ntitle: Omega\n---\n".utf8), to: path)
        fileSystem.setModified(path, to: time)
        #expect(VaultIndex.open(vault).record(atPath: "notes/a.md")?.title == "Omega")
    }

    @Test func noChangeRereadsNothing() throws {
        let scratch = try ScratchVault(files: VaultIndexTests.files)
        let first = scratch.open()
        let second = scratch.open()
        #expect(second.report.reread == 0)
        #expect(!second.report.rebuilt)
        #expect(second.records == first.records)
        #expect(second.resolutions == first.resolutions)
    }

    @Test func editAddDeleteEachRereadExactlyOneFile() throws {
        let scratch = try ScratchVault(files: VaultIndexTests.files)
        _ = scratch.open()
        try scratch.write("notes/c.md", "Changed, now links [[b]] and is longer.\n")
        let edited = scratch.open()
        #expect(edited.report.reread == 1)
        #expect(edited.report.changed == 1)
        let c = try #require(edited.index(ofPath: "notes/c.md"))
        #expect(edited.resolutions[c] == [.note(try #require(edited.index(ofPath: "notes/b.md")))])

        try scratch.write("notes/d.md", "New note pointing at [[missing]].\n")
        let added = scratch.open()
        #expect(added.report.reread == 1)
        #expect(added.report.added == 1)

        try scratch.write("notes/missing.md", "Now it exists.\n")
        let resolvedLater = scratch.open()
        #expect(resolvedLater.report.reread == 1)
        let b = try #require(resolvedLater.index(ofPath: "notes/b.md"))
        let missing = try #require(resolvedLater.index(ofPath: "notes/missing.md"))
        #expect(resolvedLater.resolutions[b][1] == .note(missing))

        try scratch.remove("notes/d.md")
        let removed = scratch.open()
        #expect(removed.report.reread == 0)
        #expect(removed.report.removed == 1)
        #expect(removed.index(ofPath: "notes/d.md") == nil)
        #expect(removed.records.count == 6)
    }

    @Test func titleChangeReresolvesOtherFiles() throws {
        let scratch = try ScratchVault(files: VaultIndexTests.files)
        _ = scratch.open()
        try scratch.write("notes/a.md", "---\ntitle: Alpha\n---\nNo alias now.\n")
        let index = scratch.open()
        #expect(index.report.reread == 1)
        let a = try #require(index.index(ofPath: "notes/a.md"))
        #expect(index.resolutions[a].isEmpty)
        // [[First]] in the old a.md is gone; nothing else pointed at the alias.
        let b = try #require(index.index(ofPath: "notes/b.md"))
        #expect(index.resolutions[b][0] == .note(a))
    }

    @Test(arguments: ["corrupt", "truncated", "version"])
    func badCacheIsRebuiltWithAWarning(kind: String) throws {
        let scratch = try ScratchVault(files: VaultIndexTests.files)
        let first = scratch.open()
        let path = scratch.root + "/" + VaultIndex.cachePath
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        switch kind {
        case "corrupt": for index in stride(from: 12, to: bytes.count, by: 7) { bytes[index] ^= 0x5A }
        case "truncated": bytes.removeLast(bytes.count / 2)
        default: bytes[8] = 99
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let second = scratch.open()
        #expect(second.report.rebuilt)
        #expect(second.report.reread == 5)
        #expect(second.report.warnings.count == 1)
        if kind == "version" { #expect(second.report.warnings.first?.contains("another version") == true) }
        #expect(second.records == first.records)
        // And the rebuilt cache is good again.
        #expect(scratch.open().report.reread == 0)
    }

    @Test func ambiguousLinksPreferSameFolderThenShortestPath() throws {
        let scratch = try ScratchVault(files: [
            "notes/x.md": "[[topic]]",
            "notes/topic.md": "",
            "archive/old/topic.md": "",
            "archive/y.md": "[[topic]] [[old/topic]]",
            "p/dup.md": "", "q/dup.md": "", "r.md": "[[dup]]",
        ])
        let index = scratch.open()
        func resolution(_ path: String) -> [Resolution] { index.resolutions[index.index(ofPath: path)!] }
        #expect(resolution("notes/x.md") == [.note(index.index(ofPath: "notes/topic.md")!)])
        #expect(resolution("archive/y.md") == [.note(index.index(ofPath: "notes/topic.md")!), .note(index.index(ofPath: "archive/old/topic.md")!)])
        guard case .ambiguous(let candidates) = resolution("r.md")[0] else {
            Issue.record("expected an ambiguous link")
            return
        }
        #expect(candidates.count == 2)
    }

    @Test func habitLinesInCodeAndCommentsDoNotCount() throws {
        let scratch = try ScratchVault(files: [
            "habits/read.md": "",
            "daily/2026-11-21.md": "## Habits\n<!--\n- [x] [[read]] 5\n-->\n```\n- [x] [[read]] 6\n```\n- [-] [[read]] tired\n",
        ])
        let index = scratch.open()
        let daily = try #require(index.record(atPath: "daily/2026-11-21.md"))
        #expect(daily.habitLines.map(\.state) == [.skipped])
        #expect(daily.habitLines.map(\.line) == [8])
    }

    /// The index's byte-level habit lines agree with `CheckIn`'s parser on every sample day.
    @Test func indexHabitLinesMatchTheCheckInParser() throws {
        let root = RepositoryRoundTripTests.root + "/sample-vault"
        let index = VaultIndex.open(Vault(root: root), save: false)
        let dailies = index.records.filter { $0.kind == .daily }
        #expect(dailies.count >= 60)
        var lines = 0
        for record in dailies {
            let document = Document(bytes: try [UInt8](Data(contentsOf: URL(fileURLWithPath: root + "/" + record.path))))
            let checkIn = CheckIn(day: record.day!, frontMatter: document.frontMatter, body: document.body,
                                  bodyStartLine: document.bodyStartLine)
            #expect(record.habitLines == checkIn.habitLines, "\(record.path)")
            lines += record.habitLines.count
        }
        #expect(lines > 500)
    }

    @Test func byteLevelHabitLinesFollowTheGrammar() throws {
        let cases: [(String, HabitLine)] = [
            ("- [x] [[read]] 24 pages", HabitLine(habit: "read", state: .done, value: 24, unit: "pages", line: 2)),
            ("- [ ] [[read|Reading]] 2,5 km — slow", HabitLine(habit: "read", label: "Reading", state: .open, value: 2.5, unit: "km", note: "slow", line: 2)),
            ("- [-] [[run]] knee hurts", HabitLine(habit: "run", state: .skipped, note: "knee hurts", line: 2)),
            ("* [X] [[walk]] 10432 steps (auto: health ≥ 8000)", HabitLine(habit: "walk", state: .done, value: 10432, unit: "steps", note: "(auto: health ≥ 8000)", line: 2)),
            ("- [x] [[coffee]] 3rd cup", HabitLine(habit: "coffee", state: .done, note: "3rd cup", line: 2)),
            ("- [x] [[water]] 8 — glasses", HabitLine(habit: "water", state: .done, value: 8, note: "glasses", line: 2)),
            ("- [x] [[spanish]] 15 minutos: bien\r", HabitLine(habit: "spanish", state: .done, value: 15, unit: "minutos:", note: "bien", line: 2)),
            ("- [x] [[meditate]]", HabitLine(habit: "meditate", state: .done, line: 2)),
        ]
        for (text, expected) in cases {
            let file = "# Day\n" + text + "\n"
            let scan = MarkdownScanner.scan(file)
            let parsed = Array(file.utf8).withUnsafeBufferPointer { NoteParser.habitLines(scan, $0) }
            #expect(parsed == [expected], "\(text)")
            #expect(HabitLine.parse(text[...], lineNumber: 2) == expected, "\(text)")
        }
    }

    @Test func templatesAndHiddenFoldersAreNotNotes() throws {
        let scratch = try ScratchVault(files: [
            "templates/habit.md": "---\ntitle: \"{{title}}\"\n---\n",
            ".obsidian/x.md": "hidden",
            "notes/.draft.md": "hidden",
            "notes/real.md": "real",
        ])
        let index = scratch.open()
        #expect(index.records.map(\.path) == ["notes/real.md"])
    }

    /// A backlink list decodes from the cache only the links it needs: they equal the same
    /// links of the whole list, for every note of the sample vault, asked one, several,
    /// twice, or past the end; and the backlinks equal a fresh index's.
    @Test func linksPickedFromTheCacheEqualTheWholeList() throws {
        let (vault, _) = MemoryVault.sample()
        let fresh = VaultIndex.open(vault)
        let cached = VaultIndex.open(vault)
        #expect(cached.report.rebuilt == false && cached.report.reread == 0)
        var checked = 0
        for record in cached.records {
            let links = record.links
            let count = links.count
            for positions in [[0], [count - 1], Array(0..<count), [0, 0, 2], [1, count, count + 4]] where positions.allSatisfy({ $0 >= 0 }) {
                let picked = record.links(at: positions)
                #expect(picked == positions.map { $0 < count ? links[$0] : nil }, "\(record.path) \(positions)")
                // The places alone, stepped to without making the links' strings.
                #expect(record.linkPlaces(at: positions) == picked.map { $0.map(LinkPlace.init) }, "\(record.path) \(positions)")
                checked += 1
            }
        }
        #expect(checked > 100)
        for position in fresh.records.indices {
            #expect(cached.backlinks(of: position).map(\.link) == fresh.backlinks(of: position).map(\.link))
            let whole = fresh.backlinks(of: position).map { "\($0.source) \($0.link.line):\($0.link.column)" }
            for index in [fresh, cached] {
                #expect(index.backlinkPlaces(of: position).map { "\($0.source) \($0.place.line):\($0.place.column)" } == whole)
            }
        }
        #expect(fresh.records.indices.contains { !fresh.backlinks(of: $0).isEmpty })
    }

    /// The front-matter entries of a few keys, read from the cache by stepping over the other
    /// values, equal the same entries of the whole front-matter, for every file of the sample vault
    /// and a front-matter of nested lists and maps; and a damaged value is refused as a whole
    /// decode refuses it.
    @Test func frontMatterKeysFromTheCacheEqualTheWholeMap() throws {
        var files = MemoryVault.sampleFiles.mapValues { String(decoding: $0, as: UTF8.self) }
        files["daily/2026-01-01.md"] = "---\nplan: {a: [1, [2, {b: c}]], d: 2026-01-02}\nmood: 4\nt: [x, y]\n"
            + "rest: true\nmood: 2\nscore: 1.5\n---\n"
        let (vault, _) = MemoryVault.make(files)
        _ = VaultIndex.open(vault)
        let cached = VaultIndex.open(vault)
        #expect(cached.report.rebuilt == false && cached.report.reread == 0)
        let keys = ["mood", "rest", "title", "tags", "plan", "nothing"]
        for record in cached.records {
            let whole = record.frontMatter
            #expect(record.frontMatter(keys: keys) == whole.only(keys), "\(record.path)")
            #expect(record.frontMatter(keys: ["mood"])["mood"] == whole["mood"], "\(record.path)")
        }
        let day = try #require(cached.records.first { $0.path == "daily/2026-01-01.md" })
        #expect(day.frontMatter(keys: ["mood", "rest"]).entries.map(\.key) == ["mood", "rest"])
        #expect(day.frontMatter(keys: ["mood"])["mood"]?.int == 4)

        // Damage after the wanted key is found whichever way the map is read.
        var writer = BinaryWriter()
        YAMLMap(["mood": .int(3), "plan": .list([.string("a"), .map(YAMLMap(["b": .date(Day("2026-01-02")!)]))])]).encode(into: &writer)
        let good = writer.bytes
        for cut in 0..<good.count {
            for bytes in [Array(good[..<cut]), good.enumerated().map { $0.offset == cut ? $0.element ^ 0xFF : $0.element }] {
                bytes.withUnsafeBufferPointer { buffer in
                    var whole = BinaryReader(buffer), some = BinaryReader(buffer)
                    let full = try? YAMLMap.decode(from: &whole)
                    let part = try? YAMLMap.decode(from: &some, keys: ["mood"])
                    #expect((full == nil) == (part == nil), "cut or flipped at \(cut)")
                    if let full, let part { #expect(part == full.only(["mood"])) }
                }
            }
        }
    }
}
