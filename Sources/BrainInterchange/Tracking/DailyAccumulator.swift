import BrainFormat
import BrainAnalytics
import BrainStore

/// The values of one query, gathered per day and per origin (a device, an app, a file), then
/// turned into one value per day.
///
/// **Overlap.** Several origins often record the same thing: the phone and the watch both count
/// steps while both are carried. Adding them would count each step twice, so for each day only
/// one origin counts: the one with the largest total that day (the Health app's own priority list
/// usually puts the watch first, and the watch, worn all day, usually has the larger total). On a
/// tie the origin named first in byte order wins, so the choice never depends on file order.
/// Within the chosen origin the day's values are summed (`per-day: sum`), or its largest or
/// smallest single value is taken (`max`, `min`).
///
/// **Intervals** (sleep) are kept as time spans: overlapping spans of one origin are merged
/// before they are measured, so a night that two records of the same app cover is counted once.
/// Memory grows with days × origins, never with the number of records.
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

    private var stats: [Key: Stats] = [:]
    private var spans: [Key: [ClosedRange<Int64>]] = [:]
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

    /// One value per day: the chosen origin's total, largest or smallest value.
    package func values(_ perDay: AutoRule.PerDay) -> [Day: Double] {
        var byKey = allStats
        for (key, list) in spans {
            var day = Stats()
            for span in DailyAccumulator.merged(list) { day.add(Double(span.upperBound - span.lowerBound) * spanScale) }
            byKey[key] = day
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
        return result
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
