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
    /// `TRANSP:TRANSPARENT`: the time shows as free.
    package var transparent = false
    /// The addresses (lower case, without `mailto:`) of the ATTENDEEs with `PARTSTAT=DECLINED`.
    package var declinedBy: [String] = []
    /// The line of its `BEGIN:VEVENT`.
    package var line: Int

    /// Whether the event is time its owner spends: not cancelled, not free time, not declined by
    /// one of `owners` (addresses in lower case).
    package func counts(owners: Set<String>) -> Bool {
        !cancelled && !transparent && !declinedBy.contains(where: owners.contains)
    }
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
/// values unescaped (`ICalendarText`), components nested by BEGIN/END. VTIMEZONE blocks are kept
/// as `ZoneDefinition`s, for TZIDs that are neither IANA nor Windows names (`CalendarZone`);
/// events are read at the end, so a block after the events that use it still counts. A bad event
/// is reported with its line and left out; the rest is read.
package struct ICalendarReader {
    package private(set) var events: [CalendarEvent] = []
    package private(set) var problems: [Diagnostic] = []
    /// The zones the file's VTIMEZONE blocks define, by TZID.
    package private(set) var definedZones: [String: ZoneDefinition] = [:]
    /// The calendar owner's address, when the calendar is named by it (`X-WR-CALNAME`, as
    /// Google names a person's primary calendar), in lower case.
    package private(set) var owner: String?
    private var pending: (text: String, line: Int)?
    private var stack: [(name: String, line: Int)] = []
    private var event: [ICalendarText.ContentLine] = []
    private var eventLine = 0
    private var finished: [(properties: [ICalendarText.ContentLine], line: Int)] = []
    private var zone: [ICalendarText.ContentLine] = []
    private var observances: [(daylight: Bool, properties: [ICalendarText.ContentLine])] = []

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

    /// Ends the input: the last line, components never closed, then the events.
    package mutating func finish() {
        if let previous = pending { handle(previous.text, line: previous.line) }
        pending = nil
        for open in stack.reversed() {
            problems.append(Diagnostic(line: open.line, column: 1, message: "BEGIN:\(open.name) is never ended"))
        }
        stack = []
        for (properties, line) in finished { readEvent(properties, line: line) }
        finished = []
        let numbered = Array(problems.enumerated())
        problems = numbered.sorted { (left, right) -> Bool in
            (left.element.location.line, left.offset) < (right.element.location.line, right.offset)
        }.map(\.element)
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
            switch name {
            case "VEVENT":
                event = []
                eventLine = line
            case "VTIMEZONE":
                zone = []
                observances = []
            case "STANDARD", "DAYLIGHT":
                if stack.dropLast().last?.name == "VTIMEZONE" { observances.append((name == "DAYLIGHT", [])) }
            default: break
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
            let opened = stack[open].line
            stack.removeSubrange(open...)
            if name == "VEVENT" {
                finished.append((event, eventLine))
                event = []
            }
            if name == "VTIMEZONE" { finishZone(line: opened) }
        default:
            switch stack.last?.name {
            // Properties of the event itself, not of an alarm inside it.
            case "VEVENT": event.append(content)
            case "VTIMEZONE": zone.append(content)
            case "STANDARD", "DAYLIGHT":
                if !observances.isEmpty { observances[observances.count - 1].properties.append(content) }
            case "VCALENDAR":
                if content.name == "X-WR-CALNAME", let address = ICalendarReader.address(content.value), address.contains("@") {
                    owner = address
                }
            default: break
            }
        }
    }

    /// `mailto:Jo@Example.com` → `jo@example.com`.
    package static func address(_ value: String) -> String? {
        var text = value.trimmingCharacters(in: .whitespaces)
        if text.lowercased().hasPrefix("mailto:") { text = String(text.dropFirst(7)) }
        guard !text.isEmpty, !text.contains(" ") else { return nil }
        return text.lowercased()
    }

    /// `+0100`, `-0500`, `+013045` as seconds.
    package static func offset(_ text: String) -> Int64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let sign = trimmed.first, sign == "+" || sign == "-" else { return nil }
        let digits = Array(trimmed.dropFirst())
        guard digits.count == 4 || digits.count == 6, digits.allSatisfy(\.isASCII), let value = Int(String(digits)) else { return nil }
        let hours = digits.count == 4 ? value / 100 : value / 10_000
        let minutes = digits.count == 4 ? value % 100 : value / 100 % 100
        let seconds = digits.count == 4 ? 0 : value % 100
        guard minutes < 60, seconds < 60 else { return nil }
        return Int64(sign == "-" ? -1 : 1) * Int64(hours * 3600 + minutes * 60 + seconds)
    }

    private mutating func finishZone(line: Int) {
        guard let id = zone.first(where: { $0.name == "TZID" })?.value.trimmingCharacters(in: .whitespaces), !id.isEmpty else {
            problems.append(Diagnostic(line: line, column: 1, severity: .warning, message: "a VTIMEZONE without TZID; left out"))
            return
        }
        var parts: [ZoneDefinition.Observance] = []
        for (_, properties) in observances {
            func first(_ name: String) -> ICalendarText.ContentLine? { properties.first { $0.name == name } }
            guard let startLine = first("DTSTART"), case .local(let start, _)? = CalendarTime.parse(startLine.value, parameters: [:]).time,
                  let from = first("TZOFFSETFROM").flatMap({ ICalendarReader.offset($0.value) }),
                  let to = first("TZOFFSETTO").flatMap({ ICalendarReader.offset($0.value) }) else {
                problems.append(Diagnostic(line: line, column: 1, severity: .warning,
                                           message: "VTIMEZONE \(id): an observance without a local DTSTART, TZOFFSETFROM or TZOFFSETTO; left out"))
                continue
            }
            var rule: RecurrenceRule?
            if let ruleLine = first("RRULE") {
                switch RecurrenceRule.parse(ruleLine.value) {
                case .success(let parsed): rule = parsed
                case .failure(let problem):
                    problems.append(Diagnostic(line: ruleLine.line, column: 1, severity: .warning, message: "VTIMEZONE \(id): " + problem.message))
                }
            }
            var extras: [Int64] = []
            for rdate in properties where rdate.name == "RDATE" {
                for value in rdate.value.split(separator: ",") {
                    if case .local(let wall, _)? = CalendarTime.parse(String(value), parameters: [:]).time { extras.append(wall) }
                }
            }
            parts.append(ZoneDefinition.Observance(start: start, offsetFrom: from, offsetTo: to, rule: rule, extraStarts: extras))
        }
        guard !parts.isEmpty else {
            problems.append(Diagnostic(line: line, column: 1, severity: .warning, message: "VTIMEZONE \(id) has no STANDARD or DAYLIGHT part; left out"))
            return
        }
        definedZones[id] = ZoneDefinition(id: id, observances: parts)
    }

    private mutating func readEvent(_ properties: [ICalendarText.ContentLine], line eventLine: Int) {
        func first(_ name: String) -> ICalendarText.ContentLine? { properties.first { $0.name == name } }
        func bad(_ property: ICalendarText.ContentLine?, _ message: String) {
            problems.append(Diagnostic(line: property?.line ?? eventLine, column: 1, message: message))
        }
        let zones = definedZones
        func time(_ property: ICalendarText.ContentLine, value: String? = nil) -> CalendarTime? {
            let text = value ?? property.value
            let (time, problem) = CalendarTime.parse(text, parameters: property.parameters, defined: zones)
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
                let floating = start.zone ?? .utc
                duration = end.instant(floatingIn: floating) - start.instant(floatingIn: floating)
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
            if properties.filter({ $0.name == "RRULE" }).count > 1 {
                problems.append(Diagnostic(line: ruleLine.line, column: 1, severity: .warning,
                                           message: "an event with more than one RRULE (RFC 5545 allows one): only the first is used"))
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
        let transparency = first("TRANSP")?.value.uppercased().trimmingCharacters(in: .whitespaces)
        let declined = properties.filter { $0.name == "ATTENDEE" && $0.parameters["PARTSTAT"]?.uppercased() == "DECLINED" }
            .compactMap { ICalendarReader.address($0.value) }
        events.append(CalendarEvent(uid: first("UID")?.value, summary: summary, start: start, duration: duration, rule: rule,
                                    exceptions: exceptions, extraDates: extras, recurrenceID: recurrenceID,
                                    cancelled: status == "CANCELLED", transparent: transparency == "TRANSPARENT",
                                    declinedBy: declined, line: eventLine))
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

/// The occurrences of a calendar's events: recurring events expanded (`RecurrenceRule`), plus
/// their RDATEs, minus their EXDATEs and the occurrences that an event with the same UID and a
/// RECURRENCE-ID replaces (by its own time and summary). An event that does not count
/// (`CalendarEvent.counts`: cancelled, free time, declined) gives no occurrence, and an
/// override that does not count still takes its occurrence away.
package enum CalendarExpansion {
    /// Every occurrence starting by the end of `lastDay` (in any zone), in file order, and a
    /// warning for each event whose expansion stopped at `RecurrenceRule.occurrenceLimit`.
    /// `local` is the zone floating times are read in; `owners` the addresses whose declined
    /// events do not count.
    package static func occurrences(of events: [CalendarEvent], through lastDay: Day, floatingIn local: CalendarZone,
                                    owners: Set<String> = []) -> (occurrences: [CalendarOccurrence], problems: [Diagnostic]) {
        // Two days of margin: an occurrence in a far zone may still fall on `lastDay` locally.
        let limit = Int64(lastDay.ordinal + 2) * 86_400
        var overrides: [String: [CalendarEvent]] = [:]
        for event in events where event.recurrenceID != nil {
            overrides[event.uid ?? "", default: []].append(event)
        }
        var result: [CalendarOccurrence] = []
        var problems: [Diagnostic] = []
        var masters: [String: CalendarEvent] = [:]
        var lastMaster: [String: Int] = [:]
        for (index, event) in events.enumerated() where event.recurrenceID == nil {
            if event.rule != nil { masters[event.uid ?? ""] = event }
            if let uid = event.uid { lastMaster[uid] = index }
        }
        for (index, event) in events.enumerated() {
            // A UID given to several events (an edited copy appended): the last one counts.
            if event.recurrenceID == nil, let uid = event.uid, lastMaster[uid] != index { continue }
            let counts = event.counts(owners: owners)
            if let id = event.recurrenceID {
                // An occurrence its series leaves out (EXDATE) stays out, also when an override names it.
                if let master = masters[event.uid ?? ""], master.exceptions.contains(where: { same($0, id, in: master.start.zone ?? local) }) {
                    continue
                }
                if counts, event.start.wallClock <= limit { result.append(occurrence(event, at: event.start)) }
                continue
            }
            if !counts { continue }
            var starts: [Int64]
            if let rule = event.rule {
                let expanded = rule.expand(from: event.start, through: limit, floatingIn: local)
                starts = expanded.starts
                if expanded.capped {
                    problems.append(Diagnostic(line: event.line, column: 1, severity: .warning,
                                               message: "the event's RRULE gives more than \(RecurrenceRule.occurrenceLimit) occurrences by \(lastDay); the rest are left out"))
                }
            } else {
                starts = event.start.wallClock <= limit ? [event.start.wallClock] : []
            }
            let zone = event.start.zone ?? local
            var known = Set(starts)
            for extra in event.extraDates where extra.wallClock <= limit {
                let wall: Int64
                if event.start.isDate || extra.isDate {
                    wall = extra.wallClock
                } else {
                    let instant = extra.instant(floatingIn: local)
                    wall = instant + zone.offset(at: instant)
                }
                if known.insert(wall).inserted { starts.append(wall) }
            }
            let replaced = (overrides[event.uid ?? ""] ?? []).compactMap(\.recurrenceID)
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
        return (result, problems)
    }

    /// Whether two times name the same occurrence: the same day when either is a day, else the same instant.
    package static func same(_ one: CalendarTime, _ other: CalendarTime, in zone: CalendarZone) -> Bool {
        if one.isDate || other.isDate {
            return LocalDays.floorDivide(one.wallClock, 86_400) == LocalDays.floorDivide(other.wallClock, 86_400)
        }
        return one.instant(floatingIn: zone) == other.instant(floatingIn: zone)
    }

    package static func occurrence(_ event: CalendarEvent, at start: CalendarTime) -> CalendarOccurrence {
        CalendarOccurrence(summary: event.summary, start: start, duration: event.duration, line: event.line)
    }
}
