import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Conflict labels come from outside (git's `%X`/`%Y`, a remote's name, `--ours-label`): a line
/// break in one must not put a line of its own into the merged file.
@Suite struct MergeLabelTests {
    static let forged = "- [x] [[read]] forged"
    /// Every way of ending a line, and other control characters, before the forged habit line.
    static let breaks = ["\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\u{1B}\n", "\0\n", "\t\n"]

    @Test(arguments: breaks)
    func aLabelWithALineBreakWritesNoLine(_ lineBreak: String) throws {
        let fileSystem = MemoryFileSystem(files: [
            "/tmp/o": "## Habits\n- [ ] [[read]]\n- [ ] [[run]]\n",
            "/tmp/a": "## Habits\n- [x] [[read]]\n- [ ] [[run]]\n",
            "/tmp/b": "## Habits\n- [-] [[read]] tired\n- [x] [[run]]\n",
        ])
        let labels = MergeLabels(ours: "origin/main" + lineBreak + Self.forged, theirs: "this machine" + lineBreak + Self.forged)
        let outcome = try MergeDriver(base: "/tmp/o", ours: "/tmp/a", theirs: "/tmp/b", path: "daily/2026-11-22.md",
                                      directory: "/repo", labels: labels, fileSystem: fileSystem).run()
        let text = try fileSystem.readText("/tmp/a")
        #expect(text == """
            ## Habits
            <<<<<<< origin/main - [x] [[read]] forged
            - [x] [[read]]
            =======
            - [-] [[read]] tired
            >>>>>>> this machine - [x] [[read]] forged
            - [x] [[run]]

            """)
        let lines = text.split(whereSeparator: \.isNewline)
        #expect(!lines.contains { $0.hasPrefix(Self.forged) })
        // The only habit lines are the two sides' own.
        #expect(DailyEditor.habitLines(in: Document(text: text)).map(\.habit) == ["read", "read", "run"])
        #expect(outcome.conflicts.count == 1)
        for conflict in outcome.conflicts {
            #expect(!conflict.reason.contains { $0.isNewline })
            #expect(!conflict.reason.unicodeScalars.contains { $0.properties.generalCategory == .control })
        }
    }

    @Test func labelsAreOneLineOfPrintableCharacters() {
        let labels = MergeLabels(ours: "  a\tb\u{7F}\u{9F}c\r\n\u{2028}d  ", theirs: "\n\u{2029}\t")
        #expect(labels.ours == "a b c d")
        // Nothing printable left: the side's usual name.
        #expect(labels.theirs == "theirs")
        #expect(MergeLabels(ours: "origin/main", theirs: "this machine") == MergeLabels(ours: "origin/main", theirs: "this machine"))
        #expect(MergeLabels(ours: "café ☕ 🇫🇷").ours == "café ☕ 🇫🇷")
    }

    @Test func aPathWithALineBreakWritesNoLine() throws {
        let fileSystem = MemoryFileSystem(files: [
            "/tmp/o": "## Habits\n- [ ] [[read]]\n",
            "/tmp/a": "## Habits\n- [x] [[read]]\n",
            "/tmp/b": "## Habits\n- [-] [[read]] tired\n",
        ])
        let outcome = try MergeDriver(base: "/tmp/o", ours: "/tmp/a", theirs: "/tmp/b", path: "daily/2026-11-22.md\n" + Self.forged,
                                      directory: "/repo", fileSystem: fileSystem).run()
        let text = try fileSystem.readText("/tmp/a")
        #expect(text == "## Habits\n<<<<<<< ours\n- [x] [[read]]\n=======\n- [-] [[read]] tired\n>>>>>>> theirs\n")
        #expect(!outcome.clean)
    }
}
