import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct HistoryTests {
    @Test func logOneHabitTranscript() throws {
        let vault = try TestVault()
        try Golden.check("log-history-read", ["log read", "log run --since 2026-11-09"], vault: vault)
    }

    @Test func logAllSinceTranscript() throws {
        let vault = try TestVault()
        try Golden.check("log-history-since", ["log --since -2", "log --since tomorrow", "log walk --since -3 --date -1"], vault: vault)
    }

    @Test func logUnknownHabitTranscript() throws {
        let vault = try TestVault()
        try Golden.check("log-history-unknown", ["log reed", "log morning-routine"], vault: vault)
        #expect(vault.run("log reed").status == 1)
    }

    @Test func logJSONTranscript() throws {
        let vault = try TestVault()
        try Golden.check("log-history-json", ["log strength --since -6 --json"], vault: vault)
    }

    @Test func daysTranscripts() throws {
        let vault = try TestVault()
        try Golden.check("days", ["days"], vault: vault)
        try Golden.check("days-since", ["days --since 2026-10-25 --date 2026-10-31"], vault: vault)
        try Golden.check("days-json", ["days --since -1 --json"], vault: vault)
    }
}
