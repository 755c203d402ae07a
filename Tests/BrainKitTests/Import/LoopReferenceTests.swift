import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// The re-derived Loop (`LoopReference`) reproduces Loop's own published numbers: the vectors of
/// uhabits' `ScoreListTest` and the `002 Wake up early` export of `HabitsCSVExporterTest`
/// (uhabits v2.3.1, `uhabits-core/assets/test/csv_export/`). Only then is it a fair judge of Brain.
@Suite struct LoopReferenceTests {
    let today = Day("2015-01-25")!

    /// Loop's scores for today, yesterday, … (`checkScoreValues`); days before the first score are 0.
    func newestFirst(_ habit: LoopReference.Habit, count: Int) -> [Double] {
        let scores = Dictionary(uniqueKeysWithValues: LoopReference.scores(habit, today: today).map { ($0.day, $0.score) })
        return (0..<count).map { scores[today.adding(days: -$0)] ?? 0 }
    }

    func habit(numerical: Bool = false, atMost: Bool = false, target: Double = 0, entries: [Int: Int]) -> LoopReference.Habit {
        var habit = LoopReference.Habit(name: "Test", numerical: numerical, atMost: atMost, target: target)
        for (offset, value) in entries { habit.original[today.adding(days: -offset)] = (value, "") }
        return habit
    }

    static func expectClose(_ actual: [Double], _ expected: [Double], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(actual.count == expected.count, sourceLocation: sourceLocation)
        for (index, (a, e)) in zip(actual, expected).enumerated() {
            #expect(abs(a - e) < 1e-6, "day -\(index): \(a) against Loop's \(e)", sourceLocation: sourceLocation)
        }
    }

    static let twentyDays = [0.655747, 0.636894, 0.617008, 0.596033, 0.573910, 0.550574, 0.525961, 0.500000, 0.472617,
                             0.443734, 0.413270, 0.381137, 0.347244, 0.311495, 0.273788, 0.234017, 0.192067, 0.147820,
                             0.101149, 0.051922, 0, 0, 0]

    @Test func yesNoDaily() {
        let entries = Dictionary(uniqueKeysWithValues: (0..<20).map { ($0, LoopReference.yesManual) })
        Self.expectClose(newestFirst(habit(entries: entries), count: 23), Self.twentyDays)
    }

    @Test func yesNoDailyWithSkips() {
        var entries = Dictionary(uniqueKeysWithValues: (0..<20).map { ($0, LoopReference.yesManual) })
        for day in [5, 10, 11] { entries[day] = LoopReference.skip }
        Self.expectClose(newestFirst(habit(entries: entries), count: 23),
                         [0.596033, 0.573910, 0.550574, 0.525961, 0.500000, 0.472617, 0.472617, 0.443734, 0.413270, 0.381137,
                          0.347244, 0.347244, 0.347244, 0.311495, 0.273788, 0.234017, 0.192067, 0.147820, 0.101149,
                          0.051922, 0, 0, 0])
        Self.expectClose(newestFirst(habit(entries: [5: LoopReference.yesManual, 4: LoopReference.skip]), count: 7),
                         [0.041949, 0.044247, 0.046670, 0.049226, 0.051922, 0.051922, 0])
    }

    @Test func imperfectWeeksConverge() {
        var entries: [Int: Int] = [:]
        for week in 0..<100 { entries[week * 7] = LoopReference.yesManual; entries[week * 7 + 1] = LoopReference.yesManual }
        var three = habit(entries: entries)
        three.numerator = 3
        three.denominator = 7
        #expect(abs(newestFirst(three, count: 1)[0] - 2.0 / 3) < 1e-6)
        three.numerator = 4
        #expect(abs(newestFirst(three, count: 1)[0] - 0.5) < 1e-6)
    }

    @Test func numericalAtLeastWithSkips() {
        var entries = Dictionary(uniqueKeysWithValues: (0..<20).map { ($0, 2000) })
        Self.expectClose(newestFirst(habit(numerical: true, target: 2, entries: entries), count: 23), Self.twentyDays)
        entries[10] = LoopReference.skip
        entries[15] = LoopReference.skip
        Self.expectClose(newestFirst(habit(numerical: true, target: 2, entries: entries), count: 23),
                         [0.617008, 0.596033, 0.573910, 0.550574, 0.525961, 0.500000, 0.472617, 0.443734, 0.413270, 0.381137,
                          0.347244, 0.347244, 0.311495, 0.273788, 0.234017, 0.192067, 0.192067, 0.147820, 0.101149, 0.051922,
                          0, 0, 0])
    }

    @Test func numericalAtMost() {
        var entries = Dictionary(uniqueKeysWithValues: (0..<20).map { ($0, 5000) })
        entries[20] = 1000
        Self.expectClose(newestFirst(habit(numerical: true, atMost: true, target: 2, entries: entries), count: 23),
                         [0.344253, 0.363106, 0.382992, 0.403967, 0.426090, 0.449426, 0.474039, 0.500000, 0.527383, 0.556266,
                          0.586730, 0.618863, 0.652756, 0.688505, 0.726212, 0.765983, 0.807933, 0.852180, 0.898851, 0.948078,
                          1.0, 0, 0])
        #expect(abs(newestFirst(habit(numerical: true, atMost: true, target: 2, entries: [1: 10_000_000]), count: 1)[0] - 0.950773) < 1e-6)
    }

    /// Loop's `002 Wake up early` fixture: a 2/3 habit over ten days with notes, as Loop exports it.
    @Test func wakeUpEarlyExportIsLoopsOwn() throws {
        let checks = [true, false, false, true, true, true, false, false, true, true]
        let notes = ["", "Sick", "Forgot to do it, really", "", "", "", "\"Vacation\"", "", "", ""]
        var wake = LoopReference.Habit(name: "Wake up early", question: "Did you wake up before 6am?", numerator: 2, denominator: 3)
        for (offset, check) in checks.enumerated() {
            wake.original[today.adding(days: -offset)] = (check ? LoopReference.yesManual : LoopReference.no, notes[offset])
        }
        let files = LoopReference.export([wake], today: today)
        let checkmarks = String(decoding: try #require(files["001 Wake up early/Checkmarks.csv"]), as: UTF8.self)
        #expect(checkmarks == """
            Date,Value,Notes
            2015-01-25,YES_MANUAL,
            2015-01-24,NO,Sick
            2015-01-23,YES_AUTO,"Forgot to do it, really"
            2015-01-22,YES_MANUAL,
            2015-01-21,YES_MANUAL,
            2015-01-20,YES_MANUAL,
            2015-01-19,YES_AUTO,\"\"\"Vacation\"\"\"
            2015-01-18,YES_AUTO,
            2015-01-17,YES_MANUAL,
            2015-01-16,YES_MANUAL,

            """)
        let scores = String(decoding: try #require(files["001 Wake up early/Scores.csv"]), as: UTF8.self)
        #expect(scores == """
            Date,Score
            2015-01-25,0.2557
            2015-01-24,0.2226
            2015-01-23,0.1991
            2015-01-22,0.1746
            2015-01-21,0.1379
            2015-01-20,0.0995
            2015-01-19,0.0706
            2015-01-18,0.0515
            2015-01-17,0.0315
            2015-01-16,0.0107

            """)
        let habits = String(decoding: try #require(files["Habits.csv"]), as: UTF8.self)
        #expect(habits.hasSuffix("001,Wake up early,YES_NO,Did you wake up before 6am?,,2,3,#00897B,,,,false\n"))
    }
}
