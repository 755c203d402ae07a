import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// `brain track` on a copy of the sample vault with a Health export, a calendar and a CSV file.
@Suite struct TrackCommandTests {
    static let export = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_GB">
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Jo’s iPhone" unit="count" startDate="2026-11-20 09:00:00 +0000" endDate="2026-11-20 09:30:00 +0000" value="6100"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Jo’s Apple Watch" unit="count" startDate="2026-11-20 09:00:00 +0000" endDate="2026-11-20 09:30:00 +0000" value="6300"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Jo’s Apple Watch" unit="count" startDate="2026-11-20 17:00:00 +0000" endDate="2026-11-20 17:30:00 +0000" value="3000"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Jo’s iPhone" unit="count" startDate="2026-11-21 11:00:00 +0000" endDate="2026-11-21 11:30:00 +0000" value="7990"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Jo’s iPhone" unit="count" startDate="2026-11-22 08:00:00 +0000" endDate="2026-11-22 08:30:00 +0000" value="6210"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Jo’s iPhone" unit="count" startDate="2026-11-22 08:40:00 +0000" endDate="2026-11-22 08:50:00 +0000" value="many"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Jo’s iPhone" unit="count" startDate="2026-11-23 08:00:00 +0000" endDate="2026-11-23 08:30:00 +0000" value="99999"/>
        </HealthData>

        """

    static let calendar = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Brain tests//EN",
        "BEGIN:VEVENT", "UID:gym@brain", "SUMMARY:Gym", "DTSTART:20261116T180000Z", "DTEND:20261116T190000Z",
        "RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR", "EXDATE:20261120T180000Z", "END:VEVENT",
        "BEGIN:VEVENT", "UID:gym@brain", "RECURRENCE-ID:20261118T180000Z", "SUMMARY:Gym (short)",
        "DTSTART:20261118T070000Z", "DTEND:20261118T072000Z", "END:VEVENT",
        "END:VCALENDAR",
    ].joined(separator: "\r\n") + "\r\n"

    static let screen = "date,metric,value\n2026-11-19,screen-minutes,200\n2026-11-20,screen-minutes,48\n2026-11-21,screen-minutes,75\n2026-11-22T08:00:00Z,screen-minutes,20\n"

    /// The sample vault with the three files under `exports/` and a habit for each other source.
    static func vault() throws -> TestVault {
        let vault = try TestVault()
        try vault.write("exports/export.xml", export)
        try vault.write("exports/gym.ics", calendar)
        try vault.write("exports/screen.csv", screen)
        try vault.write("habits/gym.md", "---\ntitle: Gym\nevery: [mon, wed, fri]\nauto: {source: calendar, match: \"^gym\", at-least-minutes: 30}\ncreated: 2026-11-01\n---\n")
        // A day marked by hand: the tracker keeps it.
        var day = try vault.read("daily/2026-11-19.md")
        day = day.replacingOccurrences(of: "## Habits\n", with: "## Habits\n- [-] [[screen-time]] long train ride\n")
        try vault.write("daily/2026-11-19.md", day)
        try vault.write("habits/screen-time.md", "---\ntitle: Screens under an hour\nkind: quit\nunit: minutes\nauto: {source: csv, metric: screen-minutes, at-most: 60}\ncreated: 2026-11-01\n---\n")
        return vault
    }

    static let sources = "--source health=exports/export.xml --source calendar=exports/gym.ics --source csv=exports/screen.csv"

    @Test func transcript() throws {
        let vault = try Self.vault()
        try Golden.check("track", [
            "track \(Self.sources) --since 2026-11-15 --dry-run",
            "track \(Self.sources) --since 2026-11-15",
            "track \(Self.sources) --since 2026-11-15",
            "today",
        ], vault: vault)
    }

    /// Every file of the vault, but the index.
    static func files(_ vault: TestVault) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: vault.root))
        while let path = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            guard !path.hasPrefix(".brain/cache"), FileManager.default.fileExists(atPath: vault.root + "/" + path, isDirectory: &isFolder),
                  !isFolder.boolValue else { continue }
            result[path] = try Data(contentsOf: URL(fileURLWithPath: vault.root + "/" + path))
        }
        return result
    }

    /// An export cut short (still being written, or a copy that stopped) changes no day: the line a
    /// whole export wrote stays, and track says why and exits 2.
    @Test func anExportCutShortChangesNoDay() throws {
        let vault = try TestVault()
        func record(_ time: String, _ value: Int) -> String {
            " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Phone\" unit=\"count\" startDate=\"2026-11-21 \(time):00 +0000\" "
                + "endDate=\"2026-11-21 \(time):30 +0000\" value=\"\(value)\"/>\n"
        }
        let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_GB\">\n"
        try vault.write("exports/whole.xml", head + record("09:00", 5000) + record("17:00", 4000) + "</HealthData>\n")
        try vault.write("exports/cut.xml", head + record("09:00", 5000))
        let whole = vault.run(["track", "--source", "health=exports/whole.xml", "--since", "2026-11-21"])
        #expect(whole.status == 0, "\(whole.stderr)")
        let day = try vault.read("daily/2026-11-21.md")
        #expect(day.contains("- [x] [[walk]] 9000 steps (auto: health ≥ 8000)\n"), "\(day)")
        let cut = vault.run(["track", "--source", "health=exports/cut.xml", "--since", "2026-11-21"])
        #expect(cut.status == 2)
        #expect(cut.stderr.contains("exports/cut.xml:3:"), "\(cut.stderr)")
        #expect(cut.stderr.contains(HealthScanner.cutShort("before </HealthData>")), "\(cut.stderr)")
        #expect(try vault.read("daily/2026-11-21.md") == day)
    }

    @Test func runningTwiceGivesTheSameVaultByteForByte() throws {
        let vault = try Self.vault()
        let before = try Self.files(vault)
        let first = vault.run("track \(Self.sources)")
        #expect(first.status == 2, "the export has one bad record: \(first.stderr)")
        let once = try Self.files(vault)
        #expect(once != before)
        #expect(once.keys.filter { !before.keys.contains($0) }.sorted() == [], "every day written has a daily file in the sample vault")
        let second = vault.run("track \(Self.sources) --json")
        let twice = try Self.files(vault)
        #expect(twice == once, "the second run changed \(twice.keys.filter { twice[$0] != once[$0] }.sorted())")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
        #expect((object["changes"] as? [Any])?.isEmpty == true)
        #expect((object["problems"] as? [String]) == ["exports/export.xml:8:2: error: HKQuantityTypeIdentifierStepCount record: value \"many\" is not a number of at least 0"])
    }

    @Test func aBareRunReadsTheFilesOfTheConfig() throws {
        let vault = try Self.vault()
        let home = vault.root + "/home"
        try vault.write("home/Downloads/screen.csv", Self.screen)
        vault.environment["HOME"] = home
        var config = try vault.read(".brain/config.yml")
        config += "\ntrack:\n  health: exports/export.xml\n  calendar: [exports/gym.ics]\n  csv: ~/Downloads/screen.csv\n"
        try vault.write(".brain/config.yml", config)
        let result = vault.run("track --since 2026-11-20")
        #expect(result.status == 2)
        #expect(result.stdout.contains("read health exports/export.xml: 5 records"))
        #expect(result.stdout.contains("read calendar exports/gym.ics: 0 records"), "no session from the 20th to today")
        #expect(result.stdout.contains("read csv ~/Downloads/screen.csv: 3 records"), "\(result.stdout)")
        #expect(try vault.read("daily/2026-11-21.md").contains("- [ ] [[screen-time]] 75 minutes (auto: csv ≤ 60)"))
        #expect(vault.run("validate").stdout.contains("track") == false, "track: is a known setting")
    }

    @Test func mistakesAreRefusedBeforeAnythingIsWritten() throws {
        let vault = try Self.vault()
        let before = try Self.files(vault)
        let badSource = vault.run("track --source fitbit=exports/export.xml")
        #expect(badSource.status == 64 && badSource.stderr.contains("--source takes NAME=FILE with NAME one of health, calendar, csv"))
        let missing = vault.run("track --source health=exports/nope.xml --source csv=exports/screen.csv")
        #expect(missing.status == 1 && missing.stderr.contains("exports/nope.xml: No such file or directory"))
        let none = vault.run("track")
        #expect(none.status == 64 && none.stderr.contains("no source files"))
        let since = vault.run("track \(Self.sources) --since someday")
        #expect(since.status == 64)
        #expect(try Self.files(vault) == before)
    }

    @Test func aBadRuleIsReportedWithItsFileAndLine() throws {
        let vault = try Self.vault()
        try vault.write("habits/steps.md", "---\ntitle: Steps\nauto: {source: health, metric: stpes, at-least: 10000}\n---\n")
        let result = vault.run("validate")
        #expect(result.stdout.contains("habits/steps.md:3:1: error: auto: unknown health metric \"stpes\""), "\(result.stdout)")
        // The habit is not tracked; the others are.
        let track = vault.run("track --source health=exports/export.xml --json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(track.stdout.utf8)) as? [String: Any])
        let habits = try #require(object["habits"] as? [[String: Any]])
        #expect(habits.compactMap { $0["id"] as? String } == ["gym", "screen-time", "walk"])
    }

    @Test func aProgressLineGoesToATerminalOnly() throws {
        let vault = try Self.vault()
        let stdout = TextOutput(isTerminal: false), stderr = TextOutput(isTerminal: true)
        let context = Context(stdout: stdout, stderr: stderr, stdin: ScriptedInput([], isTerminal: false), environment: [:],
                              currentDirectory: vault.root, now: vault.now, timeZone: TimeZone(identifier: "UTC")!)
        let status = BrainCLI.run(["track", "--source", "health=exports/export.xml", "--dry-run"], context: context)
        #expect(status == 2)
        #expect(stderr.text.contains("\rreading 100%"))
        #expect(stderr.text.contains("\r\u{1B}[K"), "the line is cleared when reading ends")
        let piped = vault.run("track --source health=exports/export.xml --dry-run")
        #expect(!piped.stderr.contains("reading"))
    }
}
