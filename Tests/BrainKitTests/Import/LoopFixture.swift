import Foundation
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Loop exports built by hand for the import tests: habits of every kind the issue names (yes/no
/// daily, 3/7, 2/3, numerical at least and at most), with skips, notes that need quoting, and
/// names in other scripts, their files written by `LoopReference` as Loop writes them.
enum LoopFixture {
    /// The day the export was made; Brain's "today" in the tests is two days later.
    static let exportDay = Day("2026-11-20")!
    static let today = Day("2026-11-22")!
    static let days = 150

    /// A small deterministic generator, so every run builds the same export.
    struct Random {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    /// One habit of each kind; `skips` turns the skips on.
    static func habits(skips: Bool = true) -> [LoopReference.Habit] {
        var random = Random(state: 42)
        func fill(_ habit: inout LoopReference.Habit, rate: Double, skipRate: Double, value: (inout Random) -> Int) {
            for offset in 0..<days {
                let day = exportDay.adding(days: -offset)
                let roll = random.next()
                if skips && roll < skipRate {
                    habit.original[day] = (LoopReference.skip, random.next() < 0.3 ? "away, \"travelling\"" : "")
                } else if roll < skipRate + rate {
                    habit.original[day] = (value(&random), random.next() < 0.05 ? "felt good\nsecond line" : "")
                } else if random.next() < 0.2 {
                    habit.original[day] = (LoopReference.no, random.next() < 0.2 ? "too tired" : "")
                }
            }
        }
        var meditate = LoopReference.Habit(name: "Meditate", question: "Did you meditate this morning?")
        fill(&meditate, rate: 0.7, skipRate: 0.08) { _ in LoopReference.yesManual }
        var gym = LoopReference.Habit(name: "Gym, \"heavy\" days", description: "Squats, deadlifts.\nThen stretch.",
                                      numerator: 3, denominator: 7, color: "#D32F2F")
        fill(&gym, rate: 0.45, skipRate: 0.1) { _ in LoopReference.yesManual }
        var wake = LoopReference.Habit(name: "Wake up early", question: "Did you wake up before 6am?", numerator: 2, denominator: 3)
        fill(&wake, rate: 0.6, skipRate: 0.1) { _ in LoopReference.yesManual }
        var read = LoopReference.Habit(name: "Read", question: "How many pages did you read?", numerical: true, target: 20,
                                       unit: "pages")
        fill(&read, rate: 0.8, skipRate: 0.07) { random in Int(random.next() * 40) * 1000 + (random.next() < 0.2 ? 500 : 0) }
        var coffee = LoopReference.Habit(name: "Coffee", numerical: true, atMost: true, target: 2, unit: "cups")
        fill(&coffee, rate: 0.9, skipRate: 0.05) { random in Int(random.next() * 5) * 1000 }
        // Loop's numerical habits have a target per day, week or month (1/1, 1/7, 1/30): its editor offers no other.
        var run = LoopReference.Habit(name: "Run", numerator: 1, denominator: 7, numerical: true, target: 10, unit: "km")
        fill(&run, rate: 0.4, skipRate: 0.1) { random in 2000 + Int(random.next() * 8000) }
        var cafe = LoopReference.Habit(name: "Café ☕ 日本語", description: "Ünïcödé, and more", numerator: 1, denominator: 7,
                                       archived: true)
        fill(&cafe, rate: 0.2, skipRate: 0.05) { _ in LoopReference.yesManual }
        return [meditate, gym, wake, read, coffee, run, cafe]
    }

    /// The export's files, as `LoopExport(files:)` reads them.
    static func files(skips: Bool = true) -> [String: [UInt8]] {
        LoopReference.export(habits(skips: skips), today: exportDay)
    }

    /// The export read.
    static func export(skips: Bool = true) throws -> LoopExport {
        try LoopExport(files: files(skips: skips), source: "loop")
    }

    /// Loop's scores of one habit folder as written in its `Scores.csv` (read here with a plain
    /// split, not with the import's reader).
    static func scores(_ files: [String: [UInt8]], folder: String) -> [(day: Day, score: Double)] {
        let text = String(decoding: files[folder + "/Scores.csv"] ?? [], as: UTF8.self)
        return text.split(separator: "\n").dropFirst().map { line in
            let parts = line.split(separator: ",")
            return (Day(parts[0])!, Double(parts[1])!)
        }
    }
}

extension LoopFixture {
    /// The committed fixture of the zip tests: `Fixtures/loop/` holds this export unpacked and
    /// zipped the way Loop zips it (make-zip.py). `BRAIN_RECORD=1 swift test --filter LoopFixtureFiles`
    /// writes the folder again; then run make-zip.py.
    static var fixtureFolder: String { MemoryVault.packageRoot + "/Tests/BrainKitTests/Fixtures/loop" }
    static let zipName = "Loop Habits CSV 2026-11-20.zip"

    /// A smaller export for the committed fixture: three habits over 40 days.
    static func smallFiles() -> [String: [UInt8]] {
        let all = habits()
        var chosen = [all[0], all[1], all[3]]
        for index in chosen.indices {
            chosen[index].original = chosen[index].original.filter { $0.key > exportDay.adding(days: -40) }
        }
        return LoopReference.export(chosen, today: exportDay)
    }
}
