import Foundation
import Testing
@testable import BrainServer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How the watcher reads an FSEvents stream's events (`FSEventsReading`, macOS's source): the
/// same operations read from FSEvents' paths and flags must tell the watcher what inotify's
/// events tell it. The stream itself runs on macOS only; its reading is checked here against
/// inotify's, on the same files.
@Suite(.serialized) struct FSEventsReadingTests {
    /// Whether inotify is here to compare with.
    static let inotify: Bool = {
        #if os(Linux)
        true
        #else
        false
        #endif
    }()

    // The flags FSEvents sets on each kind of event (`FSEvents.h`).
    static let created: UInt32 = 0x100, removed: UInt32 = 0x200, renamed: UInt32 = 0x800
    static let modified: UInt32 = 0x1000, isFile: UInt32 = 0x10000, isDir: UInt32 = 0x20000

    static func vault() throws -> String {
        let root = NSTemporaryDirectory() + "bw-fsevents-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/notes", withIntermediateDirectories: true)
        return root
    }

    /// The root's real path, as FSEvents names it.
    static func real(_ root: String) -> [UInt8] {
        guard let resolved = realpath(root, nil) else { return Array(root.utf8) }
        defer { free(resolved) }
        return Array(String(cString: resolved).utf8)
    }

    static func write(_ root: String, _ path: String) throws {
        try "text\n".write(toFile: root + "/" + path, atomically: false, encoding: .utf8)
    }

    @Test(.enabled(if: inotify, "inotify is Linux's: nothing here to compare the reading with"))
    func theStreamsEventsTellTheWatcherWhatInotifysDo() throws {
        let root = try Self.vault()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // Both watch; the second's inotify events are never read: it takes FSEvents' instead.
        let watched = VaultWatcher(root: root)
        let read = VaultWatcher(root: root)
        #expect(watched.isWatching)
        _ = watched.takeChange(now: 0)
        _ = read.takeChange(now: 0)

        try Self.write(root, "notes/a.md")
        try Self.write(root, "notes/.a.md.swp")
        try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: false)
        try Self.write(root, ".git/index")
        try FileManager.default.createDirectory(atPath: root + "/notes/sub", withIntermediateDirectories: false)
        // inotify watches a new folder once its event is read.
        watched.drain()
        try Self.write(root, "notes/sub/b.md")
        #expect(rename(root + "/notes/a.md", root + "/notes/c.md") == 0)
        #expect(unlink(root + "/notes/sub/b.md") == 0)
        watched.drain()
        let fromInotify = try #require(watched.takeChange(now: 0))

        let realRoot = Self.real(root)
        let stream: [(String, UInt32)] = [
            ("/notes/a.md", Self.created | Self.modified | Self.isFile),
            ("/notes/.a.md.swp", Self.created | Self.modified | Self.isFile),
            ("/.git", Self.created | Self.isDir),
            ("/.git/index", Self.created | Self.modified | Self.isFile),
            ("/notes/sub", Self.created | Self.isDir),
            ("/notes/sub/b.md", Self.created | Self.modified | Self.isFile),
            ("/notes/a.md", Self.renamed | Self.isFile),
            ("/notes/c.md", Self.renamed | Self.isFile),
            ("/notes/sub/b.md", Self.removed | Self.isFile),
            ("/.brain/watch-cookie-1-1", Self.created | Self.isFile),
        ]
        for (path, flags) in stream {
            read.take(FSEventsReading(path: realRoot + Array(path.utf8), flags: flags, root: root, realRoot: realRoot))
        }
        let fromStream = try #require(read.takeChange(now: 0))
        #expect(fromStream == fromInotify)
        #expect(fromStream.paths.contains(Array("notes/c.md".utf8)))
        #expect(!fromStream.paths.contains { $0.starts(with: Array(".git".utf8)) })
    }

    @Test func eachFlagAndPathIsReadAsTheWatcherNeedsIt() {
        let root = "/home/u/vault", real = Array("/private/home/u/vault".utf8)
        func reading(_ path: String, _ flags: UInt32 = 0x100) -> FSEventsReading {
            FSEventsReading(path: Array(path.utf8), flags: flags, root: root, realRoot: real)
        }
        #expect(reading("/private/home/u/vault/notes/a.md") == .item(folder: root + "/notes", name: Array("a.md".utf8), isFolder: false))
        #expect(reading("/private/home/u/vault/a.md") == .item(folder: root, name: Array("a.md".utf8), isFolder: false))
        #expect(reading("/private/home/u/vault/notes", 0x20000) == .item(folder: root, name: Array("notes".utf8), isFolder: true))
        // The root itself.
        #expect(reading("/private/home/u/vault", 0x20000) == .item(folder: root, name: [], isFolder: true))
        // Dropped or merged events, whatever path they name; the root moved.
        for flag: UInt32 in [0x1, 0x2, 0x4] { #expect(reading("/private/home/u/vault/notes", flag) == .overflow) }
        #expect(reading("/private/home/u/vault", 0x20) == .rootChanged)
        // Outside the vault, a sibling sharing its name's start, hidden folders at any depth.
        #expect(reading("/private/home/u/other/a.md") == .ignored)
        #expect(reading("/private/home/u/vault2/a.md") == .ignored)
        #expect(reading("/private/home/u/vault/.brain/cache/index.bin") == .ignored)
        #expect(reading("/private/home/u/vault/notes/.obsidian/x.md") == .ignored)
        // A hidden file in a watched folder is named, as inotify names it.
        #expect(reading("/private/home/u/vault/notes/.a.md.swp") == .item(folder: root + "/notes", name: Array(".a.md.swp".utf8), isFolder: false))
        // The watcher's cookies, and only those directly in `.brain/`.
        #expect(reading("/private/home/u/vault/.brain/watch-cookie-12-3") == .cookie("watch-cookie-12-3"))
        #expect(reading("/private/home/u/vault/.brain/watch-cookie-12-3/x") == .ignored)
        // A name's bytes as they are (no normalisation: composed and decomposed "é" are two names).
        let decomposed = Array("/private/home/u/vault/cafe\u{301}.md".utf8)
        #expect(FSEventsReading(path: decomposed, flags: 0x100, root: root, realRoot: real)
                == .item(folder: root, name: Array("cafe\u{301}.md".utf8), isFolder: false))
    }

    @Test func droppedEventsAndAMovedRootLeaveNoOldTokenTrusted() throws {
        let root = try Self.vault()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let watcher = VaultWatcher(root: root, keepsHistory: true)
        let token = watcher.token
        watcher.take(.item(folder: root + "/notes", name: Array("a.md".utf8), isFolder: false))
        if Self.inotify {
            #expect(watcher.history(since: token) == .changed(token: watcher.token, paths: ["notes/a.md"]))
        }
        let before = watcher.token
        watcher.take(.overflow)
        #expect(watcher.history(since: before) == .unknown(token: watcher.token))
        let after = watcher.token
        watcher.take(.rootChanged)
        #expect(watcher.history(since: after) == .unknown(token: watcher.token))
        #expect(!watcher.isWatching)
    }
}
