import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Runs the merge on texts.
func merged(_ base: String, _ ours: String, _ theirs: String, kind: VaultMerge.Kind = .daily) -> (text: String, conflicts: [MergeConflict]) {
    let outcome = VaultMerge.merge(base: Array(base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8), kind: kind)
    return (String(decoding: outcome.bytes, as: UTF8.self), outcome.conflicts)
}

@Suite struct DailyMergeTests {
    static let day = """
    ---
    date: 2026-11-22
    mood:
    energy:
    evening-mood:
    rest: false
    ---
    ## Intentions
    - 

    ## Habits
    - [ ] [[read]]
    - [ ] [[run]]
    - [ ] [[walk]]

    ## Reflection

    """

    @Test func checksOfDifferentHabitsBothSurvive() {
        let ours = Self.day.replacingOccurrences(of: "- [ ] [[read]]", with: "- [x] [[read]] 24 pages")
        let theirs = Self.day.replacingOccurrences(of: "- [ ] [[run]]", with: "- [x] [[run]]")
        let result = merged(Self.day, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == Self.day.replacingOccurrences(of: "- [ ] [[read]]", with: "- [x] [[read]] 24 pages")
            .replacingOccurrences(of: "- [ ] [[run]]", with: "- [x] [[run]]"))
    }

    @Test func habitLinesAddedAtTheSamePlaceAreBothKept() {
        let base = "## Habits\n\n## Reflection\n"
        let ours = "## Habits\n- [x] [[read]]\n\n## Reflection\n"
        let theirs = "## Habits\n- [x] [[walk]] 8000 steps\n\n## Reflection\n"
        let result = merged(base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == "## Habits\n- [x] [[read]]\n- [x] [[walk]] 8000 steps\n\n## Reflection\n")
    }

    @Test func theSameDayCreatedOnBothMachinesMergesWithoutBase() {
        let ours = Self.day.replacingOccurrences(of: "## Habits\n", with: "## Habits\n- [x] [[read]]\n")
            .replacingOccurrences(of: "- [ ] [[read]]\n- [ ] [[run]]\n- [ ] [[walk]]\n", with: "")
        let theirs = Self.day.replacingOccurrences(of: "## Habits\n", with: "## Habits\n- [-] [[run]] knee\n")
            .replacingOccurrences(of: "- [ ] [[read]]\n- [ ] [[run]]\n- [ ] [[walk]]\n", with: "")
        let result = merged("", ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text.contains("## Habits\n- [x] [[read]]\n- [-] [[run]] knee\n\n## Reflection"))
        #expect(result.text.components(separatedBy: "## Habits").count == 2)
    }

    @Test func doneAgainstSkipIsAConflictOnThatLineOnly() throws {
        let ours = Self.day.replacingOccurrences(of: "- [ ] [[run]]", with: "- [x] [[run]]")
            .replacingOccurrences(of: "- [ ] [[read]]", with: "- [x] [[read]]")
        let theirs = Self.day.replacingOccurrences(of: "- [ ] [[run]]", with: "- [-] [[run]] knee hurts")
            .replacingOccurrences(of: "- [ ] [[walk]]", with: "- [x] [[walk]]")
        let result = merged(Self.day, ours, theirs)
        let conflict = try #require(result.conflicts.first)
        #expect(result.conflicts.count == 1)
        #expect(conflict.ours == ["- [x] [[run]]"])
        #expect(conflict.theirs == ["- [-] [[run]] knee hurts"])
        #expect(conflict.reason == "run: done on ours, skipped on theirs")
        #expect(result.text.contains("""
        - [x] [[read]]
        <<<<<<< ours
        - [x] [[run]]
        =======
        - [-] [[run]] knee hurts
        >>>>>>> theirs
        - [x] [[walk]]
        """))
        #expect(conflict.line == 13)
    }

    @Test func aValueChangedOnOneSideWinsOverAnUnchangedOne() {
        let base = "## Habits\n- [x] [[read]] 20 pages\n"
        let ours = "## Habits\n- [x] [[read]] 32 pages\n"
        let theirs = "## Habits\n- [x] [[read]] 20 pages — good chapter\n"
        let result = merged(base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == "## Habits\n- [x] [[read]] 32 pages — good chapter\n")
    }

    @Test func twoDifferentValuesAreAConflict() {
        let base = "## Habits\n- [ ] [[read]]\n"
        let result = merged(base, "## Habits\n- [x] [[read]] 24 pages\n", "## Habits\n- [x] [[read]] 30 pages\n")
        #expect(result.conflicts.map(\.reason) == ["read: 24 pages on ours, 30 pages on theirs"])
    }

    @Test func aHabitLineAddedAtTwoPlacesIsMergedIntoOne() {
        let base = "## Habits\n- [x] [[run]]\n"
        let ours = "## Habits\n- [x] [[read]]\n- [x] [[run]]\n"
        let theirs = "## Habits\n- [x] [[run]]\n- [x] [[read]] 12 pages\n"
        let result = merged(base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == "## Habits\n- [x] [[read]] 12 pages\n- [x] [[run]]\n")
    }

    @Test func differentFrontMatterKeysAreBothKept() {
        let ours = Self.day.replacingOccurrences(of: "\nmood:\n", with: "\nmood: 4\n")
        let theirs = Self.day.replacingOccurrences(of: "energy:\n", with: "energy: 2\n")
            .replacingOccurrences(of: "rest: false\n", with: "rest: false\nweather: rain\n")
        let result = merged(Self.day, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text.hasPrefix("---\ndate: 2026-11-22\nmood: 4\nenergy: 2\nevening-mood:\nrest: false\nweather: rain\n---\n"))
    }

    @Test func theSameKeyChangedTwoWaysIsAConflictOnItsLine() throws {
        let ours = Self.day.replacingOccurrences(of: "\nmood:\n", with: "\nmood: 4\n").replacingOccurrences(of: "energy:\n", with: "energy: 3\n")
        let theirs = Self.day.replacingOccurrences(of: "\nmood:\n", with: "\nmood: 2\n")
        let result = merged(Self.day, ours, theirs)
        let conflict = try #require(result.conflicts.first)
        #expect(result.conflicts.count == 1)
        #expect(conflict.ours == ["mood: 4"])
        #expect(conflict.theirs == ["mood: 2"])
        #expect(conflict.reason == "both sides changed mood")
        #expect(result.text.contains("date: 2026-11-22\n<<<<<<< ours\nmood: 4\n=======\nmood: 2\n>>>>>>> theirs\nenergy: 3\n"))
    }

    @Test func keysAddedOnBothSidesAtTheEndAreBothKept() {
        let base = "---\ndate: 2026-11-22\n---\nbody\n"
        let result = merged(base, "---\ndate: 2026-11-22\nmood: 4\n---\nbody\n", "---\ndate: 2026-11-22\nenergy: 3\n---\nbody\n")
        #expect(result.conflicts.isEmpty)
        #expect(result.text == "---\ndate: 2026-11-22\nmood: 4\nenergy: 3\n---\nbody\n")
    }

    @Test func intentionsFilledInOnBothSidesAreMergedAsASet() {
        let ours = Self.day.replacingOccurrences(of: "- \n", with: "- Ship the parser\n")
        let theirs = Self.day.replacingOccurrences(of: "- \n", with: "- Call mum\n- Ship the parser\n")
        let result = merged(Self.day, ours, theirs)
        #expect(result.conflicts.isEmpty)
        // Both wrote "Ship the parser": it is there once, and theirs' other item before it, as theirs has it.
        #expect(result.text.contains("## Intentions\n- Call mum\n- Ship the parser\n\n## Habits"))
    }

    @Test func intentionsAppendedOnBothSidesAreMergedAsASet() {
        let base = "## Intentions\n- Tidy the desk\n\n## Habits\n"
        let ours = "## Intentions\n- Tidy the desk\n- Water the plants\n\n## Habits\n"
        let theirs = "## Intentions\n- Tidy the desk\n- Review the pull requests\n- Water the plants\n\n## Habits\n"
        let result = merged(base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == "## Intentions\n- Tidy the desk\n- Review the pull requests\n- Water the plants\n\n## Habits\n")
        let other = merged(base, ours, "## Intentions\n- Tidy the desk\n- Review the pull requests\n\n## Habits\n")
        #expect(other.text == "## Intentions\n- Tidy the desk\n- Water the plants\n- Review the pull requests\n\n## Habits\n")
    }

    @Test func proseAddedOnBothSidesAtOnePlaceIsAConflict() {
        let base = "## Reflection\n"
        let result = merged(base, "## Reflection\nA calm day.\n", "## Reflection\nA busy day.\n")
        #expect(result.conflicts.count == 1)
        #expect(result.text == "## Reflection\n<<<<<<< ours\nA calm day.\n=======\nA busy day.\n>>>>>>> theirs\n")
    }

    @Test func aReflectionEditedInDifferentPlacesKeepsBothEdits() {
        let base = "## Reflection\nSlow start.\nGood afternoon with the team.\nEarly night.\n"
        let ours = "## Reflection\nSlow start, coffee helped.\nGood afternoon with the team.\nEarly night.\n"
        let theirs = "## Reflection\nSlow start.\nGood afternoon with the team.\nEarly night, finally.\n"
        #expect(merged(base, ours, theirs).text == "## Reflection\nSlow start, coffee helped.\nGood afternoon with the team.\nEarly night, finally.\n")
        // Neighbouring lines edited on each side are no conflict.
        let next = "## Reflection\nSlow start.\nGood afternoon with Ana.\nEarly night.\n"
        #expect(merged(base, ours, next).text == "## Reflection\nSlow start, coffee helped.\nGood afternoon with Ana.\nEarly night.\n")
    }

    @Test func aOneLineReflectionEditedInTwoPlacesMergesWordByWord() {
        let base = "## Reflection\nSlow start, good afternoon, early night.\n"
        let ours = "## Reflection\nSlow start after the flu, good afternoon, early night.\n"
        let theirs = "## Reflection\nSlow start, good afternoon, early night at last.\n"
        let result = merged(base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == "## Reflection\nSlow start after the flu, good afternoon, early night at last.\n")
        // The same words changed two ways: the line is a conflict with both versions.
        let other = "## Reflection\nSlow start after a bad night, good afternoon, early night.\n"
        let conflict = merged(base, ours, other)
        #expect(conflict.conflicts.count == 1)
        #expect(conflict.conflicts.first?.ours == ["Slow start after the flu, good afternoon, early night."])
        #expect(conflict.conflicts.first?.theirs == ["Slow start after a bad night, good afternoon, early night."])
    }

    @Test func crlfFilesStayCRLF() {
        func crlf(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: "\r\n") }
        let ours = Self.day.replacingOccurrences(of: "- [ ] [[read]]", with: "- [x] [[read]]")
            .replacingOccurrences(of: "## Reflection\n", with: "## Reflection\nGood.\n")
        let theirs = Self.day.replacingOccurrences(of: "- [ ] [[walk]]", with: "- [-] [[walk]] rain")
            .replacingOccurrences(of: "\nmood:\n", with: "\nmood: 3\n")
        let result = merged(crlf(Self.day), crlf(ours), crlf(theirs))
        #expect(result.conflicts.isEmpty)
        let expected = Self.day.replacingOccurrences(of: "- [ ] [[read]]", with: "- [x] [[read]]")
            .replacingOccurrences(of: "## Reflection\n", with: "## Reflection\nGood.\n")
            .replacingOccurrences(of: "- [ ] [[walk]]", with: "- [-] [[walk]] rain")
            .replacingOccurrences(of: "\nmood:\n", with: "\nmood: 3\n")
        #expect(result.text == crlf(expected))
        // Conflict markers and merged habit lines use the file's CRLF too.
        let done = crlf("## Habits\n- [x] [[run]]\n"), skip = crlf("## Habits\n- [-] [[run]]\n")
        let conflict = merged(crlf("## Habits\n- [ ] [[run]]\n"), done, skip)
        #expect(conflict.text == crlf("## Habits\n<<<<<<< ours\n- [x] [[run]]\n=======\n- [-] [[run]]\n>>>>>>> theirs\n"))
        let fields = merged(crlf("- [x] [[read]] 20 pages\n"), crlf("- [x] [[read]] 30 pages\n"), crlf("- [x] [[read]] 20 pages — tired\n"))
        #expect(fields.text == crlf("- [x] [[read]] 30 pages — tired\n"))
    }

    @Test func unchangedLinesKeepTheirBytes() {
        let base = "\u{FEFF}---\r\ndate: 2026-11-22   # the day\r\nmood:\r\n---\r\n## Habits\r\n\t* [X]  [[read|Reading]]   8 pages\r\n- [ ] [[run]]\r\nno final break"
        let ours = base.replacingOccurrences(of: "mood:", with: "mood: 4")
        let theirs = base.replacingOccurrences(of: "- [ ] [[run]]", with: "- [x] [[run]]")
        let result = merged(base, ours, theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == base.replacingOccurrences(of: "mood:", with: "mood: 4").replacingOccurrences(of: "- [ ] [[run]]", with: "- [x] [[run]]"))
    }

    @Test func oneSideOnlyChangedGivesThatSide() {
        let ours = Self.day.replacingOccurrences(of: "- [ ] [[read]]", with: "- [x] [[read]]")
        #expect(merged(Self.day, ours, Self.day).text == ours)
        #expect(merged(Self.day, Self.day, ours).text == ours)
        #expect(merged(Self.day, ours, ours).text == ours)
    }

    @Test func aRemovedLineThatTheOtherSideChangedIsAConflict() {
        let base = "## Habits\n- [ ] [[read]]\n- [ ] [[run]]\n"
        let result = merged(base, "## Habits\n- [ ] [[run]]\n", "## Habits\n- [x] [[read]]\n- [ ] [[run]]\n")
        #expect(result.conflicts.count == 1)
        #expect(result.conflicts.first?.ours == [])
        #expect(result.conflicts.first?.theirs == ["- [x] [[read]]"])
    }

    @Test func habitLinesInCodeAreOnlyLines() {
        let base = "```\n- [ ] [[read]]\n```\n"
        let result = merged(base, "```\n- [x] [[read]]\n```\n", "```\n- [-] [[read]]\n```\n")
        #expect(result.conflicts.map(\.reason) == ["both sides changed the same lines"])
    }
}

@Suite struct NoteMergeTests {
    static let note = """
    ---
    title: Ideas
    tags: [brain]
    pinned: false
    ---
    # Ideas

    One.
    Two.
    Three.

    """

    @Test func frontMatterByKeyAndBodyByLine() {
        let ours = Self.note.replacingOccurrences(of: "pinned: false", with: "pinned: true").replacingOccurrences(of: "One.", with: "One!")
        let theirs = Self.note.replacingOccurrences(of: "tags: [brain]", with: "tags: [brain, git]").replacingOccurrences(of: "Three.", with: "Three!")
        let result = merged(Self.note, ours, theirs, kind: .note)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == Self.note.replacingOccurrences(of: "pinned: false", with: "pinned: true").replacingOccurrences(of: "One.", with: "One!")
            .replacingOccurrences(of: "tags: [brain]", with: "tags: [brain, git]").replacingOccurrences(of: "Three.", with: "Three!"))
    }

    @Test func theSameBodyLineChangedTwoWaysIsAConflictWithBothLines() {
        let ours = Self.note.replacingOccurrences(of: "Two.", with: "Two, said ours.")
        let theirs = Self.note.replacingOccurrences(of: "Two.", with: "Two, said theirs.")
        let result = merged(Self.note, ours, theirs, kind: .note)
        #expect(result.conflicts.count == 1)
        #expect(result.text.contains("One.\n<<<<<<< ours\nTwo, said ours.\n=======\nTwo, said theirs.\n>>>>>>> theirs\nThree.\n"))
    }

    @Test func aNoteIsNotMergedAsADay() {
        // Lists in a note are plain lines: both adding at one place is a conflict.
        let base = "# List\n- a\n"
        let result = merged(base, "# List\n- a\n- b\n", "# List\n- a\n- c\n", kind: .note)
        #expect(result.conflicts.count == 1)
    }

    @Test func aMultiLineValueChangedOnBothSidesMergesItsLines() {
        let base = "---\ntitle: T\nhabits:\n  - read\n  - run\n  - walk\n---\n"
        let ours = "---\ntitle: T\nhabits:\n  - reading\n  - run\n  - walk\n---\n"
        let theirs = "---\ntitle: T\nhabits:\n  - read\n  - run\n  - walking\n---\n"
        let result = merged(base, ours, theirs, kind: .note)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == "---\ntitle: T\nhabits:\n  - reading\n  - run\n  - walking\n---\n")
    }

    @Test func frontMatterTheReaderRefusesIsMergedLineByLine() {
        let base = "---\na: &x 1\nb: 2\n---\nbody\n"
        let result = merged(base, "---\na: &x 1\nb: 3\n---\nbody\n", "---\na: &x 1\nb: 2\n---\nbody!\n", kind: .note)
        #expect(result.conflicts.isEmpty)
        #expect(result.text == "---\na: &x 1\nb: 3\n---\nbody!\n")
    }

    @Test func bytesThatAreNotUTF8AreMergedLineByLine() {
        let base: [UInt8] = Array("a\n".utf8) + [0xFF, 0xFE, 10] + Array("c\n".utf8)
        let ours: [UInt8] = Array("A\n".utf8) + [0xFF, 0xFE, 10] + Array("c\n".utf8)
        let theirs: [UInt8] = Array("a\n".utf8) + [0xFF, 0xFE, 10] + Array("C\n".utf8)
        let outcome = VaultMerge.merge(base: base, ours: ours, theirs: theirs, kind: .daily)
        #expect(outcome.isClean)
        #expect(outcome.bytes == Array("A\n".utf8) + [0xFF, 0xFE, 10] + Array("C\n".utf8))
    }

    @Test func aLastLineWithoutBreakFollowedByLinesGetsOne() {
        // A line added after the last line is next to the change of that line, not on it.
        #expect(merged("a", "a\nb", "A", kind: .note) == ("A\nb", []))
        let clean = merged("x\na", "x\na\nb", "X\na", kind: .note)
        #expect(clean.text == "X\na\nb")
    }

    @Test func markerSizeFollowsGit() {
        let outcome = VaultMerge.merge(base: Array("a\n".utf8), ours: Array("b\n".utf8), theirs: Array("c\n".utf8), kind: .text,
                                       labels: MergeLabels(ours: "origin/main", theirs: "this machine"), markerSize: 10)
        #expect(String(decoding: outcome.bytes, as: UTF8.self) == "<<<<<<<<<< origin/main\nb\n==========\nc\n>>>>>>>>>> this machine\n")
    }
}
