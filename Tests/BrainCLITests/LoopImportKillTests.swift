import Foundation
import Testing
import BrainTestSupport
@testable import BrainKit
@testable import BrainFormat
@testable import BrainStore

/// Step 25, point 2: an import of a Loop export reaching back decades, killed, left a temporary
/// daily file and `.brain/journal` behind, and `validate` then ran for minutes finishing it. A
/// `brain import loop` of thousands of days killed with SIGKILL at moments spread over its run
/// leaves the vault as it was or as the whole import leaves it once the next command (`validate`)
/// has run, with no journal and no temporary file among the notes; the next import then finishes
/// the job and leaves no temporary file anywhere.
@Suite(.serialized) struct LoopImportKillTests {
    static let days = 2000
    static let trials = 6

    /// A Loop export of `days` days of three habits ending on 2026-11-20, as a stored zip.
    static func export(days: Int) -> [UInt8] {
        var random = UInt64(7)
        func roll() -> Double {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return Double(random >> 11) / Double(1 << 53)
        }
        let end = Day("2026-11-20")!
        var habits = "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\n"
        var writer = ZipWriter()
        let kinds = [("001", "Meditate", "YES_NO", "1,1", ",,"), ("002", "Read", "NUMERICAL", "1,1", "pages,AT_LEAST,20.0"),
                     ("003", "Gym", "YES_NO", "3,7", ",,")]
        var folders: [(String, String)] = []
        for (position, name, type, frequency, target) in kinds {
            habits += "\(position),\(name),\(type),,,\(frequency),#00897B,\(target),false\n"
            var checkmarks = "Date,Value,Notes\n"
            for offset in 0..<days {
                let value = type == "NUMERICAL" ? "\(Int(roll() * 40) * 1000)" : (roll() < 0.6 ? "YES_MANUAL" : "NO")
                checkmarks += "\(end.adding(days: -offset)),\(value),\(roll() < 0.02 ? "a note" : "")\n"
            }
            folders.append(("\(position) \(name)/Checkmarks.csv", checkmarks))
        }
        writer.add(stored: "Habits.csv", Array(habits.utf8))
        for (name, text) in folders { writer.add(stored: name, Array(text.utf8)) }
        return writer.finish()
    }

    @Test func aKilledImportLeavesTheVaultAsItWasOrFinished() throws {
        let brain = try ConcurrencyTests.executable().path
        let environment = CraftedZipTests.environment
        let folder = try CraftedZipTests.Folder()
        let zip = try folder.write("Loop Habits CSV 2026-11-20.zip", Self.export(days: Self.days))
        let template = folder.path + "/template"
        #expect(try SpawnedProcess.run(brain, ["init", template], environment: environment).status == 0)
        let before = try Self.files(template)

        // The whole import: the vault it leaves, and how long it takes.
        let whole = folder.path + "/whole"
        try FileManager.default.copyItem(atPath: template, toPath: whole)
        let full = try SpawnedProcess.run(brain, ["--vault", whole, "import", "loop", zip], environment: environment)
        #expect(full.status == 0, "\(full)")
        let after = try Self.files(whole)
        #expect(after.keys.filter { $0.hasPrefix("daily/") }.count > Self.days / 2)
        #expect(try SpawnedProcess.run(brain, ["--vault", whole, "validate"], environment: environment).status == 0)

        var found = (before: 0, after: 0, finished: 0)
        var slowest = 0.0
        for trial in 0..<Self.trials {
            let vault = folder.path + "/trial\(trial)"
            try FileManager.default.copyItem(atPath: template, toPath: vault)
            let process = try SpawnedProcess(brain, ["--vault", vault, "import", "loop", zip], environment: environment)
            // Half the kills anywhere in the run, half in its last part, where the files are written.
            let share = trial % 2 == 0 ? Double.random(in: 0.05..<1) : Double.random(in: 0.7..<1.1)
            usleep(useconds_t(full.seconds * share * 1_000_000))
            process.send(SIGKILL)
            let killed = process.wait()
            if FileManager.default.fileExists(atPath: vault + "/.brain/journal") { found.finished += 1 }

            let validate = try SpawnedProcess.run(brain, ["--vault", vault, "validate"], environment: environment)
            let moment = "trial \(trial) at \(Int(share * 100)) % (\(killed))"
            #expect(validate.status == 0, "\(moment): \(validate)")
            slowest = max(slowest, validate.seconds)
            #expect(!FileManager.default.fileExists(atPath: vault + "/.brain/journal"), "\(moment)")
            let now = try Self.files(vault)
            let beside = Set(now.keys).symmetricDifference(before.keys).sorted().prefix(5)
            #expect(now == before || now == after, "\(moment): \(now.count) files, before \(before.count), after \(after.count); beside before: \(beside)")
            if now == before { found.before += 1 } else if now == after { found.after += 1 }
            #expect(Self.temporaryFiles(vault).filter { !$0.hasPrefix(".brain/") }.isEmpty, "\(moment): \(Self.temporaryFiles(vault))")

            // The next import finishes the job, and no temporary file is left anywhere.
            let again = try SpawnedProcess.run(brain, ["--vault", vault, "import", "loop", zip], environment: environment)
            #expect(again.status == 0, "\(moment): \(again)")
            #expect(try Self.files(vault) == after, "\(moment)")
            #expect(Self.temporaryFiles(vault).isEmpty, "\(moment): \(Self.temporaryFiles(vault))")
            try? FileManager.default.removeItem(atPath: vault)
        }
        print("LoopImportKillTests: \(Self.trials) kills of a \(Self.days)-day import (\(String(format: "%.1f", full.seconds)) s whole): "
              + "\(found.before) found as before, \(found.after) as after, \(found.finished) of them finished by validate from the journal; "
              + "validate took at most \(String(format: "%.1f", slowest)) s")
    }

    /// The vault's files (the index cache aside) and their bytes.
    static func files(_ root: String) throws -> [String: Data] {
        try CraftedZipTests.files(root)
    }

    /// Temporary files of writes (`.NAME.brain-PID-N.tmp`) anywhere in the vault.
    static func temporaryFiles(_ root: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root)!
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = relative.split(separator: "/").last ?? ""
            if TemporaryName.owner(of: name) != nil { found.append(relative) }
        }
        return found.sorted()
    }
}
