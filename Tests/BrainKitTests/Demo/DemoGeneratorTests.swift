import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct DemoGeneratorTests {
    static let end = Day("2026-11-22")!

    static func temporaryFolder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("brain-demo-\(UUID().uuidString)").path
    }

    /// Every file under `root` (hidden ones too) with its bytes.
    static func snapshot(_ root: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: root))
        for case let relative as String in enumerator {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory)
            if !isDirectory.boolValue { result[relative] = try Data(contentsOf: URL(fileURLWithPath: root + "/" + relative)) }
        }
        return result
    }

    static func texts(_ generator: DemoGenerator) -> [String: String] {
        var result: [String: String] = [:]
        for index in 0..<generator.fileCount {
            let file = generator.file(index)
            result[file.path] = String(decoding: file.bytes, as: UTF8.self)
        }
        return result
    }

    @Test func sameSeedWritesTheSameBytesAndAnotherSeedDiffers() throws {
        let options = DemoOptions(years: 1, habits: 12, notes: 200, seed: 7, end: Self.end)
        let first = Self.temporaryFolder(), second = Self.temporaryFolder(), third = Self.temporaryFolder()
        defer { for root in [first, second, third] { try? FileManager.default.removeItem(atPath: root) } }
        let summary = try DemoWriter.write(options, to: first)
        _ = try DemoWriter.write(options, to: second)
        var other = options
        other.seed = 8
        _ = try DemoWriter.write(other, to: third)
        let a = try Self.snapshot(first), b = try Self.snapshot(second), c = try Self.snapshot(third)
        #expect(a.count == summary.files)
        #expect(a.count == 2 + 6 + 12 + 8 + 200 + 365)
        #expect(a.keys.sorted() == b.keys.sorted())
        for (path, bytes) in a { #expect(b[path] == bytes, "\(path) differs between two runs with one seed") }
        let differing = a.filter { c[$0.key] != $0.value }.count
        #expect(differing > 300, "seed 8 should change most notes and days, changed \(differing)")
    }

    @Test func refusesAFolderThatIsNotEmpty() throws {
        let root = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try "keep me".write(toFile: root + "/mine.md", atomically: true, encoding: .utf8)
        #expect(throws: VaultError.exists(root)) { try DemoWriter.write(DemoOptions(end: Self.end), to: root) }
        #expect(try String(contentsOfFile: root + "/mine.md", encoding: .utf8) == "keep me")
    }

    @Test func twelveHabitsCoverEveryKind() throws {
        let texts = Self.texts(DemoGenerator(DemoOptions(end: Self.end)))
        let habits = texts.filter { $0.key.hasPrefix("habits/") }.values
        #expect(habits.count == 12)
        let everies = Set(habits.compactMap { text in
            text.split(separator: "\n").first { $0.hasPrefix("every: ") }.map { String($0.dropFirst(7)) }
        })
        // One of each frequency form.
        for form in ["day", "weekdays", "weekends", "[mon, wed, fri]", "3/week", "2/month", "2 in 5 days", "every 2 days"] {
            #expect(everies.contains(form), "no habit with every: \(form)")
        }
        for key in ["kind: quit", "target: ", "unit: ", "stack: morning", "after: ", "auto: {source: health",
                    "paused:\n  - \"", "status: archived", "archived: ", "cue: ", "goal: \"[[", "pinned: true"] {
            #expect(habits.contains { $0.contains(key) }, "no habit has \(key)")
        }
        #expect(habits.contains { $0.contains("kind: quit") && !$0.contains("target:") }, "no all-or-nothing quit habit")
        let created = Set(habits.compactMap { text in text.split(separator: "\n").first { $0.hasPrefix("created: ") } })
        #expect(created.count >= 5, "created dates should be spread")
    }

    @Test func goalsHaveSubgoalsMilestonesAndDueDates() {
        let texts = Self.texts(DemoGenerator(DemoOptions(end: Self.end)))
        let goals = texts.filter { $0.key.hasPrefix("goals/") }.values
        #expect(goals.count == 8)
        #expect(goals.filter { $0.contains("parent: \"[[") }.count == 3)
        #expect(goals.contains { $0.contains("- [x] ") && $0.contains("- [ ] ") })
        #expect(goals.contains { $0.contains("status: done") })
        #expect(goals.filter { $0.contains("due: ") }.count >= 6)
        #expect(goals.contains { $0.contains("target: ") && $0.contains("current: ") })
    }

    @Test func dailyFilesCoverEveryDayEndingOnTheGivenDay() {
        let generator = DemoGenerator(DemoOptions(years: 2, habits: 12, notes: 10, end: Self.end))
        let days = Self.texts(generator).keys.filter { $0.hasPrefix("daily/") }.sorted()
        #expect(days.count == 730)
        #expect(days.last == "daily/2026-11-22.md")
        #expect(days.first == "daily/\(Self.end.adding(days: -729)).md")
    }

    @Test func historyHasRealisticRatesRestDaysAndSkips() throws {
        let generator = DemoGenerator(DemoOptions(years: 3, habits: 12, notes: 0, end: Self.end))
        let dailies = Self.texts(generator).filter { $0.key.hasPrefix("daily/") }.values
        var done = 0, total = 0, skips = 0, rest = 0
        var moodWith = [Int](), moodWithout = [Int]()
        for text in dailies {
            if text.contains("rest: true") { rest += 1 }
            let mood = Int(text.split(separator: "\n").first { $0.hasPrefix("mood: ") }!.dropFirst(6))!
            for line in text.split(separator: "\n") where line.contains("[[drink-water]]") || line.contains("[[read]]") {
                total += 1
                if line.hasPrefix("- [x]") { done += 1 }
                if line.hasPrefix("- [-]") { skips += 1 }
            }
            if text.contains("- [x] [[meditate]]") { moodWith.append(mood) } else if text.contains("[[meditate]]") { moodWithout.append(mood) }
        }
        let rate = Double(done) / Double(total)
        #expect(rate > 0.7 && rate < 0.88, "done rate \(rate)")
        #expect(skips > 10)
        let restShare = Double(rest) / Double(dailies.count)
        #expect(restShare > 0.005 && restShare < 0.04, "rest share \(restShare)")
        let average = { (list: [Int]) in Double(list.reduce(0, +)) / Double(max(list.count, 1)) }
        #expect(average(moodWith) > average(moodWithout) + 0.3, "mood should follow meditation")
    }

    @Test func notesHaveTypesTagsAndSeveralLinks() {
        let texts = Self.texts(DemoGenerator(DemoOptions(end: Self.end)))
        let notes = texts.filter { $0.key.hasPrefix("notes/") }
        #expect(notes.count == 200)
        for type in ["link", "reflection", "insight"] { #expect(notes.values.contains { $0.contains("type: \(type)\n") }) }
        let links = notes.values.map { $0.components(separatedBy: "[[").count - 1 }
        #expect(links.allSatisfy { $0 >= 3 }, "every note links at least three times")
        #expect(Double(links.reduce(0, +)) / Double(notes.count) >= 4)
        #expect(notes.values.contains { $0.contains("](") && $0.contains(".md)") }, "some Markdown links")
        #expect(notes.values.contains { $0.range(of: #"#[a-z]+/[a-z]+"#, options: .regularExpression) != nil }, "nested tags")
        #expect(notes.values.contains { $0.contains("pinned: true") })
    }

    @Test func theIndexReadsItWithoutErrors() throws {
        let root = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let summary = try DemoWriter.write(DemoOptions(years: 1, habits: 20, notes: 300, seed: 3, end: Self.end), to: root)
        let index = VaultIndex.open(Vault(root: root))
        #expect(index.records.count == summary.files - 2)
        let errors = index.diagnostics().filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.prefix(5).map(\.description))")
        #expect(index.records.filter { $0.kind == .habit }.count == 20)
        #expect(index.records.reduce(0) { $0 + $1.links.count } > 1500)
    }
}
