import BrainFormat
import BrainAnalytics
import BrainStore
import BrainInterchange

/// `GET /feed.ics`: the reminders calendar `brain export ics` writes, live, for a calendar
/// app's subscription (`?token=` instead of a header, which such apps cannot send).
extension Router {
    static var feedRoutes: [Route] { [
        Route(method: "GET", pattern: ["feed.ics"]) { router, _ throws(APIError) in router.feed() },
    ] }

    func feed() -> HTTPResponse {
        let (checkIns, _) = ReminderCalendar.checkInReminders(vault)
        let journal = journal()
        let today = todayDay()
        var calendar = ReminderCalendar(journal: journal, checkIns: checkIns, today: today, now: options.now(),
                                        product: "brain \(options.version)")
        calendar.answered = ReminderCalendar.answeredDays(journal: journal, today: today)
        return .text(calendar.render().text, type: "text/calendar; charset=utf-8")
    }
}
