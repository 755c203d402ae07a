#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import BrainFormat
import BrainAnalytics
import BrainStore

/// Reads the elements of an Apple Health export straight from its UTF-8 bytes, one block at a
/// time. `memchr` finds each `<`; a tag that is not a `Record` or `Workout` is skipped without
/// looking at its bytes, and a record whose `type` no query asks for is left after its first
/// attribute. Only the tag cut by the end of a block is copied (into `carry`), so memory is a
/// block and a tag whatever the file's size.
///
/// Every `<` in the file starts a tag, a comment, a CDATA section, a processing instruction or a
/// declaration: XML allows no `<` inside attribute values or text, so a tag always ends before the
/// next `<`. Comments, CDATA sections and processing instructions may hold a `<` (even text that
/// reads as a `<Record …/>`): they are skipped whole, to their `-->`, `]]>` or `?>`.
package struct HealthScanner {
    package var collector = TrackingCollector()
    /// Records that answered a query.
    package private(set) var records = 0
    /// Bad records: where they start (byte offset) and what is wrong, the first `keptProblems`.
    package private(set) var problems: [(offset: Int64, message: String)] = []
    package private(set) var problemCount = 0
    package static let keptProblems = TrackingCollector.problemLimit

    private let shown: String
    private var days: LocalDays
    private let range: ClosedRange<Day>?
    /// Accumulators by record kind (index: `HealthSource.Kind.rawValue`).
    private var recordTargets = [[Int]](repeating: [], count: HealthSource.Kind.allCases.count)
    /// The record types asked for, as bytes, with their kind.
    private var wantedTypes: [(bytes: [UInt8], kind: HealthSource.Kind)] = []
    private var workoutTargets: [(index: Int, count: Bool, pattern: NSRegularExpression?)] = []
    /// Which workout targets each activity type feeds, worked out once per type.
    private var workoutTypes: [[UInt8]: [(index: Int, count: Bool)]] = [:]
    private var lastOrigin: (bytes: [UInt8], number: Int32)?
    private var dates = HealthDate.Reader()
    /// The unfinished tag at the end of the previous block, from its `<`.
    private var carry: [UInt8] = []
    /// Inside a comment, CDATA section or processing instruction: the byte its end repeats
    /// (`-`, `]`, `?`) and how many of them come before its `>`.
    private var skipping: (byte: UInt8, needed: Int)?
    private var skipRun = 0
    /// Whether the `<HealthData` root element was seen: a file without it is no export.
    package private(set) var sawRoot = false
    /// Whether the root's `</HealthData>` was seen: a file without it is cut short.
    package private(set) var sawEnd = false
    /// Whether a `<!DOCTYPE HealthData` came before any root: an export cut inside its DTD.
    package private(set) var sawDoctype = false
    /// Whether the bytes ended inside a tag (reported where it starts).
    package private(set) var endedInsideTag = false
    private var correlationDepth = 0
    /// The stream offset of the block being scanned.
    private var base: Int64 = 0
    /// The longest tag kept across blocks; a longer one is reported and skipped.
    package static let carryLimit = 16 << 20

    /// A scanner of the bytes that start at `offset` in the file.
    package init(shown: String, context: TrackingContext, offset: Int64 = 0) {
        self.shown = shown
        base = offset
        days = LocalDays(timeZone: context.timeZone, dayStartsAt: context.dayStartsAt)
        range = context.days
    }

    /// Sends values of `kind` to accumulator `index` (workouts: only those whose type matches `match`).
    package mutating func target(_ kind: HealthSource.Kind, index: Int, match: String?) {
        switch kind {
        case .workoutMinutes, .workouts:
            workoutTargets.append((index, kind == .workouts, match.flatMap(TrackingPattern.compile)))
            workoutTypes = [:]
        default:
            if recordTargets[kind.rawValue].isEmpty, let type = HealthSource.recordTypes[kind] {
                wantedTypes.append((Array(type.utf8), kind))
            }
            recordTargets[kind.rawValue].append(index)
        }
    }

    // MARK: Blocks

    /// Scans the next block of the file.
    package mutating func scan(_ block: UnsafeRawBufferPointer) {
        let bytes = block.bindMemory(to: UInt8.self)
        guard let start = bytes.baseAddress, bytes.count > 0 else { return }
        var from = 0
        if !carry.isEmpty {
            // The carried tag ends before the next `<` of this block (or goes on past it).
            let next = memchr(start, 0x3C, bytes.count).map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - start }
            let take = next ?? bytes.count
            if carry.count + take > HealthScanner.carryLimit {
                problem(at: base - Int64(carry.count), "an element longer than \(HealthScanner.carryLimit >> 20) MB; skipped")
                carry = []
            } else {
                carry.append(contentsOf: UnsafeBufferPointer(start: start, count: take))
            }
            guard next != nil else {
                base += Int64(bytes.count)
                return
            }
            let carried = carry
            carry = []
            let carriedBase = base - Int64(carried.count - take)
            carried.withUnsafeBufferPointer { buffer in
                _ = scanRegion(buffer.baseAddress!, count: buffer.count, base: carriedBase, final: true)
            }
            from = take
        }
        let left = scanRegion(start + from, count: bytes.count - from, base: base + Int64(from), final: false)
        if left > 0 { carry.append(contentsOf: UnsafeBufferPointer(start: start + bytes.count - left, count: left)) }
        base += Int64(bytes.count)
    }

    /// Scans what is left at the end of the file.
    package mutating func finish() {
        guard !carry.isEmpty else { return }
        let carried = carry
        carry = []
        let carriedBase = base - Int64(carried.count)
        carried.withUnsafeBufferPointer { buffer in
            // Only a tag that never ends is carried to the end of the file.
            let left = scanRegion(buffer.baseAddress!, count: buffer.count, base: carriedBase, final: false, atEnd: true)
            if left > 0 {
                endedInsideTag = true
                problem(at: carriedBase + Int64(buffer.count - left), HealthScanner.cutShort("inside this element"))
            }
        }
    }

    /// Scans `count` bytes at `start` (stream offset `base`) and returns how many bytes at the end
    /// belong to an unfinished tag (always 0 when `final`: an unfinished tag is then a bad one).
    /// `atEnd`: nothing follows, so a short tag at the end (`</Record>`) is read when it ends.
    @discardableResult
    private mutating func scanRegion(_ start: UnsafePointer<UInt8>, count: Int, base: Int64, final: Bool,
                                     atEnd: Bool = false) -> Int {
        let end = start + count
        var cursor = start
        if skipping != nil {
            guard let close = skipEnd(cursor, end) else { return 0 }
            cursor = close
        }
        while cursor < end {
            guard let found = memchr(cursor, 0x3C, end - cursor) else { return 0 }
            let open = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
            let available = end - open
            // A tag's name takes up to 12 bytes to tell; fewer wait for the next block, unless
            // nothing follows and the tag ends (a part read on its own ends with `</Record>`).
            if available < 12 && !final {
                guard atEnd, memchr(open, 0x3E, available) != nil else { return available }
            }
            // Most tags are none of those below: one byte tells.
            guard available > 1, HealthScanner.interesting(open[1]) else {
                cursor = open + 1
                continue
            }
            let offset = base + Int64(open - start)
            if HealthScanner.startsWith(open + 1, end, "Record") && HealthScanner.isSpace(open, 7, end) {
                // The export writes `type` first: a type no rule reads is passed over at once.
                if HealthScanner.startsWith(open + 7, end, " type=\""), let close = HealthScanner.find(0x22, from: open + 14, end) {
                    let type = Slice(start: open + 14, count: close - (open + 14))
                    if kind(ofType: type) == nil {
                        cursor = type.start + type.count + 1
                        continue
                    }
                }
                switch record(open + 7, end, offset: offset) {
                case .incomplete:
                    if final {
                        problem(at: offset, "a Record element that never ends")
                        cursor = open + 1
                        continue
                    }
                    return available
                case .next(let position): cursor = position
                }
            } else if HealthScanner.startsWith(open + 1, end, "Workout") && HealthScanner.isSpace(open, 8, end) {
                switch workout(open + 8, end, offset: offset) {
                case .incomplete:
                    if final {
                        problem(at: offset, "a Workout element that never ends")
                        cursor = open + 1
                        continue
                    }
                    return available
                case .next(let position): cursor = position
                }
            } else if HealthScanner.startsWith(open + 1, end, "Correlation") && HealthScanner.isSpace(open, 12, end) {
                var attributes = Attributes()
                switch HealthScanner.attributes(open + 12, end, into: &attributes, types: nil) {
                case .incomplete:
                    if !final { return available }
                    cursor = open + 1
                case .malformed(let position):
                    cursor = position
                case .done(let position, let selfClosing), .skipped(let position, let selfClosing):
                    if !selfClosing { correlationDepth += 1 }
                    cursor = position
                }
            } else if HealthScanner.startsWith(open + 1, end, "/Correlation") {
                correlationDepth = max(0, correlationDepth - 1)
                cursor = open + 1
            } else if HealthScanner.startsWith(open + 1, end, "!--") {
                guard let close = skip(from: open + 4, end, until: 0x2D, count: 2) else { return 0 }
                cursor = close
            } else if HealthScanner.startsWith(open + 1, end, "![CDATA[") {
                guard let close = skip(from: open + 9, end, until: 0x5D, count: 2) else { return 0 }
                cursor = close
            } else if open[1] == 0x3F {
                guard let close = skip(from: open + 2, end, until: 0x3F, count: 1) else { return 0 }
                cursor = close
            } else if HealthScanner.startsWith(open + 1, end, "/HealthData") {
                sawEnd = true
                cursor = open + 1
            } else if !sawRoot && HealthScanner.startsWith(open + 1, end, "!DOCTYPE HealthData") {
                sawDoctype = true
                cursor = open + 1
            } else if !sawRoot && HealthScanner.startsWith(open + 1, end, "HealthData")
                        && (HealthScanner.isSpace(open, 11, end) || (open + 11 < end && (open[11] == 0x3E || open[11] == 0x2F))) {
                sawRoot = true
                cursor = open + 1
            } else {
                cursor = open + 1
            }
        }
        return 0
    }

    /// Starts skipping a comment (`-->`: `-` twice, then `>`), a CDATA section (`]]>`) or a
    /// processing instruction (`?>`) whose body starts at `from`.
    private mutating func skip(from: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, until byte: UInt8, count: Int)
        -> UnsafePointer<UInt8>? {
        skipping = (byte, count)
        skipRun = 0
        return skipEnd(from, end)
    }

    /// The position after the end of what is being skipped, or nil when it goes on past `end`.
    private mutating func skipEnd(_ from: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> UnsafePointer<UInt8>? {
        guard let (repeated, needed) = skipping else { return from }
        var cursor = from
        while cursor < end {
            let byte = cursor.pointee
            if byte == 0x3E && skipRun >= needed {
                skipping = nil
                return cursor + 1
            }
            skipRun = byte == repeated ? skipRun + 1 : 0
            cursor += 1
        }
        return nil
    }

    // MARK: Elements

    package enum Step {
        case incomplete
        case next(UnsafePointer<UInt8>)
    }

    /// A `Record`'s attributes after `<Record`.
    private mutating func record(_ from: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, offset: Int64) -> Step {
        var attributes = Attributes()
        let outcome = HealthScanner.attributes(from, end, into: &attributes, types: wantedTypes)
        let after: UnsafePointer<UInt8>
        switch outcome {
        case .incomplete: return .incomplete
        case .malformed(let position):
            if correlationDepth == 0, let type = attributes.type, kind(ofType: type) != nil {
                problem(at: offset, "a Record element whose attributes cannot be read")
            }
            return .next(position)
        case .skipped(let position, _): return .next(position)
        case .done(let position, _): after = position
        }
        guard correlationDepth == 0, let type = attributes.type, let kind = kind(ofType: type) else { return .next(after) }
        // The type's name, only for messages: a dictionary look-up costs a hash per record.
        var name: String { HealthSource.recordTypes[kind] ?? "" }
        guard let startText = attributes.startDate, let start = dates.seconds(startText) else {
            problem(at: offset, attributes.startDate == nil ? "\(name) record without a startDate"
                                                           : "\(name) record: startDate \"\(attributes.startDate!.string)\" is not a date YYYY-MM-DD HH:MM:SS ±HHMM")
            return .next(after)
        }
        guard let endText = attributes.endDate, let finish = dates.seconds(endText) else {
            problem(at: offset, attributes.endDate == nil ? "\(name) record without an endDate"
                                                         : "\(name) record: endDate \"\(attributes.endDate!.string)\" is not a date YYYY-MM-DD HH:MM:SS ±HHMM")
            return .next(after)
        }
        guard finish >= start else {
            problem(at: offset, "\(name) record ends before it starts")
            return .next(after)
        }
        let origin = originNumber(attributes.sourceName)
        switch kind {
        case .sleep:
            guard let value = attributes.value else {
                problem(at: offset, "\(name) record without a value")
                return .next(after)
            }
            guard HealthScanner.isAsleep(value) else { return .next(after) }
            // A night counts on the day it ends; the day runs from 18:00 the evening before, so
            // the part of a night before midnight counts with the rest of it.
            let day = LocalDays.day(ofLocal: finish + days.offset(at: finish) + 6 * 3600)
            guard range.map({ $0.contains(day) }) ?? true else { return .next(after) }
            for index in recordTargets[kind.rawValue] { collector.addSpan(from: start, to: finish, to: index, day: day, origin: origin) }
        case .mindful:
            let day = days.day(at: start)
            guard range.map({ $0.contains(day) }) ?? true else { return .next(after) }
            for index in recordTargets[kind.rawValue] {
                collector.add(Double(finish - start) / 60, from: start, to: finish, to: index, day: day, origin: origin)
            }
        default:
            guard let valueText = attributes.value else {
                problem(at: offset, "\(name) record without a value")
                return .next(after)
            }
            guard let number = HealthNumber.parse(valueText), number >= 0 else {
                problem(at: offset, "\(name) record: value \"\(valueText.string)\" is not a number of at least 0")
                return .next(after)
            }
            guard number <= FieldReader.maximumNumber else {
                problem(at: offset, "\(name) record: value \"\(valueText.string)\" is more than 10^12")
                return .next(after)
            }
            guard let scale = HealthScanner.scale(kind, unit: attributes.unit) else {
                problem(at: offset, "\(name) record: unknown unit \"\(attributes.unit?.string ?? "")\"")
                return .next(after)
            }
            let day = days.day(at: start)
            guard range.map({ $0.contains(day) }) ?? true else { return .next(after) }
            for index in recordTargets[kind.rawValue] { collector.add(number * scale, from: start, to: finish, to: index, day: day, origin: origin) }
        }
        records += 1
        return .next(after)
    }

    /// A `Workout`'s attributes after `<Workout`.
    private mutating func workout(_ from: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, offset: Int64) -> Step {
        var attributes = Attributes()
        let outcome = HealthScanner.attributes(from, end, into: &attributes, types: nil)
        let after: UnsafePointer<UInt8>
        switch outcome {
        case .incomplete: return .incomplete
        case .malformed(let position):
            if !workoutTargets.isEmpty { problem(at: offset, "a Workout element whose attributes cannot be read") }
            return .next(position)
        case .skipped(let position, _), .done(let position, _): after = position
        }
        guard !workoutTargets.isEmpty else { return .next(after) }
        guard let typeText = attributes.workoutType else {
            problem(at: offset, "Workout without a workoutActivityType")
            return .next(after)
        }
        let type = Array(UnsafeBufferPointer(start: typeText.start, count: typeText.count))
        let targets = workoutTargets(for: type)
        guard !targets.isEmpty else { return .next(after) }
        guard let startText = attributes.startDate, let start = dates.seconds(startText),
              let endText = attributes.endDate, let finish = dates.seconds(endText), finish >= start else {
            problem(at: offset, "Workout without a startDate and endDate YYYY-MM-DD HH:MM:SS ±HHMM")
            return .next(after)
        }
        var minutes = Double(finish - start) / 60
        if let durationText = attributes.duration {
            guard let duration = HealthNumber.parse(durationText), duration >= 0 else {
                problem(at: offset, "Workout: duration \"\(durationText.string)\" is not a number of at least 0")
                return .next(after)
            }
            guard duration <= FieldReader.maximumNumber else {
                problem(at: offset, "Workout: duration \"\(durationText.string)\" is more than 10^12")
                return .next(after)
            }
            switch attributes.durationUnit?.string ?? "min" {
            case "min": minutes = duration
            case "s": minutes = duration / 60
            case "hr", "h": minutes = duration * 60
            default:
                problem(at: offset, "Workout: unknown durationUnit \"\(attributes.durationUnit?.string ?? "")\"")
                return .next(after)
            }
        }
        let day = days.day(at: start)
        guard range.map({ $0.contains(day) }) ?? true else { return .next(after) }
        let origin = originNumber(attributes.sourceName)
        for target in targets {
            // Minutes merge with other origins' by time; a count stays a count.
            if target.count {
                collector.add(1, to: target.index, day: day, origin: origin)
            } else {
                collector.add(minutes, from: start, to: finish, to: target.index, day: day, origin: origin)
            }
        }
        records += 1
        return .next(after)
    }

    private func kind(ofType type: Slice) -> HealthSource.Kind? {
        HealthScanner.kind(ofType: type, in: wantedTypes)
    }

    package static func kind(ofType type: Slice, in wantedTypes: [(bytes: [UInt8], kind: HealthSource.Kind)]) -> HealthSource.Kind? {
        for wanted in wantedTypes where wanted.bytes.count == type.count {
            if wanted.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, type.start, type.count) == 0 }) { return wanted.kind }
        }
        return nil
    }

    private mutating func workoutTargets(for type: [UInt8]) -> [(index: Int, count: Bool)] {
        if let known = workoutTypes[type] { return known }
        var name = String(decoding: type, as: UTF8.self)
        if name.hasPrefix("HKWorkoutActivityType") { name.removeFirst("HKWorkoutActivityType".count) }
        let found = workoutTargets.filter { target in target.pattern.map { TrackingPattern.matches($0, name) } ?? true }
            .map { (index: $0.index, count: $0.count) }
        workoutTypes[type] = found
        return found
    }

    private mutating func originNumber(_ name: Slice?) -> Int32 {
        guard let name else { return collector.origin("health:") }
        if let last = lastOrigin, last.bytes.count == name.count,
           last.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, name.start, name.count) == 0 }) {
            return last.number
        }
        let bytes = Array(UnsafeBufferPointer(start: name.start, count: name.count))
        let number = collector.origin("health:" + String(decoding: bytes, as: UTF8.self))
        lastOrigin = (bytes, number)
        return number
    }

    private mutating func problem(at offset: Int64, _ message: String) {
        problemCount += 1
        if problems.count < HealthScanner.keptProblems { problems.append((offset, message)) }
    }

    package static func isAsleep(_ value: Slice) -> Bool {
        value.count > 28 && HealthSource.asleepValues.contains(value.string)
    }

    /// The factor from a record's unit to the metric's (km, kcal, minutes); nil for an unknown unit.
    /// Compared as bytes: this runs for every record read.
    package static func scale(_ kind: HealthSource.Kind, unit: Slice?) -> Double? {
        switch kind {
        case .distance:
            guard let unit else { return nil }
            if unit.is("km") { return 1 }
            if unit.is("m") { return 0.001 }
            if unit.is("mi") { return 1.609344 }
            if unit.is("ft") { return 0.0003048 }
            if unit.is("yd") { return 0.0009144 }
            if unit.is("cm") { return 0.00001 }
            return nil
        case .activeEnergy:
            guard let unit else { return nil }
            if unit.is("kcal") || unit.is("Cal") { return 1 }
            if unit.is("kJ") { return 1 / 4.184 }
            if unit.is("cal") { return 0.001 }
            if unit.is("J") { return 1 / 4184 }
            return nil
        case .exercise:
            guard let unit else { return nil }
            if unit.is("min") { return 1 }
            if unit.is("s") { return 1.0 / 60 }
            if unit.is("hr") || unit.is("h") { return 60 }
            return nil
        default:
            return 1
        }
    }

    // MARK: Attributes

    /// Bytes of an attribute value inside the current block.
    package struct Slice {
        package var start: UnsafePointer<UInt8>
        package var count: Int
        package var string: String { String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self) }

        /// Whether the bytes are `text`.
        @inline(__always)
        package func `is`(_ text: StaticString) -> Bool {
            count == text.utf8CodeUnitCount && memcmp(start, text.utf8Start, count) == 0
        }
    }

    /// The attributes the scanner reads, by name.
    package struct Attributes {
        package var type: Slice?
        package var unit: Slice?
        package var value: Slice?
        package var sourceName: Slice?
        package var startDate: Slice?
        package var endDate: Slice?
        package var workoutType: Slice?
        package var duration: Slice?
        package var durationUnit: Slice?
    }

    package enum Outcome {
        /// The tag goes on past the end of the bytes.
        case incomplete
        /// Not `name="value"` pairs: scanning goes on from the position given.
        case malformed(UnsafePointer<UInt8>)
        /// The `type` was not wanted; the position is right after its value.
        case skipped(UnsafePointer<UInt8>, selfClosing: Bool)
        /// Every attribute read; the position is after the tag's `>`.
        case done(UnsafePointer<UInt8>, selfClosing: Bool)
    }

    /// Reads `name="value"` pairs up to the tag's `>`. When `types` is given and the `type`
    /// attribute is none of them, it stops there.
    package static func attributes(_ from: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, into attributes: inout Attributes,
                           types: [(bytes: [UInt8], kind: HealthSource.Kind)]?) -> Outcome {
        var cursor = from
        while true {
            while cursor < end && isSpaceByte(cursor.pointee) { cursor += 1 }
            guard cursor < end else { return .incomplete }
            let byte = cursor.pointee
            if byte == 0x3E { return .done(cursor + 1, selfClosing: false) }
            if byte == 0x2F {
                guard cursor + 1 < end else { return .incomplete }
                return cursor[1] == 0x3E ? .done(cursor + 2, selfClosing: true) : .malformed(cursor + 1)
            }
            let nameStart = cursor
            // Names are letters in an export; anything else is read the general way.
            while cursor < end, (cursor.pointee | 0x20) &- 0x61 < 26 { cursor += 1 }
            if cursor < end, cursor.pointee != 0x3D, !isSpaceByte(cursor.pointee) {
                while cursor < end, cursor.pointee != 0x3D, !isSpaceByte(cursor.pointee), cursor.pointee != 0x3E, cursor.pointee != 0x3C {
                    cursor += 1
                }
            }
            guard cursor < end else { return .incomplete }
            let nameLength = cursor - nameStart
            while cursor < end && isSpaceByte(cursor.pointee) { cursor += 1 }
            guard cursor < end else { return .incomplete }
            guard cursor.pointee == 0x3D, nameLength > 0 else { return .malformed(cursor) }
            cursor += 1
            while cursor < end && isSpaceByte(cursor.pointee) { cursor += 1 }
            guard cursor < end else { return .incomplete }
            let quote = cursor.pointee
            guard quote == 0x22 || quote == 0x27 else { return .malformed(cursor) }
            let valueStart = cursor + 1
            guard let valueEnd = find(quote, from: valueStart, end) else { return .incomplete }
            let value = Slice(start: valueStart, count: valueEnd - valueStart)
            cursor = valueEnd + 1
            switch (nameLength, nameStart.pointee) {
            case (4, 0x74) where same(nameStart, "type"):
                attributes.type = value
                if let types, kind(ofType: value, in: types) == nil { return .skipped(cursor, selfClosing: false) }
            case (4, 0x75) where same(nameStart, "unit"): attributes.unit = value
            case (5, 0x76) where same(nameStart, "value"): attributes.value = value
            case (10, 0x73) where same(nameStart, "sourceName"): attributes.sourceName = value
            case (9, 0x73) where same(nameStart, "startDate"): attributes.startDate = value
            case (7, 0x65) where same(nameStart, "endDate"): attributes.endDate = value
            case (19, 0x77) where same(nameStart, "workoutActivityType"): attributes.workoutType = value
            case (8, 0x64) where same(nameStart, "duration"): attributes.duration = value
            case (12, 0x64) where same(nameStart, "durationUnit"): attributes.durationUnit = value
            default: break
            }
        }
    }

    /// Whether a tag starting with `byte` may be a `Record`, `Workout`, `Correlation`, its end,
    /// a comment or CDATA section, a processing instruction, or the `HealthData` root.
    @inline(__always)
    package static func interesting(_ byte: UInt8) -> Bool {
        byte == 0x52 || byte == 0x57 || byte == 0x43 || byte == 0x2F || byte == 0x21 || byte == 0x3F || byte == 0x48
    }

    /// What is said of an export cut short `where` ("inside this element"): none of it is used.
    package static func cutShort(_ place: String) -> String {
        "the file ends \(place): it is cut short, so none of its values are used (export it again)"
    }

    /// Names are short: compared here rather than through a call to `memcmp`.
    @inline(__always)
    package static func same(_ pointer: UnsafePointer<UInt8>, _ name: StaticString) -> Bool {
        let bytes = name.utf8Start
        for index in 0..<name.utf8CodeUnitCount where pointer[index] != bytes[index] { return false }
        return true
    }

    /// The first `byte` from `from` on, before `end`. Most values are short (a date, a number, a
    /// unit), so the first 32 bytes are searched eight at a time in registers (a zero byte in
    /// `word ^ pattern` marks a match; the lowest marked byte is always a real one), and only a
    /// longer value costs a call to `memchr`.
    @inline(__always)
    package static func find(_ byte: UInt8, from: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> UnsafePointer<UInt8>? {
        let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
        var cursor = from
        var words = 0
        while words < 4, end - cursor >= 8 {
            let word = UnsafeRawPointer(cursor).loadUnaligned(as: UInt64.self).littleEndian ^ pattern
            let marks = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
            if marks != 0 { return cursor + marks.trailingZeroBitCount / 8 }
            cursor += 8
            words += 1
        }
        guard cursor < end, let found = memchr(cursor, Int32(byte), end - cursor) else { return nil }
        return UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
    }

    @inline(__always)
    package static func isSpaceByte(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    /// Whether the byte `offset` after `open` is a space (so `<Record` is not `<RecordX`).
    @inline(__always)
    static func isSpace(_ open: UnsafePointer<UInt8>, _ offset: Int, _ end: UnsafePointer<UInt8>) -> Bool {
        open + offset < end && isSpaceByte(open[offset])
    }

    @inline(__always)
    package static func startsWith(_ pointer: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, _ text: StaticString) -> Bool {
        end - pointer >= text.utf8CodeUnitCount && memcmp(pointer, text.utf8Start, text.utf8CodeUnitCount) == 0
    }
}

/// Apple Health's dates: `2014-09-13 10:27:54 +0100` (a `T` instead of the space, `Z`, or an
/// offset with a colon are accepted too).
package enum HealthDate {
    /// Reads dates, remembering the last calendar date: records come in time order, so most
    /// share their date with the one before and only the time is read.
    package struct Reader {
        private var lastDate: (UInt64, UInt16) = (0, 0)
        private var lastDays: Int64 = 0

        package mutating func seconds(_ slice: HealthScanner.Slice) -> Int64? {
            guard slice.count >= 19 else { return nil }
            let raw = UnsafeRawPointer(slice.start)
            let date = (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self))
            if date == lastDate, lastDays != 0 {
                return HealthDate.seconds(slice.start, count: slice.count, days: lastDays)
            }
            guard let value = HealthDate.seconds(slice.start, count: slice.count) else { return nil }
            lastDate = date
            lastDays = HealthDate.days(slice.start) ?? 0
            return value
        }
    }

    /// Days since 1970-01-01 of the `YYYY-MM-DD` at `bytes`, or nil.
    package static func days(_ bytes: UnsafePointer<UInt8>) -> Int64? {
        func number(_ start: Int, _ length: Int) -> Int? {
            var value = 0
            for position in start..<(start + length) {
                let byte = bytes[position]
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard bytes[4] == 0x2D, bytes[7] == 0x2D, let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              Day(year: year, month: month, day: day) != nil else { return nil }
        return Int64(Day.ordinal(year: year, month: month, day: day))
    }

    /// Unix seconds, or nil when the text is not such a date.
    package static func seconds(_ slice: HealthScanner.Slice) -> Int64? {
        seconds(slice.start, count: slice.count)
    }

    package static func seconds(_ bytes: UnsafePointer<UInt8>, count: Int, days known: Int64? = nil) -> Int64? {
        guard count >= 19 else { return nil }
        @inline(__always) func digit(_ index: Int) -> Int? {
            let byte = bytes[index]
            return byte >= 0x30 && byte <= 0x39 ? Int(byte - 0x30) : nil
        }
        @inline(__always) func number(_ index: Int, _ length: Int) -> Int? {
            var value = 0
            for position in index..<(index + length) {
                guard let digit = digit(position) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard bytes[10] == 0x20 || bytes[10] == 0x54, bytes[13] == 0x3A, bytes[16] == 0x3A,
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              hour < 24, minute < 60, second < 61, let days = known ?? HealthDate.days(bytes) else { return nil }
        var offset = 0
        var index = 19
        if index < count && bytes[index] == 0x20 { index += 1 }
        if index < count {
            let sign = bytes[index]
            if sign == 0x5A, index + 1 == count {
                offset = 0
            } else {
                guard sign == 0x2B || sign == 0x2D else { return nil }
                let rest = count - index - 1
                let hours: Int?, minutes: Int?
                if rest == 4 {
                    (hours, minutes) = (number(index + 1, 2), number(index + 3, 2))
                } else if rest == 5, bytes[index + 3] == 0x3A {
                    (hours, minutes) = (number(index + 1, 2), number(index + 4, 2))
                } else {
                    return nil
                }
                guard let hours, let minutes, hours < 24, minutes < 60 else { return nil }
                offset = (hours * 3600 + minutes * 60) * (sign == 0x2D ? -1 : 1)
            }
        } else {
            return nil
        }
        return days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset)
    }
}

/// Decimal numbers as Health writes them (`329`, `0.00288`, `139.3170000000021`).
package enum HealthNumber {
    package static func parse(_ slice: HealthScanner.Slice) -> Double? {
        let bytes = slice.start
        let count = slice.count
        guard count > 0 else { return nil }
        var index = 0
        var negative = false
        if bytes[0] == 0x2D {
            negative = true
            index = 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var scale = 0
        var seenDigit = false
        var seenPoint = false
        while index < count {
            let byte = bytes[index]
            if byte >= 0x30 && byte <= 0x39 {
                seenDigit = true
                if digits < 18 {
                    mantissa = mantissa * 10 + UInt64(byte - 0x30)
                    if mantissa != 0 { digits += 1 }
                    if seenPoint { scale += 1 }
                } else if !seenPoint {
                    // Beyond 18 digits the exact way is slower but rare.
                    return Double(slice.string)
                }
            } else if byte == 0x2E && !seenPoint {
                seenPoint = true
            } else {
                // Exponents and anything else: Swift's own parser decides.
                return Double(slice.string).flatMap { $0.isFinite ? $0 : nil }
            }
            index += 1
        }
        guard seenDigit else { return nil }
        var value: Double
        if mantissa < 1 << 53 && scale <= 22 {
            // Both exact in a Double, so one division rounds correctly.
            value = Double(mantissa) / HealthNumber.powers[scale]
        } else {
            guard let parsed = Double(slice.string) else { return nil }
            return parsed
        }
        if negative { value = -value }
        return value
    }

    package static let powers: [Double] = (0...22).map { pow(10, Double($0)) }
}
