import BrainTestSupport
import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// `brain status` keeps its last answer in `.brain/cache/status.bin` (`StatusCache`): these check
/// that the answer from the cache is the one computed, that every change to what it was computed
/// from is noticed, and that a damaged cache or a recent change is never trusted.
@Suite struct StatusCacheTests {
    /// The sample vault copied to a new temporary folder.
    static func sampleOnDisk(_ label: String) throws -> (vault: Vault, root: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("brain-status-\(label)-\(UUID().uuidString)")
        for (path, bytes) in Repository.sampleFiles {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        return (Vault(root: root.path), root)
    }

    static func computed(_ vault: Vault, _ day: Day) -> StatusSummary {
        StatusSummary(StatusLine.load(vault: vault, day: day))
    }

    static func append(_ text: String, to url: URL) throws {
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    /// Loads the summary (computing and saving it when the cache does not answer) and says whether
    /// the cache answered.
    static func load(_ vault: Vault, _ day: Day) -> (summary: StatusSummary, cached: Bool) {
        let cached = StatusCache.cached(vault: vault, day: day)
        let summary = StatusSummary.load(vault: vault, day: day)
        if let cached { #expect(cached == summary) }
        return (summary, cached != nil)
    }

    @Test func answersFromTheCacheUntilSomethingItReadChanges() throws {
        let (vault, root) = try Self.sampleOnDisk("changes")
        defer { try? FileManager.default.removeItem(at: root) }
        let day = Day.sampleToday
        try StatusCache.$racyWindow.withValue(0) {
            // Nothing cached yet; then the answer comes from the cache, equal to the computed one.
            #expect(!Self.load(vault, day).cached)
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(StatusCache.path).path))
            let first = Self.load(vault, day)
            #expect(first.cached && first.summary == Self.computed(vault, day))
            #expect(try StatusTemplate(StatusTemplate.standard).render(first.summary) == "3/11 done · momentum on fire · review-budget 2mo")

            // Each change below is seen at once, and the next load answers from the cache again.
            func changed(_ what: Comment, _ change: () throws -> Void) throws -> StatusSummary {
                try change()
                let after = Self.load(vault, day)
                #expect(!after.cached, what)
                #expect(after.summary == Self.computed(vault, day), what)
                #expect(Self.load(vault, day).cached, what)
                return after.summary
            }
            // A habit ticked in the day's file.
            let today = root.appendingPathComponent("daily/\(day).md")
            let ticked = try changed("a habit ticked") {
                let text = try String(contentsOf: today, encoding: .utf8)
                try (text.replacingOccurrences(of: "- [ ] [[guitar]]", with: "- [x] [[guitar]] 20 min")).write(to: today, atomically: false, encoding: .utf8)
            }
            #expect(ticked.done == 4 && ticked.value("next") != "guitar")
            // A habit added, in a new folder of habits/, then another beside it.
            let added = try changed("a habit in a new folder") {
                try FileManager.default.createDirectory(at: root.appendingPathComponent("habits/health"), withIntermediateDirectories: true)
                try Data("---\nevery: day\ncreated: 2026-01-01\n---\n# Stand up\n".utf8).write(to: root.appendingPathComponent("habits/health/stand.md"))
            }
            #expect(added.due == 12)
            let another = try changed("a second habit in that folder") {
                try Data("---\nevery: day\ncreated: 2026-01-01\n---\n# Sit down\n".utf8).write(to: root.appendingPathComponent("habits/health/sit.md"))
            }
            #expect(another.due == 13)
            // A habit's file edited: archived.
            _ = try changed("a habit archived") {
                try Data("---\nevery: day\narchived: true\n---\n# Sit down\n".utf8).write(to: root.appendingPathComponent("habits/health/sit.md"))
            }
            // A daily file added in the days read, and one removed.
            _ = try changed("a day's file added") {
                try Data("---\nmood: 2\n---\n- [x] [[guitar]]\n".utf8).write(to: root.appendingPathComponent("daily/2026-11-05.md"))
            }
            _ = try changed("a day's file removed") {
                try FileManager.default.removeItem(at: root.appendingPathComponent("daily/2026-11-05.md"))
            }
            // A day years before the others: a new file is a change of its folder.
            let old = root.appendingPathComponent("daily/2020-01-01.md")
            _ = try changed("a day long ago added") { try Data("---\nmood: 2\n---\n".utf8).write(to: old) }
            // The config: another week start.
            _ = try changed("the config") {
                let config = root.appendingPathComponent(".brain/config.yml")
                let text = try String(contentsOf: config, encoding: .utf8)
                try text.replacingOccurrences(of: "week-start: monday", with: "week-start: saturday").write(to: config, atomically: false, encoding: .utf8)
            }
            #expect(vault.config.weekStart == .monday)
            // Another day is never answered from the cache of this one.
            #expect(StatusCache.cached(vault: vault, day: day.adding(days: -1)) == nil)

            // Files the status does not read: that day long ago, a note, a goal.
            try Self.append("\n- [x] [[guitar]]\n", to: old)
            for folder in ["notes", "goals"] {
                let name = try #require(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path).sorted().first)
                try Self.append("\nmore\n", to: root.appendingPathComponent(folder + "/" + name))
            }
            #expect(Self.load(vault, day).cached)

            // Deleting the cache loses nothing.
            try FileManager.default.removeItem(at: root.appendingPathComponent(".brain/cache"))
            let rebuilt = Self.load(vault, day)
            #expect(!rebuilt.cached && rebuilt.summary == Self.computed(vault, day))
        }
    }

    @Test func aRecentChangeIsNeverTrusted() throws {
        let (vault, root) = try Self.sampleOnDisk("racy")
        defer { try? FileManager.default.removeItem(at: root) }
        // Every file was written just now: within the window, a second write in the same tick of
        // the clock could keep a stamp, so the cache is written but not used.
        let first = StatusSummary.load(vault: vault, day: .sampleToday)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(StatusCache.path).path))
        #expect(StatusCache.cached(vault: vault, day: .sampleToday) == nil)
        #expect(StatusSummary.load(vault: vault, day: .sampleToday) == first)
        // Only the window makes the difference.
        StatusCache.$racyWindow.withValue(0) { #expect(StatusCache.cached(vault: vault, day: .sampleToday) == first) }
    }

    @Test func aDamagedCacheIsComputedAgain() throws {
        let (vault, root) = try Self.sampleOnDisk("damaged")
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent(StatusCache.path)
        try StatusCache.$racyWindow.withValue(0) {
            let good = StatusSummary.load(vault: vault, day: .sampleToday)
            let bytes = Array(try Data(contentsOf: file))
            #expect(StatusCache.cached(vault: vault, day: .sampleToday) == good)
            var damaged: [[UInt8]] = []
            // A flipped byte in the magic word, the version, the checksum, and across the payload.
            for offset in [0, 7, 8, 16, 24, 25, bytes.count / 3, bytes.count / 2, bytes.count - 1] {
                var copy = bytes
                copy[offset] ^= 0x41
                damaged.append(copy)
            }
            // Cut short, empty, extended.
            for length in [0, 10, 24, bytes.count / 2, bytes.count - 1] { damaged.append(Array(bytes[0..<length])) }
            damaged.append(bytes + [0])
            for copy in damaged {
                try Data(copy).write(to: file)
                #expect(StatusCache.decode(copy) == nil)
                #expect(StatusCache.cached(vault: vault, day: .sampleToday) == nil)
                #expect(StatusSummary.load(vault: vault, day: .sampleToday) == good)
                // Written again, whole.
                #expect(StatusCache.cached(vault: vault, day: .sampleToday) == good)
            }
        }
    }

    @Test func everyValueSurvivesTheCache() throws {
        let item = AutoProgress.Item(id: "walk", title: "Walk", source: "health", metric: "steps", comparison: "at-least",
                                     threshold: 8_000, value: 6_210.5, unit: "steps", state: .open, met: false, tracked: true,
                                     fraction: 0.776, text: "6,210 / 8,000 steps")
        var bare = item
        (bare.value, bare.unit, bare.state, bare.fraction) = (nil, nil, nil, nil)
        let full = StatusSummary(day: Day("2026-11-22")!, values: StatusField.all.map { "\($0.name) · ✓ \"x\"\n" }, done: 3, due: 11, rest: true,
                                 momentum: MomentumSummary(value: 0.9412, label: .onFire, countedDays: 21),
                                 streak: StatusReport.Streak(habit: "read", title: "Read <b>", current: 4, unit: .blocks, blockDays: 5,
                                                             since: Day("2026-10-03")),
                                 progress: [item, bare], daysRead: 83)
        var empty = full
        (empty.momentum, empty.streak, empty.progress, empty.rest) = (nil, nil, [], false)
        empty.values = StatusField.all.map { _ in "" }
        let entries = [StatusCache.Entry(path: ".brain/config.yml", folder: false, stamp: nil),
                       StatusCache.Entry(path: "daily", folder: true, stamp: FileStamp(path: "daily", size: 4096, modified: 12, changed: 13)),
                       StatusCache.Entry(path: "daily/2026-11-22.md", folder: false,
                                         stamp: FileStamp(path: "daily/2026-11-22.md", size: 700, modified: -3, changed: 1 << 62))]
        for summary in [full, empty] {
            let decoded = try #require(StatusCache.decode(StatusCache.encode(day: summary.day, entries: entries, summary: summary)))
            #expect(decoded.day == summary.day && decoded.entries == entries && decoded.summary == summary)
        }
        // A cache naming a path outside the vault (forged, or copied from elsewhere) is not read.
        for path in ["../outside.md", "/etc/passwd", "daily/../../x", "./daily"] {
            let forged = [StatusCache.Entry(path: path, folder: false, stamp: nil)]
            #expect(StatusCache.decode(StatusCache.encode(day: full.day, entries: forged, summary: full)) == nil, "\(path)")
        }
    }

    /// The cache's quick check of a stored path says what `normalize` says.
    @Test func aNormalizedPathIsOneNormalizeGivesBack() {
        let paths = ["", "a", "daily/2026-11-22.md", "a/b/c", "/a", "\\a", "a/", "a//b", ".", "..", "./a", "a/.", "a/./b",
                     "a/..", "../a", "a/../b", "..a", "a..", ".a/b.", "a/.b", "a\u{0}b", "ü/ñ.md", "a\\b", "//", "/"]
        for path in paths {
            #expect(VaultPaths.isNormalized(path) == ((try? VaultPaths.normalize(path)) == path), "\(path.debugDescription)")
        }
    }

    @Test func aFileSystemWithoutFolderTimesNeverCaches() throws {
        let (vault, memory) = MemoryVault.sample()
        let summary = StatusSummary.load(vault: vault, day: .sampleToday)
        #expect(summary == Self.computed(vault, .sampleToday))
        #expect(memory.snapshot.keys.allSatisfy { !$0.hasSuffix("status.bin") })
        #expect(StatusCache.cached(vault: vault, day: .sampleToday) == nil)
    }
}
