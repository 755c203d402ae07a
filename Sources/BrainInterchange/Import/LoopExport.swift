import BrainFormat
import BrainAnalytics
import BrainStore

/// A Loop Habit Tracker CSV export, read: the habits of `Habits.csv`, and each habit's
/// `Checkmarks.csv` and `Scores.csv` from its `NNN Name/` folder. The format is that of Loop's
/// `HabitsCSVExporter` as of v2.3.1 (see docs/EXPORT.md).
///
/// Problems that make the export unreadable (no `Habits.csv`, a header that is not Loop's, a
/// quoted field never closed) are thrown; a bad row is reported in `diagnostics` with its file
/// and line and left out, and the rest is read.
package struct LoopExport: Sendable {
    package enum HabitType: String, Sendable, Hashable, Codable {
        case yesNo = "YES_NO"
        case numerical = "NUMERICAL"
    }

    package enum TargetType: String, Sendable, Hashable, Codable {
        case atLeast = "AT_LEAST"
        case atMost = "AT_MOST"
    }

    /// One row of `Habits.csv`, with what its folder held.
    package struct Habit: Sendable, Hashable {
        /// `Position` (1-based); the habit's folder starts with it (`001 Meditate`).
        package var position: Int
        package var name: String
        package var type: HabitType
        package var question: String
        package var description: String
        package var numerator: Int
        package var denominator: Int
        /// `#RRGGBB`.
        package var color: String
        package var unit: String
        package var targetType: TargetType
        package var targetValue: Double
        package var archived: Bool
        /// The line of the row in `Habits.csv`.
        package var line: Int
        /// The habit's folder (`001 Meditate`), when the export has one.
        package var folder: String?
        /// `Checkmarks.csv`, oldest first.
        package var entries: [Entry] = []
        /// `Scores.csv`, oldest first.
        package var scores: [Score] = []
    }

    /// A value of `Checkmarks.csv`: Loop's codes, or a number (numerical habits, × 1000).
    package enum Value: Sendable, Hashable {
        case yesManual, yesAuto, no, skip, unknown
        case number(Int)

        /// Loop's integer for the value (`Entry.YES_MANUAL` is 2, `SKIP` 3, `UNKNOWN` −1).
        package var raw: Int {
            switch self {
            case .yesManual: return 2
            case .yesAuto: return 1
            case .no: return 0
            case .skip: return 3
            case .unknown: return -1
            case .number(let value): return value
            }
        }

        package init?(_ text: String) {
            switch text {
            case "YES_MANUAL": self = .yesManual
            case "YES_AUTO": self = .yesAuto
            case "NO": self = .no
            case "SKIP": self = .skip
            case "UNKNOWN": self = .unknown
            default:
                guard let number = Int(text) else { return nil }
                self = .number(number)
            }
        }
    }

    package struct Entry: Sendable, Hashable {
        package var day: Day
        package var value: Value
        package var notes: String
        package var line: Int
    }

    package struct Score: Sendable, Hashable {
        package var day: Day
        package var value: Double
        package var line: Int
    }

    /// Why the export could not be read at all.
    package struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        package var message: String
        package var description: String { message }
        package init(_ message: String) { self.message = message }
    }

    /// The path as given, for messages.
    package var source: String
    package var habits: [Habit]
    /// Rows left out and folders not matched, as `file:line:column: error|warning: message`;
    /// `path` is the export's path joined with the file's name inside it.
    package var diagnostics: [Diagnostic]

    package static let habitsHeader = ["Position", "Name", "Type", "Question", "Description", "FrequencyNumerator",
                                      "FrequencyDenominator", "Color", "Unit", "Target Type", "Target Value", "Archived?"]
    /// The header of Loop before v2.3.1, whose export has no habit type, target or archived flag.
    package static let oldHabitsHeader = ["Position", "Name", "Question", "Description", "NumRepetitions", "Interval", "Color"]
    package static let checkmarksHeader = ["Date", "Value", "Notes"]
    package static let scoresHeader = ["Date", "Score"]

    /// The day of the export: the newest day of any `Scores.csv` (Loop writes scores through the
    /// day it exported), else the newest entry a person made (YES_AUTO runs on past it, to the end
    /// of the frequency's window); nil for an export with neither.
    package var exportDay: Day? {
        if let day = habits.compactMap({ $0.scores.last?.day }).max() { return day }
        return habits.compactMap { $0.entries.last(where: { $0.value != .yesAuto })?.day }.max()
    }

    /// Reads the export from its files: names relative to the export's root (`Habits.csv`,
    /// `001 Meditate/Checkmarks.csv`) and their bytes. A root folder wrapped around them (a zip
    /// of the export folder) is found and looked through.
    package init(files: [String: [UInt8]], source: String) throws(Failure) {
        self.source = source
        let candidates = files.keys.filter { $0 == "Habits.csv" || $0.hasSuffix("/Habits.csv") }
            .filter { !$0.hasPrefix("__MACOSX/") }
        guard let habitsName = candidates.min(by: { ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1) }) else {
            throw Failure("\(source): no Habits.csv; is this a Loop Habit Tracker CSV export (Settings → Export as CSV)?")
        }
        let base = String(habitsName.dropLast("Habits.csv".count))
        let habitsPath = LoopExport.join(source, habitsName)
        var diagnostics: [Diagnostic] = []
        var habits = try LoopExport.readHabits(files[habitsName]!, path: habitsPath, diagnostics: &diagnostics)

        // Folders by their position number: "001 Meditate/" → 1. The name after the number is the
        // habit's name with all but [ a-zA-Z0-9._-] removed, so the number is what identifies it.
        var folders: [Int: String] = [:]
        for name in files.keys.sorted() where name.hasPrefix(base) {
            let relative = name.dropFirst(base.count)
            let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[1] == "Checkmarks.csv" || parts[1] == "Scores.csv" else { continue }
            let folder = String(parts[0])
            let digits = folder.prefix(while: { $0.isASCII && $0.isNumber })
            guard let position = Int(digits), folder.count == digits.count || folder.dropFirst(digits.count).first == " " else {
                diagnostics.append(Diagnostic(path: LoopExport.join(source, base + folder), line: 1, column: 1, severity: .warning,
                                              message: "folder name does not start with a habit's position (NNN Name); left out"))
                continue
            }
            folders[position] = folder
        }
        var used = Set<Int>()
        for index in habits.indices {
            let position = habits[index].position
            guard let folder = folders[position] else {
                diagnostics.append(Diagnostic(path: habitsPath, line: habits[index].line, column: 1, severity: .warning,
                                              message: "habit \"\(LoopMapping.oneLine(habits[index].name))\" has no folder \(LoopExport.format3(position)) … in the export; imported without entries"))
                continue
            }
            used.insert(position)
            habits[index].folder = folder
            let checkmarks = base + folder + "/Checkmarks.csv"
            if let bytes = files[checkmarks] {
                habits[index].entries = try LoopExport.readEntries(bytes, path: LoopExport.join(source, checkmarks),
                                                                   diagnostics: &diagnostics)
            } else {
                diagnostics.append(Diagnostic(path: LoopExport.join(source, base + folder), line: 1, column: 1, severity: .warning,
                                              message: "no Checkmarks.csv; habit \"\(LoopMapping.oneLine(habits[index].name))\" imported without entries"))
            }
            let scores = base + folder + "/Scores.csv"
            if let bytes = files[scores] {
                habits[index].scores = try LoopExport.readScores(bytes, path: LoopExport.join(source, scores),
                                                                 diagnostics: &diagnostics)
            }
        }
        for (position, folder) in folders.sorted(by: { $0.key < $1.key }) where !used.contains(position) {
            diagnostics.append(Diagnostic(path: LoopExport.join(source, base + folder), line: 1, column: 1, severity: .warning,
                                          message: "no habit with position \(position) in Habits.csv; folder left out"))
        }
        self.habits = habits
        self.diagnostics = diagnostics
    }

    package static func join(_ source: String, _ name: String) -> String {
        source.hasSuffix("/") ? source + name : source + "/" + name
    }

    /// The CSV records of a file; an unreadable file (a quote never closed) stops the import.
    package static func records(_ bytes: [UInt8], path: String) throws(Failure) -> [CSVReader.Record] {
        do {
            return try CSVReader.records(String(decoding: bytes, as: UTF8.self)).filter { $0.fields != [""] }
        } catch {
            throw Failure("\(path):\(error.line):\(error.column): error: \(error.message)")
        }
    }

    package static func checkHeader(_ records: [CSVReader.Record], _ expected: [String], path: String) throws(Failure) {
        guard let header = records.first, header.line == 1 else {
            throw Failure("\(path):1:1: error: empty file; expected the header \(expected.joined(separator: ","))")
        }
        guard header.fields == expected else {
            throw Failure("\(path):1:1: error: header is \"\(header.fields.joined(separator: ","))\"; expected \"\(expected.joined(separator: ","))\" (Loop Habit Tracker's CSV export)")
        }
    }

    package static func readHabits(_ bytes: [UInt8], path: String, diagnostics: inout [Diagnostic]) throws(Failure) -> [Habit] {
        let records = try records(bytes, path: path)
        if records.first?.fields == oldHabitsHeader {
            throw Failure("\(path):1:1: error: this export comes from Loop Habit Tracker before version 2.3.1, whose Habits.csv has no habit type, target or archived column; export again from Loop 2.3.1 or later")
        }
        try checkHeader(records, habitsHeader, path: path)
        var habits: [Habit] = []
        var positions = Set<Int>()
        for record in records.dropFirst() {
            func bad(_ message: String, column: Int) {
                diagnostics.append(Diagnostic(path: path, line: record.line, column: column, message: message + "; habit left out"))
            }
            let f = record.fields
            guard f.count == habitsHeader.count else {
                bad("expected \(habitsHeader.count) fields, found \(f.count)", column: 1)
                continue
            }
            guard let position = Int(f[0]), position >= 1 else { bad("Position \"\(f[0])\" is not a number from 1", column: 1); continue }
            guard positions.insert(position).inserted else { bad("a second habit at position \(position)", column: 1); continue }
            guard let type = HabitType(rawValue: f[2]) else { bad("Type \"\(f[2])\" is neither YES_NO nor NUMERICAL", column: 1); continue }
            guard let numerator = Int(f[5]), let denominator = Int(f[6]), numerator >= 1, denominator >= 1, numerator <= denominator else {
                bad("frequency \(f[5])/\(f[6]) is not N times in D days with 1 ≤ N ≤ D", column: 1)
                continue
            }
            var targetType = TargetType.atLeast
            var targetValue = 0.0
            if type == .numerical {
                if !f[9].isEmpty {
                    guard let parsed = TargetType(rawValue: f[9]) else { bad("Target Type \"\(f[9])\" is neither AT_LEAST nor AT_MOST", column: 1); continue }
                    targetType = parsed
                }
                guard let value = Double(f[10]), value.isFinite, value >= 0 else {
                    bad("Target Value \"\(f[10])\" is not a number of at least 0", column: 1)
                    continue
                }
                targetValue = value
            }
            guard f[11] == "true" || f[11] == "false" else { bad("Archived? \"\(f[11])\" is neither true nor false", column: 1); continue }
            habits.append(Habit(position: position, name: f[1], type: type, question: f[3], description: f[4],
                                numerator: numerator, denominator: denominator, color: f[7], unit: f[8],
                                targetType: targetType, targetValue: targetValue, archived: f[11] == "true", line: record.line))
        }
        return habits
    }

    package static func readEntries(_ bytes: [UInt8], path: String, diagnostics: inout [Diagnostic]) throws(Failure) -> [Entry] {
        let records = try records(bytes, path: path)
        try checkHeader(records, checkmarksHeader, path: path)
        var byDay: [Day: Entry] = [:]
        for record in records.dropFirst() {
            let f = record.fields
            func bad(_ message: String) {
                diagnostics.append(Diagnostic(path: path, line: record.line, column: 1, message: message + "; row left out"))
            }
            guard f.count == 3 || f.count == 2 else { bad("expected 3 fields (Date,Value,Notes), found \(f.count)"); continue }
            guard let day = Day(f[0]) else { bad("\"\(f[0])\" is not a date YYYY-MM-DD"); continue }
            guard let value = Value(f[1]) else { bad("value \"\(f[1])\" is neither a number nor YES_MANUAL, YES_AUTO, NO, SKIP or UNKNOWN"); continue }
            guard byDay[day] == nil else { bad("a second row for \(day)"); continue }
            byDay[day] = Entry(day: day, value: value, notes: f.count == 3 ? f[2] : "", line: record.line)
        }
        return byDay.values.sorted { $0.day < $1.day }
    }

    package static func readScores(_ bytes: [UInt8], path: String, diagnostics: inout [Diagnostic]) throws(Failure) -> [Score] {
        let records = try records(bytes, path: path)
        try checkHeader(records, scoresHeader, path: path)
        var byDay: [Day: Score] = [:]
        for record in records.dropFirst() {
            let f = record.fields
            func bad(_ message: String) {
                diagnostics.append(Diagnostic(path: path, line: record.line, column: 1, message: message + "; row left out"))
            }
            guard f.count == 2 else { bad("expected 2 fields (Date,Score), found \(f.count)"); continue }
            guard let day = Day(f[0]) else { bad("\"\(f[0])\" is not a date YYYY-MM-DD"); continue }
            guard let value = Double(f[1]), value.isFinite else { bad("score \"\(f[1])\" is not a number"); continue }
            guard byDay[day] == nil else { bad("a second row for \(day)"); continue }
            byDay[day] = Score(day: day, value: value, line: record.line)
        }
        return byDay.values.sorted { $0.day < $1.day }
    }
}

extension LoopExport {
    /// `7` → `007`, as Loop numbers its folders.
    package static func format3(_ number: Int) -> String {
        let digits = "\(number)"
        return String(repeating: "0", count: max(0, 3 - digits.count)) + digits
    }
}
