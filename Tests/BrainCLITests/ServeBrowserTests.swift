import Foundation
import Testing
import BrainTestSupport
@testable import BrainCLI

/// selenium (PyPI) in a virtual environment (scripts/selenium-venv.sh, which `.ci/run` calls;
/// `BRAIN_SELENIUM_PYTHON` names one) with Debian's chromium and chromium-driver, or why not.
enum Selenium {
    static let found: (python: String?, problem: String) = {
        guard let chromedriver = ServerProcess.find("chromedriver") else {
            return (nil, "chromedriver is missing (Debian's chromium-driver)")
        }
        guard ServerProcess.find("chromium") != nil else { return (nil, "chromium is missing (Debian's chromium)") }
        _ = chromedriver
        let environment = ProcessInfo.processInfo.environment
        if let python = environment["BRAIN_SELENIUM_PYTHON"], FileManager.default.isExecutableFile(atPath: python) { return (python, "") }
        guard let result = try? ServerProcess.run("/usr/bin/env", ["bash", Repository.root + "/scripts/selenium-venv.sh"], timeout: 300),
              result.status == 0 else {
            return (nil, "selenium could not be installed (scripts/selenium-venv.sh)")
        }
        return (result.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "")
    }()
}

/// The web app in real Chromium (Tests/BrainCLITests/Support/webapp-browser.py), at 390 × 844
/// with touch and at 1280 × 800: pairing; a tap, an amount, a skip with a reason and an undo,
/// each leaving the daily file `brain` leaves in a twin vault; both check-ins; a `brain done`
/// in a terminal showing on the open page without a reload; no console error or CSP violation;
/// 44 px touch targets; and with JavaScript off, the same check-off through the form.
@Suite(.serialized) struct ServeBrowserTests {
    @Test(.enabled(if: Selenium.found.python != nil, "\(Selenium.found.problem)"), arguments: ["phone", "desktop"])
    func theWebAppInChromium(size: String) throws {
        let (result, server) = try Self.runScript("webapp-browser.py", size: size, pairings: ["PAIR", "PAIR_NOJS"])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr.suffix(3000))")
        #expect(result.stdout.hasSuffix("ok\n"), "\(result.stdout)")
        #expect(!server.stderr.contains(" 500 "))
    }

    /// Runs a browser script of Support/ at `size` against `brain serve` on a fresh sample vault
    /// (`VAULT`), with a twin for the CLI (`TWIN`) and one pairing link in each of `pairings`.
    /// The server is stopped when the script ends; its log stays readable.
    static func runScript(_ name: String, size: String, pairings: [String]) throws
        -> (result: (status: Int32, stdout: String, stderr: String), server: ServerProcess) {
        let vault = try TestVault()
        let twin = try TestVault()
        let server = try ServerProcess(vault: vault.root)
        defer { _ = server.stop() }
        var environment = ProcessInfo.processInfo.environment
        environment["BASE"] = server.base
        for key in pairings { environment[key] = vault.run(["serve", "pair"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) }
        environment["VAULT"] = vault.root
        environment["TWIN"] = twin.root
        environment["BRAIN"] = try ConcurrencyTests.executable().path
        environment["SIZE"] = size
        environment["BRAIN_NOW"] = "2026-11-22T09:00:00Z"
        environment["TZ"] = "UTC"
        environment["CHROMEDRIVER"] = ServerProcess.find("chromedriver")
        let script = Repository.root + "/Tests/BrainCLITests/Support/" + name
        let result = try ServerProcess.run("/usr/bin/env", environment.map { "\($0.key)=\($0.value)" } + [Selenium.found.python!, script], timeout: 240)
        return (result, server)
    }
}
