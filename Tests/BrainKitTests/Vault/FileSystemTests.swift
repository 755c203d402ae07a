import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// The two file systems keep the same rules, and the index reads the same vault from either.
@Suite struct FileSystemTests {
    @Test func memoryWalksInTheSameOrderAsTheDisk() throws {
        let (vault, _) = MemoryVault.sample()
        let disk = POSIXFileSystem().markdownFiles(under: MemoryVault.packageRoot + "/sample-vault").map(\.path)
        let memory = vault.fileSystem.markdownFiles(under: vault.root).map(\.path)
        #expect(memory == disk)
        #expect(memory.count > 100)
    }

    /// The walk sorts ASCII names by their bytes: the same order as comparing the Strings, for
    /// names of every case and punctuation; a folder with other names sorts as Strings.
    @Test(arguments: [false, true])
    func theWalkSortsNamesAsStringsDo(unicode: Bool) throws {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("brain-sort-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        try FileManager.default.createDirectory(atPath: temporary + "/Sub", withIntermediateDirectories: true)
        var names = ["B.md", "a.md", "a-b.md", "a b.md", "A.md", "_x.md", "ab.md", "a.b.md", "Z9.md", "z10.md", "~.md", "0.md", "a.MD",
                     // Names that share their first 8 bytes or more, or end within them.
                     "morning-walk.md", "morning-walks.md", "morning-wal.md", "morning.md", "morning", "morningA.md",
                     "morning-walk-2.md", "morning-Walk.md", "abcd.md", "abcd.mdx", "abcdefgh.md"]
        if unicode { names += ["\u{E9}t\u{E9}.md", "e\u{301}a.md", "zz\u{E9}.md"] }
        for name in names { _ = FileManager.default.createFile(atPath: temporary + "/" + name, contents: Data()) }
        _ = FileManager.default.createFile(atPath: temporary + "/Sub/x.md", contents: Data())
        let walked = POSIXFileSystem().markdownFiles(under: temporary).map(\.path)
        let expected = (names.filter { $0.lowercased().hasSuffix(".md") } + ["Sub"]).sorted().flatMap { $0 == "Sub" ? ["Sub/x.md"] : [$0] }
        #expect(walked == expected)
    }

    /// What the walk lists and how: Markdown files in nested folders with the size and times
    /// `stat` gives (none with `stamps: false`), a pipe named `.md` with size -1, a 255-byte name;
    /// hidden files and folders, other extensions and symlinks left out.
    @Test func theWalkListsAndStampsWhatStatSays() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("brain-walk-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let long = String(repeating: "n", count: 252) + ".md"
        try FileManager.default.createDirectory(atPath: root + "/a/b/c", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/.hidden", withIntermediateDirectories: true)
        let files = ["a/b/c/deep.md": "deep\n", "a/one.MD": "one one\n", "top.md": "", "a/" + long: "long\n",
                     ".hidden/secret.md": "no", "a/.dot.md": "no", "a/other.txt": "no"]
        for (path, text) in files { _ = FileManager.default.createFile(atPath: root + "/" + path, contents: Data(text.utf8)) }
        #expect(mkfifo(root + "/a/pipe.md", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: root + "/link.md", withDestinationPath: root + "/top.md")
        let walked = POSIXFileSystem().markdownFiles(under: root, stamps: true)
        #expect(walked.map(\.path) == ["a/b/c/deep.md", "a/" + long, "a/one.MD", "a/pipe.md", "top.md"])
        for stamp in walked {
            var info = stat()
            #expect(lstat(root + "/" + stamp.path, &info) == 0)
            let special = stamp.path.hasSuffix("pipe.md")
            #expect(stamp.size == (special ? -1 : Int(info.st_size)))
            #expect(stamp.modified == Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
            #expect(stamp.changed == Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec))
        }
        #expect(walked.first { $0.path == "a/one.MD" }?.size == 8)
        let paths = POSIXFileSystem().markdownFiles(under: root, stamps: false)
        #expect(paths.map(\.path) == walked.map(\.path))
        #expect(paths.filter { $0.size != 0 }.map(\.path) == ["a/pipe.md"])
    }

    /// The `stat` calls of a large vault are shared among threads in runs of one folder, queued
    /// while the folders are still being listed: the walk gives the same files, sizes and times,
    /// in the same order, with one, two, three or eight threads, over folders of more and fewer
    /// files than a run, nested, with a pipe among them.
    @Test func theWalkGivesTheSameStampsWithAnyNumberOfThreads() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("brain-walk-threads-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folders = ["": 1_300, "notes": 700, "notes/deep": 513, "daily": 40, "b": 0]
        var expected: [String] = []
        for (folder, count) in folders {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            for number in 0..<count {
                let path = folder.isEmpty ? "n\(number).md" : "\(folder)/n\(number).md"
                _ = FileManager.default.createFile(atPath: root + "/" + path, contents: Data(String(repeating: "x", count: number % 97).utf8))
                expected.append(path)
            }
            _ = FileManager.default.createFile(atPath: root + "/" + folder + "/skip.txt", contents: Data())
        }
        #expect(mkfifo(root + "/notes/pipe.md", 0o644) == 0)
        let walks = [1, 2, 3, 8].map { workers in
            Workers.$limit.withValue(workers) { POSIXFileSystem().markdownFiles(under: root, stamps: true) }
        }
        #expect(walks[0].count == expected.count + 1)
        #expect(Set(walks[0].map(\.path)) == Set(expected + ["notes/pipe.md"]))
        #expect(walks[1] == walks[0])
        #expect(walks[2] == walks[0])
        #expect(walks[3] == walks[0])
        for stamp in walks[1] {
            var info = stat()
            #expect(lstat(root + "/" + stamp.path, &info) == 0)
            #expect(stamp.size == (stamp.path == "notes/pipe.md" ? -1 : Int(info.st_size)))
            #expect(stamp.modified == Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
        }
    }

    /// Files are read whole whatever their size, and a file whose size `stat` does not know
    /// (a /proc file says 0) is read to its end too.
    @Test func theDiskReadsFilesWhole() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("brain-read-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for size in [0, 1, 4095, 4096, 4097, 100_000] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            _ = FileManager.default.createFile(atPath: root + "/\(size).md", contents: Data(bytes))
            #expect(try POSIXFileSystem().read(root + "/\(size).md") == bytes)
        }
        if FileManager.default.fileExists(atPath: "/proc/self/maps") {
            // Thousands of bytes for a program of this size, though `stat` says 0.
            let maps = try POSIXFileSystem().read("/proc/self/maps")
            #expect(maps.count > 4096)
            #expect(maps.last == 10)
        }
    }

    @Test func theIndexInMemoryEqualsTheIndexOnDisk() throws {
        let (vault, _) = MemoryVault.sample()
        let memory = VaultIndex.open(vault)
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("brain-fs-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: MemoryVault.packageRoot + "/sample-vault", toPath: temporary)
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        try? FileManager.default.removeItem(atPath: temporary + "/.brain/cache")
        let disk = VaultIndex.open(Vault(root: temporary))
        #expect(memory.records.map(\.path) == disk.records.map(\.path))
        #expect(memory.records.map(\.links) == disk.records.map(\.links))
        #expect(memory.records.map(\.tags) == disk.records.map(\.tags))
        #expect(memory.resolutions == disk.resolutions)
        // A second open in memory reads the cache it wrote, and notices a change.
        let again = VaultIndex.open(vault)
        #expect(again.report.reread == 0)
        _ = try vault.perform(SetPinned(note: "atomic-habits", pinned: true))
        let changed = VaultIndex.open(vault)
        #expect(changed.report.changed == 1)
        #expect(changed.record(atPath: "notes/atomic-habits.md")?.pinned == true)
    }

    @Test(arguments: [true, false])
    func createNewAndMoveNeverReplace(onDisk: Bool) throws {
        let root: String
        let fileSystem: any FileSystem
        if onDisk {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("brain-fs-\(UUID().uuidString)").path
            fileSystem = POSIXFileSystem()
        } else {
            root = "/m"
            fileSystem = MemoryFileSystem()
        }
        defer { if onDisk { try? FileManager.default.removeItem(atPath: root) } }
        try fileSystem.makeDirectories(root + "/a")
        try fileSystem.createNew(Array("one\n".utf8), at: root + "/a/x.md")
        #expect(throws: VaultError.exists(root + "/a/x.md")) { try fileSystem.createNew(Array("two\n".utf8), at: root + "/a/x.md") }
        try fileSystem.writeAtomically(Array("three\n".utf8), to: root + "/a/y.md")
        #expect(throws: VaultError.self) { try fileSystem.move(root + "/a/x.md", to: root + "/a/y.md") }
        #expect(try fileSystem.readText(root + "/a/x.md") == "one\n")
        #expect(try fileSystem.readText(root + "/a/y.md") == "three\n")
        try fileSystem.move(root + "/a/x.md", to: root + "/b/x.md")
        #expect(!fileSystem.exists(root + "/a/x.md"))
        #expect(fileSystem.isDirectory(root + "/b"))
        #expect(fileSystem.markdownFiles(under: root).map(\.path) == ["a/y.md", "b/x.md"])
        #expect(throws: VaultError.self) { try fileSystem.read(root + "/a") }
        try fileSystem.remove(root + "/b/x.md")
        try fileSystem.remove(root + "/b/x.md")
        #expect(!fileSystem.exists(root + "/b/x.md"))
        let lock = try fileSystem.lock(root + "/.brain/lock", timeout: 0.05)
        #expect(throws: VaultError.lockTimeout(root + "/.brain/lock")) {
            if onDisk {
                // flock locks belong to the open file: a second open of the same file waits.
                _ = try fileSystem.lock(root + "/.brain/lock", timeout: 0.05)
            } else {
                _ = try fileSystem.lock(root + "/.brain/lock", timeout: 0.05)
            }
        }
        withExtendedLifetime(lock) {}
    }

    @Test func theDiskRefusesToReadAFifo() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("brain-fifo-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(mkfifo(root + "/pipe.md", 0o644) == 0)
        #expect(throws: VaultError.io(path: root + "/pipe.md", message: "not a regular file")) {
            try POSIXFileSystem().read(root + "/pipe.md")
        }
    }
}
