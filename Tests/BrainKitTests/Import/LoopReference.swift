import Foundation
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Loop Habit Tracker as the import must read it: its computed entries, its scores and its CSV
/// export, re-derived from Loop's own rules (uhabits v2.3.1: `EntryList.recomputeFrom`,
/// `ScoreList.recompute`, `Frequency`, `HabitsCSVExporter`, `HabitList.writeCSV`) and written
/// here from scratch, without any of Brain's analytics, so a test can hold Brain's strength
/// against it. Checked against Loop's published test vectors in `LoopReferenceTests`.
struct LoopReference {
    static let yesManual = 2, yesAuto = 1, no = 0, skip = 3, unknown = -1

    struct Habit {
        var name: String
        var question = ""
        var description = ""
        var numerator = 1
        var denominator = 1
        var numerical = false
        var atMost = false
        var target = 0.0
        var unit = ""
        var color = "#00897B"
        var archived = false
        /// The entries the person made: Loop's codes, or numbers × 1000; notes.
        var original: [Day: (value: Int, notes: String)] = [:]

        /// `Frequency`'s constructor: N/N is 1/1.
        var frequency: (Int, Int) { numerator == denominator ? (1, 1) : (numerator, denominator) }
    }

    // MARK: EntryList.recomputeFrom

    /// The entries Loop computes: numerical habits copy the originals; yes/no habits fill the
    /// intervals their frequency covers with YES_AUTO. Unknown days without notes are dropped.
    static func computed(_ habit: Habit) -> [Day: (value: Int, notes: String)] {
        if habit.numerical { return habit.original }
        let original = habit.original.sorted { $0.key > $1.key }
        guard !original.isEmpty else { return [:] }
        let (num, den) = habit.frequency
        // buildIntervals: every run of `num` repetitions opens an interval of `den` days at its oldest one.
        let repetitions = original.filter { $0.value.value == yesManual }.map(\.key)
        var intervals: [(begin: Day, center: Day, end: Day)] = []
        if num - 1 < repetitions.count {
            for i in (num - 1)..<repetitions.count {
                let begin = repetitions[i]
                let center = repetitions[i - num + 1]
                var size = den
                if den == 30 || den == 31 {
                    let monthLength = Day.daysIn(month: begin.month, year: begin.year)
                    if begin.dayOfMonth == monthLength {
                        let next = begin.adding(days: 1)
                        size = Day.daysIn(month: next.month, year: next.year)
                    } else {
                        size = monthLength
                    }
                }
                if begin.distance(to: center) < size {
                    intervals.append((begin, center, begin.adding(days: size - 1)))
                }
            }
        }
        // snapIntervalsTogether: slide older intervals back to close gaps.
        if intervals.count > 1 {
            for i in 1..<intervals.count {
                let current = intervals[i]
                let next = intervals[i - 1]
                let gapNextToCurrent = next.begin.distance(to: current.end)
                let gapCenterToEnd = current.center.distance(to: current.end)
                if gapNextToCurrent >= 0 {
                    let shift = min(gapCenterToEnd, gapNextToCurrent + 1)
                    intervals[i] = (current.begin.adding(days: -shift), current.center, current.end.adding(days: -shift))
                }
            }
        }
        // buildEntriesFromInterval.
        var from = original.map(\.key).min()!
        var to = original.map(\.key).max()!
        for interval in intervals {
            from = min(from, interval.begin)
            to = max(to, interval.end)
        }
        var result: [Day: (value: Int, notes: String)] = [:]
        var day = from
        while day <= to {
            result[day] = (unknown, "")
            day = day.adding(days: 1)
        }
        for interval in intervals {
            var day = interval.begin
            while day <= interval.end {
                result[day] = (yesAuto, "")
                day = day.adding(days: 1)
            }
        }
        for (day, entry) in original {
            let keep = result[day]!.value == unknown || entry.value == skip || entry.value == yesManual
            result[day] = (keep ? entry.value : yesAuto, entry.notes)
        }
        return result.filter { $0.value.value != unknown || !$0.value.notes.isEmpty }
    }

    // MARK: ScoreList.recompute

    /// Loop's score of every day from the oldest computed entry through `today` (oldest first).
    static func scores(_ habit: Habit, today: Day) -> [(day: Day, score: Double)] {
        let computed = computed(habit)
        let from = min(computed.keys.min() ?? today, today)
        let days = from.distance(to: today) + 1
        let values = (0..<days).map { computed[from.adding(days: $0)]?.value ?? unknown }
        var (numerator, denominator) = habit.frequency
        let frequency = Double(numerator) / Double(denominator)
        if !habit.numerical && frequency < 1 {
            numerator *= 2
            denominator *= 2
        }
        let multiplier = pow(0.5, frequency.squareRoot() / 13)
        var previous = habit.numerical && habit.atMost ? 1.0 : 0.0
        var rollingSum = 0.0
        var result: [(Day, Double)] = []
        for index in 0..<days {
            let value = values[index]
            let older = index - denominator >= 0 ? values[index - denominator] : nil
            if habit.numerical {
                rollingSum += Double(max(0, value))
                if let older { rollingSum -= Double(max(0, older)) }
                let normalized = rollingSum / 1000
                if value != skip {
                    let completed: Double
                    if !habit.atMost {
                        completed = habit.target > 0 ? min(1, normalized / habit.target) : 1
                    } else if habit.target > 0 {
                        completed = min(1, max(0, 1 - (normalized - habit.target) / habit.target))
                    } else {
                        completed = normalized > 0 ? 0 : 1
                    }
                    previous = previous * multiplier + completed * (1 - multiplier)
                }
            } else {
                if value == yesManual { rollingSum += 1 }
                if let older, older == yesManual { rollingSum -= 1 }
                if value != skip {
                    let completed = min(1, rollingSum / Double(numerator))
                    previous = previous * multiplier + completed * (1 - multiplier)
                }
            }
            result.append((from.adding(days: index), previous))
        }
        return result
    }

    // MARK: HabitsCSVExporter

    /// opencsv's `CSVWriter.writeNext(row, false)`: a field is quoted only when it holds a quote,
    /// a comma or a line break, quotes doubled; records end in "\n".
    static func csvRow(_ fields: [String]) -> String {
        fields.map { field in
            let special = field.contains("\"") || field.contains(",") || field.contains("\n") || field.contains("\r")
            return special ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
        }.joined(separator: ",") + "\n"
    }

    /// `Entry.formattedValue`.
    static func formatted(_ value: Int) -> String {
        switch value {
        case yesManual: return "YES_MANUAL"
        case yesAuto: return "YES_AUTO"
        case no: return "NO"
        case skip: return "SKIP"
        case unknown: return "UNKNOWN"
        default: return String(value)
        }
    }

    /// Kotlin's `Double.toString()` for the targets used here (`10.0`, `2.5`).
    static func kotlinDouble(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e7 ? "\(Int(value)).0" : "\(value)"
    }

    /// `HabitsCSVExporter.sanitizeFilename`: only ` a-zA-Z0-9._-` kept, at most 100 characters.
    static func sanitized(_ name: String) -> String {
        String(name.filter { $0.isASCII && ($0.isLetter || $0.isNumber || " ._-".contains($0)) }.prefix(100))
    }

    /// The files of the export made on `today` (paths relative to the export's root).
    static func export(_ habits: [Habit], today: Day, selected: Set<Int>? = nil) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        var habitsCSV = csvRow(LoopExport.habitsHeader)
        for (index, habit) in habits.enumerated() {
            let (num, den) = habit.frequency
            habitsCSV += csvRow([String(format: "%03d", index + 1), habit.name, habit.numerical ? "NUMERICAL" : "YES_NO",
                                 habit.question, habit.description, String(num), String(den), habit.color,
                                 habit.numerical ? habit.unit : "", habit.numerical ? (habit.atMost ? "AT_MOST" : "AT_LEAST") : "",
                                 habit.numerical ? kotlinDouble(habit.target) : "", habit.archived ? "true" : "false"])
        }
        files["Habits.csv"] = Array(habitsCSV.utf8)
        for (index, habit) in habits.enumerated() where selected?.contains(index) ?? true {
            let folder = String(format: "%03d %@", index + 1, sanitized(habit.name)).trimmingCharacters(in: .whitespaces)
            let computed = computed(habit)
            var checkmarks = csvRow(LoopExport.checkmarksHeader)
            for (day, entry) in computed.sorted(by: { $0.key > $1.key }) {
                checkmarks += csvRow([day.description, formatted(entry.value), entry.notes])
            }
            var scores = csvRow(LoopExport.scoresHeader)
            for (day, score) in self.scores(habit, today: today).reversed() {
                scores += csvRow([day.description, String(format: "%.4f", score)])
            }
            files[folder + "/Checkmarks.csv"] = Array(checkmarks.utf8)
            files[folder + "/Scores.csv"] = Array(scores.utf8)
        }
        return files
    }
}
