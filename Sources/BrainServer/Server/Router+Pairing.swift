import BrainFormat
import BrainStore

/// Pairing a device: `GET /pair?code=…` shows a page with one button, `POST /pair` spends the
/// code and gives the device its session cookie. A link previewer that opens the link spends
/// nothing.
extension Router {
    static var pairingRoutes: [Route] { [
        Route(method: "GET", pattern: ["pair"], open: true, inline: true) { router, call throws(APIError) in try router.pairingPage(call) },
        Route(method: "POST", pattern: ["pair"], open: true, inline: true) { router, call throws(APIError) in try router.pair(call) },
        Route(method: "GET", pattern: [], inline: true) { router, _ throws(APIError) in router.home() },
    ] }

    /// A pairing code's form: `pair_` and 64 hex digits.
    static func isPairingCode(_ text: String) -> Bool {
        text.hasPrefix("pair_") && text.utf8.count == 69 && text.utf8.dropFirst(5).allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }

    func pairingPage(_ call: Call) throws(APIError) -> HTTPResponse {
        // The link `brain serve --open` hands this machine's browser signs it in on opening; a
        // link shown to a person waits for the button, so a link previewer spends nothing.
        if call.request.queryValue("open") == "1" { return try pair(call) }
        guard let code = call.request.queryValue("code"), Self.isPairingCode(code) else {
            return page("Pair this device", "<p>Open the link <code>brain serve</code> printed, or run <code>brain serve pair</code>.</p>", status: .badRequest)
        }
        return page("Pair this device", """
            <p>Sign this browser in to the vault? It keeps a session cookie until you clear it.</p>
            <form method="post" action="/pair"><input type="hidden" name="code" value="\(code)"><button type="submit">Pair</button></form>
            """)
    }

    func pair(_ call: Call) throws(APIError) -> HTTPResponse {
        let now = Socket.now()
        failedPairings.removeAll { $0 < now - 60 }
        if failedPairings.count >= 5 {
            var response = APIError(status: .tooManyRequests, code: "too-many-attempts",
                                    message: "too many pairing attempts; wait a minute").response
            response.headers.append(HTTPHeader("Retry-After", "60"))
            return response
        }
        let form = HTTPRequest(method: "POST", target: "/?" + String(decoding: call.request.body, as: UTF8.self))
        let code = form.queryValue("code") ?? call.request.queryValue("code") ?? ""
        let session: String?
        do {
            session = Self.isPairingCode(code) ? try credentials.pair(code: code) : nil
        } catch {
            throw APIError(status: .internalError, code: "io", message: error.description)
        }
        guard let session else {
            failedPairings.append(now)
            throw APIError(status: .unauthorized, code: "pairing-code", message: "this pairing code is unknown, used or expired; run brain serve pair for a new one")
        }
        var cookie = "\(Router.sessionCookie)=\(session); Path=/; Max-Age=\(CredentialStore.sessionLifetime); HttpOnly; SameSite=Strict"
        if call.request.header("x-forwarded-proto")?.lowercased() == "https" { cookie += "; Secure" }
        return HTTPResponse(status: .seeOther, headers: [HTTPHeader("Set-Cookie", cookie), HTTPHeader("Location", "/")])
    }

    /// `/` is the web app's Today (docs/WEBAPP.md).
    func home() -> HTTPResponse {
        Self.seeOther("/app")
    }

    func page(_ title: String, _ body: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse.text("""
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title)</title></head>
            <body><h1>\(title)</h1>
            \(body)
            </body></html>

            """, status: status, type: "text/html; charset=utf-8")
    }
}
