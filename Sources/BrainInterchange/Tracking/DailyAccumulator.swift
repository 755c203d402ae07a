import BrainFormat
import BrainAnalytics
import BrainStore

/// The values of one query, gathered per day and per origin (a device, an app, a file), then
/// turned into one value per day.
///
/// **Overlap.** Several origins often record the same thing: the phone and the watch both count
/// steps while both are carried. Values with a time (Health records, workouts, sleep) are merged
/// sample by sample, as the Health app does: where samples of several origins overlap in time,
/// the origin of higher priority counts (`priority:` of the rule, then a watch, then a phone, then
/// the others by name), and a sample of a lower one counts for the share of its time no higher
/// origin covers; where they do not overlap, they add up. A phone-only walk while the watch charged
/// counts; the same walk counted by both counts once. Values without a time (a CSV file's, a
/// calendar's) and `per-day: max` or `min` keep the older rule: the origin with the largest total
/// that day counts, a tie going to the name that sorts first.
///
/// **Intervals** (sleep) are kept as time spans: overlapping spans are merged before they are
/// measured, so a night that two records cover is counted once.
package struct DailyAccumulator: Sendable {
    package struct Key: Hashable, Sendable {
        package var day: Int32
        package var origin: Int32
    }

    package struct Stats: Sendable {
        package var sum = 0.0
        package var max = -Double.infinity
        package var min = Double.infinity
        package var count = 0
    }

    /// A value with its time (Unix seconds; start == end for an instant).
    package struct Sample: Sendable, Hashable {
        package var start: Int64
        package var end: Int64
        package var value: Double
    }

    private var stats: [Key: Stats] = [:]
    private var spans: [Key: [ClosedRange<Int64>]] = [:]
    /// The values added with their time, by day and origin (their totals are in `stats` too).
    private var samples: [Key: [Stored]] = [:]

    /// A sample as kept: 16 bytes, its times in seconds from the start of its day's ordinal (a
    /// record lies within a day or two of the day it counts for), so that a large export's
    /// millions of records stay small.
    private struct Stored: Sendable {
        var offset: Int32
        var length: Int32
        var value: Double

        static func base(_ day: Int32) -> Int64 { Int64(day) * 86_400 }

        init?(_ start: Int64, _ end: Int64, _ value: Double, day: Int32) {
            let offset = start - Stored.base(day), length = Swift.max(start, end) - start
            guard let offset = Int32(exactly: offset), let length = Int32(exactly: length) else { return nil }
            self.offset = offset
            self.length = length
            self.value = value
        }

        func sample(day: Int32) -> Sample {
            let start = Stored.base(day) + Int64(offset)
            return Sample(start: start, end: start + Int64(length), value: value)
        }
    }

    /// Days with a value whose time could not be kept (over 68 years from its day): their
    /// origins are never merged by time.
    private var untimedDays = Set<Int32>()
    /// Whether this query's values are time spans (`addSpan`) rather than amounts.
    package let measuresSpans: Bool
    /// What one second of a span is worth (1/3600 for hours).
    package let spanScale: Double

    package init(measuresSpans: Bool = false, spanScale: Double = 1) {
        self.measuresSpans = measuresSpans
        self.spanScale = spanScale
    }

    /// The day and origin added to last, kept out of `stats` until another comes: records come
    /// in runs of one day and one device, so most additions cost no hashing.
    private var pendingKey: Key?
    private var pending = Stats()

    /// Adds an amount on `day` from `origin`.
    package mutating func add(_ value: Double, day: Day, origin: Int32) {
        let key = Key(day: Int32(truncatingIfNeeded: day.ordinal), origin: origin)
        if key != pendingKey {
            settle()
            pendingKey = key
            pending = stats.removeValue(forKey: key) ?? Stats()
        }
        pending.add(value)
    }

    /// Adds an amount on `day` from `origin` that was measured from `start` to `end` (Unix seconds).
    package mutating func add(_ value: Double, from start: Int64, to end: Int64, day: Day, origin: Int32) {
        add(value, day: day, origin: origin)
        let key = Key(day: Int32(truncatingIfNeeded: day.ordinal), origin: origin)
        if let stored = Stored(start, end, value, day: key.day) {
            samples[key, default: []].append(stored)
        } else {
            untimedDays.insert(key.day)
        }
    }

    /// Moves the pending run into `stats`.
    private mutating func settle() {
        if let key = pendingKey { stats[key] = pending }
        pendingKey = nil
    }

    /// Every day's amounts, the pending run included.
    private var allStats: [Key: Stats] {
        guard let key = pendingKey else { return stats }
        var all = stats
        all[key] = pending
        return all
    }

    /// Adds a time span (Unix seconds, start ≤ end) on `day` from `origin`.
    package mutating func addSpan(from start: Int64, to end: Int64, day: Day, origin: Int32) {
        let key = Key(day: Int32(truncatingIfNeeded: day.ordinal), origin: origin)
        spans[key, default: []].append(start...max(start, end))
    }

    /// Whether any value was added.
    package var isEmpty: Bool { stats.isEmpty && pendingKey == nil && spans.isEmpty }

    /// One value per day. `rank` orders the origins (lower counts first) where timed samples of
    /// several overlap; see the type's summary.
    package func values(_ perDay: AutoRule.PerDay, rank: (Int32) -> Int = { Int($0) }) -> [Day: Double] {
        var byKey = allStats
        // Sleep: the time any origin's spans cover, once.
        var spanDays: [Int32: (origins: Int, spans: [ClosedRange<Int64>])] = [:]
        for (key, list) in spans {
            var day = Stats()
            for span in DailyAccumulator.merged(list) { day.add(Double(span.upperBound - span.lowerBound) * spanScale) }
            byKey[key] = day
            spanDays[key.day, default: (0, [])].origins += 1
            spanDays[key.day, default: (0, [])].spans += list
        }
        var timedDays: [Int32: [Int32: [Stored]]] = [:]
        if perDay == .sum {
            for (key, list) in samples where !untimedDays.contains(key.day) { timedDays[key.day, default: [:]][key.origin] = list }
        }
        var best: [Int32: (origin: Int32, stats: Stats)] = [:]
        for (key, day) in byKey {
            if let current = best[key.day] {
                if day.sum < current.stats.sum || (day.sum == current.stats.sum && key.origin > current.origin) { continue }
            }
            best[key.day] = (key.origin, day)
        }
        var result: [Day: Double] = [:]
        for (ordinal, chosen) in best {
            let value: Double
            switch perDay {
            case .sum: value = chosen.stats.sum
            case .max: value = chosen.stats.max
            case .min: value = chosen.stats.min
            }
            result[Day(ordinal: Int(ordinal))] = value
        }
        guard perDay == .sum else { return result }
        for (ordinal, day) in spanDays where day.origins > 1 {
            result[Day(ordinal: Int(ordinal))] = DailyAccumulator.merged(day.spans).reduce(0) { $0 + Double($1.upperBound - $1.lowerBound) * spanScale }
        }
        guard timedDays.values.contains(where: { $0.count > 1 }) else { return result }
        var originsByDay: [Int32: Int] = [:]
        for key in byKey.keys { originsByDay[key.day, default: 0] += 1 }
        for (ordinal, origins) in timedDays where origins.count > 1 {
            // Only when every origin of the day gave each of its values with its time.
            guard originsByDay[ordinal] == origins.count,
                  origins.allSatisfy({ byKey[Key(day: ordinal, origin: $0.key)]?.count == $0.value.count }) else { continue }
            result[Day(ordinal: Int(ordinal))] = DailyAccumulator.merged(origins.mapValues { $0.map { $0.sample(day: ordinal) } }, rank: rank)
        }
        return result
    }

    /// The day's value from several origins' samples: each origin in `rank` order counts for the
    /// share of each sample's time that no origin before it covers (an instant: when none covers
    /// it, nor has an instant at the same second).
    package static func merged(_ origins: [Int32: [Sample]], rank: (Int32) -> Int) -> Double {
        var covered: [ClosedRange<Int64>] = []
        var instants = Set<Int64>()
        var total = 0.0
        for origin in origins.keys.sorted(by: { (rank($0), $0) < (rank($1), $1) }) {
            let list = origins[origin]!
            for sample in list {
                if sample.end > sample.start {
                    let free = Double(sample.end - sample.start) - Double(coveredLength(sample.start, sample.end, in: covered))
                    total += sample.value * free / Double(sample.end - sample.start)
                } else if !instants.contains(sample.start) && !isCovered(sample.start, by: covered) {
                    total += sample.value
                }
            }
            covered = DailyAccumulator.merged(covered + list.filter { $0.end > $0.start }.map { $0.start...$0.end })
            for sample in list where sample.end == sample.start { instants.insert(sample.start) }
        }
        return total
    }

    /// How much of `start..<end` the sorted, merged spans cover.
    private static func coveredLength(_ start: Int64, _ end: Int64, in covered: [ClosedRange<Int64>]) -> Int64 {
        var first = 0, last = covered.count
        while first < last {
            let middle = (first + last) / 2
            if covered[middle].upperBound <= start { first = middle + 1 } else { last = middle }
        }
        var length: Int64 = 0
        for span in covered[first...] {
            if span.lowerBound >= end { break }
            length += Swift.min(end, span.upperBound) - Swift.max(start, span.lowerBound)
        }
        return Swift.max(0, length)
    }

    /// Whether an instant falls in one of the spans (start included, end not).
    private static func isCovered(_ instant: Int64, by covered: [ClosedRange<Int64>]) -> Bool {
        covered.contains { $0.lowerBound <= instant && instant < $0.upperBound }
    }

    /// Adds another accumulator's values, its origins renumbered by `origins` (a value read in
    /// parts of a file, or of several files, is the same as read at once).
    package mutating func merge(_ other: DailyAccumulator, origins: [Int32: Int32]) {
        settle()
        for (key, value) in other.allStats {
            let mapped = Key(day: key.day, origin: origins[key.origin] ?? key.origin)
            var current = stats[mapped] ?? Stats()
            current.sum += value.sum
            current.max = Swift.max(current.max, value.max)
            current.min = Swift.min(current.min, value.min)
            current.count += value.count
            stats[mapped] = current
        }
        for (key, list) in other.spans {
            spans[Key(day: key.day, origin: origins[key.origin] ?? key.origin), default: []] += list
        }
        for (key, list) in other.samples {
            samples[Key(day: key.day, origin: origins[key.origin] ?? key.origin), default: []] += list
        }
        untimedDays.formUnion(other.untimedDays)
    }

    /// The same values with the origins renumbered by `origins`.
    package func renumbered(_ origins: [Int32: Int32]) -> DailyAccumulator {
        var result = DailyAccumulator(measuresSpans: measuresSpans, spanScale: spanScale)
        result.merge(self, origins: origins)
        return result
    }

    /// Spans sorted and merged where they overlap or touch.
    package static func merged(_ spans: [ClosedRange<Int64>]) -> [ClosedRange<Int64>] {
        var result: [ClosedRange<Int64>] = []
        for span in spans.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, span.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound...Swift.max(last.upperBound, span.upperBound)
            } else {
                result.append(span)
            }
        }
        return result
    }
}

extension DailyAccumulator.Stats {
    package mutating func add(_ value: Double) {
        sum += value
        if value > max { max = value }
        if value < min { min = value }
        count += 1
    }
}
