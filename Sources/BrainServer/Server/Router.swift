import BrainFormat
import BrainStore

/// Turns a request into an answer: finds the route, checks who asks, calls the library.
final class Router {
    let options: ServerOptions
    let port: UInt16

    init(options: ServerOptions, port: UInt16) {
        self.options = options
        self.port = port
    }

    /// Headers on every answer: no framing, no sniffing, no referrer, no inline script.
    static let securityHeaders: [HTTPHeader] = [
        HTTPHeader("Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"),
        HTTPHeader("X-Content-Type-Options", "nosniff"),
        HTTPHeader("Referrer-Policy", "no-referrer"),
        HTTPHeader("X-Frame-Options", "DENY"),
        HTTPHeader("Cache-Control", "no-store"),
    ]

    /// Every route, as `METHOD /path` (what `brain serve --json` lists).
    static let routeList: [String] = []

    func answer(_ request: HTTPRequest) -> HTTPResponse {
        APIError(status: .notFound, code: "not-found", message: "no route \(request.path)").response
    }
}
