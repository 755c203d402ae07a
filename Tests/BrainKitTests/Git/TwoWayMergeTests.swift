import Testing
@testable import BrainFormat
@testable import BrainStore
@testable import BrainGit

/// `VaultMerge.mergeTwoWay`: a file and a sync engine's conflict copy of it, with no common base.
@Suite struct TwoWayMergeTests {
    static let labels = MergeLabels(ours: "2026-11-22.md", theirs: "2026-11-22 (conflicted copy).md")

    func merge(_ ours: String, _ theirs: String, kind: VaultMerge.Kind = .daily) -> (text: String, conflicts: [MergeConflict]) {
        let outcome = VaultMerge.mergeTwoWay(ours: Array(ours.utf8), theirs: Array(theirs.utf8), kind: kind, labels: Self.labels)
        return (String(decoding: outcome.bytes, as: UTF8.self), outcome.conflicts)
    }

    static let day = """
        ---
        date: 2026-11-22
        mood:
        ---
        ## Habits
        - [ ] [[read]]
        - [ ] [[walk]]

        """

    @Test func theSameFileIsKeptByteForByte() {
        for text in [Self.day, "\u{FEFF}" + Self.day.replacingOccurrences(of: "\n", with: "\r\n"), "no final break"] {
            let bytes = Array(text.utf8)
            #expect(VaultMerge.mergeTwoWay(ours: bytes, theirs: bytes, kind: .daily).bytes == bytes)
        }
    }

    @Test func checksMadeOnEachSideBothSurvive() {
        let ours = Self.day.replacingOccurrences(of: "[ ] [[read]]", with: "[x] [[read]] 20 pages")
        let theirs = Self.day.replacingOccurrences(of: "[ ] [[walk]]", with: "[-] [[walk]] rain")
        let (text, conflicts) = merge(ours, theirs)
        #expect(conflicts.isEmpty)
        #expect(text.contains("- [x] [[read]] 20 pages\n- [-] [[walk]] rain\n"))
    }

    @Test func aHabitLineOnOneSideIsKeptAndDifferentHabitsAddedAreBothKept() {
        let ours = Self.day + "- [x] [[run]]\n"
        let theirs = Self.day + "- [x] [[guitar]]\n"
        let (text, conflicts) = merge(ours, theirs)
        #expect(conflicts.isEmpty)
        #expect(text.hasSuffix("- [ ] [[walk]]\n- [x] [[run]]\n- [x] [[guitar]]\n"))
        // One side alone.
        #expect(merge(Self.day, ours).text == ours)
        #expect(merge(ours, Self.day).text == ours)
    }

    @Test func theSameHabitWithTwoValuesOrDoneAgainstSkippedIsAConflict() {
        let ours = Self.day.replacingOccurrences(of: "[ ] [[read]]", with: "[x] [[read]] 20")
        let theirs = Self.day.replacingOccurrences(of: "[ ] [[read]]", with: "[x] [[read]] 35")
        let (text, conflicts) = merge(ours, theirs)
        #expect(conflicts.map(\.reason) == ["read: 20 on 2026-11-22.md, 35 on 2026-11-22 (conflicted copy).md"])
        #expect(text.contains("""
            <<<<<<< 2026-11-22.md
            - [x] [[read]] 20
            =======
            - [x] [[read]] 35
            >>>>>>> 2026-11-22 (conflicted copy).md
            - [ ] [[walk]]
            """))
        #expect(conflicts.first?.line == 6)
        let skipped = Self.day.replacingOccurrences(of: "[ ] [[read]]", with: "[-] [[read]]")
        #expect(merge(ours, skipped).conflicts.map(\.reason) == ["read: done on 2026-11-22.md, skipped on 2026-11-22 (conflicted copy).md"])
    }

    @Test func frontMatterMergesByKey() {
        // One side filled the template's empty key, the other added a key.
        let ours = Self.day.replacingOccurrences(of: "mood:\n", with: "mood: 4\n")
        let theirs = Self.day.replacingOccurrences(of: "mood:\n", with: "mood:\nenergy: 3\n")
        let (text, conflicts) = merge(ours, theirs)
        #expect(conflicts.isEmpty)
        #expect(text.hasPrefix("---\ndate: 2026-11-22\nmood: 4\nenergy: 3\n---\n"))
        // The same key with two values.
        let other = Self.day.replacingOccurrences(of: "mood:\n", with: "mood: 2\n")
        let disagreement = merge(ours, other)
        #expect(disagreement.conflicts.map(\.reason) == ["both sides changed mood"])
        #expect(disagreement.text.hasPrefix("---\ndate: 2026-11-22\n<<<<<<< 2026-11-22.md\nmood: 4\n=======\nmood: 2\n>>>>>>> "))
    }

    @Test func listsMergeAsSets() {
        let note = "---\ntitle: Plan\ntags: [a, b]\n---\nBody\n"
        let (text, conflicts) = merge(note, note.replacingOccurrences(of: "[a, b]", with: "[b, c]"), kind: .note)
        #expect(conflicts.isEmpty)
        #expect(text == "---\ntitle: Plan\ntags: [a, b, c]\n---\nBody\n")
        let block = "---\ntags:\n  - a\n  - b\n---\n"
        let merged = merge(block, block.replacingOccurrences(of: "  - b\n", with: "  - c\n"), kind: .note)
        #expect(merged.conflicts.isEmpty)
        #expect(merged.text == "---\ntags:\n  - a\n  - b\n  - c\n---\n")
        // Intentions (list items in a day's body) both sides added.
        let intentions = "## Intentions\n- \n\n## Habits\n"
        let day = merge(intentions.replacingOccurrences(of: "- \n", with: "- Ship it\n"),
                        intentions.replacingOccurrences(of: "- \n", with: "- Call mum\n"))
        #expect(day.conflicts.isEmpty)
        #expect(day.text == "## Intentions\n- Ship it\n- Call mum\n\n## Habits\n")
    }

    @Test func aNoteBodyIsALineUnionWhereSafeElseAConflict() {
        let ours = "# Plan\n\nFirst.\nSecond.\n"
        let added = merge(ours, "# Plan\n\nFirst.\nSecond.\nThird.\n", kind: .note)
        #expect(added.conflicts.isEmpty)
        #expect(added.text == "# Plan\n\nFirst.\nSecond.\nThird.\n")
        let rewritten = merge(ours, "# Plan\n\nFirst.\nAnother second.\n", kind: .note)
        #expect(rewritten.conflicts.count == 1)
        #expect(rewritten.text == "# Plan\n\nFirst.\n<<<<<<< 2026-11-22.md\nSecond.\n=======\nAnother second.\n>>>>>>> 2026-11-22 (conflicted copy).md\n")
    }

    /// CRLF and a byte-order mark: the lines kept keep their bytes; new ones use the file's ending.
    @Test func lineEndingsAndByteOrderMarkAreKept() {
        let crlf = "\u{FEFF}" + Self.day.replacingOccurrences(of: "\n", with: "\r\n")
        let theirs = crlf.replacingOccurrences(of: "[ ] [[walk]]", with: "[x] [[walk]]") + "- [x] [[run]]\r\n"
        let (text, conflicts) = merge(crlf, theirs)
        #expect(conflicts.isEmpty)
        #expect(text == crlf.replacingOccurrences(of: "[ ] [[walk]]", with: "[x] [[walk]]") + "- [x] [[run]]\r\n")
        #expect(text.utf8.starts(with: [0xEF, 0xBB, 0xBF]))
    }
}
