import BrainFormat

/// The Done and Skip buttons of a reminder that leaves this machine (ntfy, a command): a link
/// `POST /remind/HABIT/DAY/done?token=T` whose token is an HMAC-SHA256 of the habit, the day and
/// the answer under the vault's answer key (`CredentialStore.answerKey`). It can check off that
/// habit on that day and nothing else: no session, no other habit, no other day.
package struct ReminderAnswer: Sendable, Equatable {
    package enum Answer: String, Sendable, CaseIterable {
        case done, skip
    }

    package var habit: String
    package var day: Day
    package var answer: Answer

    package init(habit: String, day: Day, answer: Answer) {
        self.habit = habit
        self.day = day
        self.answer = answer
    }

    /// The token: 32 hex digits of the HMAC.
    package func token(key: [UInt8]) -> String {
        let message = "brain-remind\n\(habit.lowercased())\n\(day)\n\(answer.rawValue)"
        return String(Secret.hex(SHA256.authenticationCode(Array(message.utf8), key: key)).prefix(32))
    }

    /// The path and query of the link.
    package func path(key: [UInt8]) -> String {
        "/remind/\(PercentDecoding.encode(habit))/\(day)/\(answer.rawValue)?token=\(token(key: key))"
    }

    /// The answer a path names (`remind`, habit, day, answer), when its token is right.
    package static func verified(_ segments: [String], token: String?, key: [UInt8]?) -> ReminderAnswer? {
        guard segments.count == 4, segments[0] == "remind", let token, let key, let day = Day(segments[2]),
              let answer = Answer(rawValue: segments[3]) else { return nil }
        let claimed = ReminderAnswer(habit: segments[1], day: day, answer: answer)
        return Secret.same(claimed.token(key: key), token) ? claimed : nil
    }
}
