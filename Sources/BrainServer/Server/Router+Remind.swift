import BrainFormat
import BrainStore

/// `POST /remind/HABIT/DAY/done` (or `skip`): the Done and Skip buttons of a reminder sent to a
/// phone (ntfy). The link's token (`ReminderAnswer`) signs in for this one path; the answer goes
/// through the same action as `brain done`.
extension Router {
    static var remindRoutes: [Route] { [
        Route(method: "POST", pattern: ["remind", "{habit}", "{day}", "{answer}"]) { router, call throws(APIError) in
            try router.answerReminder(call)
        },
    ] }

    /// The caller a reminder's link names: its token checked against the answer key.
    func reminderCaller(_ request: HTTPRequest) -> Caller? {
        guard request.path.hasPrefix("/remind/"), let segments = Access.segments(request.path),
              let answer = ReminderAnswer.verified(segments, token: request.queryValue("token"), key: credentials.existingAnswerKey())
        else { return nil }
        return .token("reminder \(answer.habit) \(answer.day)")
    }

    func answerReminder(_ call: Call) throws(APIError) -> HTTPResponse {
        guard let day = Day(call.parameters["day"]!), let answer = ReminderAnswer.Answer(rawValue: call.parameters["answer"]!) else {
            throw APIError(status: .notFound, code: "not-found", message: "a reminder's answer is done or skip on a day YYYY-MM-DD")
        }
        let change: HabitChange = answer == .done ? .done(value: nil, add: false, note: nil) : .skip(reason: nil)
        return try perform(LogHabit(habit: call.parameters["habit"]!, change: change, day: day, today: todayDay()))
    }
}
