import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Creating, pinning, renaming, editing, archiving and deleting notes as actions, in memory.
@Suite struct NoteActionTests {
    let today = Day.sampleToday

    static func unchanged(_ fileSystem: MemoryFileSystem, _ before: [String: String]) -> Bool {
        MemoryVault.notes(fileSystem).filter { !$0.key.hasPrefix(".brain/cache") } == before.filter { !$0.key.hasPrefix(".brain/cache") }
    }

    @Test func newHabitTakesEveryHabitKey() throws {
        let (vault, fileSystem) = MemoryVault.sample()
        var action = CreateNote(kind: .habit, title: "Stretch", today: today)
        action.every = "3/week"
        action.cue = "After the run"
        action.stack = "evening"
        action.after = "run"
        action.remind = "19:30"
        action.habitKind = .build
        action.area = "Health"
        action.goal = "run-5k"
        action.created = Day("2026-11-01")
        let result = try vault.perform(action)
        #expect(result.outcome.created == ["habits/stretch.md"])
        let text = try #require(MemoryVault.notes(fileSystem)["habits/stretch.md"])
        for line in ["every: 3/week", "cue: After the run", "stack: evening", "after: \"[[run]]\"", "remind: \"19:30\"",
                     "area: health", "goal: \"[[run-5k]]\"", "created: 2026-11-01"] {
            #expect(text.contains(line + "\n"), "missing \(line) in\n\(text)")
        }
        let habit = Habit(id: "stretch", frontMatter: Document(text: text).frontMatter, bodyTitle: nil)
        #expect(habit.issues.isEmpty)
        #expect(habit.frequency == .perWeek(3))
    }

    @Test func newRefusesBadValuesAndExistingFiles() throws {
        let (vault, fileSystem) = MemoryVault.sample()
        let before = MemoryVault.notes(fileSystem)
        var bad = CreateNote(kind: .habit, title: "Swim", today: today)
        bad.every = "fortnightly"
        #expect(throws: ActionError.self) { try vault.perform(bad) }
        var late = CreateNote(kind: .habit, title: "Swim", today: today)
        late.remind = "25:00"
        #expect(throws: ActionError.self) { try vault.perform(late) }
        let exists = #expect(throws: ActionError.self) { try vault.perform(CreateNote(kind: .habit, title: "Read", today: today)) }
        #expect(exists?.code == .exists)
        var misplaced = CreateNote(kind: .note, title: "Idea", today: today)
        misplaced.cue = "x"
        let wrongKind = #expect(throws: ActionError.self) { try vault.perform(misplaced) }
        #expect(wrongKind?.message == "--cue is for habits, not notes")
        #expect(Self.unchanged(fileSystem, before))
    }

    @Test func goalTemplatesCreateEveryFileAtOnce() throws {
        let (vault, fileSystem) = MemoryVault.sample()
        var action = CreateNote(kind: .goal, title: "Run my first 5k", today: today)
        action.template = "run-5k"
        let result = try vault.perform(action)
        #expect(result.outcome.created.first == "goals/run-my-first-5k.md")
        #expect(result.outcome.kept == ["habits/run.md"])
        #expect(result.changes.map(\.path) == result.outcome.created)
        for path in result.outcome.created { #expect(MemoryVault.notes(fileSystem)[path] != nil) }
    }

    @Test func pinIsOneLine() throws {
        let (vault, _) = MemoryVault.sample()
        let result = try vault.perform(SetPinned(note: "Atomic Habits", pinned: true))
        #expect(result.outcome.changed)
        #expect(result.changes.count == 1)
        #expect(result.changes[0].lines.count == 1)
        #expect(result.changes[0].lines[0].after == "pinned: true")
        let again = try vault.perform(SetPinned(note: "atomic-habits", pinned: true))
        #expect(!again.outcome.changed && again.changes.isEmpty)
    }

    @Test func renameChangesEveryFileOrNone() throws {
        let (vault, fileSystem) = MemoryVault.sample()
        let before = MemoryVault.notes(fileSystem)
        // A full disk on one of the linking files: the move and the edits already made are put back.
        fileSystem.failingWrites = [MemoryVault.root + "/notes/how-i-use-brain.md"]
        let error = #expect(throws: ActionError.self) { try vault.perform(RenameNote(note: "read", newTitle: "Read 30 pages")) }
        #expect(error?.code == .io)
        #expect(Self.unchanged(fileSystem, before))
        fileSystem.failingWrites = []
        let result = try vault.perform(RenameNote(note: "read", newTitle: "Read 30 pages"))
        #expect(result.outcome.to == "habits/read-30-pages.md")
        let after = MemoryVault.notes(fileSystem)
        #expect(after["habits/read.md"] == nil)
        #expect(after["habits/read-30-pages.md"] != nil)
        #expect(result.changes.contains { $0.kind == .moved && $0.from == "habits/read.md" })
        let linking = after.filter { $0.value.contains("[[read]]") || $0.value.contains("[[read|") }
        #expect(linking.isEmpty, "\(linking.keys.sorted())")
    }

    @Test func editValidatesKnownKeysAsValidateDoes() throws {
        let (vault, fileSystem) = MemoryVault.sample()
        let before = MemoryVault.notes(fileSystem)
        let cases: [(EditNote, ActionError.Code, String)] = [
            (EditNote(note: "read", set: [.init(key: "every", value: "fortnightly")]), .invalidArgument,
             "habits/read.md: every: unknown frequency \"fortnightly\""),
            (EditNote(note: "read", set: [.init(key: "target", value: "lots")]), .invalidArgument, "habits/read.md: target"),
            (EditNote(note: "read", set: [.init(key: "frequncy", value: "day")]), .invalidArgument,
             "unknown key \"frequncy\" for a habit; did you mean \"every\"?"),
            (EditNote(note: "read", unset: ["nope"]), .notFound, "habits/read.md has no key \"nope\""),
            (EditNote(note: "reed", set: [.init(key: "cue", value: "x")]), .notFound, "no note named \"reed\""),
            (EditNote(note: "2026-11-22", set: [.init(key: "date", value: "2026-11-23")]), .refused, "date of a daily"),
        ]
        for (action, code, message) in cases {
            let error = #expect(throws: ActionError.self) { try vault.perform(action) }
            #expect(error?.code == code, "\(action)")
            #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "") does not start with \(message)")
        }
        #expect(Self.unchanged(fileSystem, before))
        let result = try vault.perform(EditNote(note: "read", set: [.init(key: "target", value: "30"), .init(key: "every", value: "[mon, wed]")],
                                                unset: ["cue"]))
        let text = try #require(MemoryVault.notes(fileSystem)["habits/read.md"])
        #expect(text.contains("target: 30\n"))
        #expect(text.contains("every: [mon, wed]\n"))
        #expect(!text.contains("cue:"))
        #expect(result.changes[0].lines.count == 3)
        let custom = try vault.perform(EditNote(note: "read", set: [.init(key: "mantra", value: "one page")], allowUnknownKeys: true))
        #expect(custom.outcome.set == ["mantra"])
    }

    @Test func archiveKeepsHistoryAndStopsCheckOffs() throws {
        let (vault, fileSystem) = MemoryVault.sample()
        let archived = try vault.perform(SetArchived(note: "read", archived: true, day: today))
        #expect(archived.outcome.changed)
        let text = try #require(MemoryVault.notes(fileSystem)["habits/read.md"])
        #expect(text.contains("status: archived\n") && text.contains("archived: 2026-11-22\n"))
        #expect(throws: ActionError.self) { try vault.perform(LogHabit(habit: "read", change: .done(), day: today, today: today)) }
        // The days before stay in the history.
        let journal = Journal(index: VaultIndex.open(vault))
        #expect(journal.history(of: "read").firstLogged.map { $0 < Day("2026-11-01")! } == true)
        _ = try vault.perform(SetArchived(note: "read", archived: false, day: today))
        let back = try #require(MemoryVault.notes(fileSystem)["habits/read.md"])
        #expect(back.contains("status: active\n") && !back.contains("archived:"))
        _ = try vault.perform(LogHabit(habit: "read", change: .done(), day: today, today: today))
        let notAHabit = #expect(throws: ActionError.self) { try vault.perform(SetArchived(note: "atomic-habits", archived: true, day: today)) }
        #expect(notAHabit?.code == .invalidArgument)
    }

    @Test func deleteIsRefusedWhileLinkedAndRestoreBringsItBack() throws {
        let (vault, fileSystem) = MemoryVault.sample()
        let before = MemoryVault.notes(fileSystem)
        let refused = #expect(throws: ActionError.self) { try vault.perform(DeleteNote(note: "how-i-use-brain", day: today)) }
        #expect(refused?.code == .refused)
        #expect(refused?.message.contains("daily/2026-10-03.md") == true)
        let area = #expect(throws: ActionError.self) { try vault.perform(DeleteNote(note: "finance", day: today)) }
        #expect(area?.message.contains("habits/review-budget.md") == true, "a bare area: id counts as a link")
        #expect(Self.unchanged(fileSystem, before))

        let deleted = try vault.perform(DeleteNote(note: "how-i-use-brain", force: true, day: today))
        #expect(deleted.outcome.trash == ".brain/trash/2026-11-22/notes/how-i-use-brain.md")
        #expect(deleted.changes == [FileChange(kind: .deleted, path: "notes/how-i-use-brain.md",
                                               to: ".brain/trash/2026-11-22/notes/how-i-use-brain.md")])
        #expect(VaultIndex.open(vault).record(atPath: "notes/how-i-use-brain.md") == nil)
        let restored = try vault.perform(RestoreNote(note: "notes/how-i-use-brain.md"))
        #expect(restored.outcome.path == "notes/how-i-use-brain.md")
        #expect(Self.unchanged(fileSystem, before))
        #expect(RestoreNote.trashed(in: vault).isEmpty)
    }

    @Test func goalProgressAndMilestonesAreOneLineEach() throws {
        let (vault, fileSystem) = MemoryVault.sample()
        let progress = try vault.perform(UpdateGoalProgress(goal: "save-2000", change: .add(100)))
        #expect(progress.outcome.before == 1850 && progress.outcome.after == 1950)
        #expect(progress.changes[0].lines == [LineChange(line: 7, before: "current: 1850", after: "current: 1950")])
        let set = try vault.perform(UpdateGoalProgress(goal: "save-2000", change: .set(2000)))
        #expect(set.outcome.after == 2000)
        let negative = #expect(throws: ActionError.self) { try vault.perform(UpdateGoalProgress(goal: "save-2000", change: .add(-5000))) }
        #expect(negative?.code == .invalidArgument)

        let tick = try vault.perform(TickMilestone(goal: "emergency-fund", milestone: "2000", day: day("2026-11-22")))
        #expect(tick.outcome.number == 4)
        #expect(tick.changes[0].lines == [LineChange(line: 24, before: "- [ ] 2000 saved", after: "- [x] 2000 saved ✅ 2026-11-22")])
        let byNumber = try vault.perform(TickMilestone(goal: "emergency-fund", milestone: "4", done: false, day: day("2026-11-22")))
        #expect(byNumber.outcome.changed && !byNumber.outcome.done)
        #expect(MemoryVault.notes(fileSystem)["goals/emergency-fund.md"]?.contains("- [ ] 2000 saved\n") == true)

        let none = #expect(throws: ActionError.self) { try vault.perform(TickMilestone(goal: "first-parkrun", milestone: "1", day: day("2026-11-22"))) }
        #expect(none?.code == .refused)
        #expect(none?.message.contains("has no milestones") == true)
        let outOfRange = #expect(throws: ActionError.self) { try vault.perform(TickMilestone(goal: "emergency-fund", milestone: "9", day: day("2026-11-22"))) }
        #expect(outOfRange?.code == .notFound)
    }

    @Test func goalProgressWithADayIsRecordedUnderProgress() throws {
        // The value and its day are appended to the goal's ## Progress lines, which the pace reads.
        let (vault, fileSystem) = MemoryVault.sample()
        let result = try vault.perform(UpdateGoalProgress(goal: "save-2000", change: .add(100), day: day("2026-11-22")))
        let lines = result.changes[0].lines
        #expect(lines.count == 2)
        #expect(lines.first == LineChange(line: 7, before: "current: 1850", after: "current: 1950"))
        #expect(lines.last?.before == nil && lines.last?.after == "- 2026-11-22: 1950 EUR")
        let text = try #require(MemoryVault.notes(fileSystem)["goals/save-2000.md"])
        #expect(text.hasSuffix("- 2026-11-20: 1850 EUR\n- 2026-11-22: 1950 EUR\n"))
        let journal = Journal(index: VaultIndex.open(vault))
        #expect(journal.progressLogs["save-2000"]?.points.last == ProgressLog.Point(day: day("2026-11-22"), value: 1950))
        // A second update the same day rewrites that day's line: one line per day.
        let again = try vault.perform(UpdateGoalProgress(goal: "save-2000", change: .set(2000), day: day("2026-11-22")))
        #expect(again.changes[0].lines.last == LineChange(line: 20, before: "- 2026-11-22: 1950 EUR", after: "- 2026-11-22: 2000 EUR"))
        #expect(Journal(index: VaultIndex.open(vault)).progressLogs["save-2000"]?.points.count == 4)
        // A goal without the heading gets it.
        _ = try vault.perform(UpdateGoalProgress(goal: "first-parkrun", change: .set(1), day: day("2026-11-22")))
        #expect(MemoryVault.notes(fileSystem)["goals/first-parkrun.md"]?.hasSuffix("## Progress\n- 2026-11-22: 1\n") == true)
    }

    @Test func dryRunsPlanWithoutWriting() throws {
        let (vault, fileSystem) = MemoryVault.sample()
        let before = MemoryVault.notes(fileSystem)
        let result = try vault.perform(RenameNote(note: "walk", newTitle: "Walk more", preview: true), dryRun: true)
        #expect(result.dryRun)
        #expect(!result.changes.isEmpty)
        #expect(Self.unchanged(fileSystem, before))
    }
}
