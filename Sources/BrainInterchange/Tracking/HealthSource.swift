import Foundation
import BrainFormat
import BrainAnalytics
import BrainStore

/// Reading Apple Health files; the schema half (the metrics `auto:` may name) is in BrainFormat.
extension HealthSource: TrackingFileSource {
    /// What each metric reads.
    package enum Kind: Int, CaseIterable {
        case steps, distance, activeEnergy, exercise, flights, mindful, sleep, workoutMinutes, workouts
    }

    /// The `Record` type each record metric reads.
    package static let recordTypes: [Kind: String] = [
        .steps: "HKQuantityTypeIdentifierStepCount",
        .distance: "HKQuantityTypeIdentifierDistanceWalkingRunning",
        .activeEnergy: "HKQuantityTypeIdentifierActiveEnergyBurned",
        .exercise: "HKQuantityTypeIdentifierAppleExerciseTime",
        .flights: "HKQuantityTypeIdentifierFlightsClimbed",
        .mindful: "HKCategoryTypeIdentifierMindfulSession",
        .sleep: "HKCategoryTypeIdentifierSleepAnalysis",
    ]

    /// The sleep values that mean asleep (in bed and awake do not count).
    package static let asleepValues: Set<String> = [
        "HKCategoryValueSleepAnalysisAsleep", "HKCategoryValueSleepAnalysisAsleepUnspecified",
        "HKCategoryValueSleepAnalysisAsleepCore", "HKCategoryValueSleepAnalysisAsleepDeep",
        "HKCategoryValueSleepAnalysisAsleepREM",
    ]

    package static func kind(of metric: String) -> Kind? {
        guard let index = metrics?.firstIndex(where: { $0.name == metric }) else { return nil }
        return Kind(rawValue: index)
    }

    /// Whether a file name inside a zip or folder is the export (not `export_cda.xml`).
    package static func isExport(_ name: String) -> Bool {
        name == "export.xml" || name.hasSuffix("/export.xml")
    }

    package static func read(_ file: TrackingFile, queries: [TrackingQuery], into collector: inout TrackingCollector,
                            context: TrackingContext) throws(TrackingError) {
        try read(file, queries: queries, into: &collector, context: context,
                 parts: ProcessInfo.processInfo.activeProcessorCount, partSize: 64 << 20)
    }

    /// Reads `file`; a plain file of at least `partSize` bytes is read in up to `parts` parts.
    package static func read(_ file: TrackingFile, queries: [TrackingQuery], into collector: inout TrackingCollector,
                     context: TrackingContext, parts: Int, partSize: Int64) throws(TrackingError) {
        let input = try TrackingInput.open(file, wanted: isExport, describe: "export.xml (Apple Health export)")
        // A large plain file is read in parts, one per processor, each by its own scanner from a
        // top-level element on; their values are added together (`TrackingCollector.merge`).
        let ranges: [Range<Int64>]
        do { ranges = try input.parts(parts, minimumSize: partSize) } catch {
            throw error as? TrackingError ?? TrackingError("\(input.shown): \(error)")
        }
        let slots = ranges.map { range in
            var scanner = HealthScanner(shown: input.shown, context: context, offset: range.lowerBound)
            for query in queries {
                guard let kind = kind(of: query.metric) else { continue }
                let index = scanner.collector.index(of: query, measuresSpans: kind == .sleep, spanScale: 1.0 / 3600)
                scanner.target(kind, index: index, match: query.match)
            }
            return ScanSlot(scanner)
        }
        do {
            if ranges.count == 1 {
                let slot = slots[0]
                try input.forEachBlock(progress: { done in context.progress?(done, input.size) }) { block in
                    slot.scanner.scan(block)
                }
                slot.scanner.finish()
            } else {
                // The first part reports progress for all: the parts are of one size and read together.
                scanInParallel(slots, ranges: ranges, input: input,
                               progress: ProgressRelay(context.progress, parts: ranges.count, total: input.size))
                if let error = slots.compactMap(\.error).first { throw error }
            }
        } catch let error as TrackingError {
            throw error
        } catch {
            throw TrackingError("\(input.shown): \(error)")
        }
        // The root element comes first, so the part read from the start of the file sees it.
        guard slots.first?.scanner.sawRoot == true else {
            if slots.first?.scanner.sawDoctype == true {
                throw TrackingError("\(input.shown): " + HealthScanner.cutShort("before its <HealthData> element"))
            }
            throw TrackingError("\(input.shown): not an Apple Health export: no <HealthData> element")
        }
        // A file cut short (an export still being written, a copy that stopped) holds part of a
        // day, or none of the record types after the cut: its values would lower good ones.
        let last = slots[slots.count - 1].scanner
        let cutShort = !last.sawEnd
        if !cutShort {
            for slot in slots { collector.merge(slot.scanner.collector) }
        }
        // Bad records are found by byte offset; their lines are counted only when there are some.
        var problems = Array(slots.flatMap(\.scanner.problems).sorted { $0.offset < $1.offset }
            .prefix(HealthScanner.keptProblems))
        if cutShort && !last.endedInsideTag {
            problems.append((offset: max(0, input.size - 1), message: HealthScanner.cutShort("before </HealthData>")))
        }
        let located = (try? HealthSource.locate(problems.map(\.offset), in: input)) ?? []
        for (index, problem) in problems.enumerated() {
            let place = index < located.count ? located[index] : SourceLocation(line: 0, column: 0)
            collector.problem(Diagnostic(path: input.shown, location: place, message: problem.message))
        }
        let problemCount = slots.map(\.scanner.problemCount).reduce(0, +) + (cutShort && !last.endedInsideTag ? 1 : 0)
        collector.omit(problemCount - problems.count)
        collector.finished(file, records: slots.map(\.scanner.records).reduce(0, +), problems: problemCount)
    }

    /// Reads each range with its slot's scanner, on as many threads as there are ranges; an error
    /// is kept in its slot.
    package static func scanInParallel(_ slots: [ScanSlot], ranges: [Range<Int64>], input: TrackingInput, progress: ProgressRelay) {
        DispatchQueue.concurrentPerform(iterations: ranges.count) { part in
            let slot = slots[part]
            let report: ((Int64) -> Void)? = part == 0 ? { done in progress.report(done) } : nil
            do {
                try input.forEachBlock(in: ranges[part], progress: report) { block in slot.scanner.scan(block) }
                slot.scanner.finish()
            } catch {
                slot.error = error
            }
        }
    }

    /// One part's scanner, changed only by the thread that reads the part.
    package final class ScanSlot: @unchecked Sendable {
        package var scanner: HealthScanner
        package var error: Error?

        package init(_ scanner: HealthScanner) {
            self.scanner = scanner
        }
    }

    /// Passes the first part's progress on as the whole file's, from whichever thread reads it.
    package final class ProgressRelay: @unchecked Sendable {
        private let progress: ((Int64, Int64) -> Void)?
        private let parts: Int64
        private let total: Int64

        package init(_ progress: ((Int64, Int64) -> Void)?, parts: Int, total: Int64) {
            self.progress = progress
            self.parts = Int64(parts)
            self.total = total
        }

        package func report(_ done: Int64) {
            progress?(min(total, done * parts), total)
        }
    }

    /// The line and column of each byte offset (in increasing order), from a second pass over the file.
    package static func locate(_ offsets: [Int64], in input: TrackingInput) throws -> [SourceLocation] {
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
