import BrainFormat
import BrainAnalytics
import BrainStore

/// What the sources read, as they read it: one `DailyAccumulator` per query, the origins
/// (devices, apps, files) numbered once for all files, the problems found, and what each file gave.
package struct TrackingCollector {
    /// The queries asked, each with its accumulator at the same index.
    package private(set) var queries: [TrackingQuery] = []
    package var accumulators: [DailyAccumulator] = []
    private var origins: [String: Int32] = [:]
    /// Problems with records or rows, in the order found (at most `problemLimit` are kept).
    package private(set) var problems: [Diagnostic] = []
    /// Problems found beyond `problemLimit`, only counted, so a file of bad records cannot fill memory.
    package private(set) var omittedProblems = 0
    /// Problems that are errors (bad records, not warnings), kept or not.
    package private(set) var errors = 0
    package private(set) var files: [TrackingData.FileSummary] = []
    /// The most problems kept.
    package static let problemLimit = 200

    package init() {}

    /// The accumulator index of `query`, made when new.
    package mutating func index(of query: TrackingQuery, measuresSpans: Bool = false, spanScale: Double = 1) -> Int {
        if let found = queries.firstIndex(of: query) { return found }
        queries.append(query)
        accumulators.append(DailyAccumulator(measuresSpans: measuresSpans, spanScale: spanScale))
        return queries.count - 1
    }

    /// The number of an origin (a device, an app, a file), the same for the same name.
    package mutating func origin(_ name: String) -> Int32 {
        if let found = origins[name] { return found }
        let number = Int32(origins.count)
        origins[name] = number
        return number
    }

    package mutating func add(_ value: Double, to index: Int, day: Day, origin: Int32) {
        accumulators[index].add(value, day: day, origin: origin)
    }

    /// Adds an amount measured from `start` to `end` (Unix seconds): merged sample by sample with
    /// other origins' (`DailyAccumulator`).
    package mutating func add(_ value: Double, from start: Int64, to end: Int64, to index: Int, day: Day, origin: Int32) {
        accumulators[index].add(value, from: start, to: end, day: day, origin: origin)
    }

    package mutating func addSpan(from start: Int64, to end: Int64, to index: Int, day: Day, origin: Int32) {
        accumulators[index].addSpan(from: start, to: end, day: day, origin: origin)
    }

    /// Records a problem with a record or row; the rest of the file is still read.
    package mutating func problem(_ diagnostic: Diagnostic) {
        if diagnostic.severity == .error { errors += 1 }
        if problems.count < TrackingCollector.problemLimit { problems.append(diagnostic) } else { omittedProblems += 1 }
    }

    /// Counts bad records a source found but did not keep.
    package mutating func omit(_ count: Int) {
        omittedProblems += max(0, count)
        errors += max(0, count)
    }

    /// Records what a file gave, once it has been read.
    package mutating func finished(_ file: TrackingFile, records: Int, problems: Int) {
        files.append(TrackingData.FileSummary(source: file.source, path: file.shown, records: records, problems: problems))
    }

    /// Adds what another collector gathered (a part of a file read on another thread).
    package mutating func merge(_ other: TrackingCollector) {
        var renumbering: [Int32: Int32] = [:]
        for (name, number) in other.origins { renumbering[number] = origin(name) }
        for (position, query) in other.queries.enumerated() {
            let accumulator = other.accumulators[position]
            let index = index(of: query, measuresSpans: accumulator.measuresSpans, spanScale: accumulator.spanScale)
            accumulators[index].merge(accumulator, origins: renumbering)
        }
        // The other collector counted its errors already.
        for problem in other.problems {
            if problems.count < TrackingCollector.problemLimit { problems.append(problem) } else { omittedProblems += 1 }
        }
        omittedProblems += other.omittedProblems
        errors += other.errors
        files += other.files
    }

    /// The values read, per query, and the report of each file. Origins are numbered in the
    /// order of their names, so a tie between two devices goes to the name that sorts first.
    package var data: TrackingData {
        var ranks: [Int32: Int32] = [:]
        let sorted = origins.sorted(by: { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) })
        for (rank, entry) in sorted.enumerated() {
            ranks[entry.value] = Int32(rank)
        }
        var values: [TrackingQuery: DailyAccumulator] = [:]
        for (index, query) in queries.enumerated() { values[query] = accumulators[index].renumbered(ranks) }
        var data = TrackingData(accumulators: values, files: files, problems: problems, omittedProblems: omittedProblems,
                                originNames: sorted.map(\.key))
        data.errors = errors
        return data
    }
}

/// The values the sources gave, ready for `TrackHabits`: per query, one value per day.
package struct TrackingData: Sendable {
    /// What one file gave.
    package struct FileSummary: Hashable, Sendable, Codable {
        package var source: String
        /// The path as given.
        package var path: String
        /// Records (rows, event occurrences) that answered a query.
        package var records: Int
        /// Bad records or rows left out.
        package var problems: Int
    }

    package var accumulators: [TrackingQuery: DailyAccumulator]
    package var files: [FileSummary]
    package var problems: [Diagnostic]
    package var omittedProblems: Int
    /// How many problems are errors (the rest are warnings); `brain track` exits 2 when any is.
    package var errors = 0
    /// The origins' names, by their number in the accumulators.
    package var originNames: [String]

    package init(accumulators: [TrackingQuery: DailyAccumulator] = [:], files: [FileSummary] = [],
                problems: [Diagnostic] = [], omittedProblems: Int = 0, originNames: [String] = []) {
        self.accumulators = accumulators
        self.files = files
        self.problems = problems
        self.omittedProblems = omittedProblems
        self.originNames = originNames
    }

    /// The order in which overlapping samples of the origins count for `rule` (lower first): those
    /// its `priority:` names, in its order (a name holding the entry, case-insensitive); then a
    /// watch; then a phone; then the rest, by name.
    package func rank(for rule: AutoRule) -> (Int32) -> Int {
        let priority = (rule.priority ?? []).map { $0.lowercased() }
        let ranks = originNames.map { name -> Int in
            let lower = name.lowercased()
            if let position = priority.firstIndex(where: { !$0.isEmpty && lower.contains($0) }) { return position }
            if lower.contains("watch") { return priority.count }
            if lower.contains("phone") { return priority.count + 1 }
            return priority.count + 2
        }
        return { origin in
            let index = Int(origin)
            return index >= 0 && index < ranks.count ? ranks[index] * (ranks.count + 1) + index : Int.max
        }
    }

    /// The sources that were read (those with at least one file).
    package var sources: Set<String> { Set(files.map(\.source)) }

    /// The day values for `rule`, rounded to its metric's decimals (more where rounding would
    /// change whether the rule is met); nil when its source was not read.
    package func values(for rule: AutoRule) -> [Day: Double]? {
        guard sources.contains(rule.source) else { return nil }
        guard let accumulator = accumulators[rule.query] else { return [:] }
        let metric = TrackingSources.metric(of: rule)
        return accumulator.values(rule.perDay, rank: rank(for: rule)).mapValues { metric?.rounded($0, keeping: rule.isMet) ?? $0 }
    }
}
