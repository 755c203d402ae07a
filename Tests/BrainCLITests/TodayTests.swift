import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct TodayTests {
    @Test func todayTranscript() throws {
        let vault = try TestVault()
        try Golden.check("today", ["today"], vault: vault)
    }

    @Test func yesterdayTranscript() throws {
        let vault = try TestVault()
        try Golden.check("today-yesterday", ["today --date yesterday", "today --date someday"], vault: vault)
    }

    @Test func jsonTranscript() throws {
        let vault = try TestVault()
        try Golden.check("today-json", ["today --json"], vault: vault)
    }

    @Test func restDayTranscript() throws {
        let vault = try TestVault()
        try Golden.check("today-rest", ["today --date 2026-10-27"], vault: vault)
    }

    @Test func emptyVaultTranscript() throws {
        let vault = try TestVault(sample: false)
        try FileManager.default.createDirectory(atPath: vault.root + "/.brain", withIntermediateDirectories: true)
        try Golden.check("today-empty", ["today", "today --json"], vault: vault)
    }

    @Test func theDayStartsAtFourSoHalfPastOneIsStillYesterday() throws {
        let vault = try TestVault(now: "2026-11-23T01:30:00Z")
        let result = vault.run("today")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Sunday 2026-11-22"))
        let json = vault.run("today --json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["date"] as? String == "2026-11-22")
    }

    /// `brain today` finds the pins in every file (its own index, beside the journal's): it lists
    /// what `brain pins` lists, after `brain pin`, `brain unpin` and a hand edit.
    @Test func pinnedNotesAreThoseBrainPinsLists() throws {
        let vault = try TestVault()
        func pinned(_ command: String) throws -> [String] {
            let result = vault.run(command)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let list = try #require(object[command.hasPrefix("today") ? "pinned" : "notes"] as? [[String: Any]])
            return list.compactMap { $0["path"] as? String }
        }
        let first = try pinned("today --json")
        let listed = try pinned("pins --json")
        #expect(first.count == 4 && first == listed)
        #expect(vault.run("pin atomic-habits").status == 0)
        #expect(vault.run("unpin morning-routine").status == 0)
        try "---\npinned: true\n---\n# Pinned by hand\n".write(toFile: vault.root + "/inbox.md", atomically: true, encoding: .utf8)
        let after = try pinned("today --json")
        #expect(Set(after) == Set(first).subtracting(["notes/morning-routine.md"]).union(["notes/atomic-habits.md", "inbox.md"]))
        let listedAfter = try pinned("pins --json")
        #expect(after == listedAfter)
        #expect(vault.run("today").stdout.contains("Pinned by hand"))
    }

    @Test func jsonHasTheDocumentedKeys() throws {
        let vault = try TestVault()
        let result = vault.run("today --json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == 1)
        #expect(Set(object.keys) == ["schemaVersion", "date", "weekday", "checkIn", "rest", "restReason", "done", "due", "morning",
                                     "evening", "habits", "stacks", "momentum", "pinned", "coach"])
        let habits = try #require(object["habits"] as? [[String: Any]])
        // The sample's morning stack on a Sunday: journal (weekdays) is not due, so the chain is water → meditate.
        #expect(habits.prefix(2).map { $0["id"] as? String } == ["drink-water", "meditate"])
        let walk = try #require(habits.first { $0["id"] as? String == "walk" })
        #expect(walk["value"] as? Double == 2310 && walk["target"] as? Double == 8000 && walk["auto"] as? Bool == true)
        #expect(walk["state"] as? String == "open")
        let journal = try #require(habits.first { $0["id"] as? String == "journal" })
        #expect(journal["state"] as? String == "not due" && journal["reason"] as? String == "off")
        // Colour never reaches a pipe.
        #expect(!vault.run("today").stdout.contains("\u{1B}["))
    }
}
