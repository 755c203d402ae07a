import Foundation
import Testing
import BrainTestSupport
@testable import BrainCLI

/// The web app installable, offline and accessible in real Chromium
/// (Tests/BrainCLITests/Support/webapp-a11y.py, which runs `brain serve` itself so it can stop
/// and start it), at 390 × 844 with touch and at 1280 × 800: the PNG icons decode at their
/// sizes in the icon's colours, listed by the manifest and linked as apple-touch-icon; axe-core
/// (Support/axe, vendored) finds no serious or critical violation on any /app page, light and
/// dark; with the server stopped the last Today and Check-in stay with the offline notice, and
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
