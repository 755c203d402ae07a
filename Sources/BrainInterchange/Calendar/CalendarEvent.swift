import Foundation
import BrainFormat
import BrainAnalytics
import BrainStore

/// A VEVENT of an iCalendar file, as the reader keeps it.
package struct CalendarEvent: Hashable, Sendable {
    package var uid: String?
    package var summary: String
    package var start: CalendarTime
    /// Exact seconds for a timed event; whole days × 86,400 for an all-day one.
    package var duration: Int64
    package var rule: RecurrenceRule?
    package var exceptions: [CalendarTime]
    package var extraDates: [CalendarTime]
    /// Set on an event that replaces one occurrence of a recurring event with the same UID.
    package var recurrenceID: CalendarTime?
    /// `STATUS:CANCELLED`.
    package var cancelled: Bool
    /// The line of its `BEGIN:VEVENT`.
    package var line: Int
}

/// One occurrence of an event.
package struct CalendarOccurrence: Hashable, Sendable {
    package var summary: String
    package var start: CalendarTime
    /// Seconds (a day is 86,400 for an all-day occurrence).
    package var duration: Int64
    /// The line of the VEVENT it comes from.
    package var line: Int

    package var allDay: Bool { start.isDate }
}

/// Reads the events of an iCalendar file (RFC 5545) line by line: lines are unfolded, TEXT
/// values unescaped (`ICalendarText`), components nested by BEGIN/END; VTIMEZONE definitions are
/// passed over, since TZIDs are read with Foundation's time zones. A bad event is reported with
/// its line and left out; the rest is read.
package struct ICalendarReader {
    package private(set) var events: [CalendarEvent] = []
    package private(set) var problems: [Diagnostic] = []
    private var pending: (text: String, line: Int)?
    private var stack: [(name: String, line: Int)] = []
    private var event: [ICalendarText.ContentLine] = []
    private var eventLine = 0

    package init() {}

    /// Reads a whole text (tests, small files).
    package static func read(_ text: String) -> ICalendarReader {
        var reader = ICalendarReader()
        var number = 1
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            reader.consume(String(line.hasSuffix("\r") ? line.dropLast() : line), line: number)
            number += 1
        }
        reader.finish()
        return reader
    }

    /// Takes the next physical line.
    package mutating func consume(_ text: String, line: Int) {
        if ICalendarText.isContinuation(text), pending != nil {
            pending!.text += text.dropFirst()
            return
        }
        if let previous = pending { handle(previous.text, line: previous.line) }
        pending = text.isEmpty ? nil : (text, line)
    }

    /// Ends the input: the last line, and components never closed.
    package mutating func finish() {
        if let previous = pending { handle(previous.text, line: previous.line) }
        pending = nil
        for open in stack.reversed() {
            problems.append(Diagnostic(line: open.line, column: 1, message: "BEGIN:\(open.name) is never ended"))
        }
        stack = []
    }

    private mutating func handle(_ text: String, line: Int) {
        guard let content = ICalendarText.ContentLine(text, line: line) else {
            if stack.last?.name == "VEVENT" {
                problems.append(Diagnostic(line: line, column: 1, message: "not a content line NAME:value: \"\(text.prefix(60))\""))
            }
            return
        }
        switch content.name {
        case "BEGIN":
            let name = content.value.uppercased().trimmingCharacters(in: .whitespaces)
            stack.append((name, line))
            if name == "VEVENT" {
                event = []
                eventLine = line
            }
        case "END":
            let name = content.value.uppercased().trimmingCharacters(in: .whitespaces)
            guard let open = stack.lastIndex(where: { $0.name == name }) else {
                problems.append(Diagnostic(line: line, column: 1, message: "END:\(name) without BEGIN:\(name)"))
                return
            }
            for unclosed in stack[(open + 1)...] {
                problems.append(Diagnostic(line: unclosed.line, column: 1, message: "BEGIN:\(unclosed.name) is never ended"))
            }
            stack.removeSubrange(open...)
            if name == "VEVENT" { finishEvent() }
        default:
            // Properties of the event itself, not of an alarm inside it.
            if stack.last?.name == "VEVENT" { event.append(content) }
        }
    }

    private mutating func finishEvent() {
        let properties = event
        event = []
        func first(_ name: String) -> ICalendarText.ContentLine? { properties.first { $0.name == name } }
        func bad(_ property: ICalendarText.ContentLine?, _ message: String) {
            problems.append(Diagnostic(line: property?.line ?? eventLine, column: 1, message: message))
        }
        func time(_ property: ICalendarText.ContentLine, value: String? = nil) -> CalendarTime? {
            let text = value ?? property.value
            let (time, problem) = CalendarTime.parse(text, parameters: property.parameters)
            if let problem { problems.append(Diagnostic(line: property.line, column: 1, severity: .warning, message: problem)) }
            if time == nil { bad(property, "\(property.name) \"\(text)\" is not a date YYYYMMDD or a date-time YYYYMMDDTHHMMSS[Z]") }
            return time
        }
        guard let startLine = first("DTSTART") else {
            bad(nil, "an event without DTSTART")
            return
        }
        guard let start = time(startLine) else { return }
        var duration: Int64 = start.isDate ? 86_400 : 0
        if let endLine = first("DTEND") {
            guard let end = time(endLine) else { return }
            if start.isDate, case .date(let endDay) = end, case .date(let startDay) = start {
                duration = Int64(startDay.distance(to: endDay)) * 86_400
            } else {
                let utc = TimeZone(identifier: "UTC")!
                duration = end.instant(floatingIn: start.zone ?? utc) - start.instant(floatingIn: start.zone ?? utc)
            }
            guard duration >= 0 else {
                bad(endLine, "DTEND is before DTSTART")
                return
            }
        } else if let durationLine = first("DURATION") {
            guard let seconds = ICalendarReader.duration(durationLine.value), seconds >= 0 else {
                bad(durationLine, "DURATION \"\(durationLine.value)\" is not a duration such as PT1H30M or P1D")
                return
            }
            duration = seconds
        }
        var rule: RecurrenceRule?
        if let ruleLine = first("RRULE") {
            switch RecurrenceRule.parse(ruleLine.value) {
            case .success(let parsed): rule = parsed
            case .failure(let problem): problems.append(Diagnostic(line: ruleLine.line, column: 1, severity: .warning, message: problem.message))
            }
        }
        var exceptions: [CalendarTime] = []
        var extras: [CalendarTime] = []
        for property in properties where property.name == "EXDATE" || property.name == "RDATE" {
            if property.parameters["VALUE"]?.uppercased() == "PERIOD" {
                problems.append(Diagnostic(line: property.line, column: 1, severity: .warning, message: "RDATE periods are not supported; left out"))
                continue
            }
            for value in property.value.split(separator: ",") {
                guard let parsed = time(property, value: String(value)) else { continue }
                if property.name == "EXDATE" { exceptions.append(parsed) } else { extras.append(parsed) }
            }
        }
        var recurrenceID: CalendarTime?
        if let idLine = first("RECURRENCE-ID") {
            guard let parsed = time(idLine) else { return }
            recurrenceID = parsed
            if idLine.parameters["RANGE"]?.uppercased() == "THISANDFUTURE" {
                problems.append(Diagnostic(line: idLine.line, column: 1, severity: .warning,
                                           message: "RECURRENCE-ID;RANGE=THISANDFUTURE is read as this occurrence only"))
            }
        }
        let summary = first("SUMMARY").map { ICalendarText.unescape($0.value) } ?? ""
        let status = first("STATUS")?.value.uppercased().trimmingCharacters(in: .whitespaces)
        events.append(CalendarEvent(uid: first("UID")?.value, summary: summary, start: start, duration: duration, rule: rule,
                                    exceptions: exceptions, extraDates: extras, recurrenceID: recurrenceID,
                                    cancelled: status == "CANCELLED", line: eventLine))
    }

    /// Seconds of a DURATION value (`PT1H30M`, `P1D`, `P2W`, `-PT5M`); a day is 86,400 seconds.
    package static func duration(_ text: String) -> Int64? {
        var characters = Substring(text.trimmingCharacters(in: .whitespaces).uppercased())
        var sign: Int64 = 1
        if characters.first == "+" || characters.first == "-" {
            if characters.first == "-" { sign = -1 }
            characters = characters.dropFirst()
        }
        guard characters.first == "P" else { return nil }
        characters = characters.dropFirst()
        var total: Int64 = 0
        var number: Int64?
        var inTime = false
        var any = false
        for character in characters {
            if let digit = character.wholeNumberValue {
                number = (number ?? 0) * 10 + Int64(digit)
                guard number! < 10_000_000 else { return nil }
                continue
            }
            if character == "T" {
                guard number == nil, !inTime else { return nil }
                inTime = true
                continue
            }
            guard let value = number else { return nil }
            switch (character, inTime) {
            case ("W", false): total += value * 7 * 86_400
            case ("D", false): total += value * 86_400
            case ("H", true): total += value * 3600
            case ("M", true): total += value * 60
            case ("S", true): total += value
            default: return nil
            }
            number = nil
            any = true
        }
        guard any, number == nil else { return nil }
        return sign * total
    }
}

/// The occurrences of a calendar's events: recurring events expanded (`RecurrenceRule`), minus
/// their EXDATEs and the occurrences that an event with the same UID and a RECURRENCE-ID
/// replaces (by its own time and summary, or not at all when it is cancelled).
package enum CalendarExpansion {
    /// Every occurrence starting by the end of `lastDay` (in any zone), in file order.
    /// `local` is the zone floating times are read in.
    package static func occurrences(of events: [CalendarEvent], through lastDay: Day, floatingIn local: TimeZone) -> [CalendarOccurrence] {
        // Two days of margin: an occurrence in a far zone may still fall on `lastDay` locally.
        let limit = Int64(lastDay.ordinal + 2) * 86_400
        var overrides: [String: [CalendarEvent]] = [:]
        for event in events where event.recurrenceID != nil {
            overrides[event.uid ?? "", default: []].append(event)
        }
        var result: [CalendarOccurrence] = []
        for event in events {
            if event.recurrenceID != nil {
                if !event.cancelled, event.start.wallClock <= limit { result.append(occurrence(event, at: event.start)) }
                continue
            }
            if event.cancelled { continue }
            var starts = event.rule?.starts(from: event.start, through: limit, floatingIn: local)
                ?? (event.start.wallClock <= limit ? [event.start.wallClock] : [])
            for extra in event.extraDates where extra.wallClock <= limit {
                let wall = event.start.isDate || extra.isDate ? extra.wallClock
                    : extra.instant(floatingIn: local) + offset(of: event.start, at: extra.instant(floatingIn: local), local)
                if !starts.contains(wall) { starts.append(wall) }
            }
            let replaced = (overrides[event.uid ?? ""] ?? []).compactMap(\.recurrenceID)
            let zone = event.start.zone ?? local
            for wall in starts {
                let time = event.start.with(wallClock: wall)
                let instant = time.instant(floatingIn: zone)
                func same(_ other: CalendarTime) -> Bool {
                    if other.isDate || time.isDate {
                        return Day(ordinal: Int(LocalDays.floorDivide(other.wallClock, 86_400)))
                            == Day(ordinal: Int(LocalDays.floorDivide(wall, 86_400)))
                    }
                    return other.instant(floatingIn: zone) == instant
                }
                if event.exceptions.contains(where: same) || replaced.contains(where: same) { continue }
                result.append(occurrence(event, at: time))
            }
        }
        return result
    }

    package static func occurrence(_ event: CalendarEvent, at start: CalendarTime) -> CalendarOccurrence {
        CalendarOccurrence(summary: event.summary, start: start, duration: event.duration, line: event.line)
    }

    /// The offset of `start`'s zone at an instant (to turn an instant into its wall clock).
    package static func offset(of start: CalendarTime, at instant: Int64, _ local: TimeZone) -> Int64 {
        Int64((start.zone ?? local).secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant))))
    }
}
