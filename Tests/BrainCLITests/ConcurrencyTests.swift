import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Real `brain` processes started at once on one vault: the vault lock must keep every line.
@Suite(.serialized) struct ConcurrencyTests {
    /// The `brain` executable `swift test` built next to the test bundle.
    static func executable() throws -> URL {
        var candidates: [URL] = []
        let argument0 = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0])
        var folder = argument0.deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(folder.appendingPathComponent("brain"))
            folder.deleteLastPathComponent()
        }
        candidates.append(URL(fileURLWithPath: TestVault.packageRoot + "/.build/debug/brain"))
        let found = candidates.first { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
                && FileManager.default.isExecutableFile(atPath: url.path)
        }
        return try #require(found, "no brain executable near \(argument0.path)")
    }

    /// Starts every command line at once and waits for all of them.
    static func runAll(_ commands: [[String]], vault: TestVault) throws -> [Int32] {
        let brain = try executable()
        var environment = ProcessInfo.processInfo.environment
        environment["BRAIN_NOW"] = "2026-11-22T09:00:00Z"
        environment["TZ"] = "UTC"
        environment["NO_COLOR"] = "1"
        let processes = commands.map { arguments -> Process in
            let process = Process()
            process.executableURL = brain
            process.arguments = ["--vault", vault.root] + arguments
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            return process
        }
        for process in processes { try process.run() }
        for process in processes { process.waitUntilExit() }
        return processes.map(\.terminationStatus)
    }

    @Test func twentyProcessesEachAddTheirOwnLine() throws {
        let vault = try TestVault()
        // The sample has 15 habits, one of them archived: 6 more make 20 that take check-offs.
        for number in 1...6 {
            try vault.write("habits/extra-\(number).md", "---\ntitle: Extra \(number)\nevery: day\n---\n")
        }
        // Index once so the processes do not all rebuild the cache together.
        #expect(vault.run("index").status == 0)
        let habits = try FileManager.default.contentsOfDirectory(atPath: vault.root + "/habits")
            .filter { $0.hasSuffix(".md") && $0 != "cold-shower.md" }
            .map { String($0.dropLast(3)) }
            .sorted()
        #expect(habits.count == 20)
        let commands = habits.map { ["done", $0, "--date", "2026-09-01", "--force"] }
        let day = "daily/2026-09-01.md"
        #expect(!vault.exists(day))
        let statuses = try ConcurrencyTests.runAll(commands, vault: vault)
        #expect(statuses.allSatisfy { $0 == 0 }, "\(statuses)")
        let text = try vault.read(day)
        let lines = DailyEditor.habitLines(in: Document(text: text))
        #expect(Set(lines.map(\.habit)) == Set(habits))
        #expect(lines.count == habits.count, "\(text)")
        #expect(text.hasPrefix("---\ndate: 2026-09-01\n"))
    }

    @Test func tenProcessesOnOneHabitLeaveOneLine() throws {
        let vault = try TestVault()
        #expect(vault.run("index").status == 0)
        let statuses = try ConcurrencyTests.runAll(Array(repeating: ["done", "run", "1", "--add"], count: 10), vault: vault)
        #expect(statuses.allSatisfy { $0 == 0 }, "\(statuses)")
        let lines = DailyEditor.habitLines(in: Document(text: try vault.read("daily/2026-11-22.md")))
        let runs = lines.filter { $0.habit == "run" }
        #expect(runs.count == 1)
        // Each process re-read the file under the lock, so every addition counted.
        #expect(runs.first?.value == 10)
    }

    /// Issue 15, fix 4: `done read` while `read` was renamed wrote `[[read]]`, a line naming no
    /// habit, in 20 of 20 trials. The lock now covers each action's read-plan-write, so one runs
    /// wholly before the other: the check-off always lands on the renamed habit.
    @Test func renameBesideDoneLosesNoCheckOff() throws {
        for trial in 0..<4 {
            let vault = try TestVault()
            #expect(vault.run("index").status == 0)
            let commands = trial % 2 == 0
                ? [["rename", "read", "Read more"], ["done", "read", "12"]]
                : [["done", "read", "12"], ["rename", "read", "Read more"]]
            let statuses = try ConcurrencyTests.runAll(commands, vault: vault)
            #expect(statuses.allSatisfy { $0 == 0 }, "trial \(trial): \(statuses)")
            let lines = DailyEditor.habitLines(in: Document(text: try vault.read("daily/2026-11-22.md")))
            #expect(lines.filter { $0.habit == "read" }.isEmpty, "trial \(trial): a line names the old file")
            let renamed = lines.filter { $0.habit == "read-more" }
            // 12 of the 20 pages a day: logged, the box still open.
            #expect(renamed.count == 1 && renamed.first?.value == 12, "trial \(trial): \(renamed)")
            let validate = vault.run("validate")
            #expect(!validate.stdout.contains("names no habit"), "trial \(trial): \(validate.stdout)")
        }
    }
}
