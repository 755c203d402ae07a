import Foundation
import Testing
import BrainTestSupport
import BrainFormat
@testable import BrainCLI

/// The web app (docs/WEBAPP.md) over HTTP without a browser: the pages a paired browser gets,
/// every form writing the file the command line writes, and the events an open page waits on.
/// The browser itself is driven by ServeBrowserTests.
@Suite struct ServeAppTests {
    /// A server on a copy of the sample vault, and a paired browser's cookie.
    struct Paired {
        let vault: TestVault
        let server: ServerProcess
        let cookie: String
        var port: UInt16 { UInt16(server.port) }
        var origin: String { "http://127.0.0.1:\(server.port)" }

        init(_ vault: TestVault) throws {
            self.vault = vault
            server = try ServerProcess(vault: vault.root)
            let code = String(vault.run(["serve", "pair"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "=").last!)
            let port = UInt16(server.port)
            let paired = try #require(TestClient.request(port: port, "POST", "/pair", headers: ["Origin": "http://127.0.0.1:\(port)"], body: "code=\(code)"))
            cookie = String(try #require(paired.header("Set-Cookie")).split(separator: ";")[0])
        }

        func get(_ path: String) -> TestResponse? {
            TestClient.request(port: port, "GET", path, headers: ["Cookie": cookie])
        }

        /// A form posted as a browser posts it from the app's own page.
        func post(_ path: String, _ body: String, origin: String? = nil) -> TestResponse? {
            TestClient.request(port: port, "POST", path, headers: ["Cookie": cookie, "Origin": origin ?? self.origin,
                                                                   "Content-Type": "application/x-www-form-urlencoded"], body: body)
        }
    }

    /// Every Today form (check off, an amount, an amount added, skip with a reason, undo) writes
    /// byte for byte the daily file `brain done`, `skip` and `undo` write in a twin vault, and
    /// redirects back to the habit on Today.
    @Test func todayFormsWriteWhatTheCommandLineWrites() throws {
        let app = try Paired(try TestVault())
        let twin = try TestVault()
        defer { _ = app.server.stop() }
        let steps: [(path: String, body: String, command: [String])] = [
            ("/app/habits/coffee/done", "", ["done", "coffee"]),
            ("/app/habits/read/done", "value=12", ["done", "read", "12"]),
            ("/app/habits/read/done", "value=9&add=1", ["done", "read", "9", "--add"]),
            ("/app/habits/run/skip", "reason=knee+hurts+%26+more", ["skip", "run", "knee", "hurts", "&", "more"]),
            ("/app/habits/coffee/undo", "", ["undo", "coffee"]),
            ("/app/habits/meditate/done", "", ["done", "meditate"]),
        ]
        for step in steps {
            let answer = try #require(app.post(step.path, step.body))
            #expect(answer.status == 303, "\(step.path): \(answer.body)")
            let habit = step.path.split(separator: "/")[2]
            #expect(answer.header("Location") == "/app#h-\(habit)")
            let cli = twin.run(step.command)
            #expect(cli.status == 0, "\(cli.stderr)")
            #expect(try app.vault.read("daily/2026-11-22.md") == twin.read("daily/2026-11-22.md"), "after \(step.path) \(step.body)")
        }
        let page = try #require(app.get("/app"))
        #expect(page.body.contains("id=\"h-read\""))
        #expect(page.body.contains("21 of 20 pages"))
        #expect(page.body.contains("skipped: knee hurts &amp; more"))
        // A bad amount or an unknown habit shows the page again with the library's words.
        let bad = try #require(app.post("/app/habits/read/done", "value=lots"))
        #expect(bad.status == 400)
        #expect(bad.body.contains("role=\"alert\">the amount must be a number from 0, not &quot;lots&quot;"))
        let unknown = try #require(app.post("/app/habits/nope/done", ""))
        #expect(unknown.status == 404)
        #expect(unknown.body.contains("role=\"alert\""))
        #expect(try app.vault.read("daily/2026-11-22.md") == twin.read("daily/2026-11-22.md"))
    }

    /// Both check-in forms write what `brain checkin` writes, the reflection on several lines.
    @Test func checkInFormsWriteWhatTheCommandLineWrites() throws {
        let app = try Paired(try TestVault())
        let twin = try TestVault()
        defer { _ = app.server.stop() }
        let morning = try #require(app.post("/app/checkin/morning", "mood=4&energy=3&intention=Ship+the+app&intention=&intention=Call+mum"))
        #expect(morning.status == 303)
        #expect(morning.header("Location") == "/app/checkin")
        #expect(twin.run(["checkin", "morning", "--mood", "4", "--energy", "3", "--intention", "Ship the app", "--intention", "Call mum"]).status == 0)
        #expect(try app.vault.read("daily/2026-11-22.md") == twin.read("daily/2026-11-22.md"))
        let evening = try #require(app.post("/app/checkin/evening", "mood=5&reflection=A+good+day.%0D%0ASecond+line."))
        #expect(evening.status == 303)
        #expect(twin.run(["checkin", "evening", "--mood", "5", "--reflection", "A good day.\nSecond line."]).status == 0)
        #expect(try app.vault.read("daily/2026-11-22.md") == twin.read("daily/2026-11-22.md"))
        let page = try #require(app.get("/app/checkin"))
        #expect(page.body.contains("A good day.<br>Second line."))
        #expect(page.body.contains("<li>Ship the app</li>"))
        #expect(page.body.contains("value=\"4\" id=\"m-mood-4\" checked"))
    }

    /// The Goals page's forms tick a milestone, untick it and set a goal's value as `brain goal
    /// tick` and `brain goal progress` do, file for file.
    @Test func goalFormsWriteWhatTheCommandLineWrites() throws {
        let app = try Paired(try TestVault())
        let twin = try TestVault()
        defer { _ = app.server.stop() }
        let page = try #require(app.get("/app/goals"))
        #expect(page.status == 200)
        #expect(page.body.contains("id=\"g-finish-a1-course\""))
        #expect(page.body.contains("aria-label=\"Unit 3: food: tick\""))
        let steps: [(path: String, body: String, command: [String], file: String)] = [
            ("/app/goals/finish-a1-course/tick", "milestone=3", ["goal", "tick", "finish-a1-course", "3"], "goals/finish-a1-course.md"),
            ("/app/goals/finish-a1-course/tick", "milestone=1&undo=1", ["goal", "tick", "finish-a1-course", "1", "--undo"], "goals/finish-a1-course.md"),
            ("/app/goals/emergency-fund/progress", "value=1750", ["goal", "progress", "emergency-fund", "1750"], "goals/emergency-fund.md"),
        ]
        for step in steps {
            let answer = try #require(app.post(step.path, step.body))
            #expect(answer.status == 303, "\(step.path): \(answer.body)")
            let cli = twin.run(step.command)
            #expect(cli.status == 0, "\(cli.stderr)")
            #expect(try app.vault.read(step.file) == twin.read(step.file), "after \(step.path) \(step.body)")
        }
        let after = try #require(app.get("/app/goals"))
        #expect(try app.vault.read("goals/finish-a1-course.md").contains("- [x] Unit 3: food ✅ 2026-11-22"))
        #expect(after.body.contains("aria-label=\"Unit 3: food ✅ 2026-11-22: done; untick\""))
        let bad = try #require(app.post("/app/goals/finish-a1-course/tick", "milestone=99"))
        #expect(bad.status == 400 || bad.status == 404 || bad.status == 409)
        #expect(bad.body.contains("role=\"alert\""))
    }

    /// The report page is `brain report`'s (the same organism, the same year grids), its inline
    /// style allowed by the SHA-256 its Content-Security-Policy names and nothing else; the
    /// organism's animation stops under prefers-reduced-motion.
    @Test func theReportPageIsBrainReportWithItsStyleAllowedByHash() throws {
        let app = try Paired(try TestVault())
        defer { _ = app.server.stop() }
        let page = try #require(app.get("/app/report"))
        #expect(page.status == 200)
        #expect(page.body.contains("<svg class=\"plant\""))
        #expect(page.body.contains("href=\"/app/organism.css\""))
        let style = try #require(page.body.range(of: "<style>")).upperBound
        let end = try #require(page.body.range(of: "</style>", range: style..<page.body.endIndex)).lowerBound
        let digest = Data(BrainFormat.SHA256.hash(Array(page.body[style..<end].utf8))).base64EncodedString()
        let policy = try #require(page.header("Content-Security-Policy"))
        #expect(policy.contains("'sha256-\(digest)'"))
        #expect(!policy.contains("unsafe-inline"))
        #expect(policy.hasPrefix("default-src 'self'"))
        #expect(!page.body.contains("<script"))
        // The organism is the one `brain report` draws for the day.
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("brain-report-\(UUID().uuidString).html").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(app.vault.run(["report", "--out", out]).status == 0)
        let written = try String(contentsOfFile: out, encoding: .utf8)
        func plant(_ html: String) -> Substring? {
            guard let start = html.range(of: "<svg class=\"plant\""), let end = html.range(of: "</svg>", range: start.upperBound..<html.endIndex) else { return nil }
            return html[start.lowerBound..<end.upperBound]
        }
        #expect(plant(page.body) != nil)
        #expect(plant(page.body) == plant(written))
        let css = try #require(TestClient.request(port: app.port, "GET", "/app/organism.css"))
        #expect(css.body.contains("@media (prefers-reduced-motion: no-preference){"))
        #expect(css.body.components(separatedBy: "animation:").count > 3)
    }

    /// Vault text is escaped; the page has no inline script or handler (the CSP forbids them)
    /// and every control a label; a stranger gets 401 and a cross-origin form 403.
    @Test func pagesEscapeVaultTextAndRefuseStrangers() throws {
        let vault = try TestVault()
        try vault.write("habits/meditate.md", try vault.read("habits/meditate.md")
            .replacingOccurrences(of: "title: Meditate", with: "title: \"<img src=x onerror=alert(1)> & co\""))
        let app = try Paired(vault)
        defer { _ = app.server.stop() }
        #expect(TestClient.request(port: app.port, "GET", "/app")?.status == 401)
        #expect(TestClient.request(port: app.port, "GET", "/app/events")?.status == 401)
        let page = try #require(app.get("/app"))
        #expect(page.status == 200)
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        #expect(page.header("Content-Security-Policy")?.hasPrefix("default-src 'self'") == true)
        #expect(page.body.contains("&lt;img src=x onerror=alert(1)&gt; &amp; co"))
        #expect(!page.body.contains("<img"))
        #expect(page.body.components(separatedBy: "<script").count == 3)
        #expect(page.body.contains("<script src=\"/app/app.js\" defer></script>"))
        #expect(page.body.contains("<script src=\"/app/offline.js\" defer></script>"))
        // No attribute (outside quoted values) is a handler or a style.
        let tags = page.body.replacingOccurrences(of: #""[^"]*""#, with: "\"\"", options: .regularExpression)
        #expect(tags.range(of: #"<[^>]*\son[a-z]+="#, options: .regularExpression) == nil)
        #expect(tags.range(of: #"<[^>]*\sstyle="#, options: .regularExpression) == nil)
        // Every input sits inside a label; every button has text or an aria-label.
        #expect(page.body.range(of: #"<input(?![^>]*type="radio")"#, options: .regularExpression) != nil)
        for piece in page.body.components(separatedBy: "<input").dropFirst() {
            let before = page.body.components(separatedBy: "<input" + piece)[0].suffix(200)
            #expect(before.contains("<label"), "an input without a label: \(piece.prefix(80))")
        }
        let posted = app.post("/app/habits/read/done", "value=5", origin: "http://evil.example")
        #expect(posted?.status == 403)
        #expect(!(try app.vault.read("daily/2026-11-22.md").contains("[[read]] 5")))
        // `Origin: null` (an opaque origin) counts as the app's own only with Sec-Fetch-Site.
        let form = ["Cookie": app.cookie, "Content-Type": "application/x-www-form-urlencoded", "Origin": "null"]
        #expect(TestClient.request(port: app.port, "POST", "/app/habits/read/done", headers: form, body: "value=5")?.status == 403)
        #expect(TestClient.request(port: app.port, "POST", "/app/habits/read/done",
                                   headers: form.merging(["Sec-Fetch-Site": "cross-site"]) { $1 }, body: "value=5")?.status == 403)
        #expect(!(try app.vault.read("daily/2026-11-22.md").contains("[[read]] 5")))
        #expect(TestClient.request(port: app.port, "POST", "/app/habits/read/done",
                                   headers: form.merging(["Sec-Fetch-Site": "same-origin"]) { $1 }, body: "value=5")?.status == 303)
        // The styles, script, manifest and icon hold nothing of the vault and need no session.
        for path in ["/app/app.css", "/app/app.js", "/app/manifest.webmanifest", "/app/icon.svg"] {
            let asset = try #require(TestClient.request(port: app.port, "GET", path))
            #expect(asset.status == 200, "\(path)")
            #expect(!asset.body.contains("onerror"))
        }
        let manifest = try #require(TestClient.request(port: app.port, "GET", "/app/manifest.webmanifest"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(manifest.body.utf8)) as? [String: Any])
        #expect(object["start_url"] as? String == "/app")
        #expect(object["display"] as? String == "standalone")
        #expect((object["icons"] as? [Any])?.isEmpty == false)
        #expect(TestClient.request(port: app.port, "GET", "/")?.status == 401)
        #expect(app.get("/")?.header("Location") == "/app")
    }

    /// An open page's event request waits while nothing changes and is answered with a `change`
    /// event when `brain done` runs in a terminal (the watcher's news), then when the app writes.
    @Test func eventsTellAnOpenPageOfAChangeMadeElsewhere() throws {
        let app = try Paired(try TestVault())
        defer { _ = app.server.stop() }
        let first = try #require(app.get("/app/events"))
        #expect(first.status == 200)
        #expect(first.header("Content-Type") == "text/event-stream; charset=utf-8")
        #expect(!first.body.contains("event: change"))
        #expect(first.body.contains("retry: 100\n"))
        for change in [{ _ = app.vault.run(["done", "coffee"]) }, { _ = app.post("/app/habits/meditate/done", "") }] {
            // The events of what came before (pairing, the last change) settle first: an id is
            // taken until a request with it is held.
            var held: (client: TestClient, id: String)?
            for _ in 0..<20 where held == nil {
                let now = try #require(app.get("/app/events"))
                let id = String(try #require(now.body.split(separator: "\n").first { $0.hasPrefix("id: ") }).dropFirst(4))
                let client = try #require(TestClient(port: app.port))
                client.send("GET /app/events HTTP/1.1\r\nHost: 127.0.0.1:\(app.port)\r\nCookie: \(app.cookie)\r\nLast-Event-ID: \(id)\r\nConnection: close\r\n\r\n")
                if client.readResponses(1, timeout: 0.5).isEmpty { held = (client, id) }
            }
            let (client, id) = try #require(held, "an events request with the current id was never held")
            change()
            let answer = try #require(client.readResponses(1, timeout: 10).first)
            #expect(answer.contains("event: change"))
            #expect(!answer.contains("id: \(id)\n"))
            // An id that is past is answered at once.
            let past = try #require(TestClient.request(port: app.port, "GET", "/app/events", headers: ["Cookie": app.cookie, "Last-Event-ID": id]))
            #expect(past.body.contains("event: change"))
        }
        let page = try #require(app.get("/app"))
        #expect(page.body.contains("aria-label=\"Meditate: done; undo\""))
    }
}
