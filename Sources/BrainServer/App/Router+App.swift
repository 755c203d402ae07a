import Foundation
import BrainFormat
import BrainAnalytics
import BrainStore

/// The web app (docs/WEBAPP.md): `GET /app` (Today), `GET /app/checkin`, and forms that post
/// to the same actions the API and the command line use, then redirect (303) back to the page.
/// A failed write shows the page again with the library's message (status 400, 404 or 409).
extension Router {
    static var appRoutes: [Route] { [
        Route(method: "GET", pattern: ["app"]) { router, call throws(APIError) in router.todayPage(call) },
        Route(method: "GET", pattern: ["app", "checkin"]) { router, call throws(APIError) in router.checkInPage(call) },
        Route(method: "POST", pattern: ["app", "habits", "{habit}", "{change}"]) { router, call throws(APIError) in router.logForm(call) },
        Route(method: "POST", pattern: ["app", "checkin", "{part}"]) { router, call throws(APIError) in router.checkInForm(call) },
        Route(method: "GET", pattern: ["app", "goals"]) { router, call throws(APIError) in router.goalsPage(call) },
        Route(method: "POST", pattern: ["app", "goals", "{goal}", "tick"]) { router, call throws(APIError) in router.tickForm(call) },
        Route(method: "POST", pattern: ["app", "goals", "{goal}", "progress"]) { router, call throws(APIError) in router.progressForm(call) },
        Route(method: "GET", pattern: ["app", "events"], events: true) { _, _ throws(APIError) in
            throw APIError(status: .internalError, code: "internal", message: "events are answered by the loop")
        },
    ] + AppAssets.routes + Router.reportRoutes + Router.pageRoutes }

    func overview(journal: Journal? = nil) -> DayOverview {
        let journal = journal ?? self.journal()
        return DayOverview(journal: journal, day: todayDay(), vault: vault, pinned: pinnedNotes(journal: journalIndex()))
    }

    func appPage(_ title: String, tab: String, _ body: String, status: HTTPStatus = .ok) -> HTTPResponse {
        let config = vault.config
        let page = AppPage(title: title, tab: tab, theme: config.theme, appearance: config.appearance, body: body)
        return .text(page.html, status: status, type: "text/html; charset=utf-8")
    }

    func todayPage(_ call: Call, message: String? = nil, status: HTTPStatus = .ok) -> HTTPResponse {
        appPage("Today", tab: "today", AppPage.today(overview(), message: message), status: status)
    }

    func checkInPage(_ call: Call, message: String? = nil, status: HTTPStatus = .ok) -> HTTPResponse {
        appPage("Check-in", tab: "checkin", AppPage.checkIn(overview(), message: message), status: status)
    }

    /// The fields of a form body (`application/x-www-form-urlencoded`).
    static func form(_ call: Call) -> HTTPRequest {
        HTTPRequest(method: "POST", target: "/?" + String(decoding: call.request.body, as: UTF8.self))
    }

    static func seeOther(_ location: String) -> HTTPResponse {
        HTTPResponse(status: .seeOther, headers: [HTTPHeader("Location", location)])
    }

    /// `POST /app/habits/HABIT/done|skip|undo`: `LogHabit` for today, as `brain done`, `brain
    /// skip` and `brain undo` call it. Answered with a redirect (303) to the habit on Today; asked
    /// with `?fragment=row` (by the page's script), with the habit's row alone as Today renders it
    /// after the write (`todayRow`), which the script puts in place of the tapped one. A failed
    /// write shows the page the form came from (`back`: the habit's own page, or Today) with the
    /// library's message.
    func logForm(_ call: Call) -> HTTPResponse {
        let form = Self.form(call)
        func failed(_ message: String, _ status: HTTPStatus) -> HTTPResponse {
            if Self.back(form) == "/app/habits/" + PercentDecoding.encode(call.parameters["habit"]!) {
                return habitPage(call, message: message, status: status)
            }
            return todayPage(call, message: message, status: status)
        }
        let change: HabitChange
        switch call.parameters["change"]! {
        case "done":
            var value: Double?
            if let text = form.queryValue("value"), !text.isEmpty {
                guard let number = Double(text.replacingOccurrences(of: ",", with: ".")), number.isFinite, number >= 0 else {
                    return failed("the amount must be a number from 0, not \"\(text)\"", .badRequest)
                }
                value = number
            }
            let add = form.queryValue("add") != nil && value != nil
            change = .done(value: value, add: add, note: nil)
        case "skip":
            let reason = form.queryValue("reason").map(Self.trimmed).flatMap { $0.isEmpty ? nil : $0 }
            change = .skip(reason: reason)
        case "undo":
            change = .undo
        default:
            return failed("a habit takes done, skip or undo", .notFound)
        }
        let today = todayDay()
        let result: ActionResult<LogHabit.Outcome>
        do {
            result = try performed(LogHabit(habit: call.parameters["habit"]!, change: change, day: today, today: today))
        } catch {
            return failed(error.message, error.status)
        }
        if call.request.queryValue("fragment") == "row", let row = todayRow(result.outcome.habit.id) {
            var response = HTTPResponse.text(row, type: "text/html; charset=utf-8")
            response.set("Cache-Control", "no-store")
            return response
        }
        return Self.seeOther(Self.back(form) ?? "/app#h-" + PercentDecoding.encode(call.parameters["habit"]!))
    }

    /// The row of the habit `id` on Today, as the whole page renders it for the vault as it is:
    /// from that habit's view values alone (`DayOverview.entry(of:journal:day:)`). nil when the
    /// page would not show it that way (then the script is sent the page).
    func todayRow(_ id: String) -> String? {
        let day = todayDay()
        return DayOverview.entry(of: id, journal: journal(), day: day).map { AppPage.habit($0, day: day) }
    }

    /// `POST /app/checkin/morning|evening`: `RecordCheckIn` for today, as `brain checkin` calls it.
    func checkInForm(_ call: Call) -> HTTPResponse {
        let form = Self.form(call)
        let part = call.parameters["part"]!
        guard part == "morning" || part == "evening" else {
            return checkInPage(call, message: "a check-in is morning or evening", status: .notFound)
        }
        func scale(_ name: String) -> Int? {
            form.queryValue(name).flatMap { Int($0) }.flatMap { (1...5).contains($0) ? $0 : nil }
        }
        let intentions = form.queryItems.filter { $0.name == "intention" }.map { Self.trimmed($0.value) }.filter { !$0.isEmpty }
        let reflection = form.queryValue("reflection").map { Self.trimmed($0.replacingOccurrences(of: "\r\n", with: "\n")) }
            .flatMap { $0.isEmpty ? nil : $0 }
        let today = todayDay()
        let action = RecordCheckIn(part: part == "morning" ? .morning : .evening, day: today, today: today, mood: scale("mood"),
                                   energy: part == "morning" ? scale("energy") : nil, intentions: part == "morning" ? intentions : [],
                                   reflection: part == "evening" ? reflection : nil)
        do {
            _ = try perform(action)
        } catch {
            return checkInPage(call, message: error.message, status: error.status)
        }
        return Self.seeOther("/app/checkin")
    }

    func goalsPage(_ call: Call, message: String? = nil, status: HTTPStatus = .ok) -> HTTPResponse {
        let journal = journal()
        let today = todayDay()
        let body = AppPage.goals(GoalsView(journal: journal, today: today), areas: AreasView(journal: journal, today: today),
                                 milestones: journal.milestones, message: message)
        return appPage("Goals", tab: "goals", body, status: status)
    }

    /// `POST /app/goals/GOAL/tick`: `TickMilestone` (milestone: its number; undo: untick), as
    /// `brain goal tick` calls it.
    func tickForm(_ call: Call) -> HTTPResponse {
        let form = Self.form(call)
        let goal = call.parameters["goal"]!
        let action = TickMilestone(goal: goal, milestone: form.queryValue("milestone") ?? "", done: form.queryValue("undo") == nil, day: todayDay())
        do {
            _ = try perform(action)
        } catch {
            return goalsPage(call, message: error.message, status: error.status)
        }
        return Self.seeOther("/app/goals#g-" + PercentDecoding.encode(goal))
    }

    /// `POST /app/goals/GOAL/progress`: `UpdateGoalProgress` to a value, as `brain goal progress`.
    func progressForm(_ call: Call) -> HTTPResponse {
        let goal = call.parameters["goal"]!
        let text = Self.form(call).queryValue("value") ?? ""
        guard let value = Double(text.replacingOccurrences(of: ",", with: ".")), value.isFinite else {
            return goalsPage(call, message: "the value must be a number, not \"\(text)\"", status: .badRequest)
        }
        do {
            _ = try perform(UpdateGoalProgress(goal: goal, change: .set(value), day: todayDay()))
        } catch {
            return goalsPage(call, message: error.message, status: error.status)
        }
        return Self.seeOther("/app/goals#g-" + PercentDecoding.encode(goal))
    }
}
