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

/// The backlinks of a much-linked note, printed again from `.brain/cache/answer-KEY.bin`
/// (`KeptAnswer`) while no file changed: the same bytes a full re-scan prints, whatever changed.
@Suite struct KeptAnswerTests {
    static let hub = "notes/hub.md"

    /// A vault of `count` notes linking to the hub, two of them twice, and a note that links elsewhere.
    static func vault(_ count: Int = 6) throws -> TestVault {
        let vault = try TestVault(sample: false)
        vault.run("init")
        try vault.write(hub, "# Hub\n")
        try vault.write("notes/other.md", "# Other\n\nnothing to see\n")
        for note in 0..<count {
            let twice = note % 3 == 0 ? "\nagain [[hub|the hub]] here\n" : ""
            try vault.write(String(format: "notes/n%03d.md", note), "# N\(note)\n\n  \(note) → [[hub]]\t\n" + twice)
        }
        return vault
    }

    /// `brain ARGUMENTS` as a user runs it, with answers kept for notes linked from 2 files or
    /// more and no racy window (each test's files are written within the same second).
    static func run(_ vault: TestVault, _ line: String, terminal: Bool = false) -> RunResult {
        LineCache.$threshold.withValue(2) {
            LineCache.$racyWindow.withValue(0) { vault.run(line, terminal: terminal) }
        }
    }

    /// What a full re-scan prints: the cache folder removed first.
    static func truth(_ vault: TestVault, _ line: String, terminal: Bool = false) throws -> String {
        let cache = vault.root + "/.brain/cache"
        if FileManager.default.fileExists(atPath: cache) { try FileManager.default.removeItem(atPath: cache) }
        return run(vault, line, terminal: terminal).stdout
    }

    static func answerPath(_ vault: TestVault, form: String) -> String {
        vault.root + "/" + KeptAnswer.relativePath(of: "backlinks\u{1F}" + hub, form: form)
    }

    static func answers(_ vault: TestVault) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: vault.root + "/.brain/cache")) ?? [])
            .filter { $0.hasPrefix(KeptAnswer.prefix) }.sorted()
    }

    /// The kept answer at `path`, every `[[hub]]` in it made `[[STA]]` and sealed again: a run
    /// that prints it shows it.
    static func stale(_ path: String) throws {
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let stale = try #require(SealedFiles.resealed(Array(bytes), magic: KeptAnswer.magic, replacing: "[[hub]]", with: "[[STA]]"))
        try Data(stale).write(to: URL(fileURLWithPath: path))
    }

    /// Runs the query until its answer is kept (the first run after a change writes the index;
    /// the next one keeps the answer), and returns what it printed.
    static func keep(_ vault: TestVault, _ line: String, form: String) throws -> String {
        let printed = run(vault, line).stdout
        if !FileManager.default.fileExists(atPath: answerPath(vault, form: form)) {
            #expect(run(vault, line).stdout == printed)
        }
        try #require(FileManager.default.fileExists(atPath: answerPath(vault, form: form)))
        return printed
    }

    static let textForm = Style(mode: .none).form(json: false)

    @Test func anUnchangedVaultPrintsTheKeptAnswer() throws {
        let vault = try KeptAnswerTests.vault()
        let truth = try KeptAnswerTests.truth(vault, "backlinks hub")
        #expect(truth.components(separatedBy: "\n").count == 6 + 2 + 1)
        // The first run wrote the index: nothing is kept from a run that found files changed.
        #expect(KeptAnswerTests.answers(vault).isEmpty)
        #expect(KeptAnswerTests.run(vault, "backlinks hub").stdout == truth)
        let path = KeptAnswerTests.answerPath(vault, form: KeptAnswerTests.textForm)
        #expect(KeptAnswerTests.answers(vault) == [URL(fileURLWithPath: path).lastPathComponent])
        #expect(KeptAnswerTests.run(vault, "backlinks hub").stdout == truth)
        // Made stale by hand, the kept file is what is printed: the answer is not worked out again.
        try KeptAnswerTests.stale(path)
        #expect(KeptAnswerTests.run(vault, "backlinks hub").stdout == truth.replacingOccurrences(of: "[[hub]]", with: "[[STA]]"))
        // Asked by another name of the same note, the same answer.
        #expect(KeptAnswerTests.run(vault, "backlinks notes/hub.md").stdout.contains("[[STA]]"))
    }

    /// Each form has its own answer: piped text, text in a terminal's colours, and JSON.
    @Test func eachFormIsKeptApart() throws {
        let vault = try KeptAnswerTests.vault()
        let text = try KeptAnswerTests.truth(vault, "backlinks hub")
        let coloured = try KeptAnswerTests.truth(vault, "backlinks hub", terminal: true)
        let json = try KeptAnswerTests.truth(vault, "backlinks hub --json")
        #expect(coloured != text && coloured.contains("\u{1B}["))
        #expect(json.hasPrefix("{"))
        #expect(try KeptAnswerTests.keep(vault, "backlinks hub", form: KeptAnswerTests.textForm) == text)
        #expect(try KeptAnswerTests.keep(vault, "backlinks hub --json", form: "json") == json)
        #expect(KeptAnswerTests.answers(vault).count == 2)
        #expect(KeptAnswerTests.run(vault, "backlinks hub", terminal: true).stdout == coloured)
        #expect(KeptAnswerTests.answers(vault).count == 3)
        for _ in 0..<2 {
            #expect(KeptAnswerTests.run(vault, "backlinks hub").stdout == text)
            #expect(KeptAnswerTests.run(vault, "backlinks hub", terminal: true).stdout == coloured)
            #expect(KeptAnswerTests.run(vault, "backlinks hub --json").stdout == json)
        }
        // The JSON printed from the kept answer is still the list's as Foundation's encoder writes it.
        let index = VaultIndex.open(Vault(root: vault.root), save: false)
        let list = BacklinkList(index: index, note: try #require(index.recordByPath[KeptAnswerTests.hub]))
        #expect(json == String(decoding: try JSONReference.bytes(list), as: UTF8.self))
    }

    /// After every kind of change, the answer is the full re-scan's, not the kept one (made stale
    /// by hand before each change, so that printing it would show).
    @Test func everyChangeGivesTheReScansAnswer() throws {
        let vault = try KeptAnswerTests.vault()
        let root = vault.root
        let manager = FileManager.default
        let changes: [(String, () throws -> Void)] = [
            ("a source's line edited", { try vault.write("notes/n001.md", "# N1\n\n  edited, 1 → [[hub]]\n") }),
            ("a source's link removed", { try vault.write("notes/n002.md", "# N2\n\nno link now\n") }),
            ("a note linking in added", { try vault.write("notes/n100.md", "new [[hub]]\n") }),
            ("a source removed", { try manager.removeItem(atPath: root + "/notes/n004.md") }),
            ("a source renamed", { try manager.moveItem(atPath: root + "/notes/n005.md", toPath: root + "/notes/m005.md") }),
            ("a note that linked elsewhere now links in", { try vault.write("notes/other.md", "# Other\n\nnow [[hub]] too\n") }),
            ("a folder of sources moved", {
                try vault.write("notes/deep/d1.md", "deep [[hub]]\n")
                try vault.write("notes/deep/d2.md", "deeper [[hub]]\n")
            }),
            ("the folder moved", { try manager.moveItem(atPath: root + "/notes/deep", toPath: root + "/notes/deeper") }),
            ("a source replaced by a symbolic link", {
                try manager.removeItem(atPath: root + "/notes/n003.md")
                try manager.createSymbolicLink(atPath: root + "/notes/n003.md", withDestinationPath: root + "/notes/other.md")
            }),
            ("a note titled as the hub", { try vault.write("notes/hub2.md", "---\naliases: [hub]\n---\n# Hub two\n") }),
            ("the settings changed", {
                let settings = try vault.read(".brain/config.yml")
                try vault.write(".brain/config.yml", settings + "\n# a comment\n")
            }),
            ("the same size, a new text", { try vault.write("notes/n000.md", "# N0\n\n  0 → [[hub]]\t\n\nAGAIN [[hub|the hub]] here\n") }),
        ]
        // By path: a note titled as the hub makes the name ambiguous.
        let query = "backlinks notes/hub.md"
        for (name, change) in changes {
            for line in [query, query + " --json"] {
                let form = line.hasSuffix("--json") ? "json" : KeptAnswerTests.textForm
                _ = try KeptAnswerTests.keep(vault, line, form: form)
                try KeptAnswerTests.stale(KeptAnswerTests.answerPath(vault, form: form))
            }
            try change()
            // The first run after the change finds it (and writes the index); the next ones find
            // the index as its cache has it, but not as the kept answers were printed from.
            let text = KeptAnswerTests.run(vault, query).stdout
            let json = KeptAnswerTests.run(vault, query + " --json").stdout
            let textAgain = KeptAnswerTests.run(vault, query).stdout
            #expect(![text, json, textAgain].contains { $0.contains("[[STA]]") }, "\(name)")
            let truth = try KeptAnswerTests.truth(vault, query)
            #expect(text == truth && textAgain == truth, "\(name)")
            #expect(json == (try KeptAnswerTests.truth(vault, query + " --json")), "\(name)")
        }
    }

    /// An answer printed from a file changed within the racy window of the clock is not kept: a
    /// second write in the same tick could leave the file's stamp as the index has it.
    @Test func anAnswerFromAFileJustChangedIsNotKept() throws {
        let vault = try KeptAnswerTests.vault()
        let truth = try KeptAnswerTests.truth(vault, "backlinks hub")
        // A window of an hour: every source was written within it, however slowly the test runs.
        for _ in 0..<2 {
            let result = LineCache.$threshold.withValue(2) {
                LineCache.$racyWindow.withValue(3_600_000_000_000) { vault.run("backlinks hub") }
            }
            #expect(result.stdout == truth)
        }
        #expect(KeptAnswerTests.answers(vault).isEmpty)
        // With no window (as if every source were older than it), it is kept.
        #expect(try KeptAnswerTests.keep(vault, "backlinks hub", form: KeptAnswerTests.textForm) == truth)
    }

    /// A damaged or truncated answer is ignored and written again; a note linked from fewer
    /// files than the threshold keeps none.
    @Test func aDamagedAnswerIsIgnored() throws {
        let vault = try KeptAnswerTests.vault()
        let truth = try KeptAnswerTests.truth(vault, "backlinks hub")
        let path = KeptAnswerTests.answerPath(vault, form: KeptAnswerTests.textForm)
        _ = try KeptAnswerTests.keep(vault, "backlinks hub", form: KeptAnswerTests.textForm)
        let whole = try #require(FileManager.default.contents(atPath: path))
        for damaged in [whole.prefix(whole.count / 2), whole.prefix(10), Data(), { var bytes = whole; bytes[bytes.count - 3] ^= 0x20; return bytes }()] {
            try damaged.write(to: URL(fileURLWithPath: path))
            #expect(KeptAnswerTests.run(vault, "backlinks hub").stdout == truth)
            #expect(FileManager.default.contents(atPath: path) == whole)
        }
        try FileManager.default.removeItem(atPath: path)
        LineCache.$threshold.withValue(100) {
            LineCache.$racyWindow.withValue(0) { _ = vault.run("backlinks hub") }
        }
        #expect(KeptAnswerTests.answers(vault).isEmpty)
    }

    /// A symbolic link in a kept answer's place is never followed: not printed from, and replaced
    /// by a file when the answer is kept, the file it pointed to left as it was.
    @Test func aLinkInTheAnswersPlaceIsNotFollowed() throws {
        let vault = try KeptAnswerTests.vault()
        let truth = try KeptAnswerTests.truth(vault, "backlinks hub")
        let path = KeptAnswerTests.answerPath(vault, form: KeptAnswerTests.textForm)
        _ = try KeptAnswerTests.keep(vault, "backlinks hub", form: KeptAnswerTests.textForm)
        // The kept answer made stale, moved out of the cache, and linked to from its place.
        try KeptAnswerTests.stale(path)
        let outside = vault.root + "/../" + URL(fileURLWithPath: vault.root).lastPathComponent + "-outside.bin"
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try FileManager.default.moveItem(atPath: path, toPath: outside)
        let planted = try #require(FileManager.default.contents(atPath: outside))
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: outside)
        #expect(KeptAnswerTests.run(vault, "backlinks hub").stdout == truth)
        let kind = try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
        #expect(kind == .typeRegular)
        #expect(FileManager.default.contents(atPath: outside) == planted)
        #expect(KeptAnswerTests.run(vault, "backlinks hub").stdout == truth)
    }

    /// At most `KeptAnswer.limit` answers are kept: the oldest goes.
    @Test func theOldestAnswersGo() throws {
        let vault = try TestVault(sample: false)
        vault.run("init")
        let hubs = KeptAnswer.limit + 3
        for hub in 0..<hubs {
            try vault.write("notes/h\(hub).md", "# H\(hub)\n")
            for note in 0..<2 { try vault.write("notes/s\(hub)-\(note).md", "to [[h\(hub)]]\n") }
        }
        _ = KeptAnswerTests.run(vault, "index")
        func name(_ hub: Int) -> String { KeptAnswer.name(of: "backlinks\u{1F}notes/h\(hub).md", form: KeptAnswerTests.textForm) }
        for hub in 0..<hubs {
            _ = KeptAnswerTests.run(vault, "backlinks h\(hub)")
            // Stamped a second apart, in the order they were kept.
            var times = [timespec(tv_sec: 1_000_000 + hub, tv_nsec: 0), timespec(tv_sec: 1_000_000 + hub, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, vault.root + "/.brain/cache/" + name(hub), &times, 0) == 0)
            #expect(KeptAnswerTests.answers(vault) == (max(0, hub + 1 - KeptAnswer.limit)...hub).map(name).sorted())
        }
    }
}
