import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainAnalytics

/// `brain tui` follows the vault by a check each second that reads nothing while the journal's
/// files are as its index read them (`TuiApp.reloadIfChanged`): the grid is built again after a
/// change made by another command, and only then.
@Suite struct TuiAppTests {
    @Test func theGridIsReadAgainOnlyWhenTheVaultChanged() throws {
        let vault = try TestVault()
        let context = Context(stdout: TextOutput(), stderr: TextOutput(), stdin: ScriptedInput([], isTerminal: false),
                              environment: [:], currentDirectory: vault.root, now: vault.now,
                              timeZone: TimeZone(identifier: "UTC")!)
        let app = TuiApp(session: Session(context: context, arguments: try Arguments.parse([], spec: TuiCommand.spec)),
                         style: Style(mode: .none))
        app.rows = 50
        app.columns = 200
        app.reload()
        func callFamilyToday() throws -> WeekGrid.Mark {
            let row = try #require(app.grid?.rows.first { $0.id == "call-family" })
            return try #require(row.marks.last)
        }
        #expect(try callFamilyToday() != .done)
        #expect(app.reloads == 1)
        for _ in 0..<3 { app.reloadIfChanged() }
        #expect(app.reloads == 1, "nothing changed, nothing read")

        // File times move with the kernel's clock tick: let one pass since the index read them.
        Thread.sleep(forTimeInterval: 0.01)
        #expect(vault.run(["done", "call-family"]).status == 0)
        app.reloadIfChanged()
        #expect(app.reloads == 2)
        #expect(try callFamilyToday() == .done)
        app.reloadIfChanged()
        #expect(app.reloads == 2)
    }

    /// `brain tui --measure` (what bench/tui.sh runs) draws the grid, and its check of an
    /// unchanged vault read the vault no time.
    @Test func measureDrawsTheGridAndTheUnchangedCheckReadsNothing() throws {
        let vault = try TestVault()
        let run = vault.run(["tui", "--measure"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect((object["habits"] as? Int ?? 0) > 0)
        #expect(object["days"] as? Int == 60)
        #expect((object["bytes"] as? Int ?? 0) > 0)
        #expect(object["checkReloads"] as? Int == 0)
        #expect(object["checkSeconds"] is Double && object["ratio"] is Double)
    }
}
