import Foundation
import BrainFormat
import BrainStore

/// Turns a request into an answer: checks the `Host`, the path and who asks, then finds the
/// route and calls it. Routes take and return plain values.
///
/// Two threads share it. The server's loop checks every request, answers pairing and the
/// route list itself, and answers a read from the answers kept in `answers` when it may
/// (Router+Worker.swift); everything else — the vault's reads and every write — runs in order
/// on one worker thread, which alone touches `kept` (the index and journal). So a read never
/// waits behind a write or a recomputation, and the vault is read and written by one thread.
final class Router: @unchecked Sendable {
    /// Who a request comes from.
    enum Caller: Equatable, Sendable {
        case token(String)
        case session(String)

        var isSession: Bool {
            if case .session = self { return true }
            return false
        }

        /// Names the caller for "has it written since" (a token's name, a session's secret).
        var key: String {
            switch self {
            case .token(let name): return "token " + name
            case .session(let secret): return "session " + secret
            }
        }
    }

    /// What a route sees: the request, its decoded path segments and the values of `{…}`.
    struct Call: Sendable {
        var request: HTTPRequest
        var parameters: [String: String]
        var caller: Caller?
    }

    struct Route: Sendable {
        var method: String
        var pattern: [String]
        /// Whether it answers without a session or token (pairing only).
        var open = false
        /// Whether the loop answers it itself: it reads and writes nothing of the vault's notes.
        var inline = false
        /// Whether it is the web app's events, which the loop holds (`LiveEvents`).
        var events = false
        var handle: @Sendable (Router, Call) throws(APIError) -> HTTPResponse
    }

    let options: ServerOptions
    let port: UInt16
    let vault: Vault
    let credentials: CredentialStore
    /// The host names besides IP addresses and `localhost` the server answers for (`--host`).
    let hostNames: [String]
    /// When recent pairing attempts failed (seconds on the monotonic clock): five a minute at most.
    var failedPairings: [Double] = []
    var routes: [Route] = []
    /// The index and journal kept between requests (Router+Index.swift); the worker's alone.
    var kept = Kept()
    /// The answers of reads kept until the vault changes, shared by the loop and the worker.
    let answers = KeptAnswers()
    /// Where the vault is read and written: one thread, in the order requests came.
    let worker = DispatchQueue(label: "brain.serve.vault")
    /// Marks the kept index stale when a file of the vault changes.
    let watcher: VaultWatcher
    /// The web app's held event requests.
    let events = LiveEvents()

    init(options: ServerOptions, port: UInt16) {
        self.options = options
        self.port = port
        vault = Vault(root: options.vault)
        credentials = CredentialStore(vault: vault)
        hostNames = (options.hostNames + (options.publicURL.map { [$0.host] } ?? [])).map { $0.lowercased() }
        watcher = VaultWatcher(root: options.vault)
        routes = Router.pairingRoutes + Router.apiRoutes + Router.feedRoutes + Router.remindRoutes + Router.confirmRoutes + Router.appRoutes
    }

    /// Headers on every answer: no framing, no sniffing, no referrer, no inline script.
    static let securityHeaders: [HTTPHeader] = [
        HTTPHeader("Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"),
        HTTPHeader("X-Content-Type-Options", "nosniff"),
        HTTPHeader("Referrer-Policy", "same-origin"),
        HTTPHeader("X-Frame-Options", "DENY"),
        HTTPHeader("Cache-Control", "no-store"),
    ]

    /// Every route, as `METHOD /path` (what `brain serve --json` lists).
    static var routeList: [String] {
        (pairingRoutes + apiRoutes + feedRoutes + remindRoutes + confirmRoutes + appRoutes).map { "\($0.method) /" + $0.pattern.joined(separator: "/") }
    }

    static let writeMethods: Set<String> = ["POST", "PUT", "PATCH", "DELETE"]

    /// The answer to `request`, or nil when it comes later through `reply` (from the worker).
    func answer(_ request: HTTPRequest, _ reply: Reply) -> HTTPResponse? {
        guard Access.allowsHost(request.header("host"), port: port, names: hostNames) else {
            return APIError(status: .misdirected, code: "host",
                            message: "this server does not answer for host \(request.header("host") ?? "(none)")").response
        }
        guard let segments = Access.segments(request.path) else {
            return APIError(status: .notFound, code: "not-found", message: "no such path").response
        }
        let method = request.method == "HEAD" ? "GET" : request.method
        let matching = routes.compactMap { route -> (Route, [String: String])? in
            Self.match(route.pattern, segments).map { (route, $0) }
        }
        let caller = authenticate(request)
        guard let (route, parameters) = matching.first(where: { $0.0.method == method }) else {
            // Without a session nothing is told, not even which paths exist.
            guard caller != nil || matching.contains(where: { $0.0.open }) else { return unauthorized() }
            if matching.isEmpty {
                return APIError(status: .notFound, code: "not-found", message: "no route \(request.path)").response
            }
            var error = APIError(status: .methodNotAllowed, code: "method-not-allowed",
                                 message: "\(request.method) is not allowed here; \(matching.map(\.0.method).joined(separator: ", ")) is")
            error.allow = matching.map(\.0.method).joined(separator: ", ")
            return error.response
        }
        if !route.open, caller == nil { return unauthorized() }
        if Self.writeMethods.contains(method), !Access.isSameOrigin(request, needsProof: caller?.isSession ?? false || route.open) {
            return APIError(status: .forbidden, code: "cross-origin",
                            message: "a write must come from this server's own pages (Origin or Sec-Fetch-Site), or with a bearer token").response
        }
        let call = Call(request: request, parameters: parameters, caller: caller)
        if route.events { return events.answer(request, reply, generation: answers.generation, now: Socket.now()) }
        if route.inline { return run(route, call) }
        // A read's answer is kept until the vault changes (or the day does).
        if method == "GET", segments.first == "api" {
            return read(request.target + " " + todayDay().description, route, call, reply)
        }
        work(route, call, reply, writes: Self.writeMethods.contains(method))
        return nil
    }

    func run(_ route: Route, _ call: Call) -> HTTPResponse {
        do {
            return try route.handle(self, call)
        } catch {
            return error.response
        }
    }

    private func unauthorized() -> HTTPResponse {
        var response = APIError(status: .unauthorized, code: "unauthorized",
                                message: "sign in: pair this device (brain serve pair) or send a bearer token (brain serve token new NAME)").response
        response.headers.append(HTTPHeader("WWW-Authenticate", "Bearer realm=\"brain\""))
        return response
    }

    /// The caller a bearer token or a session cookie names, or nil.
    func authenticate(_ request: HTTPRequest) -> Caller? {
        if let authorization = request.header("authorization") {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "bearer", let name = credentials.tokenName(for: String(parts[1])) {
                return .token(name)
            }
            return nil
        }
        // A calendar app subscribes to a URL and sends no header: the feed takes its token in
        // the query (which the log never shows).
        if request.path == "/feed.ics", let token = request.queryValue("token"), let name = credentials.tokenName(for: token) {
            return .token(name)
        }
        if let session = Self.cookie(named: Router.sessionCookie, in: request), credentials.isSession(session) { return .session(session) }
        // A reminder's Done or Skip link from a phone: its token opens that one path.
        return reminderCaller(request)
    }

    static let sessionCookie = "brain-session"

    static func cookie(named name: String, in request: HTTPRequest) -> String? {
        for header in request.headers where header.name == "cookie" {
            for pair in header.value.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
        }
        return nil
    }

    /// The values of a pattern's `{name}` segments when `segments` match it.
    static func match(_ pattern: [String], _ segments: [String]) -> [String: String]? {
        guard pattern.count == segments.count else { return nil }
        var values: [String: String] = [:]
        for (part, segment) in zip(pattern, segments) {
            if part.hasPrefix("{") { values[String(part.dropFirst().dropLast())] = segment } else if part != segment { return nil }
        }
        return values
    }
}
