import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit
import BrainTestSupport

/// The lines of the links into a much-linked note, kept in `.brain/cache/lines-KEY.bin`
/// (`LineCache`): the same backlinks as reading every source, whatever the cache holds.
@Suite struct LineCacheTests {
    static let hub = "notes/hub.md"
    static var linesPath: String { MemoryVault.root + "/" + LineCache.relativePath(of: hub) }

    /// `count` notes linking to the hub: some twice on one line, some on several lines, some
    /// with blanks around the line; and two notes that link elsewhere.
    static func files(_ count: Int = 6) -> [String: String] {
        var files = [hub: "# Hub\n", "notes/other.md": "# Other\n", "notes/quiet.md": "nothing [[other]] here\n"]
        for note in 0..<count {
            var lines = ["# Note \(note)", "  line of \(note) to [[hub]]\t"]
            if note % 2 == 0 { lines.append("second of \(note): [[hub]] and [[hub|again]]") }
            if note % 3 == 0 { lines += ["", "third of \(note) [[other]] then [[hub#Hub]]"] }
            files["notes/n\(note).md"] = lines.joined(separator: "\n") + "\n"
        }
        return files
    }

    /// The backlinks of the hub with no cache of their lines (every source read).
    static func truth(_ vault: Vault) -> [Backlink] {
        let index = VaultIndex.open(vault, save: false)
        return LineCache.$threshold.withValue(Int.max) { Backlink.all(to: index.recordByPath[hub]!, in: index) }
    }

    /// The backlinks of the hub as `brain backlinks` finds them: the cache kept for two sources
    /// or more, with no racy window (the memory file system's clock counts writes).
    static func backlinks(_ vault: Vault, window: Int64 = 0) -> [Backlink] {
        LineCache.$threshold.withValue(2) {
            LineCache.$racyWindow.withValue(window) {
                let index = VaultIndex.open(vault)
                return Backlink.all(to: index.recordByPath[hub]!, in: index)
            }
        }
    }

    /// `bytes` with each `old` (once or more) replaced by `new` of the same length, sealed again.
    static func resealed(_ bytes: [UInt8], replacing old: String, with new: String) throws -> [UInt8] {
        try #require(SealedFiles.resealed(bytes, magic: LineCache.magic, replacing: old, with: new))
    }

    /// A vault of three notes linking to the hub, the hub's backlinks read from them, and the
    /// lines file its first query wrote.
    static func kept() throws -> (Vault, MemoryFileSystem, [Backlink], [UInt8]) {
        let (vault, fileSystem) = MemoryVault.make(LineCacheTests.files(3))
        let truth = LineCacheTests.truth(vault)
        _ = LineCacheTests.backlinks(vault)
        return (vault, fileSystem, truth, try #require(fileSystem.byteSnapshot[LineCacheTests.linesPath]))
    }

    @Test func keptLinesGiveTheSameBacklinks() throws {
        let (vault, fileSystem) = MemoryVault.make(LineCacheTests.files())
        let truth = LineCacheTests.truth(vault)
        #expect(truth.count == 14)
        #expect(truth.contains { $0.text == "line of 0 to [[hub]]" })
        #expect(fileSystem.byteSnapshot[LineCacheTests.linesPath] == nil)
        // The first query reads every source and keeps their lines; the second reads the file.
        #expect(LineCacheTests.backlinks(vault) == truth)
        let kept = try #require(fileSystem.byteSnapshot[LineCacheTests.linesPath])
        #expect(LineCacheTests.backlinks(vault) == truth)
        #expect(fileSystem.byteSnapshot[LineCacheTests.linesPath] == kept)
        // Fewer sources than the threshold: no file.
        LineCache.$threshold.withValue(7) {
            let index = VaultIndex.open(vault)
            _ = Backlink.all(to: index.recordByPath["notes/other.md"]!, in: index)
        }
        #expect(fileSystem.byteSnapshot[MemoryVault.root + "/" + LineCache.relativePath(of: "notes/other.md")] == nil)
    }

    /// The kept text is what is printed while its source is unchanged: a text changed in the
    /// file (sealed again) shows, which proves the file is read rather than the sources.
    @Test func anUnchangedSourceIsNotReadAgain() throws {
        let (vault, fileSystem) = MemoryVault.make(LineCacheTests.files())
        _ = LineCacheTests.backlinks(vault)
        let kept = try #require(fileSystem.byteSnapshot[LineCacheTests.linesPath])
        try fileSystem.writeAtomically(try LineCacheTests.resealed(kept, replacing: "line of 4 to", with: "LINE OF 4 TO"),
                                       to: LineCacheTests.linesPath)
        #expect(LineCacheTests.backlinks(vault).contains { $0.text == "LINE OF 4 TO [[hub]]" })
        // Within the racy window of the file's own time, nothing kept is trusted.
        #expect(LineCacheTests.backlinks(vault, window: 1_000_000) == LineCacheTests.truth(vault))
    }

    /// An edited source is read again, and the file rewritten with its new lines; a source no
    /// longer linking is dropped, a new one added.
    @Test func changedSourcesAreReadAgain() throws {
        let (vault, fileSystem) = MemoryVault.make(LineCacheTests.files())
        _ = LineCacheTests.backlinks(vault)
        let before = try #require(fileSystem.byteSnapshot[LineCacheTests.linesPath])
        // Same size, new text.
        try fileSystem.writeAtomically(Array("# Note 1\n  line of 1 TO [[hub]]\t\n".utf8), to: MemoryVault.root + "/notes/n1.md")
        // Moved down a line, with a line added above.
        try fileSystem.writeAtomically(Array("# Note 3\nnew first line\n  line of 3 to [[hub]]\n".utf8), to: MemoryVault.root + "/notes/n3.md")
        try fileSystem.writeAtomically(Array("no link now\n".utf8), to: MemoryVault.root + "/notes/n5.md")
        try fileSystem.writeAtomically(Array("a new one [[hub]]\n".utf8), to: MemoryVault.root + "/notes/n9.md")
        // The file stamped after the edits: only the sources' stamps tell what changed.
        fileSystem.setModified(LineCacheTests.linesPath, to: 1 << 60)
        let after = LineCacheTests.backlinks(vault)
        #expect(after == LineCacheTests.truth(vault))
        #expect(after.contains { $0.text == "line of 1 TO [[hub]]" })
        #expect(after.contains { $0.path == "notes/n3.md" && $0.line == 3 })
        #expect(!after.contains { $0.path == "notes/n5.md" })
        #expect(after.contains { $0.path == "notes/n9.md" && $0.text == "a new one [[hub]]" })
        let rewritten = try #require(fileSystem.byteSnapshot[LineCacheTests.linesPath])
        #expect(rewritten != before)
        // What was kept now is used as it is.
        #expect(LineCacheTests.backlinks(vault) == after)
        #expect(fileSystem.byteSnapshot[LineCacheTests.linesPath] == rewritten)
    }

    /// A truncated file, or one with any byte flipped, is caught by its checksum: the backlinks
    /// are read from the sources and the file written again as it was.
    @Test func damageIsDetectedAndTheFileRewritten() throws {
        let (vault, fileSystem, truth, good) = try LineCacheTests.kept()
        var damaged: [[UInt8]] = (0..<good.count).map { Array(good[..<$0]) }
        for offset in good.indices {
            var flipped = good
            flipped[offset] ^= 0x5A
            damaged.append(flipped)
        }
        damaged.append(good + [0])
        for bytes in damaged {
            try fileSystem.writeAtomically(bytes, to: LineCacheTests.linesPath)
            #expect(LineCacheTests.backlinks(vault) == truth)
            #expect(fileSystem.byteSnapshot[LineCacheTests.linesPath] == good)
        }
    }

    /// Bytes that pass the checksum but say something out of place (written by hand, by another
    /// program) never trap: a file that does not parse is rewritten.
    @Test func nonsenseUnderAGoodChecksumNeverTraps() throws {
        let (vault, fileSystem, truth, good) = try LineCacheTests.kept()
        let payload = Array(good[VaultIndex.headerSize...])
        var generator = SystemRandomNumberGenerator()
        var variants: [[UInt8]] = []
        for offset in payload.indices {
            for value: UInt8 in [0x00, 0x01, 0x7F, 0x80, 0xFF] where payload[offset] != value {
                var changed = payload
                changed[offset] = value
                variants.append(changed)
            }
        }
        for _ in 0..<200 {
            var changed = payload
            for _ in 0..<3 { changed[Int.random(in: changed.indices, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            variants.append(changed)
        }
        // Another note's lines under this note's name.
        var other = BinaryWriter()
        other.string("notes/other.md")
        other.raw(payload.withUnsafeBufferPointer { UnsafeBufferPointer(rebasing: $0[(1 + LineCacheTests.hub.utf8.count)...]) })
        variants.append(other.bytes)
        // Line numbers at the largest an integer holds, one after another.
        var largest = BinaryWriter()
        largest.string(LineCacheTests.hub)
        largest.uint(1)
        largest.string("notes/n0.md")
        for _ in 0..<3 { largest.int(1) }
        largest.uint(2)
        for line in [UInt64(Int.max), UInt64.max] {
            largest.uint(line)
            largest.string("x")
        }
        variants.append(largest.bytes)
        for variant in variants {
            try fileSystem.writeAtomically(VaultIndex.sealed(LineCache.magic, payload: variant).bytes, to: LineCacheTests.linesPath)
            let backlinks = LineCacheTests.backlinks(vault)
            // A change in a text may be shown (it is what the file says), but every link is
            // there, in its place.
            #expect(backlinks.map { [$0.path, "\($0.line)", "\($0.column)"] } == truth.map { [$0.path, "\($0.line)", "\($0.column)"] })
        }
    }

    /// At most `LineCache.limit` notes keep their lines: the oldest file goes.
    @Test func theOldestFilesGo() throws {
        var files: [String: String] = [:]
        for hub in 0..<12 {
            files["notes/hub\(hub).md"] = "# Hub \(hub)\n"
            for note in 0..<3 { files["notes/to\(hub)-\(note).md"] = "see [[hub\(hub)]]\n" }
        }
        let (vault, fileSystem) = MemoryVault.make(files)
        LineCache.$threshold.withValue(2) {
            let index = VaultIndex.open(vault)
            for hub in 0..<12 { #expect(Backlink.all(to: index.recordByPath["notes/hub\(hub).md"]!, in: index).count == 3) }
        }
        let kept = fileSystem.byteSnapshot.keys.filter { $0.contains("/.brain/cache/lines-") }
        #expect(kept.count == LineCache.limit)
        for hub in 0..<12 {
            let path = MemoryVault.root + "/" + LineCache.relativePath(of: "notes/hub\(hub).md")
            #expect(kept.contains(path) == (hub >= 12 - LineCache.limit), "hub \(hub)")
        }
    }

    /// Places in any order, sources repeated after others, lines asked twice: each place gets
    /// its line, from the sources or from the file.
    @Test func placesInAnyOrder() throws {
        let (vault, _) = MemoryVault.make(LineCacheTests.files(8))
        let index = VaultIndex.open(vault)
        let target = index.recordByPath[LineCacheTests.hub]!
        var places = index.backlinkPlaces(of: target).map { (source: $0.source, line: $0.place.line) }
        places += places.reversed()
        places.append((index.recordByPath["notes/n0.md"]!, 99))
        let expected = index.lineTexts(places.map { (index.records[$0.source].path, $0.line) })
        for _ in 0..<3 {
            var texts: [String] = []
            LineCache.$threshold.withValue(2) {
                LineCache.$racyWindow.withValue(0) {
                    index.withBacklinkLineTexts(into: target, places) { place, text in
                        #expect(place == texts.count)
                        texts.append(String(decoding: text, as: UTF8.self))
                    }
                }
            }
            #expect(texts == expected)
        }
    }
}

/// The same on the disk, where the file is mapped rather than read.
@Suite struct LineCacheOnDiskTests {
    @Test func theDiskGivesTheSameBacklinks() throws {
        let scratch = try ScratchVault(files: LineCacheTests.files(20))
        let vault = Vault(root: scratch.root)
        let linesPath = scratch.root + "/" + LineCache.relativePath(of: LineCacheTests.hub)
        let truth = LineCacheTests.truth(vault)
        #expect(truth.count == 47)
        #expect(LineCacheTests.backlinks(vault) == truth)
        let kept = try Array(Data(contentsOf: URL(fileURLWithPath: linesPath)))
        try Data(try LineCacheTests.resealed(kept, replacing: "line of 7 to", with: "LINE OF 7 TO")).write(to: URL(fileURLWithPath: linesPath))
        // Stamped an hour ahead of the sources: their stamps are out of the racy window.
        var times = [timespec(tv_sec: time(nil) + 3_600, tv_nsec: 0), timespec(tv_sec: time(nil) + 3_600, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, linesPath, &times, 0) == 0)
        #expect(LineCacheTests.backlinks(vault, window: LineCache.racyWindow).contains { $0.text == "LINE OF 7 TO [[hub]]" })
        // A truncated file is rewritten.
        try Data(kept.prefix(kept.count / 2)).write(to: URL(fileURLWithPath: linesPath))
        #expect(LineCacheTests.backlinks(vault) == truth)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: linesPath))) == kept)
        // A symbolic link in the file's place is not followed: it is replaced.
        try FileManager.default.removeItem(atPath: linesPath)
        try FileManager.default.createSymbolicLink(atPath: linesPath, withDestinationPath: scratch.root + "/notes/n1.md")
        let n1 = try Data(contentsOf: URL(fileURLWithPath: scratch.root + "/notes/n1.md"))
        #expect(LineCacheTests.backlinks(vault) == truth)
        #expect(try FileManager.default.attributesOfItem(atPath: linesPath)[.type] as? FileAttributeType == .typeRegular)
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.root + "/notes/n1.md")) == n1)
    }

    /// A source read again only because it changed within the racy window of the clock is no
    /// reason to write the file again: written now, it would not trust that source either, and
    /// every query of those seconds wrote all of it (7.8 MB for the corpus's most-linked note).
    /// Once the window is behind the source, the file is written, with the source's new lines.
    @Test func linesAreNotRewrittenWhileTheirSourcesAreRacy() throws {
        let scratch = try ScratchVault(files: LineCacheTests.files(20))
        let vault = Vault(root: scratch.root)
        let linesPath = scratch.root + "/" + LineCache.relativePath(of: LineCacheTests.hub)
        // The file as written: a new file (inode) and time each time it is written.
        func written() throws -> [Int] {
            var info = stat()
            try #require(lstat(linesPath, &info) == 0)
            return [Int(info.st_ino), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
        }
        let hour: Int64 = 3_600_000_000_000
        #expect(LineCacheTests.backlinks(vault) == LineCacheTests.truth(vault))
        let first = try written()
        // Every source was made within the hour: each is read again, and the file left alone.
        #expect(LineCacheTests.backlinks(vault, window: hour) == LineCacheTests.truth(vault))
        #expect(try written() == first)
        // An edit within it too: its new line is read and shown, the file still left alone.
        try scratch.write("notes/n3.md", "# Note 3\n  edited line to [[hub]]\n")
        let edited = LineCacheTests.backlinks(vault, window: hour)
        #expect(edited == LineCacheTests.truth(vault))
        #expect(edited.contains { $0.text == "edited line to [[hub]]" })
        #expect(try written() == first)
        // With the window behind every source (none here), the file is written with the edit.
        #expect(LineCacheTests.backlinks(vault) == LineCacheTests.truth(vault))
        #expect(try written() != first)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: linesPath)), as: UTF8.self).contains("edited line to [[hub]]"))
    }
}
