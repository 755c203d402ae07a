import Testing
@testable import BrainFormat
@testable import BrainStore

/// The names sync engines give conflict copies, and ordinary names that look like them.
@Suite struct ConflictCopyTests {
    struct Case: CustomStringConvertible, Sendable {
        var path: String
        /// The original, or nil when the name is an ordinary one.
        var original: String?
        var engine: ConflictCopy.Engine?
        var description: String { path }
    }

    /// Every file in these cases is taken to exist beside `original` unless the case says otherwise.
    static let named: [Case] = [
        // Syncthing: NAME.sync-conflict-YYYYMMDD-HHMMSS-DEVICE.EXT (lib/model conflictName).
        Case(path: "daily/2026-11-22.sync-conflict-20261122-101500-ABCDEFG.md", original: "daily/2026-11-22.md", engine: .syncthing),
        Case(path: "notes/a.b.sync-conflict-20261122-101500-Q2W3E4R.md", original: "notes/a.b.md", engine: .syncthing),
        // No device (a zero short id) and the old form without one.
        Case(path: "x.sync-conflict-20261122-101500-.md", original: "x.md", engine: .syncthing),
        Case(path: "x.sync-conflict-20261122-101500.md", original: "x.md", engine: .syncthing),
        // A conflict of a conflict copy: back to the first file.
        Case(path: "x.sync-conflict-20261122-101500-AAAAAAA.sync-conflict-20261123-090000-BBBBBBB.md", original: "x.md", engine: .syncthing),
        Case(path: "x.sync-conflict-2026112-101500-ABCDEFG.md", original: nil, engine: nil),
        Case(path: "x.sync-conflict-20261122-101500-abcdefg.md", original: nil, engine: nil),
        Case(path: ".sync-conflict-20261122-101500-ABCDEFG.md", original: nil, engine: nil),
        // Dropbox.
        Case(path: "daily/2026-11-22 (conflicted copy).md", original: "daily/2026-11-22.md", engine: .dropbox),
        Case(path: "notes/Plan (Ana's conflicted copy 2026-11-22).md", original: "notes/Plan.md", engine: .dropbox),
        Case(path: "notes/Plan (Ana Lopez's Conflicted Copy 2026-11-22 1).md", original: "notes/Plan.md", engine: .dropbox),
        Case(path: "notes/Plan (copy).md", original: nil, engine: nil),
        Case(path: "notes/Why a conflicted copy happens.md", original: nil, engine: nil),
        Case(path: "notes/Plan (unconflicted copy).md", original: nil, engine: nil),
        // iCloud Drive, with NAME.EXT beside.
        Case(path: "daily/2026-11-22 2.md", original: "daily/2026-11-22.md", engine: .icloud),
        Case(path: "notes/Chapter 3.md", original: "notes/Chapter.md", engine: .icloud),
        Case(path: "notes/Chapter 1.md", original: nil, engine: nil),
        Case(path: "notes/Chapter 02.md", original: nil, engine: nil),
        Case(path: "notes/Chapter2.md", original: nil, engine: nil),
        Case(path: "daily/2026-11-22.md", original: nil, engine: nil),
        Case(path: "notes/2026.md", original: nil, engine: nil),
    ]

    @Test(arguments: named)
    func recognisesEachEnginesNames(_ test: Case) {
        let copy = ConflictCopy.recognise(test.path) { _ in true }
        #expect(copy?.original == test.original)
        #expect(copy?.engine == test.engine)
    }

    /// A note titled "Chapter 2" is one unless "Chapter.md" is beside it: the number alone proves
    /// nothing.
    @Test func aNumberedNameIsACopyOnlyBesideItsOriginal() {
        let alone = ["notes/Chapter 1.md", "notes/Chapter 2.md", "notes/Week 48.md"]
        #expect(alone.allSatisfy { path in ConflictCopy.recognise(path, exists: Set(alone).contains) == nil })
        let beside = ["notes/Chapter.md", "notes/Chapter 2.md"]
        #expect(ConflictCopy.recognise("notes/Chapter 2.md", exists: Set(beside).contains)?.original == "notes/Chapter.md")
        // Another folder's "Chapter.md" is not beside it.
        #expect(ConflictCopy.recognise("notes/Chapter 2.md", exists: ["Chapter.md"].contains) == nil)
        // Syncthing's and Dropbox's names need nothing beside them.
        #expect(ConflictCopy.recognise("daily/2026-11-22 (conflicted copy).md") { _ in false }?.engine == .dropbox)
    }

    /// `split` looks at each name cheaply before recognising it: that look lets every copy
    /// through, in any case of `.MD` and of Dropbox's words.
    @Test(arguments: named + [
        Case(path: "notes/PLAN (ANA'S CONFLICTED COPY 2026-11-22).MD", original: "notes/PLAN.MD", engine: .dropbox),
        Case(path: "Plan 2.MD", original: "Plan.MD", engine: .icloud),
    ])
    func splitFindsEveryCopyRecognised(_ test: Case) {
        let files = [test.path, test.original].compactMap { $0 }.map { FileStamp(path: $0, size: 1, modified: 1) }
        let (kept, copies) = ConflictCopy.split(files)
        #expect(copies.map(\.original) == [test.original].compactMap { $0 })
        #expect(copies.map(\.engine) == [test.engine].compactMap { $0 })
        #expect(kept.count + copies.count == files.count)
    }

    @Test func splitKeepsOrdinaryFilesInOrder() {
        let paths = ["daily/2026-11-21.md", "daily/2026-11-22 2.md", "daily/2026-11-22.md",
                     "daily/2026-11-22.sync-conflict-20261122-101500-ABCDEFG.md", "notes/Chapter 2.md"]
        let (files, copies) = ConflictCopy.split(paths.map { FileStamp(path: $0, size: 1, modified: 1) })
        #expect(files.map(\.path) == ["daily/2026-11-21.md", "daily/2026-11-22.md", "notes/Chapter 2.md"])
        #expect(copies.map(\.path) == ["daily/2026-11-22 2.md", "daily/2026-11-22.sync-conflict-20261122-101500-ABCDEFG.md"])
        #expect(copies.allSatisfy { $0.original == "daily/2026-11-22.md" })
    }

    /// A copy in the daily folder is no second day: the index leaves it out and lists it.
    @Test func theIndexLeavesCopiesOut() {
        let day = "---\ndate: 2026-11-22\n---\n## Habits\n- [x] [[read]]\n"
        let fileSystem = MemoryFileSystem(files: [
            "/v/.brain/config.yml": "",
            "/v/habits/read.md": "---\ntitle: Read\n---\n",
            "/v/daily/2026-11-22.md": day,
            "/v/daily/2026-11-22 (conflicted copy).md": day,
            "/v/daily/2026-11-22 2.md": day,
        ])
        let vault = Vault(root: "/v", fileSystem: fileSystem)
        for scope in [VaultIndex.Scope.vault, .journal] {
            let index = VaultIndex.open(vault, scope: scope, save: false)
            #expect(index.records.filter { $0.kind == .daily }.map(\.path) == ["daily/2026-11-22.md"])
            #expect(index.conflictCopies.map(\.path) == ["daily/2026-11-22 (conflicted copy).md", "daily/2026-11-22 2.md"])
        }
        let report = ValidationReport(index: VaultIndex.open(vault, save: false))
        #expect(report.diagnostics.filter { $0.message.contains("conflict copy of daily/2026-11-22.md") }.map(\.path)
                == ["daily/2026-11-22 (conflicted copy).md", "daily/2026-11-22 2.md"])
    }
}
