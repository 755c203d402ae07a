import Foundation
import Testing
import BrainTestSupport
@testable import BrainCLI

/// A tap from the page's script (`?fragment=row`) is answered with the habit's row alone: the
/// row the whole Today page renders for the same state, after the same write the form makes
/// without the script (the file `brain done`, `skip` and `undo` write in a twin vault).
@Suite struct ServeAppRowTests {
    @Test func theRowAnsweredIsTheRowOfTheWholePage() throws {
        let app = try ServeAppTests.Paired(try TestVault())
        let twin = try TestVault()
        defer { _ = app.server.stop() }
        let steps: [(path: String, body: String, command: [String], shows: String)] = [
            ("/app/habits/coffee/done", "", ["done", "coffee"], "aria-label=\"At most two coffees: done; undo\""),
            ("/app/habits/read/done", "value=12", ["done", "read", "12"], "12 of 20 pages"),
            ("/app/habits/read/done", "value=9&add=1", ["done", "read", "9", "--add"], "21 of 20 pages"),
            ("/app/habits/run/skip", "reason=knee+hurts+%26+more", ["skip", "run", "knee", "hurts", "&", "more"], "skipped: knee hurts &amp; more"),
            ("/app/habits/coffee/undo", "", ["undo", "coffee"], "aria-label=\"Enter an amount for At most two coffees\""),
            // Named by its title, as the command line takes it: the row is the habit's (its id).
            ("/app/habits/Strength/done", "", ["done", "Strength"], "aria-label=\"Strength training: done; undo\""),
        ]
        for step in steps {
            let answer = try #require(app.post(step.path + "?fragment=row", step.body))
            #expect(answer.status == 200, "\(step.path): \(answer.body)")
            #expect(answer.header("Content-Type") == "text/html; charset=utf-8")
            let habit = step.path.split(separator: "/")[2].lowercased()
            #expect(answer.body.hasPrefix("<li class=\"habit ") && answer.body.contains(" id=\"h-\(habit)\""), "\(answer.body)")
            #expect(answer.body.hasSuffix("</li>\n") && !answer.body.contains("<main"))
            #expect(answer.body.contains(step.shows), "\(step.path) \(step.body): \(answer.body)")
            let cli = twin.run(step.command)
            #expect(cli.status == 0, "\(cli.stderr)")
            #expect(try app.vault.read("daily/2026-11-22.md") == twin.read("daily/2026-11-22.md"), "after \(step.path) \(step.body)")
            let page = try #require(app.get("/app"))
            #expect(page.body.contains(answer.body), "the page's row of \(habit) differs from \(answer.body)")
            // And the page of a server started afresh on the twin vault (its journal read from the files).
            let fresh = try ServeAppTests.Paired(twin)
            defer { _ = fresh.server.stop() }
            #expect(try #require(fresh.get("/app")).body.contains(answer.body), "a fresh server's row of \(habit) differs")
        }
    }

    /// A tap that fails is answered with the whole page and the library's message, as without
    /// the script; nothing is written.
    @Test func aFailedTapIsAnsweredWithThePageAndItsMessage() throws {
        let app = try ServeAppTests.Paired(try TestVault())
        defer { _ = app.server.stop() }
        let before = try app.vault.read("daily/2026-11-22.md")
        let bad = try #require(app.post("/app/habits/read/done?fragment=row", "value=lots"))
        #expect(bad.status == 400)
        #expect(bad.body.contains("<main id=\"main\">"))
        #expect(bad.body.contains("role=\"alert\">the amount must be a number from 0, not &quot;lots&quot;"))
        let unknown = try #require(app.post("/app/habits/nope/done?fragment=row", ""))
        #expect(unknown.status == 404)
        #expect(unknown.body.contains("<main id=\"main\">") && unknown.body.contains("role=\"alert\""))
        #expect(try app.vault.read("daily/2026-11-22.md") == before)
    }
}
