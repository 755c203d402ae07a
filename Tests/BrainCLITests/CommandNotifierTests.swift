import Testing
@testable import BrainCLI
@testable import BrainFormat

/// The command notifier's line: split as a shell splits words, never run by one; a placeholder is
/// replaced inside its word, so a note's text never becomes a word or a command of its own.
@Suite struct CommandNotifierTests {
    @Test func wordsSplitAsAShellWouldWithQuotesAndBackslashes() {
        #expect(CommandNotifier.words(#"apprise -t "{title}" -b '{body}' json://host"#) == ["apprise", "-t", "{title}", "-b", "{body}", "json://host"])
        #expect(CommandNotifier.words(#"say a\ b "c \"d\"" ''"#) == ["say", "a b", "c \"d\"", ""])
        #expect(CommandNotifier.words(#"open "quote"#) == nil)
    }

    @Test func aNoteCannotBreakOutOfItsWord() throws {
        var note = ReminderNote(title: "Read; rm -rf ~", body: "$(reboot) `id` \"x\" 'y'", day: Day("2026-11-22")!)
        note.habit = "read"
        note.doneURL = "http://h/remind/read/2026-11-22/done?token=ab"
        let arguments = try #require(CommandNotifier.arguments("notify -t {title} --body={body} {done} {habit}@{day}", note))
        #expect(arguments == ["notify", "-t", "Read; rm -rf ~", "--body=$(reboot) `id` \"x\" 'y'",
                              "http://h/remind/read/2026-11-22/done?token=ab", "read@2026-11-22"])
    }
}
