import BrainFormat
import BrainAnalytics
import BrainStore

/// `GET /d/HABIT`: a one-tap confirm page for an NFC tag or a home-screen link (a paired
/// browser); its button posts to `POST /d/HABIT`, which checks the habit off for today (with an
/// amount for a measurable habit) and shows the page again.
extension Router {
    static var confirmRoutes: [Route] { [
        Route(method: "GET", pattern: ["d", "{habit}"]) { router, call throws(APIError) in try router.confirmPage(call) },
        Route(method: "POST", pattern: ["d", "{habit}"]) { router, call throws(APIError) in try router.confirm(call) },
    ] }

    func confirmPage(_ call: Call) throws(APIError) -> HTTPResponse {
        let journal = journal()
        let habit = try Self.lookup { () throws(ActionError) in try journal.habit(named: call.parameters["habit"]!) }
        let day = todayDay()
        let overview = DayOverview(journal: journal, day: day, vault: vault, pinned: [])
        let entry = overview.entries.first { $0.id == habit.id }
        var state = "open"
        if let entry {
            switch entry.state {
            case .done: state = "done"
            case .skipped: state = "skipped"
            case .open, .notDue: state = entry.value.map { "open, \(HabitLine.format($0)) so far" } ?? "open"
            }
        }
        let unit = habit.unit.map { " " + Self.html($0) } ?? ""
        let amount = habit.target == nil ? ""
            : "<p><label>Amount\(unit) <input type=\"number\" name=\"value\" min=\"0\" step=\"any\" inputmode=\"decimal\"></label></p>\n"
        return page(Self.html(habit.title), """
            <p>\(Self.html(day.description)): \(Self.html(state))</p>
            <form method="post" action="/d/\(PercentDecoding.encode(habit.id))">
            \(amount)<p><button type="submit">Done</button></p>
            </form>
            """)
    }

    func confirm(_ call: Call) throws(APIError) -> HTTPResponse {
        let form = HTTPRequest(method: "POST", target: "/?" + String(decoding: call.request.body, as: UTF8.self))
        var value: Double?
        if let text = form.queryValue("value"), !text.isEmpty {
            guard let number = Double(text.replacingOccurrences(of: ",", with: ".")), number.isFinite, number >= 0 else {
                throw Self.badArgument("the amount must be a number, not \"\(text)\"")
            }
            value = number
        }
        let today = todayDay()
        _ = try perform(LogHabit(habit: call.parameters["habit"]!, change: .done(value: value, add: false, note: nil), day: today, today: today))
        return HTTPResponse(status: .seeOther, headers: [HTTPHeader("Location", "/d/" + PercentDecoding.encode(call.parameters["habit"]!))])
    }

    /// `text` safe inside HTML text and attribute values.
    static func html(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
