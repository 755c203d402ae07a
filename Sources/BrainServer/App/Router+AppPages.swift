/// The web app's habit and note pages (docs/WEBAPP.md).
extension Router {
    static var pageRoutes: [Route] { [
        Route(method: "GET", pattern: ["app", "habits"]) { router, call throws(APIError) in router.habitsPage(call) },
        Route(method: "GET", pattern: ["app", "habits", "{habit}"]) { router, call throws(APIError) in router.habitPage(call) },
        Route(method: "GET", pattern: ["app", "notes"]) { router, call throws(APIError) in router.notesPage(call) },
    ] + (1...Router.noteDepth).map { depth in
        // `/app/notes/FOLDER/…/NOTE`: a note's path without `.md`, one segment per folder.
        Route(method: "GET", pattern: ["app", "notes"] + (1...depth).map { "{n\($0)}" }) { router, call throws(APIError) in
            router.notePage(call, name: (1...depth).map { call.parameters["n\($0)"]! }.joined(separator: "/"))
        }
    } }
}
