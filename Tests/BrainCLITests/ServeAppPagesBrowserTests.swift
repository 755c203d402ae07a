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
        let vault = try TestVault()
        let twin = try TestVault()
        let server = try ServerProcess(vault: vault.root)
        defer { _ = server.stop() }
        func pairing() -> String { vault.run(["serve", "pair"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) }
        var environment = ProcessInfo.processInfo.environment
        environment["BASE"] = server.base
        environment["PAIR"] = pairing()
        environment["PAIR_OTHER"] = pairing()
        environment["VAULT"] = vault.root
        environment["TWIN"] = twin.root
        environment["BRAIN"] = try ConcurrencyTests.executable().path
        environment["SIZE"] = size
        environment["BRAIN_NOW"] = "2026-11-22T09:00:00Z"
        environment["TZ"] = "UTC"
        environment["CHROMEDRIVER"] = ServerProcess.find("chromedriver")
        let script = Repository.root + "/Tests/BrainCLITests/Support/webapp-pages-browser.py"
        let result = try ServerProcess.run("/usr/bin/env", environment.map { "\($0.key)=\($0.value)" } + [Selenium.found.python!, script], timeout: 240)
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr.suffix(3000))")
        #expect(result.stdout.hasSuffix("ok\n"), "\(result.stdout)")
        #expect(result.stdout.contains("ok a [[link]] in a note opens the linked note"))
        #expect(result.stdout.contains("ok a tap on one device shows on the other without a reload"))
        #expect(!server.stderr.contains(" 500 "))
    }
}
