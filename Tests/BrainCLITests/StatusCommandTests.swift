import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit

@Suite struct StatusCommandTests {
    @Test func transcript() throws {
        let vault = try TestVault()
        try Golden.check("status", [
            "status",
            "status --date 2026-10-27",
            "status --format '{checkin} {done}/{due} · next {next} · mood {mood}'",
            "status --format '{today} · {rest}'",
            "status --format '{strek}'",
            "status --format '{done'",
            "status --json",
        ], vault: vault)
    }

    @Test func readsNoIndex() throws {
        let vault = try TestVault()
        #expect(!vault.exists(".brain/cache/index.bin"))
        let result = vault.run("status")
        #expect(result.status == 0 && result.stdout == "3/11 done · momentum on fire · review-budget 2mo\n")
        // The index was neither read nor written: no cache appeared.
        #expect(!vault.exists(".brain/cache/index.bin"))
        // Today's note of a check-off shows at once.
        #expect(vault.run("done read").status == 0)
        #expect(vault.run("status --format {done}/{due}").stdout == "4/11\n")
    }

    @Test func plainEvenOnATerminal() throws {
        let vault = try TestVault()
        vault.environment = ["COLORTERM": "truecolor"]
        #expect(!vault.run(["status"], terminal: true).stdout.contains("\u{1B}"))
    }
}
