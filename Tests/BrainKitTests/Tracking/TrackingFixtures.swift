import Foundation
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Files for the source tests, written to a temporary folder, and reading them.
final class TrackingFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("brain-track-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` (or bytes) to `name` and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try write(name, Array(text.utf8))
    }

    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = path + "/" + name
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }
}

enum Tracking {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!
    static let utc = TimeZone(identifier: "UTC")!
    static let fixtures = MemoryVault.packageRoot + "/Tests/BrainKitTests/Fixtures/health"

    /// Reads `path` as `source` for `rules`.
    static func read(_ source: String, _ path: String, rules: [AutoRule], zone: TimeZone = utc, dayStartsAt: Int = 0,
                     days: ClosedRange<Day>? = nil) throws -> TrackingData {
        try TrackingReader.read([TrackingFile(source: source, path: path, shown: (path as NSString).lastPathComponent)], rules: rules,
                                context: TrackingContext(timeZone: zone, dayStartsAt: dayStartsAt, days: days))
    }

    static func rule(_ metric: String, source: String = "health", atLeast: Double = 1, match: String? = nil,
                     perDay: AutoRule.PerDay = .sum) -> AutoRule {
        AutoRule(source: source, metric: metric, atLeast: atLeast, match: match, perDay: perDay)
    }

    /// `YYYY-MM-DD: value` lines, sorted, for readable comparisons.
    static func table(_ values: [Day: Double]?) -> [String] {
        (values ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key): \(Quantity.number($0.value))" }
    }

    /// An Apple Health export around `records` (one element per line).
    static func export(_ records: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!-- HealthKit Export Version: 3 -->
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
        ]>
        <HealthData locale="en_GB">
         <ExportDate value="2026-11-22 08:00:00 +0100"/>

        """ + records.map { " " + $0 + "\n" }.joined() + "</HealthData>\n"
    }

    static func steps(_ start: String, _ end: String? = nil, _ value: String, source: String = "Phone") -> String {
        "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"\(source)\" unit=\"count\" "
            + "startDate=\"\(start)\" endDate=\"\(end ?? start)\" value=\"\(value)\"/>"
    }

    static func sleep(_ start: String, _ end: String, _ value: String, source: String = "Watch") -> String {
        "<Record type=\"HKCategoryTypeIdentifierSleepAnalysis\" sourceName=\"\(source)\" "
            + "startDate=\"\(start)\" endDate=\"\(end)\" value=\"HKCategoryValueSleepAnalysis\(value)\"/>"
    }
}
