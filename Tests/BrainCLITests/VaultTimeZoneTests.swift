import Foundation
import Testing
@testable import BrainCLI
@testable import BrainFormat

/// One vault, one clock: with `time-zone:` set, the same vault and inputs under four `TZ` values
/// (the machines a vault is synced between) give identical files; without it, they do not.
@Suite struct VaultTimeZoneTests {
    static let zones = ["UTC", "Europe/Berlin", "America/Los_Angeles", "Asia/Tokyo"]

    /// Steps near midnight: 23:50 UTC on the 21st is the 22nd in Tokyo and the 21st elsewhere
    /// (the day starts at 04:00).
    static let export = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_GB">
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2026-11-21 23:50:00 +0000" endDate="2026-11-21 23:55:00 +0000" value="9100"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2026-11-20 14:00:00 +0000" endDate="2026-11-20 14:30:00 +0000" value="8200"/>
        </HealthData>

        """

    /// The vault's files (not `.brain/`) after the same commands under `zone`, by path.
    static func files(timeZone setting: String?, machine zone: String) throws -> [String: String] {
        let vault = try TestVault()
        if let setting {
            let config = try vault.read(".brain/config.yml")
            try vault.write(".brain/config.yml", config + "time-zone: \(setting)\n")
        }
        try vault.write("exports/export.xml", export)
        let brain = try ConcurrencyTests.executable().path
        for words in [["done", "read", "12"], ["checkin", "evening", "--mood", "4", "--reflection", "Late."],
                      ["track", "--source", "health", "exports/export.xml"], ["rest", "--date", "2026-11-23", "--reason", "trip"]] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: brain)
            process.arguments = ["--vault", vault.root] + words
            var environment = ProcessInfo.processInfo.environment
            environment["TZ"] = zone
            environment["BRAIN_NOW"] = "2026-11-21T23:58:00Z"
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
        }
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: vault.root)
        while let path = enumerator?.nextObject() as? String {
            if path.hasPrefix(".brain") || path.hasPrefix("exports") { continue }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: vault.root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = try vault.read(path)
            }
        }
        return files
    }

    @Test func theSameInputsUnderFourZonesGiveTheSameFiles() throws {
        let set = try Self.zones.map { try Self.files(timeZone: "Asia/Tokyo", machine: $0) }
        for (zone, files) in zip(Self.zones, set).dropFirst() {
            let differing = Set(files.keys).union(set[0].keys).filter { files[$0] != set[0][$0] }.sorted()
            #expect(differing.isEmpty, "under TZ=\(zone): \(differing)")
        }
        // In Tokyo it is the 22nd: the check-off and the check-in are there, and the steps of
        // 23:50 UTC count for the 22nd.
        let tokyo = set[0]
        #expect(tokyo["daily/2026-11-22.md"]?.contains("[[read]] 12") == true)
        #expect(tokyo["daily/2026-11-22.md"]?.contains("Late.") == true)
        #expect(tokyo["daily/2026-11-21.md"]?.contains("[[read]] 12") != true)
        // Without the setting each machine has its own day: the zones disagree.
        let unset = try ["UTC", "Asia/Tokyo"].map { try Self.files(timeZone: nil, machine: $0) }
        #expect(unset[0] != unset[1], "without time-zone: the machine's zone decides")
    }

    static func config(_ text: String) -> VaultConfig {
        VaultConfig(YAMLReader.parse(Substring(text)).map)
    }

    @Test func theSettingIsAnIANAName() {
        #expect(Self.config("time-zone: Europe/Berlin\n").timeZone?.identifier == "Europe/Berlin")
        #expect(Self.config("time-zone: UTC\n").timeZone?.secondsFromGMT() == 0)
        for bad in ["PST", "Europe/Berlinn", "[a]"] {
            let config = Self.config("time-zone: \(bad)\n")
            #expect(config.timeZone == nil && config.issues.contains { $0.key == "time-zone" }, "\(bad)")
        }
    }

    @Test func initWritesTheMachinesZone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brain-init-zone-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let vault = try TestVault()
        #expect(vault.run(["init", folder]).status == 0)
        let config = try String(contentsOfFile: folder + "/.brain/config.yml", encoding: .utf8)
        // The tests' clock is in UTC (Foundation names it GMT).
        let line = config.split(separator: "\n").first { $0.hasPrefix("time-zone: ") }
        #expect(line == "time-zone: GMT" || line == "time-zone: UTC", "\(line ?? "no time-zone line")")
        #expect(Self.config(config).timeZone?.secondsFromGMT() == 0)
    }
}
