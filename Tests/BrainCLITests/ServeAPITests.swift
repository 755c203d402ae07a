import Foundation
import Testing
import BrainTestSupport
@testable import BrainCLI

/// The API gives the values `--json` prints (one model, many views), and a write through it
/// gives the files the same command gives.
@Suite struct ServeAPITests {
    static let reads: [(path: String, command: [String])] = [
        ("/api/today", ["today"]),
        ("/api/today?date=2026-11-20", ["today", "--date", "2026-11-20"]),
        ("/api/status", ["status"]),
        ("/api/habits", ["stats"]),
        ("/api/habits?range=1y", ["stats", "--range", "1y"]),
        ("/api/habits/read", ["stats", "read"]),
        ("/api/habits/read?by=month", ["stats", "read", "--by", "month"]),
        ("/api/goals", ["goals"]),
        ("/api/areas", ["areas"]),
        ("/api/notes", ["list"]),
        ("/api/notes?kind=habit&tag=mind&sort=title&limit=3", ["list", "habit", "--tag", "mind", "--sort", "title", "--limit", "3"]),
        ("/api/notes/read", ["show", "read"]),
        ("/api/notes/run-5k/backlinks", ["backlinks", "run-5k"]),
        ("/api/search?q=after%20the%20flu", ["search", "after the flu"]),
        ("/api/tags", ["tags"]),
        ("/api/tags?sort=count", ["tags", "--sort", "count"]),
    ]

    @Test func readsGiveTheSameJSONAsTheCommandLine() throws {
        let vault = try TestVault()
        let token = try ServeSecurityTests.token(vault)
        let server = try ServerProcess(vault: vault.root)
        defer { _ = server.stop() }
        for (path, command) in Self.reads {
            let answer = try #require(TestClient.request(port: UInt16(server.port), "GET", path, headers: ["Authorization": "Bearer \(token)"]))
            #expect(answer.status == 200, "\(path): \(answer.body)")
            #expect(answer.header("Content-Type") == "application/json")
            let cli = vault.run(command + ["--json"])
            #expect(answer.body == cli.stdout, "GET \(path) differs from brain \(command.joined(separator: " ")) --json")
        }
    }

    /// The same check-offs through the API in one vault and through the command line in its twin.
    @Test func writesGiveByteForByteTheFilesTheCommandLineGives() throws {
        let api = try TestVault()
        let cli = try TestVault()
        let token = try ServeSecurityTests.token(api)
        let server = try ServerProcess(vault: api.root)
        defer { _ = server.stop() }
        let writes: [(path: String, body: String, command: [String])] = [
            ("/api/habits/read/done", #"{"value": 12}"#, ["done", "read", "12"]),
            ("/api/habits/read/done", #"{"value": 9, "add": true}"#, ["done", "read", "9", "--add"]),
            ("/api/habits/run/skip", #"{"reason": "knee hurts"}"#, ["skip", "run", "knee", "hurts"]),
            ("/api/habits/meditate/done", #"{"note": "ten minutes", "date": "yesterday"}"#, ["done", "meditate", "--note", "ten minutes", "--date", "yesterday"]),
            ("/api/habits/meditate/undo", #"{"date": "yesterday"}"#, ["undo", "meditate", "--date", "yesterday"]),
            ("/api/habits/coffee/done", "", ["done", "coffee"]),
            ("/api/checkin/morning", #"{"mood": 4, "energy": 3, "intentions": ["Ship the server"]}"#,
             ["checkin", "morning", "--mood", "4", "--energy", "3", "--intention", "Ship the server"]),
            ("/api/checkin/evening", #"{"mood": 5, "reflection": "A good day."}"#, ["checkin", "evening", "--mood", "5", "--reflection", "A good day."]),
            ("/api/rest", #"{"date": "2026-11-19", "reason": "flu"}"#, ["rest", "--date", "2026-11-19", "--reason", "flu"]),
            ("/api/goals/run-5k/progress", #"{"add": 2}"#, ["goal", "progress", "run-5k", "+2"]),
            ("/api/goals/run-5k/tick", #"{"milestone": "1"}"#, ["goal", "tick", "run-5k", "1"]),
        ]
        for (path, body, command) in writes {
            let answer = try #require(TestClient.request(port: UInt16(server.port), "POST", path,
                                                         headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"], body: body))
            let twin = cli.run(command + ["--json"])
            #expect(twin.status == 0, "\(twin.stderr)")
            #expect(answer.status == 200, "\(path): \(answer.body)")
            #expect(answer.body == twin.stdout, "POST \(path) answers otherwise than brain \(command.joined(separator: " ")) --json")
        }
        for file in ["daily/2026-11-22.md", "daily/2026-11-21.md", "daily/2026-11-19.md", "goals/run-5k.md"] {
            #expect(try api.read(file) == cli.read(file), "\(file) differs")
        }
        #expect(try api.read("daily/2026-11-22.md").contains("- [x] [[read]] 21 pages"))
        // A new note: its file, in the same place with the same bytes.
        let created = try #require(TestClient.request(port: UInt16(server.port), "POST", "/api/notes",
            headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"],
            body: #"{"kind": "insight", "title": "Servers are clients", "tags": ["brain"]}"#))
        #expect(created.status == 201, "\(created.body)")
        let twin = cli.run(["new", "insight", "Servers", "are", "clients", "--tag", "brain", "--json"])
        #expect(created.body == twin.stdout)
    }

    @Test func errorsAreJSONWithTheCommandLinesWords() throws {
        let vault = try TestVault()
        let token = try ServeSecurityTests.token(vault)
        let server = try ServerProcess(vault: vault.root)
        defer { _ = server.stop() }
        let port = UInt16(server.port)
        let auth = ["Authorization": "Bearer \(token)"]
        let json = auth.merging(["Content-Type": "application/json"]) { $1 }
        func error(_ answer: TestResponse?) throws -> (Int, String, String) {
            let answer = try #require(answer)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])
            let error = try #require(object["error"] as? [String: Any])
            #expect(object["schemaVersion"] as? Int == 1)
            return (answer.status, error["code"] as? String ?? "", error["message"] as? String ?? "")
        }
        let unknown = try error(TestClient.request(port: port, "POST", "/api/habits/nope/done", headers: json, body: "{}"))
        let cli = vault.run(["done", "nope"])
        #expect(unknown.0 == 404 && unknown.1 == "not-found")
        #expect(cli.stderr == "brain: " + unknown.2 + "\n")
        let future = try error(TestClient.request(port: port, "POST", "/api/habits/read/done", headers: json, body: #"{"date": "2026-12-01"}"#))
        #expect(future.0 == 409 && future.1 == "refused")
        #expect(vault.run(["done", "read", "--date", "2026-12-01"]).stderr.contains(future.2))
        let badDate = try error(TestClient.request(port: port, "GET", "/api/today?date=someday", headers: auth))
        #expect(badDate.0 == 400 && badDate.1 == "invalid-argument")
        #expect(try error(TestClient.request(port: port, "POST", "/api/habits/read/done", headers: json, body: #"{"value": "lots"}"#)).0 == 400)
        #expect(try error(TestClient.request(port: port, "POST", "/api/habits/read/done", headers: json, body: #"{"value": -1}"#)).0 == 400)
        #expect(try error(TestClient.request(port: port, "POST", "/api/habits/read/done", headers: json, body: "[1, 2")).0 == 400)
        #expect(try error(TestClient.request(port: port, "POST", "/api/habits/read/done",
                                             headers: auth.merging(["Content-Type": "text/plain"]) { $1 }, body: "12")).0 == 415)
        let notAllowed = try #require(TestClient.request(port: port, "GET", "/api/rest", headers: auth))
        #expect(notAllowed.status == 405 && notAllowed.header("Allow") == "POST")
        #expect(TestClient.request(port: port, "DELETE", "/api/today", headers: auth)?.status == 405)
        #expect(TestClient.request(port: port, "GET", "/api/nothing", headers: auth)?.status == 404)
        #expect(try error(TestClient.request(port: port, "POST", "/api/checkin/noon", headers: json, body: "{}")).0 == 404)
        // Nothing of the above wrote anything.
        #expect(!vault.exists("daily/2026-12-01.md"))
    }

    @Test func aCrossOriginWriteWithASessionWritesNothing() throws {
        let vault = try TestVault()
        let server = try ServerProcess(vault: vault.root)
        defer { _ = server.stop() }
        let port = UInt16(server.port)
        let code = String(vault.run(["serve", "pair"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "=").last!)
        let paired = try #require(TestClient.request(port: port, "POST", "/pair", headers: ["Origin": "http://127.0.0.1:\(port)"], body: "code=\(code)"))
        let cookie = String(try #require(paired.header("Set-Cookie")).split(separator: ";")[0])
        let before = try vault.read("daily/2026-11-22.md")
        for headers in [["Origin": "http://evil.example"], ["Sec-Fetch-Site": "cross-site"], ["Origin": "null"], [:]] {
            let answer = try #require(TestClient.request(port: port, "POST", "/api/habits/read/done",
                                                         headers: headers.merging(["Cookie": cookie, "Content-Type": "application/json"]) { $1 }, body: "{}"))
            #expect(answer.status == 403, "\(headers)")
        }
        #expect(try vault.read("daily/2026-11-22.md") == before)
        let same = try #require(TestClient.request(port: port, "POST", "/api/habits/read/done",
            headers: ["Cookie": cookie, "Origin": "http://127.0.0.1:\(port)", "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json"], body: "{}"))
        #expect(same.status == 200)
    }

    @Test func aSymbolicLinkToOutsideTheVaultIsNeverRead() throws {
        let vault = try TestVault()
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("brain-outside-\(UUID().uuidString).md").path
        try "---\ntitle: Outside\n---\nSECRET-OUTSIDE #leak\n".write(toFile: outside, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try FileManager.default.createSymbolicLink(atPath: vault.root + "/notes/outside.md", withDestinationPath: outside)
        let token = try ServeSecurityTests.token(vault)
        let server = try ServerProcess(vault: vault.root)
        defer { _ = server.stop() }
        let port = UInt16(server.port)
        let auth = ["Authorization": "Bearer \(token)"]
        for path in ["/api/notes/outside", "/api/search?q=SECRET-OUTSIDE", "/api/tags", "/api/notes"] {
            let answer = try #require(TestClient.request(port: port, "GET", path, headers: auth))
            #expect(!answer.body.contains("SECRET-OUTSIDE") && !answer.body.contains("\"leak\""), "\(path)")
        }
        #expect(TestClient.request(port: port, "GET", "/api/notes/outside", headers: auth)?.status == 404)
    }
}

extension ServeAPITests {
    /// `GET /feed.ics` is what `brain export ics` prints, but for today's occurrences of the habits
    /// already done (an EXDATE each, docs/REMINDERS.md), and a calendar app may give its token in the
    /// query; the log shows no query.
    @Test func theFeedIsTheCalendarExportWithTheTokenInTheQuery() throws {
        let vault = try TestVault()
        let token = try ServeSecurityTests.token(vault)
        let server = try ServerProcess(vault: vault.root)
        let port = UInt16(server.port)
        let byHeader = try #require(TestClient.request(port: port, "GET", "/feed.ics", headers: ["Authorization": "Bearer \(token)"]))
        #expect(byHeader.status == 200)
        #expect(byHeader.header("Content-Type") == "text/calendar; charset=utf-8")
        let cli = vault.run(["export", "ics"])
        #expect(cli.status == 0)
        // Meditate (07:15) and Spanish (08:00) are done on Sunday the 22nd; read (21:30) is not.
        #expect(byHeader.body.contains("EXDATE:20261122T071500\r\n") && byHeader.body.contains("EXDATE:20261122T080000\r\n"))
        #expect(!byHeader.body.contains("EXDATE:20261122T213000"))
        let today = byHeader.body.components(separatedBy: "\r\n").filter { !($0.hasPrefix("EXDATE:20261122T") && $0.count == 22) }
        #expect(today.joined(separator: "\r\n") == cli.stdout, "the feed is the export but for today's EXDATEs")
        #expect(byHeader.body.hasPrefix("BEGIN:VCALENDAR"))
        #expect(TestClient.request(port: port, "GET", "/feed.ics?token=\(token)")?.body == byHeader.body)
        #expect(TestClient.request(port: port, "GET", "/feed.ics?token=brain_nope")?.status == 401)
        // The query token is for the feed only.
        #expect(TestClient.request(port: port, "GET", "/api/today?token=\(token)")?.status == 401)
        #expect(server.stop() == 0)
        #expect(!server.stderr.contains(token))
        #expect(server.stderr.contains("GET /feed.ics 200 "))
    }
}

extension ServeAPITests {
    /// `/d/HABIT`: a paired phone opens the page (an NFC tag, a home-screen link) and taps Done;
    /// the daily file is the one `brain done` writes. The habit's words are escaped.
    @Test func theConfirmPageChecksAHabitOffInOneTap() throws {
        let vault = try TestVault()
        let twin = try TestVault()
        try vault.write("habits/read.md", try vault.read("habits/read.md").replacingOccurrences(of: "title: Read 20 pages", with: "title: \"Read <script>x</script> & more\""))
        try twin.write("habits/read.md", try vault.read("habits/read.md"))
        let server = try ServerProcess(vault: vault.root)
        defer { _ = server.stop() }
        let port = UInt16(server.port)
        #expect(TestClient.request(port: port, "GET", "/d/read")?.status == 401)
        let code = String(vault.run(["serve", "pair"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "=").last!)
        let origin = "http://127.0.0.1:\(port)"
        let paired = try #require(TestClient.request(port: port, "POST", "/pair", headers: ["Origin": origin], body: "code=\(code)"))
        let cookie = String(try #require(paired.header("Set-Cookie")).split(separator: ";")[0])
        let page = try #require(TestClient.request(port: port, "GET", "/d/read", headers: ["Cookie": cookie]))
        #expect(page.status == 200)
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        #expect(page.body.contains("Read &lt;script&gt;x&lt;/script&gt; &amp; more"))
        #expect(!page.body.contains("<script"))
        #expect(page.body.contains("<form method=\"post\" action=\"/d/read\">"))
        #expect(page.body.contains("name=\"value\""))
        #expect(page.body.contains("2026-11-22: open"))
        let form = ["Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"]
        #expect(TestClient.request(port: port, "POST", "/d/read", headers: form.merging(["Origin": "http://evil.example"]) { $1 }, body: "value=25")?.status == 403)
        let done = try #require(TestClient.request(port: port, "POST", "/d/read", headers: form.merging(["Origin": origin]) { $1 }, body: "value=25"))
        #expect(done.status == 303)
        #expect(done.header("Location") == "/d/read")
        #expect(twin.run(["done", "read", "25"]).status == 0)
        #expect(try vault.read("daily/2026-11-22.md") == twin.read("daily/2026-11-22.md"))
        let after = try #require(TestClient.request(port: port, "GET", "/d/read", headers: ["Cookie": cookie]))
        #expect(after.body.contains("2026-11-22: done"))
        #expect(TestClient.request(port: port, "GET", "/d/nope", headers: ["Cookie": cookie])?.status == 404)
    }
}
