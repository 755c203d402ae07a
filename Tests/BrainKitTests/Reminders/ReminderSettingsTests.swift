import Testing
@testable import BrainFormat

/// `remind:` and `notify:` in `.brain/config.yml`: read strictly, each mistake a warning that
/// names the key, the rest kept.
@Suite struct ReminderSettingsTests {
    static func config(_ text: String) -> VaultConfig {
        VaultConfig(YAMLReader.parse(text[...], firstLine: 1).0)
    }

    @Test func everyNotifierAndTheCheckInTimesAreRead() {
        let config = Self.config("""
            remind: {morning: "7:30", evening: "21:30", nudge: "20:00"}
            notify:
              desktop: false
              ntfy: {server: "https://ntfy.example.org/", topic: jo-habits, priority: high, token: tk_1}
              command: apprise -t {title} -b {body} json://localhost
              answer: "http://192.168.1.5:7420/"

            """)
        let settings = config.reminders
        #expect(config.issues.isEmpty, "\(config.issues)")
        #expect(settings.morning == "07:30" && settings.evening == "21:30" && settings.nudge == "20:00")
        #expect(settings.desktop == false)
        #expect(settings.ntfy == ReminderSettings.Ntfy(server: "https://ntfy.example.org", topic: "jo-habits", priority: 4, token: "tk_1"))
        #expect(settings.command == "apprise -t {title} -b {body} json://localhost")
        #expect(settings.answerURL == "http://192.168.1.5:7420")
        #expect(settings.hasNotifier)
    }

    @Test func aBareTopicIsOnNtfySh() {
        let settings = Self.config("notify: {ntfy: my-topic}\n").reminders
        #expect(settings.ntfy?.server == "https://ntfy.sh" && settings.ntfy?.topic == "my-topic" && settings.ntfy?.priority == 3)
        #expect(settings.desktop == nil)
    }

    @Test(arguments: [
        ("remind: {lunch: \"12:00\"}\n", "remind: unknown check-in \"lunch\""),
        ("remind: {morning: \"25:00\"}\n", "remind: morning must be a time"),
        ("notify: {pager: true}\n", "notify: unknown notifier \"pager\""),
        ("notify: {ntfy: \"a topic/with slash\"}\n", "notify: ntfy topic is letters"),
        ("notify: {ntfy: {topic: t, server: ftp://x}}\n", "notify: ntfy server must be"),
        ("notify: {ntfy: {topic: t, priority: 9}}\n", "notify: ntfy priority is 1 to 5"),
        ("notify: {answer: 192.168.1.5}\n", "notify: answer must be brain serve's address"),
        ("notify: {desktop: sometimes}\n", "notify: desktop must be true or false"),
        ("notify: loud\n", "notify must be a map"),
    ])
    func aMistakeIsAWarningNamingTheKey(_ text: String, _ message: String) {
        let issues = Self.config(text).issues
        #expect(issues.count == 1 && issues[0].message.hasPrefix(message), "\(issues)")
    }
}
