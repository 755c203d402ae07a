import Foundation
import BrainFormat
import BrainAnalytics
import BrainStore

/// The JSON API (docs/API.md, docs/openapi.yaml): reads answer with the values `--json` prints,
/// writes call the library's actions (under the vault lock) and answer with the action's result.
extension Router {
    static var apiRoutes: [Route] { [
        Route(method: "GET", pattern: ["api"], inline: true) { _, _ throws(APIError) in HTTPResponse.json(RouteIndex(routes: Router.routeList)) },
        Route(method: "GET", pattern: ["api", "today"]) { router, call throws(APIError) in try router.today(call) },
        Route(method: "GET", pattern: ["api", "status"]) { router, call throws(APIError) in try router.status(call) },
        Route(method: "GET", pattern: ["api", "habits"]) { router, call throws(APIError) in try router.habits(call) },
        Route(method: "GET", pattern: ["api", "habits", "{habit}"]) { router, call throws(APIError) in try router.habit(call) },
        Route(method: "POST", pattern: ["api", "habits", "{habit}", "done"]) { router, call throws(APIError) in try router.done(call) },
        Route(method: "POST", pattern: ["api", "habits", "{habit}", "skip"]) { router, call throws(APIError) in try router.skip(call) },
        Route(method: "POST", pattern: ["api", "habits", "{habit}", "undo"]) { router, call throws(APIError) in try router.undo(call) },
        Route(method: "POST", pattern: ["api", "rest"]) { router, call throws(APIError) in try router.rest(call) },
        Route(method: "POST", pattern: ["api", "checkin", "{part}"]) { router, call throws(APIError) in try router.checkIn(call) },
        Route(method: "GET", pattern: ["api", "goals"]) { router, call throws(APIError) in try router.goals(call) },
        Route(method: "POST", pattern: ["api", "goals", "{goal}", "progress"]) { router, call throws(APIError) in try router.goalProgress(call) },
        Route(method: "POST", pattern: ["api", "goals", "{goal}", "tick"]) { router, call throws(APIError) in try router.goalTick(call) },
        Route(method: "GET", pattern: ["api", "areas"]) { router, call throws(APIError) in try router.areas(call) },
        Route(method: "GET", pattern: ["api", "notes"]) { router, call throws(APIError) in try router.notes(call) },
        Route(method: "POST", pattern: ["api", "notes"]) { router, call throws(APIError) in try router.newNote(call) },
        Route(method: "GET", pattern: ["api", "notes", "{note}"]) { router, call throws(APIError) in try router.note(call) },
        Route(method: "GET", pattern: ["api", "notes", "{note}", "backlinks"]) { router, call throws(APIError) in try router.backlinks(call) },
        Route(method: "GET", pattern: ["api", "search"]) { router, call throws(APIError) in try router.search(call) },
        Route(method: "GET", pattern: ["api", "tags"]) { router, call throws(APIError) in try router.tags(call) },
    ] }

    /// `GET /api`: every route.
    struct RouteIndex: Encodable {
        var routes: [String]
    }

    // MARK: Reads

    func today(_ call: Call) throws(APIError) -> HTTPResponse {
        let day = try self.day(call.request.queryValue("date"))
        // As `brain today`: the journal's pins and the other files' (kept while only the journal changes).
        let overview = DayOverview(journal: journal(), day: day, vault: vault, pinned: pinnedNotes(journal: journalIndex()))
        return .json(DayOverviewReport(overview))
    }

    func status(_ call: Call) throws(APIError) -> HTTPResponse {
        let format = call.request.queryValue("format") ?? StatusTemplate.standard
        let template: StatusTemplate
        do {
            template = try StatusTemplate(format)
        } catch {
            throw APIError(status: .badRequest, code: "invalid-argument", message: error.description)
        }
        let summary = StatusSummary.load(vault: vault, day: try day(call.request.queryValue("date")), now: todayDay())
        return .json(StatusReport(summary, template: template, format: format))
    }

    func habits(_ call: Call) throws(APIError) -> HTTPResponse {
        let range = try choice("range", call, HabitStatsTable.Range.self) ?? .month
        return .json(HabitStatsTable(journal: journal(), today: try day(call.request.queryValue("date")), range: range))
    }

    func habit(_ call: Call) throws(APIError) -> HTTPResponse {
        let journal = journal()
        let habit = try Self.lookup { () throws(ActionError) in try journal.habit(named: call.parameters["habit"]!) }
        let by = try choice("by", call, Grouping.self) ?? .week
        return .json(HabitStatsReport(habit: habit, journal: journal, today: try day(call.request.queryValue("date")), by: by))
    }

    func goals(_ call: Call) throws(APIError) -> HTTPResponse {
        .json(GoalsView(journal: journal(), today: try day(call.request.queryValue("date"))))
    }

    func areas(_ call: Call) throws(APIError) -> HTTPResponse {
        .json(AreasView(journal: journal(), today: try day(call.request.queryValue("date"))))
    }

    func notes(_ call: Call) throws(APIError) -> HTTPResponse {
        let request = call.request
        let index = self.index()
        var filter = NoteFilter()
        if let kind = request.queryValue("kind") {
            guard NoteFilter.kindWords.contains(kind) else { throw Self.badArgument("kind is one of \(NoteFilter.kindWords.joined(separator: ", ")), not \"\(kind)\"") }
            filter.kind = kind
        }
        do {
            filter.tags = try request.queryItems.filter { $0.name == "tag" }.map { try TagExpression($0.value) }
        } catch {
            throw Self.badArgument("tag: \(error)")
        }
        filter.area = request.queryValue("area")
        filter.type = request.queryValue("type")
        filter.pinnedOnly = request.queryValue("pinned") == "true"
        filter.status = request.queryValue("status")
        filter.sort = try choice("sort", call, NoteFilter.Sort.self) ?? .path
        filter.limit = try count("limit", call)
        return .json(NoteList(index: index, filter: filter))
    }

    func note(_ call: Call) throws(APIError) -> HTTPResponse {
        let index = self.index()
        let position = try Self.lookup { () throws(ActionError) in try index.note(named: call.parameters["note"]!) }
        return .json(NoteDetail(index: index, note: position))
    }

    func backlinks(_ call: Call) throws(APIError) -> HTTPResponse {
        let index = self.index()
        let position = try Self.lookup { () throws(ActionError) in try index.note(named: call.parameters["note"]!) }
        return .json(BacklinkList(index: index, note: position))
    }

    func search(_ call: Call) throws(APIError) -> HTTPResponse {
        guard let text = call.request.queryValue("q"), !text.isEmpty else { throw Self.badArgument("search needs q: the phrase to find") }
        guard !text.contains(where: \.isNewline) else { throw Self.badArgument("q is one line; it cannot hold a line break") }
        return .json(SearchResults(text, in: vault, limit: try count("limit", call)))
    }

    func tags(_ call: Call) throws(APIError) -> HTTPResponse {
        .json(TagList(index: index(), sort: try choice("sort", call, TagList.Sort.self) ?? .name))
    }

    // MARK: Writes

    struct DoneBody: Decodable {
        var value: Double?
        var add: Bool?
        var note: String?
        var date: String?
    }

    struct SkipBody: Decodable {
        var reason: String?
        var date: String?
    }

    struct DateBody: Decodable {
        var date: String?
    }

    struct RestBody: Decodable {
        var reason: String?
        var off: Bool?
        var date: String?
    }

    struct CheckInBody: Decodable {
        var mood: Int?
        var energy: Int?
        var intentions: [String]?
        var reflection: String?
        var date: String?
    }

    struct ProgressBody: Decodable {
        var value: Double?
        var add: Double?
        var date: String?
    }

    struct TickBody: Decodable {
        var milestone: String
        var undo: Bool?
        var date: String?
    }

    struct NoteBody: Decodable {
        var kind: String?
        var title: String
        var tags: [String]?
        var area: String?
        var url: String?
    }

    func done(_ call: Call) throws(APIError) -> HTTPResponse {
        let body = try decode(DoneBody.self, call)
        if let value = body.value {
            guard value.isFinite, value >= 0 else { throw Self.badArgument("value must not be negative, not \(value)") }
        }
        if body.add == true, body.value == nil { throw Self.badArgument("add needs a value to add") }
        return try log(call, body.date, .done(value: body.value, add: body.add ?? false, note: body.note))
    }

    func skip(_ call: Call) throws(APIError) -> HTTPResponse {
        let body = try decode(SkipBody.self, call)
        return try log(call, body.date, .skip(reason: body.reason.flatMap { $0.isEmpty ? nil : $0 }))
    }

    func undo(_ call: Call) throws(APIError) -> HTTPResponse {
        try log(call, try decode(DateBody.self, call).date, .undo)
    }

    private func log(_ call: Call, _ date: String?, _ change: HabitChange) throws(APIError) -> HTTPResponse {
        let today = todayDay()
        let day = try self.day(date)
        return try perform(LogHabit(habit: call.parameters["habit"]!, change: change, day: day, today: today))
    }

    func rest(_ call: Call) throws(APIError) -> HTTPResponse {
        let body = try decode(RestBody.self, call)
        if body.off == true, body.reason != nil { throw Self.badArgument("off and reason do not go together") }
        return try perform(SetRestDay(day: try day(body.date), today: todayDay(), rest: body.off != true, reason: body.reason))
    }

    func checkIn(_ call: Call) throws(APIError) -> HTTPResponse {
        let part = call.parameters["part"]!
        guard part == "morning" || part == "evening" else { throw APIError(status: .notFound, code: "not-found", message: "a check-in is morning or evening, not \(part)") }
        let body = try decode(CheckInBody.self, call)
        let morning = part == "morning"
        if morning, body.reflection != nil { throw Self.badArgument("reflection belongs to the evening check-in") }
        if !morning, body.energy != nil || body.intentions != nil { throw Self.badArgument("energy and intentions belong to the morning check-in") }
        for (name, value) in [("mood", body.mood), ("energy", body.energy)] {
            if let value, !(1...5).contains(value) { throw Self.badArgument("\(name) takes a whole number from 1 to 5, not \(value)") }
        }
        let day = try self.day(body.date)
        let today = todayDay()
        do {
            try DailyFile.checkLoggable(day, today: today)
        } catch {
            throw Self.apiError(error)
        }
        let intentions = (body.intentions ?? []).map(Self.trimmed).filter { !$0.isEmpty }
        let reflection = body.reflection.map(Self.trimmed).flatMap { $0.isEmpty ? nil : $0 }
        let action = RecordCheckIn(part: morning ? .morning : .evening, day: day, today: today, mood: body.mood,
                                   energy: body.energy, intentions: intentions, reflection: reflection)
        return try perform(action)
    }

    func goalProgress(_ call: Call) throws(APIError) -> HTTPResponse {
        let body = try decode(ProgressBody.self, call)
        let change: UpdateGoalProgress.Change
        switch (body.value, body.add) {
        case (let value?, nil) where value.isFinite: change = .set(value)
        case (nil, let delta?) where delta.isFinite: change = .add(delta)
        default: throw Self.badArgument("progress takes value (a number) or add (a change, +2 or -1), one of them")
        }
        return try perform(UpdateGoalProgress(goal: call.parameters["goal"]!, change: change, day: try day(body.date)))
    }

    func goalTick(_ call: Call) throws(APIError) -> HTTPResponse {
        let body = try decode(TickBody.self, call)
        return try perform(TickMilestone(goal: call.parameters["goal"]!, milestone: body.milestone, done: body.undo != true,
                                         day: try day(body.date)))
    }

    func newNote(_ call: Call) throws(APIError) -> HTTPResponse {
        let body = try decode(NoteBody.self, call)
        let kindName = body.kind ?? "note"
        guard ["note", "reflection", "insight", "link"].contains(kindName), let kind = CreateNote.Kind(rawValue: kindName) else {
            throw Self.badArgument("kind is note, reflection, insight or link, not \"\(kindName)\"")
        }
        guard !body.title.trimmingCharacters(in: .whitespaces).isEmpty else { throw Self.badArgument("a note needs a title") }
        var action = CreateNote(kind: kind, title: body.title, today: todayDay())
        action.tags = body.tags ?? []
        action.area = body.area
        action.url = body.url
        return try perform(action, status: .created, keepingPins: false)
    }

    // MARK: Helpers

    /// Runs an action under the vault lock and answers with its result, as `--json` prints it.
    /// `keepingPins`: the action writes only the journal's files (a check-off, a check-in, a goal).
    /// The action reads the kept index and journal when the watcher vouches for them (see
    /// `vouched()`), and the kept index takes the changed files afterwards (`applied`).
    func perform<Action: VaultAction>(_ action: Action, status: HTTPStatus = .ok, keepingPins: Bool = true) throws(APIError) -> HTTPResponse
        where Action.Outcome: Encodable {
        .json(try performed(action, keepingPins: keepingPins), status: status)
    }

    /// `perform`'s result itself, for a route that answers otherwise (the web app's forms).
    func performed<Action: VaultAction>(_ action: Action, keepingPins: Bool = true) throws(APIError) -> ActionResult<Action.Outcome> {
        do {
            let (result, after) = try vault.perform(action, current: { self.vouched() })
            applied(after, keepingPins: keepingPins)
            return result
        } catch {
            invalidate(keepingPins: keepingPins)
            throw Self.apiError(error)
        }
    }

    func todayDay() -> Day { options.today(vault.config) }

    /// `date` as the command line reads `--date` (today, yesterday, -3, a weekday, YYYY-MM-DD).
    func day(_ text: String?) throws(APIError) -> Day {
        let today = todayDay()
        guard let text else { return today }
        guard let day = DayExpression.parse(text, today: today) else {
            throw Self.badArgument("date takes today, yesterday, -N, YYYY-MM-DD or a weekday name, not \"\(text)\"")
        }
        return day
    }

    func choice<Value: RawRepresentable>(_ name: String, _ call: Call, _ type: Value.Type) throws(APIError) -> Value?
        where Value.RawValue == String {
        guard let text = call.request.queryValue(name) else { return nil }
        guard let value = Value(rawValue: text) else { throw Self.badArgument("\(name) does not take \"\(text)\"") }
        return value
    }

    func count(_ name: String, _ call: Call) throws(APIError) -> Int? {
        guard let text = call.request.queryValue(name) else { return nil }
        guard let number = Int(text), number >= 0 else { throw Self.badArgument("\(name) takes a whole number from 0, not \"\(text)\"") }
        return number
    }

    /// The JSON body as `type`; an empty body is `{}`.
    func decode<Body: Decodable>(_ type: Body.Type, _ call: Call) throws(APIError) -> Body {
        var bytes = call.request.body
        if bytes.allSatisfy({ $0 == 32 || $0 == 10 || $0 == 13 || $0 == 9 }) {
            bytes = Array("{}".utf8)
        } else if let contentType = call.request.header("content-type"), !contentType.lowercased().contains("json") {
            throw APIError(status: .unsupportedMediaType, code: "unsupported-media-type", message: "the body must be JSON (application/json), not \(contentType)")
        }
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch DecodingError.keyNotFound(let key, _) {
            throw Self.badArgument("the body needs \(key.stringValue)")
        } catch DecodingError.typeMismatch(_, let context) {
            throw Self.badArgument("\(context.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type")
        } catch {
            throw Self.badArgument("the body is not a JSON object this route takes")
        }
    }

    static func badArgument(_ message: String) -> APIError {
        APIError(status: .badRequest, code: "invalid-argument", message: message)
    }

    static func lookup<Value>(_ body: () throws(ActionError) -> Value) throws(APIError) -> Value {
        do {
            return try body()
        } catch {
            throw apiError(error)
        }
    }

    /// A library error as the API's: the status and code its kind means, the library's words.
    static func apiError(_ error: any Error) -> APIError {
        switch error {
        case let error as ActionError:
            switch error.code {
            case .invalidArgument: return APIError(status: .badRequest, code: "invalid-argument", message: error.message)
            case .notFound: return APIError(status: .notFound, code: "not-found", message: error.message)
            case .ambiguous: return APIError(status: .conflict, code: "ambiguous", message: error.message)
            case .refused: return APIError(status: .conflict, code: "refused", message: error.message)
            case .exists: return APIError(status: .conflict, code: "exists", message: error.message)
            case .io: return APIError(status: .internalError, code: "io", message: error.message)
            }
        case let error as VaultError:
            return apiError(ActionError(error))
        default:
            return APIError(status: .internalError, code: "internal", message: String(describing: error))
        }
    }

    static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
