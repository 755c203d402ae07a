import BrainFormat
import BrainAnalytics
import BrainStore

/// `GET /app/habits` lists the habits; `GET /app/habits/HABIT` is a habit's page (`HabitPageView`, the values `brain stats`, `heatmap`,
/// `week` and `month` print for it). Its check-off form posts to `/app/habits/HABIT/done` with
/// `back` set, so the answer comes back to this page.
extension Router {
    func habitPage(_ call: Call, message: String? = nil, status: HTTPStatus = .ok) -> HTTPResponse {
        let journal = journal()
        let name = call.parameters["habit"]!
        let habit: Habit
        do {
            habit = try journal.habit(named: name)
        } catch {
            return appPage("Habit", tab: "habits", "<p class=\"note bad\" role=\"alert\">\(Router.html(error.message))</p>\n", status: .notFound)
        }
        let view = HabitPageView(habit: habit, journal: journal, overview: overview(journal: journal), today: todayDay())
        return appPage(habit.title, tab: "habits", AppPage.habitPage(view, message: message), status: status)
    }

    /// `GET /app/habits`: every habit that has started, as `brain stats` lists them
    /// (`HabitStatsTable`, rates over 30 days), each linking to its page.
    func habitsPage(_ call: Call) -> HTTPResponse {
        appPage("Habits", tab: "habits", AppPage.habitList(HabitStatsTable(journal: journal(), today: todayDay())))
    }

    /// Where a form asks to come back to: `back`, when it is a path of the web app (`/app`,
    /// `/app/…`) and nothing else — no other host, scheme, `//`, `\` or control character.
    static func back(_ form: HTTPRequest) -> String? {
        guard let back = form.queryValue("back"), back == "/app" || back.hasPrefix("/app/") else { return nil }
        let allowed = back.unicodeScalars.allSatisfy { scalar in
            scalar.value > 0x20 && scalar.value < 0x7F && scalar != "\\" && scalar != "\"" && scalar != "<" && scalar != ">"
        }
        guard allowed, !back.contains("//"), !back.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) else { return nil }
        return back
    }
}
