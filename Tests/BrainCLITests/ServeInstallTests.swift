import Foundation
import Testing
import BrainTestSupport
@testable import BrainCLI

/// The web app installable, offline and accessible in real Chromium
/// (Tests/BrainCLITests/Support/webapp-a11y.py, which runs `brain serve` itself so it can stop
/// and start it), at 390 × 844 with touch and at 1280 × 800: the PNG icons decode at their
/// sizes in the icon's colours, listed by the manifest and linked as apple-touch-icon; axe-core
/// (Support/axe, vendored) finds no serious or critical violation on any /app page, light and
/// dark, and on Today, the habits list, a habit's page and a note in each of the other four
/// themes (the vault's `theme:` set, the server started again); with the server stopped the last Today and Check-in stay with the offline notice, and
/// the page comes back live by itself; signing out leaves nothing kept.
@Suite(.serialized) struct ServeInstallTests {
    @Test(.enabled(if: Selenium.found.python != nil, "\(Selenium.found.problem)"), arguments: ["phone", "desktop"])
    func installableOfflineAccessible(size: String) throws {
        let vault = try TestVault()
        var environment = ProcessInfo.processInfo.environment
        environment["VAULT"] = vault.root
        environment["BRAIN"] = try ConcurrencyTests.executable().path
        environment["SIZE"] = size
        environment["AXE"] = Repository.root + "/Tests/BrainCLITests/Support/axe/axe.min.js"
        environment["BRAIN_NOW"] = "2026-11-22T09:00:00Z"
        environment["TZ"] = "UTC"
        environment["CHROMEDRIVER"] = ServerProcess.find("chromedriver")
        let script = Repository.root + "/Tests/BrainCLITests/Support/webapp-a11y.py"
        let result = try ServerProcess.run("/usr/bin/env", environment.map { "\($0.key)=\($0.value)" } + [Selenium.found.python!, script], timeout: 400)
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr.suffix(3000))")
        #expect(result.stdout.hasSuffix("ok\n"), "\(result.stdout)")
    }
}

/// The installable app's files and signing out, over HTTP with the real server.
@Suite struct ServeSignOutTests {
    /// Every page links the 180 px apple-touch-icon and loads offline.js; the service worker is
    /// served for the scope `/app` and not kept a day; the manifest's PNGs are served as PNG.
    @Test func theWorkerAndTheIconsAreServedForTheApp() throws {
        let app = try ServeAppTests.Paired(try TestVault())
        defer { _ = app.server.stop() }
        for path in ["/app", "/app/checkin", "/app/goals"] {
            let page = try #require(app.get(path))
            #expect(page.status == 200)
            #expect(page.body.contains("<link rel=\"apple-touch-icon\" href=\"/app/apple-touch-icon.png\">"), "\(path)")
            #expect(page.body.contains("<script src=\"/app/offline.js\" defer></script>"), "\(path)")
            #expect(page.body.contains("action=\"/app/signout\""), "\(path)")
        }
        let worker = try #require(TestClient.request(port: app.port, "GET", "/app/sw.js"))
        #expect(worker.status == 200)
        #expect(worker.header("Service-Worker-Allowed") == "/app")
        #expect(worker.header("Cache-Control") == "no-cache")
        #expect(worker.header("Content-Type") == "text/javascript; charset=utf-8")
        let manifest = try #require(TestClient.request(port: app.port, "GET", "/app/manifest.webmanifest"))
        let icons = try #require((try JSONSerialization.jsonObject(with: Data(manifest.body.utf8)) as? [String: Any])?["icons"] as? [[String: String]])
        let pngs = icons.filter { $0["type"] == "image/png" }
        #expect(Set(pngs.compactMap { $0["sizes"] }) == ["192x192", "512x512"])
        #expect(pngs.contains { $0["purpose"] == "maskable" })
        for src in pngs.compactMap({ $0["src"] }) + ["/app/apple-touch-icon.png"] {
            let icon = try #require(TestClient.request(port: app.port, "GET", src))
            #expect(icon.status == 200 && icon.header("Content-Type") == "image/png", "\(src)")
        }
    }

    /// Signing out ends the session (the same cookie is 401 afterwards), expires the cookie and
    /// has the browser clear what it kept; a token cannot sign out and a stranger's form is 403.
    @Test func signingOutEndsTheSessionAndClearsTheBrowser() throws {
        let app = try ServeAppTests.Paired(try TestVault())
        defer { _ = app.server.stop() }
        let token = try ServeSecurityTests.token(app.vault)
        let withToken = try #require(TestClient.request(port: app.port, "POST", "/app/signout", headers: ["Authorization": "Bearer \(token)"], body: ""))
        #expect(withToken.status == 400)
        #expect(try #require(app.post("/app/signout", "", origin: "https://elsewhere.example")).status == 403)
        #expect(app.get("/app")?.status == 200)
        let out = try #require(app.post("/app/signout", ""))
        #expect(out.status == 200)
        #expect(out.header("Clear-Site-Data") == "\"cache\", \"storage\"")
        #expect(out.header("Set-Cookie")?.hasPrefix("brain-session=; Path=/; Max-Age=0") == true)
        #expect(out.body.contains("signed out"))
        #expect(app.get("/app")?.status == 401)
        #expect(try #require(app.post("/app/signout", "")).status == 401)
    }
}
