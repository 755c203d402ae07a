import Testing
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore

/// Step 17, point 6: a flag typed by hand means what it says in every reader (`rest: yes` is a
/// rest day for the journal as for `validate`), and anything else is a warning.
@Suite struct HandTypedValuesTests {
    @Test func flagsReadYesNoOnOffInAnyCase() throws {
        var files: [String: String] = ["habits/read.md": "---\ntitle: Read\nevery: day\ncreated: 2026-11-01\n---\n"]
        let written = ["yes", "Yes", "ON", "true", "True", "no", "Off", "FALSE", "maybe"]
        for (offset, text) in written.enumerated() {
            files["daily/2026-11-\(String(format: "%02d", offset + 10)).md"] = "---\nrest: \(text)\n---\n"
        }
        files["notes/pinned.md"] = "---\npinned: yes\n---\n# Pinned\n"
        let (vault, _) = MemoryVault.make(files)
        let index = VaultIndex.open(vault)
        let journal = Journal(index: index)
        let rest = written.indices.map { journal.checkIn(on: Day("2026-11-\(String(format: "%02d", $0 + 10))")!)?.rest }
        #expect(rest == [true, true, true, true, true, false, false, false, false])
        #expect(index.records.first { $0.path == "notes/pinned.md" }?.pinned == true)
        let report = ValidationReport(index: index)
        let flagged = report.diagnostics.filter { $0.message.hasPrefix("rest must be true or false") }
        #expect(flagged.map(\.path) == ["daily/2026-11-18.md"], "only maybe: \(report.diagnostics.map(\.message))")
        #expect(flagged.allSatisfy { $0.severity == .warning })
    }

    /// A goal due before it starts is a warning on its `due:` line.
    @Test func aGoalDueBeforeItStartsIsAWarning() throws {
        let (vault, _) = MemoryVault.make(["goals/trip.md": "---\ntitle: Trip\nstart: 2026-12-01\ndue: 2026-11-01\n---\n"])
        let report = ValidationReport(index: VaultIndex.open(vault))
        let found = report.diagnostics.filter { $0.path == "goals/trip.md" }
        #expect(found.map(\.message) == ["due 2026-11-01 is before start 2026-12-01"])
        #expect(found.first?.severity == .warning && found.first?.line == 4)
    }
}
