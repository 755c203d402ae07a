import Foundation
import BrainFormat
import BrainAnalytics
import BrainStore

/// Turns instants into the vault's days: the instant in the local time zone, moved back by
/// `day-starts-at` (a record at 01:30 belongs to the day before when days start at 04:00), the
/// way `brain` decides what "today" is.
///
/// The zone's offset is looked up once per quarter of an hour of UTC time (every zone changes its
/// offset on a quarter hour), so a long run of records in time order costs one look-up per quarter.
package struct LocalDays {
    package let timeZone: TimeZone
    /// Seconds after midnight at which a day starts.
    package let dayStart: Int64
    private var cachedQuarter = Int64.min
    private var cachedOffset: Int64 = 0

    package init(timeZone: TimeZone, dayStartsAt minutes: Int = 0) {
        self.timeZone = timeZone
        dayStart = Int64(minutes) * 60
    }

    /// The zone's offset from UTC at an instant (Unix seconds).
    package mutating func offset(at seconds: Int64) -> Int64 {
        let quarter = LocalDays.floorDivide(seconds, 900)
        if quarter != cachedQuarter {
            cachedQuarter = quarter
            cachedOffset = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(quarter * 900))))
        }
        return cachedOffset
    }

    /// The vault day of an instant (Unix seconds).
    package mutating func day(at seconds: Int64) -> Day {
        LocalDays.day(ofLocal: seconds + offset(at: seconds) - dayStart)
    }

    /// The vault day of a local wall-clock time given as seconds since 1970-01-01 00:00 local.
    package func day(ofWallClock seconds: Int64) -> Day {
        LocalDays.day(ofLocal: seconds - dayStart)
    }

    /// The calendar day of local seconds since 1970-01-01 00:00.
    package static func day(ofLocal seconds: Int64) -> Day {
        Day(ordinal: Int(floorDivide(seconds, 86_400)))
    }

    /// The instant of a wall-clock time in `zone` (seconds since 1970-01-01 00:00 local), as
    /// RFC 5545 reads one: a time the clock skips is read with the offset before the gap (02:30 on
    /// the night clocks go forward is 03:30 in summer time), a time it repeats is the first of the two.
    package static func instant(ofWallClock local: Int64, in zone: TimeZone) -> Int64 {
        instant(ofWallClock: local) { Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0)))) }
    }

    /// The same, for a zone given by its offset from UTC at each instant.
    package static func instant(ofWallClock local: Int64, offset: (Int64) -> Int64) -> Int64 {
        let before = offset(local - 86_400), after = offset(local + 86_400)
        if before == after { return local - before }
        let readBefore = local - before, readAfter = local - after
        let beforeHolds = offset(readBefore) == before, afterHolds = offset(readAfter) == after
        switch (beforeHolds, afterHolds) {
        case (true, true): return min(readBefore, readAfter)
        case (true, false): return readBefore
        case (false, true): return readAfter
        case (false, false): return max(readBefore, readAfter)
        }
    }

    package static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let quotient = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
    }
}
