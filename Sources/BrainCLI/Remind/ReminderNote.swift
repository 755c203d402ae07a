import BrainKit
import BrainServer

/// What a notifier shows: a reminder (or the one summary of missed ones) with its habit and day,
/// and the Done and Skip links `brain serve` answers, when `notify: answer:` names its address.
struct ReminderNote: Sendable, Equatable {
    var title: String
    var body: String
    /// The habit a Done or Skip answer checks off; nil for a check-in, the nudge or a summary.
    var habit: String?
    var day: Day
    var doneURL: String?
    var skipURL: String?

    init(_ reminder: ReminderPlan.Reminder, answerBase: String?, key: [UInt8]?) {
        title = reminder.title
        body = reminder.body
        habit = reminder.habit
        day = reminder.day
        if let habit, let answerBase, let key {
            doneURL = answerBase + ReminderAnswer(habit: habit, day: day, answer: .done).path(key: key)
            skipURL = answerBase + ReminderAnswer(habit: habit, day: day, answer: .skip).path(key: key)
        }
    }

    init(title: String, body: String, day: Day) {
        self.title = title
        self.body = body
        self.day = day
    }
}

/// Where reminders go (`notify:` in `.brain/config.yml`).
protocol Notifier: Sendable {
    /// A name for messages: `desktop`, `ntfy`, `command`.
    var name: String { get }
    /// Shows `note`. Returns true when the person may answer on this device: `answered` is then
    /// called once, on another thread, with Done, Skip or nil (closed unanswered). A problem is
    /// thrown as text.
    func send(_ note: ReminderNote, answered: @escaping @Sendable (ReminderAnswer.Answer?) -> Void) throws -> Bool
}

struct NotifyFailure: Error, CustomStringConvertible {
    var description: String
}
