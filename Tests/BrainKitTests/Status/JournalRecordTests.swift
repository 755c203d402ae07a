import BrainTestSupport
import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// `brain status` reads files with `NoteParser.journalRecord` and lists `daily/` with
/// `markdownEntries(in:)`: both must tell exactly what the full parser and the walk tell.
@Suite struct JournalRecordTests {
    /// Daily files written the odd ways people write them: nested and numbered lists, code blocks,
    /// comments, CRLF, a BOM, front-matter check-ins, a file in a folder, one with no date in its
    /// name, a bad name, and habits found by title or alias rather than by file name.
    static let oddFiles: [String: String] = [
        "habits/read.md": "---\nevery: day\ncreated: 2026-10-01\naliases: [reading]\n---\n# Read a chapter\n",
        "habits/walk.md": "---\ntitle: Evening walk\nevery: 3/week\ncreated: 2026-10-01\n---\n",
        "habits/stretch.md": "\u{FEFF}---\r\nevery: [mon, wed, fri]\r\ncreated: 2026-10-01\r\n---\r\n# Stretch\r\n",
        "habits/budget.md": "---\nevery: 2/month\ncreated: 2026-09-01\n---\n",
        "habits/guitar.md": "---\nevery: 2 in 5 days\ncreated: 2026-10-01\n---\n",
        "daily/2026-11-22.md": """
            ---
            mood: 4
            energy: 2
            ---
            ## Habits
            - [x] [[read]] 20 pages — a good one
            - Morning
              - [x] [[Evening walk]] 5 km
                - [-] [[stretch]] sore
            ```
            - [x] [[budget]]
            ```
            %% - [x] [[guitar]] %%
            <!--
            - [x] [[guitar]]
            -->
            1. [x] [[guitar]]
            - [x] [[reading]] and #tag and [a link](notes/x.md)
            """,
        "daily/2026-11-21.md": "---\r\nmood: 3\r\nrest: true\r\nrest-reason: ill\r\n---\r\n- [x] [[read]]\r\n* [X] [[walk]]\r\n",
        "daily/2026-11-20.md": "\u{FEFF}- [x] [[read]]\n+ [x] [[stretch]]\n- [x] [[guitar|Guitar practice]] 30 min\n",
        "daily/2026/2026-11-19.md": "---\nevening-mood: 5\n---\n- [x] [[read]]\n- [x] [[walk]]\n- [x] [[budget]]\n",
        "daily/loose-notes.md": "---\ndate: 2026-11-18\nmood: 2\n---\n# Notes of the day\n- [x] [[read]]\n- [x] [[walk]]\n",
        "daily/2026-02-30.md": "---\ndate: 2026-11-17\n---\n- [x] [[read]]\n",
        "daily/.hidden/2026-11-16.md": "- [x] [[read]]\n",
        "daily/2026-11-15.md": "---\nmood: [oops\n---\n```\n- [x] [[read]]\n",
        "daily/2026-11-14.md": "---\ntitle: A long day\naliases: [long]\nenergy: 9\n---\n- [ ] [[read]]\n- [x] [[walk]]\n  ~~~\n  - [x] [[stretch]]\n  ~~~\n",
        "notes/x.md": "# X\n",
    ]

    /// Every field `Journal` and the link resolver read, from `journalRecord` and from `parse`.
    static func expectSameRecord(_ bytes: [UInt8], path: String, kind: NoteKind) {
        let stamp = FileStamp(path: path, size: bytes.count, modified: 0)
        let full = NoteParser.parse(bytes, stamp: stamp, kind: kind)
        let light = bytes.withUnsafeBufferPointer { NoteParser.journalRecord($0, stamp: stamp, kind: kind) }
        #expect(light.path == full.path && light.kind == full.kind, "\(path)")
        #expect(light.title == full.title, "\(path)")
        #expect(light.aliases == full.aliases, "\(path)")
        #expect(light.pinned == full.pinned, "\(path)")
        #expect(light.frontMatter == full.frontMatter, "\(path)")
        #expect(light.headings == full.headings, "\(path)")
        #expect(light.day == full.day, "\(path)")
        #expect(light.habitLines == full.habitLines, "\(path)")
    }

    @Test func readsWhatTheFullParserReads() throws {
        let vault = Vault(root: "/vault", fileSystem: MemoryFileSystem())
        var files = Self.oddFiles.mapValues { Array($0.utf8) }
        for (path, bytes) in Repository.sampleFiles where path.hasSuffix(".md") { files["sample/" + path] = bytes }
        let generator = DemoGenerator(DemoOptions(years: 1, habits: 40, notes: 5, seed: 7, end: .sampleToday))
        for index in 0..<generator.fileCount {
            let file = generator.file(index)
            files["demo/" + file.path] = file.bytes
        }
        var dailies = 0
        for (path, bytes) in files where path.hasSuffix(".md") {
            let relative = path.hasPrefix("sample/") || path.hasPrefix("demo/") ? String(path.drop { $0 != "/" }.dropFirst()) : path
            let kind = vault.kind(of: relative)
            if kind == .daily { dailies += 1 }
            Self.expectSameRecord(bytes, path: relative, kind: kind)
        }
        #expect(dailies > 300)
    }

    /// The odd vault's status equals the one from the whole index on each of its days, and the
    /// journal built from `journalRecord` equals the one from the index.
    @Test func oddDailyFilesGiveTheSameStatus() throws {
        let (vault, _) = MemoryVault.make(Self.oddFiles)
        let records = StatusLine.journalRecords(vault, paths: vault.notePaths())
        let light = Journal(index: VaultIndex.partial(vault, records: records, resolveLinks: false))
        let full = Journal(index: VaultIndex.open(vault, save: false))
        #expect(light.checkIns == full.checkIns)
        #expect(light.habits == full.habits)
        #expect(light.dailyPaths == full.dailyPaths)
        #expect(light.duplicateDays == full.duplicateDays)
        // What the odd lines come to: the nested lines count, code and comments do not, nor does a
        // numbered item; the file in a folder and the one named by `date:` are read.
        let day = Day("2026-11-22")!
        #expect(full.checkIn(on: day)?.habitLines.map(\.habit) == ["read", "walk", "stretch", "read"])
        #expect(full.checkIn(on: Day("2026-11-19")!)?.eveningMood == 5)
        #expect(full.checkIn(on: Day("2026-11-18")!)?.mood == 2)
        #expect(full.checkIn(on: Day("2026-11-21")!)?.rest == true)
        for offset in 0..<12 {
            let day = day.adding(days: -offset)
            let status = StatusLine.load(vault: vault, day: day)
            let slow = StatusLineTests.full(vault, day)
            #expect(StatusLineTests.fields(status) == StatusLineTests.fields(slow), "\(day)")
            #expect(status.lead == slow.lead, "\(day)")
            #expect(status.overview.entries.map(\.state) == slow.overview.entries.map(\.state), "\(day)")
        }
    }

    /// The listing of a folder on disk: files and folders as the walk meets them, links and hidden
    /// names left out, and the same from the default built on the walk.
    @Test func folderEntriesOnDisk() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("brain-entries-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fileSystem = POSIXFileSystem()
        for path in ["2026-11-22.md", "notes.MD", "2026/2026-11-01.md", "2026/deeper/x.md", ".hidden/2026-11-02.md",
                     ".2026-11-03.md", "readme.txt", "empty/"] {
            if path.hasSuffix("/") {
                try fileSystem.makeDirectories(root + "/" + path.dropLast())
            } else {
                try fileSystem.writeAtomically(Array("x".utf8), to: root + "/" + path)
            }
        }
        try FileManager.default.createSymbolicLink(atPath: root + "/2026-11-21.md", withDestinationPath: root + "/2026-11-22.md")
        try FileManager.default.createSymbolicLink(atPath: root + "/linked", withDestinationPath: root + "/2026")
        let entries = fileSystem.markdownEntries(in: root)
        #expect(entries.files.sorted() == ["2026-11-22.md", "notes.MD"])
        #expect(entries.folders.sorted() == ["2026", "empty"])
        let walked = DefaultEntries(base: fileSystem).markdownEntries(in: root)
        #expect(walked.files.sorted() == entries.files.sorted())
        // The default lists only folders that hold Markdown files.
        #expect(walked.folders.sorted() == ["2026"])
        let missing = fileSystem.markdownEntries(in: root + "/missing")
        #expect(missing.files.isEmpty && missing.folders.isEmpty)
    }

    /// A daily folder with thousands of files: the status reads only the recent ones, by name.
    @Test func readsOnlyRecentDailyFiles() throws {
        var files = ["habits/read.md": "---\nevery: day\n---\n"]
        var day = Day("2020-01-01")!
        while day <= .sampleToday {
            files["daily/\(day).md"] = day.ordinal % 9 == 0 ? "- [ ] [[read]]\n" : "- [x] [[read]]\n"
            day = day.adding(days: 1)
        }
        let (vault, fileSystem) = MemoryVault.make(files)
        let counting = CountingFileSystem(fileSystem)
        let counted = Vault(root: vault.root, fileSystem: counting)
        let status = StatusLine.load(vault: counted, day: .sampleToday)
        #expect(StatusLineTests.fields(status) == StatusLineTests.fields(StatusLineTests.full(vault, .sampleToday)))
        // The habit, the 28 days, and a few listings: not the 2,500 files.
        #expect(counting.operations < 50)
    }
}

/// A file system that answers `markdownEntries(in:)` with the protocol's default (built on the walk).
private struct DefaultEntries: FileSystem {
    let base: POSIXFileSystem
    func read(_ path: String) throws(VaultError) -> [UInt8] { try base.read(path) }
    func exists(_ path: String) -> Bool { base.exists(path) }
    func isDirectory(_ path: String) -> Bool { base.isDirectory(path) }
    func stamp(_ path: String, relative: String) -> FileStamp? { base.stamp(path, relative: relative) }
    func makeDirectories(_ path: String) throws(VaultError) { try base.makeDirectories(path) }
    func writeAtomically(_ bytes: [UInt8], to path: String, durable: Bool) throws(VaultError) {
        try base.writeAtomically(bytes, to: path, durable: durable)
    }
    func createNew(_ bytes: [UInt8], at path: String) throws(VaultError) { try base.createNew(bytes, at: path) }
    func move(_ from: String, to destination: String) throws(VaultError) { try base.move(from, to: destination) }
    func remove(_ path: String, durable: Bool) throws(VaultError) { try base.remove(path, durable: durable) }
    func names(in folder: String) -> [String] { base.names(in: folder) }
    func isSymbolicLink(_ path: String) -> Bool { base.isSymbolicLink(path) }
    func temporaryFiles(under root: String) -> [String] { base.temporaryFiles(under: root) }
    func isProcessRunning(_ pid: Int32) -> Bool { base.isProcessRunning(pid) }
    func markdownFiles(under root: String, stamps: Bool) -> [FileStamp] { base.markdownFiles(under: root, stamps: stamps) }
    func lock(_ path: String, timeout: Double) throws(VaultError) -> any FileLock { try base.lock(path, timeout: timeout) }
}
