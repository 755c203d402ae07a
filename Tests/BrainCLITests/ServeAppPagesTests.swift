import Foundation
import Testing
import BrainTestSupport
import BrainFormat
@testable import BrainCLI

/// The web app's habit and note pages (docs/WEBAPP.md) over HTTP: the numbers the command line
/// prints, the links followed, every piece of vault text escaped and no way out of the vault.
@Suite struct ServeAppPagesTests {
    typealias Paired = ServeAppTests.Paired

    /// The first `attribute="…"` value on the element with `id`.
    static func value(_ body: String, id: String, attribute: String) -> String? {
        guard let element = body.range(of: "id=\"\(id)\"") else { return nil }
        let rest = body[element.upperBound...]
        guard let start = rest.range(of: "\(attribute)=\""), let end = rest[start.upperBound...].firstIndex(of: "\"") else { return nil }
        return String(rest[start.upperBound..<end])
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// A habit's page shows the streaks and done days `brain stats HABIT --json` prints and the
    /// week's done/due `brain week --json` prints for it; Today links each habit to its page.
    @Test func habitPageShowsWhatTheCommandLinePrints() throws {
        let app = try Paired(try TestVault())
        defer { _ = app.server.stop() }
        let today = try #require(app.get("/app"))
        #expect(today.body.contains("href=\"/app/habits/read\""))
        #expect(today.body.contains("<li><a href=\"/app/notes/notes/morning-routine\">Morning routine</a></li>"), "a pinned note links to its page")
        for habit in ["read", "meditate", "run"] {
            let page = try #require(app.get("/app/habits/\(habit)"))
            #expect(page.status == 200)
            let stats = try Self.json(app.vault.run(["stats", habit, "--json"]).stdout)
            let streaks = try #require(stats["streaks"] as? [String: Any])
            #expect(Self.value(page.body, id: "stat-best", attribute: "data-value") == "\(try #require(streaks["best"] as? Int))", "\(habit)")
            #expect(Self.value(page.body, id: "stat-streak", attribute: "data-value") == "\(try #require(streaks["current"] as? Int))", "\(habit)")
            #expect(Self.value(page.body, id: "stat-repetitions", attribute: "data-value") == "\(try #require(stats["repetitions"] as? Int))", "\(habit)")
            let week = try Self.json(app.vault.run(["week", "--json"]).stdout)
            let rows = try #require(week["habits"] as? [[String: Any]])
            let row = try #require(rows.first { $0["id"] as? String == habit })
            #expect(page.body.contains("data-done=\"\(try #require(row["done"] as? Int))\" data-due=\"\(try #require(row["due"] as? Int))\""), "\(habit)")
            #expect(page.body.contains("<svg class=\"year\""))
            #expect(page.body.contains("<svg class=\"strength\""))
        }
        let missing = try #require(app.get("/app/habits/nope"))
        #expect(missing.status == 404)
        #expect(missing.body.contains("role=\"alert\""))
    }

    /// `/app/habits` lists the habits `brain stats --json` lists, in its order, each with its
    /// streak and a link to its page (which answers), and the navigation links it from Today.
    @Test func habitListShowsWhatStatsPrints() throws {
        let app = try Paired(try TestVault())
        defer { _ = app.server.stop() }
        let today = try #require(app.get("/app"))
        #expect(today.body.contains("<a href=\"/app/habits\">Habits</a>"))
        let page = try #require(app.get("/app/habits"))
        #expect(page.status == 200)
        #expect(page.body.contains("<a href=\"/app/habits\" aria-current=\"page\">Habits</a>"))
        let stats = try Self.json(app.vault.run(["stats", "--json"]).stdout)
        let rows = try #require(stats["habits"] as? [[String: Any]])
        #expect(rows.count > 3)
        var last = page.body.startIndex
        for row in rows {
            let id = try #require(row["id"] as? String)
            let streak = try #require((row["streak"] as? [String: Any])?["current"] as? Int)
            let item = try #require(page.body.range(of: "<li id=\"hl-\(id)\"><a href=\"/app/habits/\(id)\">"), "\(id) is listed")
            #expect(item.lowerBound >= last, "\(id) in the order of brain stats")
            last = item.lowerBound
            #expect(Self.value(page.body, id: "hl-\(id)", attribute: "data-streak") == "\(streak)", "\(id)")
            #expect(try #require(app.get("/app/habits/\(id)")).status == 200, "\(id)")
        }
        #expect(page.body.components(separatedBy: "<li id=\"hl-").count - 1 == rows.count)
    }

    /// The habit page's check-off comes back to the page; a `back` that is not a path of the
    /// app (another host, `//`, `..`) is ignored and the answer goes to Today.
    @Test func checkOffComesBackOnlyToTheApp() throws {
        let app = try Paired(try TestVault())
        defer { _ = app.server.stop() }
        let page = try #require(app.get("/app/habits/coffee"))
        #expect(page.body.contains("name=\"back\" value=\"/app/habits/coffee\""))
        let done = try #require(app.post("/app/habits/coffee/done", "back=%2Fapp%2Fhabits%2Fcoffee"))
        #expect(done.status == 303)
        #expect(done.header("Location") == "/app/habits/coffee")
        #expect(try app.vault.read("daily/2026-11-22.md").contains("coffee"))
        let after = try #require(app.get("/app/habits/coffee"))
        #expect(after.body.contains("Undo today"))
        for hostile in ["%2F%2Fevil.example%2Fapp", "https%3A%2F%2Fevil.example", "%2Fapp%2F..%2Fpair", "%2Fapp%2F%0D%0ASet-Cookie%3A+x", "%2Fapplication"] {
            let answer = try #require(app.post("/app/habits/coffee/undo", "back=\(hostile)"))
            #expect(answer.header("Location") == "/app#h-coffee", "\(hostile)")
            _ = app.post("/app/habits/coffee/done", "")
        }
    }

    /// A check-off that fails on the habit's page (an amount that is not a number, or one the
    /// library refuses) shows that page again with the message, not Today; the vault is unchanged.
    /// The same failure from Today stays on Today.
    @Test func failedCheckOffStaysOnTheHabitPage() throws {
        let app = try Paired(try TestVault())
        defer { _ = app.server.stop() }
        let daily = "daily/2026-11-22.md"
        let before = try? app.vault.read(daily)
        for (value, message) in [("abc", "the amount must be a number from 0, not &quot;abc&quot;"), ("1e13", "the value must be a number of at most 10^12")] {
            let answer = try #require(app.post("/app/habits/read/done", "value=\(value)&back=%2Fapp%2Fhabits%2Fread"))
            #expect(answer.status == 400, "\(value)")
            #expect(answer.body.contains("<p class=\"note bad\" role=\"alert\">\(message)</p>"), "\(value): \(answer.body.prefix(600))")
            #expect(answer.body.contains("id=\"card-day\""), "the habit's page: \(value)")
            #expect(answer.body.contains("name=\"back\" value=\"/app/habits/read\""), "its form comes back to it: \(value)")
            let fromToday = try #require(app.post("/app/habits/read/done", "value=\(value)"))
            #expect(fromToday.status == 400)
            #expect(fromToday.body.contains(message))
            #expect(!fromToday.body.contains("id=\"card-day\""), "Today: \(value)")
        }
        // A `back` to another habit's page or outside the app is not where a failure shows.
        let other = try #require(app.post("/app/habits/read/done", "value=abc&back=%2Fapp%2Fhabits%2Frun"))
        #expect(!other.body.contains("id=\"card-day\""))
        #expect((try? app.vault.read(daily)) == before)
    }

    /// A note renders from its Markdown with its `[[links]]` followed to the notes (a habit to its
    /// page), and the linked note lists it among its backlinks; the list puts pins first, a tag
    /// lists its notes and a search finds a line as `brain search` does.
    @Test func notesAreListedSearchedAndFollowed() throws {
        let app = try Paired(try TestVault())
        defer { _ = app.server.stop() }
        let note = try #require(app.get("/app/notes/notes/morning-routine"))
        #expect(note.status == 200)
        #expect(note.body.contains("<h2>Morning routine</h2>"))
        #expect(note.body.contains("<a href=\"/app/notes/notes/insight-never-miss-twice\">insight-never-miss-twice</a>"))
        #expect(note.body.contains("<a href=\"/app/habits/meditate\">meditate</a>"))
        let linked = try #require(app.get("/app/notes/notes/insight-never-miss-twice"))
        #expect(linked.body.contains("<a href=\"/app/notes/notes/morning-routine\">Morning routine</a>"))
        let list = try #require(app.get("/app/notes"))
        #expect(list.status == 200)
        let items = list.body.components(separatedBy: "<ul class=\"notes\">")[1].components(separatedBy: "<li>").dropFirst()
        let pinned = items.map { $0.contains("<span class=\"pin\">pinned</span>") }
        #expect(pinned.contains(true))
        #expect(pinned == pinned.sorted { $0 && !$1 }, "pinned notes come first")
        let tagged = try #require(app.get("/app/notes?tag=habits"))
        #expect(tagged.body.contains(">Morning routine</a>"))
        #expect(!tagged.body.contains(">Spanish phrases</a>"))
        let cli = app.vault.run(["search", "snooze"]).stdout
        #expect(cli.contains("notes/morning-routine.md"))
        let search = try #require(app.get("/app/notes?q=snooze"))
        #expect(search.body.contains("<a href=\"/app/notes/notes/morning-routine\">Morning routine</a>"))
        #expect(search.body.contains("Wake up (no snooze)."))
    }

    /// The notes list comes in pages of 200, in the list's order (pinned first, then the most
    /// recently changed), every note on exactly one page; the list kept for the index follows a
    /// note added with the command line while the server runs, and a tag's list pages keep the tag.
    @Test func notesListIsPagedAndFollowsTheVault() throws {
        let vault = try TestVault()
        for number in 1...230 {
            try vault.write("notes/bulk/n\(number).md", "---\ntitle: Bulk \(number)\ntags: [bulk]\n---\nA note.\n")
        }
        let app = try Paired(vault)
        defer { _ = app.server.stop() }
        func titles(_ path: String) throws -> [String] {
            let page = try #require(app.get(path))
            #expect(page.status == 200, "\(path)")
            let list = try #require(page.body.components(separatedBy: "<ul class=\"notes\">").dropFirst().first?.components(separatedBy: "</ul>").first)
            // Each item's first link: the note's title.
            return list.components(separatedBy: "<li>").dropFirst().compactMap { item in
                item.components(separatedBy: "<a href=\"").dropFirst().first?.components(separatedBy: "\">").dropFirst().first?
                    .components(separatedBy: "</a>").first
            }
        }
        let cli = try Self.json(app.vault.run(["list", "note", "--json"]).stdout)
        let all = try #require(cli["notes"] as? [[String: Any]])
        let first = try titles("/app/notes"), second = try titles("/app/notes?page=2")
        #expect(first.count == 200)
        #expect(first.count + second.count == all.count)
        #expect(Set(first + second) == Set(all.compactMap { $0["title"] as? String }))
        let one = try #require(app.get("/app/notes"))
        #expect(one.body.contains("<a rel=\"next\" href=\"/app/notes?page=2\">Older</a>"))
        #expect(one.body.contains("page 1 of 2 · \(all.count) notes"))
        let tagged = try #require(app.get("/app/notes?tag=bulk&page=2"))
        #expect(tagged.body.contains("<a rel=\"prev\" href=\"/app/notes?tag=bulk&amp;page=1\">Newer</a>"))
        #expect(try titles("/app/notes?tag=bulk&page=2").count == 30)
        // A note made now is the most recently changed: first after the pins, on page 1.
        #expect(app.vault.run(["new", "note", "Fresh thoughts"]).status == 0)
        var fresh: [String] = []
        for _ in 0..<50 {
            fresh = try titles("/app/notes")
            if fresh.contains("Fresh thoughts") { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(fresh.contains("Fresh thoughts"))
        #expect(try titles("/app/notes?page=2").count == second.count + 1)
    }

    /// Each new page with the app's styles and script stays within the budget of 100 KB.
    @Test func pagesKeepTheWeightBudget() throws {
        let app = try Paired(try TestVault())
        defer { _ = app.server.stop() }
        let assets = try ["/app/app.css", "/app/app.js"].map { try #require(app.get($0)).body.utf8.count }.reduce(0, +)
        for path in ["/app", "/app/habits", "/app/habits/read", "/app/notes", "/app/notes?q=habit", "/app/notes/notes/morning-routine"] {
            let page = try #require(app.get(path))
            #expect(page.status == 200, "\(path)")
            #expect(page.body.utf8.count + assets <= 100 * 1024, "\(path): \(page.body.utf8.count) + \(assets) bytes")
        }
    }

    /// A note holding markup in its title, body and tags shows it as text on every page, and no
    /// URL reaches a file outside the vault or by any way but the index.
    @Test func vaultTextIsEscapedAndPathsStayInTheVault() throws {
        let vault = try TestVault()
        let hostile = "<script>alert(1)</script>\"><img src=x onerror=alert(2)>"
        try vault.write("notes/hostile.md", """
            ---
            title: '\(hostile)'
            type: note
            pinned: true
            tags: ["x\\"><img src=x onerror=alert(3)>", "<script>"]
            ---
            # \(hostile)

            A line with \(hostile) and [[morning-routine|\(hostile)]] and [x](javascript:alert(5)) #evil<b>

            - [ ] \(hostile)

            ```
            \(hostile)
            ```

            """)
        let app = try Paired(vault)
        defer { _ = app.server.stop() }
        for path in ["/app/notes", "/app/notes/notes/hostile", "/app/notes?q=onerror", "/app/notes?tag=evil", "/app/notes/notes/morning-routine", "/app"] {
            let page = try #require(app.get(path))
            #expect(page.status == 200, "\(path)")
            #expect(!page.body.contains("<script>alert"), "\(path)")
            #expect(!page.body.contains("<img src=x"), "\(path)")
            #expect(!page.body.contains("href=\"javascript:"), "\(path)")
            #expect(!page.body.contains("<b>"), "\(path)")
        }
        let note = try #require(app.get("/app/notes/notes/hostile"))
        #expect(note.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt;"))
        #expect(note.body.contains("<a href=\"/app/notes/notes/morning-routine\">&lt;script&gt;"))
        for outside in ["/app/notes/..%2F..%2F..%2Fetc%2Fpasswd", "/app/notes/%2Fetc%2Fpasswd", "/app/notes/..%2Fhostile", "/app/notes/.brain%2Fconfig",
                        "/app/notes/etc/passwd", "/app/notes/notes/%2E%2E/%2E%2E/etc/passwd", "/app/notes/notes/.brain/x"] {
            let answer = try #require(app.get(outside))
            #expect(answer.status == 404, "\(outside)")
            #expect(!answer.body.contains("root:"), "\(outside)")
        }
    }
}
