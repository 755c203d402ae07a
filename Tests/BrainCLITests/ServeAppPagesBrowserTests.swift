import Foundation
import Testing
import BrainTestSupport
@testable import BrainCLI

/// The habit and note pages in real Chromium (Tests/BrainCLITests/Support/webapp-pages-browser.py),
/// at 390 × 844 with touch and at 1280 × 800: Today's row opens a habit's page, whose check-off
/// writes `brain done`'s file and comes back to it; a `[[link]]` in a rendered note opens the
/// linked note; a search; no console error or CSP violation on these pages; and two devices,
/// each paired on its own, where a tap on one shows ✓ on the other without a reload.
@Suite(.serialized) struct ServeAppPagesBrowserTests {
    @Test(.enabled(if: Selenium.found.python != nil, "\(Selenium.found.problem)"), arguments: ["phone", "desktop"])
    func habitAndNotePagesAndTwoDevices(size: String) throws {
        let (result, server) = try ServeBrowserTests.runScript("webapp-pages-browser.py", size: size, pairings: ["PAIR", "PAIR_OTHER"])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr.suffix(3000))")
        #expect(result.stdout.hasSuffix("ok\n"), "\(result.stdout)")
        #expect(result.stdout.contains("ok a [[link]] in a note opens the linked note"))
        #expect(result.stdout.contains("ok a tap on one device shows on the other without a reload"))
        #expect(!server.stderr.contains(" 500 "))
    }
}
