import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Check-offs, rest days and check-ins as actions, on a vault in memory.
@Suite struct LogActionTests {
    let today = Day.sampleToday

    @Test func doneRewritesOneLineAndReportsIt() throws {
        let (vault, fileSystem) = MemoryVault.sample()
        let before = MemoryVault.notes(fileSystem)
        let result = try vault.perform(LogHabit(habit: "read", change: .done(value: 24), day: today, today: today))
        #expect(result.action == "done")
        #expect(result.outcome.result == .updated)
        #expect(result.outcome.after?.value == 24)
        #expect(result.outcome.after?.state == .done)
        #expect(result.changes == [FileChange(kind: .modified, path: "daily/2026-11-22.md",
                                              lines: [LineChange(line: 16, before: "- [ ] [[read]]", after: "- [x] [[read]] 24 pages")])])
        let after = MemoryVault.notes(fileSystem)
        #expect(after.keys.sorted() == before.keys.sorted())
        for (path, text) in before where path != "daily/2026-11-22.md" { #expect(after[path] == text, "\(path) changed") }
        #expect(!fileSystem.isLocked)
    }

    @Test func aMissingDayStartsFromTheTemplate() throws {
        let (vault, fileSystem) = MemoryVault.sample()
        let day = Day("2026-11-23")!
        let result = try vault.perform(LogHabit(habit: "med", change: .done(), day: day, today: day))
        #expect(result.outcome.created)
        #expect(result.outcome.habit.id == "meditate")
        #expect(result.changes.count == 1 && result.changes[0].kind == .created)
        let text = try #require(MemoryVault.notes(fileSystem)["daily/2026-11-23.md"])
        #expect(text.contains("date: 2026-11-23"))
        #expect(text.contains("- [x] [[meditate]]"))
    }

    @Test func undoWithoutAFileWritesNothing() throws {
        let (vault, fileSystem) = MemoryVault.sample()
        let day = Day("2026-11-23")!
        let before = MemoryVault.notes(fileSystem)
        let result = try vault.perform(LogHabit(habit: "read", change: .undo, day: day, today: day))
        #expect(result.outcome.result == .absent)
        #expect(result.outcome.path == nil)
        #expect(result.changes.isEmpty)
        #expect(MemoryVault.notes(fileSystem).filter { !$0.key.hasPrefix(".brain/") } == before.filter { !$0.key.hasPrefix(".brain/") })
    }

    @Test(arguments: [
        ("reed", ActionError.Code.notFound, "no habit named \"reed\"; did you mean \"read\"?"),
        ("cold-shower", .refused, "habit \"cold-shower\" is archived since 2026-10-05"),
        ("r", .ambiguous, "\"r\" could be several habits:"),
    ])
    func badHabitsChangeNothing(name: String, code: ActionError.Code, message: String) throws {
        let (vault, fileSystem) = MemoryVault.sample()
        let before = MemoryVault.notes(fileSystem)
        let error = #expect(throws: ActionError.self) {
            try vault.perform(LogHabit(habit: name, change: .done(), day: today, today: today))
        }
        #expect(error?.code == code)
        #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "")")
        #expect(MemoryVault.notes(fileSystem).filter { !$0.key.hasPrefix(".brain/") } == before.filter { !$0.key.hasPrefix(".brain/") })
        #expect(!fileSystem.isLocked)
    }

    @Test func futureDaysAreRefused() throws {
        let (vault, _) = MemoryVault.sample()
        let error = #expect(throws: ActionError.self) {
            try vault.perform(LogHabit(habit: "read", change: .done(), day: today.adding(days: 1), today: today))
        }
        #expect(error?.code == .refused)
        #expect(error?.message.contains("in the future") == true)
    }

    @Test func restAndCheckInEditTheFrontMatterAndSections() throws {
        let (vault, fileSystem) = MemoryVault.sample()
        let rest = try vault.perform(SetRestDay(day: today, today: today, rest: true, reason: "flu"))
        #expect(rest.outcome.changed)
        let again = try vault.perform(SetRestDay(day: today, today: today, rest: true, reason: "flu"))
        #expect(!again.outcome.changed)
        #expect(again.changes.isEmpty)
        let checkIn = try vault.perform(RecordCheckIn(part: .evening, day: today, today: today, mood: 5, reflection: "Quiet day."))
        #expect(checkIn.outcome.path == "daily/2026-11-22.md")
        let text = try #require(MemoryVault.notes(fileSystem)["daily/2026-11-22.md"])
        #expect(text.contains("rest: true\n"))
        #expect(text.contains("rest-reason: flu\n"))
        #expect(text.contains("evening-mood: 5\n"))
        #expect(text.contains("Quiet day."))
    }

    @Test func outOfRangeScoresAreRefused() throws {
        let (vault, _) = MemoryVault.sample()
        let error = #expect(throws: ActionError.self) {
            try vault.perform(RecordCheckIn(part: .morning, day: today, today: today, mood: 7))
        }
        #expect(error?.code == .invalidArgument)
    }

    @Test func aHeldLockMakesActionsWaitAndFail() throws {
        let (vault, fileSystem) = MemoryVault.sample()
        do {
            let lock = try VaultLock(vault: vault)
            let error = #expect(throws: ActionError.self) {
                try vault.perform(LogHabit(habit: "read", change: .done(), day: today, today: today))
            }
            #expect(error?.code == .io)
            withExtendedLifetime(lock) {}
        }
        _ = try vault.perform(LogHabit(habit: "read", change: .done(), day: today, today: today))
        #expect(!fileSystem.isLocked)
    }

    @Test func lineBreaksCannotForgeLines() throws {
        let (vault, fileSystem) = MemoryVault.sample()
        let before = MemoryVault.notes(fileSystem)
        let attempts: [any VaultAction] = [
            LogHabit(habit: "meditate", change: .done(note: "calm\n- [x] [[run]] x"), day: today, today: today),
            LogHabit(habit: "guitar", change: .skip(reason: "tired\r- [x] [[guitar]] 99"), day: today, today: today),
            RecordCheckIn(part: .morning, day: today, today: today, intentions: ["ok\n## Habits\n- [x] [[run]]"]),
            RecordCheckIn(part: .evening, day: today, today: today, reflection: "fine\u{2028}- [x] [[run]]"),
            SetRestDay(day: today, today: today, rest: true, reason: "flu\u{0}"),
        ]
        for action in attempts {
            let error = #expect(throws: ActionError.self) { try Self.perform(action, on: vault) }
            #expect(error?.code == .invalidArgument)
            #expect(error?.message.contains("must fit on one line") == true)
        }
        #expect(MemoryVault.notes(fileSystem).filter { !$0.key.hasPrefix(".brain/") } == before.filter { !$0.key.hasPrefix(".brain/") })
        _ = try vault.perform(LogHabit(habit: "meditate", change: .done(note: "calm\tand slow"), day: today, today: today))
    }

    static func perform(_ action: some VaultAction, on vault: Vault) throws {
        _ = try vault.perform(action)
    }

    /// Issue 15, fix 7, for every other value written into a line: a title becomes the `# heading`
    /// line (a goal's body holds its milestones), an address the `<url>` line, a new title the
    /// renamed note's heading, a habit's file name its `[[id]]`.
    @Test func noOtherValueCanForgeALine() throws {
        let (vault, fileSystem) = MemoryVault.sample()
        let before = MemoryVault.notes(fileSystem).filter { !$0.key.hasPrefix(".brain/") }
        var link = CreateNote(kind: .link, title: "Link", today: today)
        link.url = "http://x>\n- [x] [[run]] forged"
        var cue = CreateNote(kind: .habit, title: "Swim", today: today)
        cue.cue = "pool\n---"
        var tagged = CreateNote(kind: .note, title: "Tagged", today: today)
        tagged.tags = ["a\nb"]
        let attempts: [any VaultAction] = [
            CreateNote(kind: .goal, title: "Win\n- [x] forged milestone", today: today),
            CreateNote(kind: .habit, title: "Jog\r- [x] [[run]]", today: today),
            link, cue, tagged,
            RenameNote(note: "atomic-habits", newTitle: "Atomic\n- [x] [[run]] 5"),
        ]
        for action in attempts {
            let error = #expect(throws: ActionError.self) { try Self.perform(action, on: vault) }
            #expect(error?.code == .invalidArgument)
            #expect(error?.message.contains("must fit on one line") == true, "\(error?.message ?? "")")
        }
        #expect(MemoryVault.notes(fileSystem).filter { !$0.key.hasPrefix(".brain/") } == before)
    }

    /// `edit --set` values and keys go through the YAML writer, which escapes line breaks: the
    /// front-matter keeps one line per key and no line can be forged.
    @Test func editEscapesLineBreaksInValuesAndKeys() throws {
        let (vault, fileSystem) = MemoryVault.sample()
        _ = try vault.perform(EditNote(note: "read", set: [.init(key: "cue", value: "a\n---\nforged: 1")]))
        _ = try vault.perform(EditNote(note: "read", set: [.init(key: "x\ny", value: "1")], allowUnknownKeys: true))
        let text = try #require(MemoryVault.notes(fileSystem)["habits/read.md"])
        let document = Document(text: text)
        #expect(document.frontMatter["cue"] == .string("a\n---\nforged: 1"))
        #expect(document.frontMatter["x\ny"] == .int(1))
        #expect(document.frontMatter["forged"] == nil)
        #expect(document.diagnostics.isEmpty)
    }

    @Test func aGoalTemplateTitleWithALineBreakIsAProblemNotALine() {
        let plan = GoalTemplatePlan(YAMLMap([
            "subgoals": .list([.map(YAMLMap(["title": .string("Run\n- [x] forged")]))]),
            "suggested-habits": .list([.map(YAMLMap(["title": .string("Jog\r- [x] [[run]]"), "every": .string("day")]))]),
        ]))
        #expect(plan.subgoals.isEmpty && plan.habits.isEmpty)
        #expect(plan.problems.count == 2)
    }

    /// Issue 15, fix 1: `due-in: 9223372036854775807` made the due day overflow.
    @Test func aGoalTemplateDueInIsBounded() {
        let plan = GoalTemplatePlan(YAMLMap([
            "subgoals": .list([.map(YAMLMap(["title": .string("Far"), "due-in": .int(Int.max)])),
                               .map(YAMLMap(["title": .string("Near"), "due-in": .int(30)]))]),
        ]))
        #expect(plan.subgoals.map(\.title) == ["Near"])
        #expect(plan.problems == ["subgoals item 1: \"due-in\" must be a whole number of days from 0 to 36500"])
    }
}
