import Foundation

/// Apple Health: the `export.xml` the Health app exports (Profile → Export All Health Data), the
/// `export.zip` it shares, or the `apple_health_export` folder unpacked from it.
///
/// The file is read as bytes in blocks of a megabyte (`HealthScanner`), never whole, so memory
/// stays the same for a file of a megabyte or of ten gigabytes. Only the `Record` and `Workout`
/// elements the habits' rules ask for are decoded; a record inside a `Correlation` is skipped (the
/// export repeats it at the top level). Dates are read with their UTC offsets and counted on the
/// local day of the vault (`LocalDays`: the time zone `brain` runs in, and `day-starts-at`); a
/// record counts on the day it starts, sleep on the day it ends. Where the phone and the watch
/// both recorded a day, one of them counts (`DailyAccumulator`).
public enum HealthSource: TrackingSource {
    public static let name = "health"
    public static let summary = "Apple Health's export.xml, or the export.zip holding it"

    /// What each metric reads.
    enum Kind: Int, CaseIterable {
        case steps, distance, activeEnergy, exercise, flights, mindful, sleep, workoutMinutes, workouts
    }

    public static let metrics: [TrackingMetric]? = [
        TrackingMetric(name: "steps", unit: "steps", summary: "step count (HKQuantityTypeIdentifierStepCount)"),
        TrackingMetric(name: "distance", unit: "km",
                       summary: "walking and running distance in km (HKQuantityTypeIdentifierDistanceWalkingRunning)", decimals: 2),
        TrackingMetric(name: "active-energy", unit: "kcal", summary: "active energy in kcal (HKQuantityTypeIdentifierActiveEnergyBurned)"),
        TrackingMetric(name: "exercise-minutes", unit: "minutes", summary: "exercise minutes (HKQuantityTypeIdentifierAppleExerciseTime)"),
        TrackingMetric(name: "flights", unit: "flights", summary: "flights climbed (HKQuantityTypeIdentifierFlightsClimbed)"),
        TrackingMetric(name: "mindful-minutes", unit: "minutes",
                       summary: "minutes of mindful sessions (HKCategoryTypeIdentifierMindfulSession)", decimals: 1),
        TrackingMetric(name: "sleep-hours", unit: "hours",
                       summary: "hours asleep (HKCategoryTypeIdentifierSleepAnalysis, asleep values only), on the day the night ends",
                       decimals: 2),
        TrackingMetric(name: "workout-minutes", unit: "minutes", summary: "minutes of workouts (Workout elements)",
                       matches: "the workout's type (Running, Yoga, TraditionalStrengthTraining…)"),
        TrackingMetric(name: "workouts", unit: "workouts", summary: "the number of workouts",
                       matches: "the workout's type (Running, Yoga, TraditionalStrengthTraining…)"),
    ]

    /// The `Record` type each record metric reads.
    static let recordTypes: [Kind: String] = [
        .steps: "HKQuantityTypeIdentifierStepCount",
        .distance: "HKQuantityTypeIdentifierDistanceWalkingRunning",
        .activeEnergy: "HKQuantityTypeIdentifierActiveEnergyBurned",
        .exercise: "HKQuantityTypeIdentifierAppleExerciseTime",
        .flights: "HKQuantityTypeIdentifierFlightsClimbed",
        .mindful: "HKCategoryTypeIdentifierMindfulSession",
        .sleep: "HKCategoryTypeIdentifierSleepAnalysis",
    ]

    /// The sleep values that mean asleep (in bed and awake do not count).
    static let asleepValues: Set<String> = [
        "HKCategoryValueSleepAnalysisAsleep", "HKCategoryValueSleepAnalysisAsleepUnspecified",
        "HKCategoryValueSleepAnalysisAsleepCore", "HKCategoryValueSleepAnalysisAsleepDeep",
        "HKCategoryValueSleepAnalysisAsleepREM",
    ]

    static func kind(of metric: String) -> Kind? {
        guard let index = metrics?.firstIndex(where: { $0.name == metric }) else { return nil }
        return Kind(rawValue: index)
    }

    /// Whether a file name inside a zip or folder is the export (not `export_cda.xml`).
    static func isExport(_ name: String) -> Bool {
        name == "export.xml" || name.hasSuffix("/export.xml")
    }

    public static func read(_ file: TrackingFile, queries: [TrackingQuery], into collector: inout TrackingCollector,
                            context: TrackingContext) throws(TrackingError) {
        let input = try TrackingInput.open(file, wanted: isExport, describe: "export.xml (Apple Health export)")
        var scanner = HealthScanner(shown: input.shown, context: context)
        // The scanner owns the collector while it reads, so adding a value never copies it.
        scanner.collector = collector
        collector = TrackingCollector()
        for query in queries {
            guard let kind = kind(of: query.metric) else { continue }
            let index = scanner.collector.index(of: query, measuresSpans: kind == .sleep, spanScale: 1.0 / 3600)
            scanner.target(kind, index: index, match: query.match)
        }
        do {
            try input.forEachBlock(progress: { done in context.progress?(done, input.size) }) { block in
                scanner.scan(block)
            }
            scanner.finish()
        } catch let error as TrackingError {
            collector = scanner.collector
            throw error
        } catch {
            collector = scanner.collector
            throw TrackingError("\(input.shown): \(error)")
        }
        // Bad records are found by byte offset; their lines are counted only when there are some.
        let located = (try? HealthSource.locate(scanner.problems.map(\.offset), in: input)) ?? []
        for (index, problem) in scanner.problems.enumerated() {
            let place = index < located.count ? located[index] : SourceLocation(line: 0, column: 0)
            scanner.collector.problem(Diagnostic(path: input.shown, location: place, message: problem.message))
        }
        scanner.collector.omit(scanner.problemCount - scanner.problems.count)
        scanner.collector.finished(file, records: scanner.records, problems: scanner.problemCount)
        collector = scanner.collector
    }

    /// The line and column of each byte offset (in increasing order), from a second pass over the file.
    static func locate(_ offsets: [Int64], in input: TrackingInput) throws -> [SourceLocation] {
        guard let last = offsets.max() else { return [] }
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        var result = [SourceLocation](repeating: SourceLocation(line: 0, column: 0), count: offsets.count)
        var next = 0
        var line = 1
        var lineStart: Int64 = 0
        var base: Int64 = 0
        struct Done: Error {}
        do {
            try input.forEachBlock { block in
                let bytes = block.bindMemory(to: UInt8.self)
                for index in bytes.indices {
                    let offset = base + Int64(index)
                    while next < order.count && offsets[order[next]] == offset {
                        result[order[next]] = SourceLocation(line: line, column: Int(offset - lineStart) + 1)
                        next += 1
                    }
                    if offset >= last && next == order.count { throw Done() }
                    if bytes[index] == 0x0A {
                        line += 1
                        lineStart = offset + 1
                    }
                }
                base += Int64(bytes.count)
            }
        } catch is Done {}
        return result
    }
}
