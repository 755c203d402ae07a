import BrainFormat
import BrainStore

/// The JSON API (docs/API.md): the same values `--json` prints.
extension Router {
    static var apiRoutes: [Route] { [
        Route(method: "GET", pattern: ["api"]) { _, _ throws(APIError) in HTTPResponse.json(RouteIndex(routes: Router.routeList)) },
    ] }

    /// `GET /api`: every route.
    struct RouteIndex: Encodable {
        var routes: [String]
    }
}
