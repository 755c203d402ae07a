import Foundation
import Testing
@testable import BrainServer
import BrainFormat
import BrainStore

/// The server's live index after its own write, with two spellings of one name side by side:
/// a composed "é" (U+00E9) and a decomposed one ("e" and U+0301). Swift's `String` holds them
/// equal; on Linux they are two files, and a change to the one is no news of the other.
@Suite(.serialized) struct LiveIndexSpellingTests {
    static let composed = "notes/caf\u{E9}.md"
    static let decomposed = "notes/cafe\u{301}.md"

    /// Whether events are watched here (inotify): elsewhere the watcher names no path.
    static let watches: Bool = {
        let root = NSTemporaryDirectory() + "bw-probe-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        return VaultWatcher(root: root).descriptor != nil
    }()

    /// A fresh vault folder with `files` (vault-relative path → text), removed by the caller.
    static func vault(_ files: [(String, String)]) throws -> String {
        let root = NSTemporaryDirectory() + "bw-spell-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/notes", withIntermediateDirectories: true)
        for (path, text) in files { try write(root, path, text) }
        return root
    }

    static func write(_ root: String, _ path: String, _ text: String) throws {
        try text.write(toFile: root + "/" + path, atomically: false, encoding: .utf8)
    }

    static func note(_ tag: String) -> String { "---\ntitle: \(tag)\n---\nA note. #\(tag)\n" }

    @Test(.enabled(if: watches, "no inotify here: the watcher names no path"))
    func theWatcherTellsTheOtherSpellingFromTheServersWrite() throws {
        let root = try Self.vault([])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let watcher = VaultWatcher(root: root)
        _ = watcher.takeChange(now: 0)
        // The server's write alone, with its temporary copy beside it: nothing but the write.
        try Self.write(root, "notes/.caf\u{E9}.md.tmp", "partial")
        try Self.write(root, Self.composed, Self.note("composed"))
        watcher.drain()
        let own = try #require(watcher.takeChange(now: 0))
        #expect(own.isOnly([Self.composed]), "the server's own write")
        #expect(!own.isOnly(["notes/other.md"]), "a write elsewhere")
        // Another program writes the decomposed name beside it: not the server's write.
        try Self.write(root, Self.composed, Self.note("composed-again"))
        try Self.write(root, Self.decomposed, Self.note("decomposed"))
        watcher.drain()
        let both = try #require(watcher.takeChange(now: 0))
        #expect(!both.isOnly([Self.composed]), "the decomposed file changed too")
        // And the other way round: the server wrote the decomposed name.
        try Self.write(root, Self.composed, Self.note("composed-third"))
        watcher.drain()
        let other = try #require(watcher.takeChange(now: 0))
        #expect(!other.isOnly([Self.decomposed]), "only the composed file changed")
        #expect(other.isOnly([Self.composed]))
    }

    /// The journal's folders (whose changes keep the other files' pins) by their bytes: a folder
    /// spelled otherwise is another folder.
    @Test func aFolderOfTheOtherSpellingIsNotTheJournals() {
        let journal = ["journ\u{E9}e", "habits"]
        func within(_ folders: [String]) -> Bool {
            VaultWatcher.Change(folders: Set(folders.map { Array($0.utf8) })).foldersAreAll(within: journal)
        }
        #expect(within(["journ\u{E9}e", "journ\u{E9}e/2026", "habits"]))
        #expect(!within(["journe\u{301}e"]))
        #expect(!within(["journe\u{301}e/2026"]))
        #expect(!within(["habits", "journ\u{E9}es"]))
        #expect(!within(["habits", ""]))
    }

    /// Through the router: after its own write of the composed name, the kept index shows what
    /// another program wrote meanwhile in the decomposed one.
    @Test(.enabled(if: watches, "no inotify here: the kept index is not updated in place"))
    func theRouterReadsAgainWhenTheOtherSpellingChangedBesideItsWrite() throws {
        let root = try Self.vault([(Self.composed, Self.note("composed")), (Self.decomposed, Self.note("decomposed")),
                                   ("notes/other.md", Self.note("other"))])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let options = ServerOptions(vault: root, listen: .standard, today: { _ in Day("2026-11-22")! }, version: "test",
                                    log: { _ in }, announce: { _ in })
        let router = Router(options: options, port: 0)
        func tags(_ path: String) -> [String]? {
            router.index().records.first { Array($0.path.utf8) == Array(path.utf8) }?.tags
        }
        // The index read once, and the events of reading it (its cache under .brain/) taken.
        #expect(tags(Self.decomposed) == ["decomposed"])
        router.watcher.drain()
        #expect(tags(Self.composed) == ["composed"])
        router.watcher.drain()
        #expect(router.watcher.takeChange(now: 0) == nil, "the setup left no news")

        // A write of the server's alone: the kept index takes it in place.
        let other = Self.note("other-again")
        try Self.write(root, "notes/other.md", other)
        router.applied(["notes/other.md": Array(other.utf8)], keepingPins: false)
        #expect(router.kept.index != nil, "the kept index was updated in place")
        #expect(tags("notes/other.md") == ["other-again"])

        // The server writes the composed name while another program writes the decomposed one.
        let mine = Self.note("composed-again")
        try Self.write(root, Self.composed, mine)
        try Self.write(root, Self.decomposed, Self.note("decomposed-again-and-longer"))
        router.applied([Self.composed: Array(mine.utf8)], keepingPins: false)
        #expect(router.kept.index == nil, "the other program's write was taken for the server's own")
        #expect(tags(Self.decomposed) == ["decomposed-again-and-longer"])
        #expect(tags(Self.composed) == ["composed-again"])
    }

    /// The server's own write of one spelling, the other file untouched: the kept index takes
    /// the write and keeps the other file as it was — for a file changed, and for one made new.
    @Test(.enabled(if: watches, "no inotify here: the kept index is not updated in place"),
          arguments: [(composed, decomposed), (decomposed, composed)])
    func theServersWriteOfOneSpellingLeavesTheOther(written: String, other: String) throws {
        let root = try Self.vault([(written, Self.note("written")), (other, Self.note("other"))])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let options = ServerOptions(vault: root, listen: .standard, today: { _ in Day("2026-11-22")! }, version: "test",
                                    log: { _ in }, announce: { _ in })
        let router = Router(options: options, port: 0)
        func tags(_ path: String) -> [String]? {
            router.index().records.first { Array($0.path.utf8) == Array(path.utf8) }?.tags
        }
        func settle() {
            router.watcher.drain()
            _ = router.index()
        }
        #expect(tags(written) == ["written"] && tags(other) == ["other"])
        settle()
        settle()
        let mine = Self.note("written-again")
        try Self.write(root, written, mine)
        router.applied([written: Array(mine.utf8)], keepingPins: false)
        #expect(tags(written) == ["written-again"])
        #expect(tags(other) == ["other"], "the other spelling's file is still there, unchanged")
        #expect(router.index().records.count == 2)
        // A file of the written spelling made new beside the other.
        try FileManager.default.removeItem(atPath: root + "/" + written)
        settle()
        #expect(tags(written) == nil && tags(other) == ["other"])
        settle()
        let new = Self.note("written-new")
        try Self.write(root, written, new)
        router.applied([written: Array(new.utf8)], keepingPins: false)
        #expect(tags(written) == ["written-new"])
        #expect(tags(other) == ["other"], "the other spelling's file is still there, unchanged")
        #expect(router.index().records.count == 2)
    }
}
