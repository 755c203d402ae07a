import BrainTestSupport
import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Calendars (RFC 5545): a file written to the letter of the RFC with recurring events, their
/// exceptions and overrides, time zones and all-day events; and generated calendars expanded by
/// the PyPI `icalendar` parser with python-dateutil's rrule, to check the expansion against.
@Suite struct CalendarSourceTests {
    /// Gym Monday, Wednesday and Friday at 18:30 New York time for eight sessions, across the end of
    /// summer time on 1 November; Wednesday 28 October off (EXDATE); Monday 2 November moved to
    /// Tuesday morning; Wednesday 4 November cancelled. Yoga every other day at 07:00 floating time
    /// until 5 November (UTC); a lunch yoga in UTC; a weekend yoga retreat (all-day); swimming that
    /// no rule matches; a monthly event on the 5th; and a broken event.
    static let calendar = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Brain tests//EN",
        "BEGIN:VTIMEZONE", "TZID:America/New_York",
        "BEGIN:STANDARD", "DTSTART:19701101T020000", "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500", "END:STANDARD",
        "END:VTIMEZONE",
        "BEGIN:VEVENT", "UID:gym@brain", "SUMMARY:Gym",
        "DTSTART;TZID=America/New_York:20261026T183000", "DTEND;TZID=America/New_York:20261026T193000",
        "RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=8", "EXDATE;TZID=America/New_York:20261028T183000",
        "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Gym", "TRIGGER:-PT15M", "END:VALARM",
        "END:VEVENT",
        "BEGIN:VEVENT", "UID:gym@brain", "RECURRENCE-ID;TZID=America/New_York:20261102T183000",
        "SUMMARY:Gym (early)", "DTSTART;TZID=America/New_York:20261103T070000", "DTEND;TZID=America/New_York:20261103T074500",
        "END:VEVENT",
        "BEGIN:VEVENT", "UID:gym@brain", "RECURRENCE-ID;TZID=America/New_York:20261104T183000", "STATUS:CANCELLED",
        "SUMMARY:Gym", "DTSTART;TZID=America/New_York:20261104T183000", "DTEND;TZID=America/New_York:20261104T193000",
        "END:VEVENT",
        "BEGIN:VEVENT", "UID:yoga@brain", "SUMMARY:Yoga\\, slow", "DTSTART:20261101T070000", "DTEND:20261101T073000",
        "RRULE:FREQ=DAILY;INTERVAL=2;UNTIL=20261105T000000", "END:VEVENT",
        "BEGIN:VEVENT", "UID:lunch@brain", "SUMMARY:Yoga at", " lunch", "DTSTART:20261102T120000Z", "DURATION:PT20M", "END:VEVENT",
        "BEGIN:VEVENT", "UID:retreat@brain", "SUMMARY:Yoga retreat", "DTSTART;VALUE=DATE:20261107", "DTEND;VALUE=DATE:20261109",
        "END:VEVENT",
        "BEGIN:VEVENT", "UID:swim@brain", "SUMMARY:Swim", "DTSTART:20261027T060000Z", "DTEND:20261027T064500Z",
        "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;UNTIL=20261125T000000Z", "END:VEVENT",
        "BEGIN:VEVENT", "UID:month@brain", "SUMMARY:Gym induction", "DTSTART:20261005T090000Z", "DTEND:20261005T100000Z",
        "RRULE:FREQ=MONTHLY;BYMONTHDAY=5", "END:VEVENT",
        "BEGIN:VEVENT", "UID:broken@brain", "SUMMARY:Gym", "DTSTART:2026-11-03", "END:VEVENT",
        "END:VCALENDAR",
    ].joined(separator: "\r\n") + "\r\n"

    /// With `all-day: true`, so the retreat counts.
    static let minutes = {
        var rule = Tracking.rule("minutes", source: "calendar", atLeast: 30, match: "Gym|Yoga")
        rule.allDay = true
        return rule
    }()
    static let events = Tracking.rule("events", source: "calendar", atLeast: 1, match: "gym|yoga")
    static let swims = Tracking.rule("events", source: "calendar", atLeast: 1, match: "^swim$")

    @Test func recurringEventsWithExceptionsOverridesZonesAndAllDayEvents() throws {
        let folder = try TrackingFolder()
        let path = try folder.write("gym.ics", Self.calendar)
        let days = Day("2026-10-01")!...Day("2026-11-30")!
        let data = try Tracking.read("calendar", path, rules: [Self.minutes, Self.events, Self.swims], days: days)
        #expect(Tracking.table(data.values(for: Self.minutes)) == [
            "2026-10-05: 60", "2026-10-26: 60", "2026-10-30: 60", "2026-11-01: 30", "2026-11-02: 20", "2026-11-03: 75",
            "2026-11-05: 60", "2026-11-06: 60", "2026-11-07: 1440", "2026-11-08: 1440", "2026-11-09: 60", "2026-11-11: 60",
        ])
        #expect(data.values(for: Self.events)?[Day("2026-11-03")!] == 2)
        #expect(Tracking.table(data.values(for: Self.swims)) == ["2026-10-27: 1", "2026-10-29: 1", "2026-11-10: 1", "2026-11-12: 1", "2026-11-24: 1"])
        #expect(data.problems.map(\.description) == [
            "gym.ics:77:1: error: DTSTART \"2026-11-03\" is not a date YYYYMMDD or a date-time YYYYMMDDTHHMMSS[Z]",
        ])
        #expect(data.files.first?.problems == 1)
        // In Berlin the Friday session after New York's clocks go back (18:30 EST, 00:30 CET) is Saturday.
        let berlin = try Tracking.read("calendar", path, rules: [Self.minutes], zone: Tracking.berlin, days: days)
        #expect(Tracking.table(berlin.values(for: Self.minutes)).contains("2026-11-07: 1500"), "\(Tracking.table(berlin.values(for: Self.minutes)))")
        #expect(berlin.values(for: Self.minutes)?[Day("2026-11-06")!] == nil)
        #expect(berlin.values(for: Self.minutes)?[Day("2026-10-30")!] == 60, "23:30 in Berlin while New York is still on summer time")
    }

    /// A pattern that backtracks without end over a long summary is stopped: reading ends in
    /// seconds, and the summary counts as not matching.
    @Test func aBacktrackingPatternOverALongSummaryEndsInTime() throws {
        let summary = String(repeating: "a", count: 1000) + "!"
        let text = ["BEGIN:VCALENDAR", "BEGIN:VEVENT", "SUMMARY:" + summary, "DTSTART:20261102T070000Z", "DTEND:20261102T080000Z",
                    "END:VEVENT", "BEGIN:VEVENT", "SUMMARY:aaa", "DTSTART:20261103T070000Z", "DTEND:20261103T080000Z", "END:VEVENT",
                    "END:VCALENDAR"].joined(separator: "\r\n")
        let folder = try TrackingFolder()
        let path = try folder.write("long.ics", text)
        let started = Date()
        for pattern in ["(a+)+$", "(a|aa)+$", "(a*)*$"] {
            let rule = Tracking.rule("events", source: "calendar", atLeast: 1, match: pattern)
            let data = try Tracking.read("calendar", path, rules: [rule])
            #expect(Tracking.table(data.values(for: rule)) == ["2026-11-03: 1"], "\(pattern)")
            let expression = try #require(TrackingPattern.compile(pattern))
            #expect(!TrackingPattern.matches(expression, summary) && TrackingPattern.matches(expression, "aaa"))
        }
        #expect(Date().timeIntervalSince(started) < 5)
        // A daily event with that summary for three years is matched once, not 1,095 times.
        let daily = ["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:long@brain", "SUMMARY:" + summary, "DTSTART:20240101T070000Z",
                     "DTEND:20240101T080000Z", "RRULE:FREQ=DAILY;COUNT=1095", "END:VEVENT", "END:VCALENDAR"].joined(separator: "\r\n")
        let dailyPath = try folder.write("daily.ics", daily)
        let again = Date()
        let rule = Tracking.rule("events", source: "calendar", atLeast: 1, match: "(a|aa)+$")
        #expect(try Tracking.read("calendar", dailyPath, rules: [rule]).values(for: rule)?.isEmpty == true)
        #expect(Date().timeIntervalSince(again) < 5)
    }

    @Test func textIsUnfoldedAndUnescaped() throws {
        let reader = ICalendarReader.read(Self.calendar)
        #expect(reader.events.map(\.summary).contains("Yoga, slow"))
        #expect(reader.events.map(\.summary).contains("Yoga atlunch"), "a folded line continues without its first space")
        #expect(ICalendarText.unescape(ICalendarText.escape("a; b, c\\d\ne")) == "a; b, c\\d\ne")
        let line = try #require(ICalendarText.ContentLine("DTSTART;TZID=\"Europe/Berlin\";X-A=\"a:b;c\":20261122T073000", line: 3))
        #expect(line.name == "DTSTART" && line.parameters["TZID"] == "Europe/Berlin" && line.parameters["X-A"] == "a:b;c")
        #expect(line.value == "20261122T073000")
    }

    @Test func unknownZonesAndBrokenComponentsAreReported() throws {
        let text = ["BEGIN:VCALENDAR", "BEGIN:VEVENT", "SUMMARY:Gym", "DTSTART;TZID=Mars/Olympus:20261102T070000",
                    "END:VEVENT", "BEGIN:VEVENT", "SUMMARY:Yoga", "DTSTART:20261103T070000Z", "DTEND:20261103T060000Z", "END:VEVENT",
                    "BEGIN:VEVENT", "SUMMARY:Run", "DTSTART;TZID=/mozilla.org/20050126_1/Europe/Berlin:20261104T070000",
                    "END:VCALENDAR"].joined(separator: "\n")
        let reader = ICalendarReader.read(text)
        #expect(reader.problems.map(\.description) == [
            "4:1: warning: unknown time zone \"Mars/Olympus\" (neither an IANA nor a Windows name, and no VTIMEZONE of the file defines it); read as local time",
            "9:1: error: DTEND is before DTSTART",
            "11:1: error: BEGIN:VEVENT is never ended",
        ])
        #expect(reader.events.map(\.summary) == ["Gym"])
        #expect(CalendarZone.named("/mozilla.org/20050126_1/Europe/Berlin") == .system(TimeZone(identifier: "Europe/Berlin")!))
        let folder = try TrackingFolder()
        let notCalendar = try folder.write("notes.ics", "hello\n")
        #expect(throws: TrackingError.self) { try Tracking.read("calendar", notCalendar, rules: [Self.events]) }
    }

    @Test func wallClockTimesReadAsRFC5545Says() {
        let berlin = Tracking.berlin
        func wall(_ text: String) -> Int64 {
            guard case .local(let seconds, _)? = CalendarTime.parse(text, parameters: [:]).time else { return 0 }
            return seconds
        }
        func utc(_ text: String) -> Int64 {
            guard case .utc(let seconds)? = CalendarTime.parse(text, parameters: [:]).time else { return 0 }
            return seconds
        }
        // 02:30 on 29 March 2026 does not exist in Berlin: read with the offset before the gap.
        #expect(LocalDays.instant(ofWallClock: wall("20260329T023000"), in: berlin) == utc("20260329T013000Z"))
        // 02:30 on 25 October 2026 happens twice: the first.
        #expect(LocalDays.instant(ofWallClock: wall("20261025T023000"), in: berlin) == utc("20261025T003000Z"))
        #expect(LocalDays.instant(ofWallClock: wall("20261122T073000"), in: berlin) == utc("20261122T063000Z"))
        #expect(ICalendarReader.duration("PT1H30M") == 5400 && ICalendarReader.duration("P1W2D") == 777_600)
        #expect(ICalendarReader.duration("-PT5M") == -300 && ICalendarReader.duration("P") == nil && ICalendarReader.duration("PT5") == nil)
    }

    // MARK: - Cross-check with icalendar and dateutil

    /// Lists the occurrences of every event up to the horizon as `[start, seconds, summary]`: the
    /// master's rule expanded by dateutil's rruleset with its EXDATEs, minus the occurrences a
    /// RECURRENCE-ID replaces, plus the replacements that are not cancelled.
    static let script = """
    import sys, json, datetime, icalendar
    from dateutil.rrule import rrulestr, rruleset
    UTC = datetime.timezone.utc
    horizon = datetime.datetime(2027, 3, 1, tzinfo=UTC)
    def key(value):
        if not isinstance(value, datetime.datetime):
            return "D:" + value.isoformat()
        if value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return value.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    def instant(value):
        if not isinstance(value, datetime.datetime):
            return datetime.datetime(value.year, value.month, value.day, tzinfo=UTC)
        return value if value.tzinfo else value.replace(tzinfo=UTC)
    def as_datetime(value):
        return value if isinstance(value, datetime.datetime) else datetime.datetime(value.year, value.month, value.day)
    cal = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
    events = list(cal.walk("VEVENT"))
    replaced = {}
    out = []
    excluded = {}
    for ev in events:
        if ev.get("RECURRENCE-ID") is None and ev.get("EXDATE") is not None:
            exdates = ev.get("EXDATE")
            for group in (exdates if isinstance(exdates, list) else [exdates]):
                for item in group.dts:
                    excluded.setdefault(str(ev.get("UID")), set()).add(key(item.dt))
    for ev in events:
        if ev.get("RECURRENCE-ID") is not None:
            replaced.setdefault(str(ev.get("UID")), []).append(key(ev.decoded("RECURRENCE-ID")))
    for ev in events:
        start = ev.decoded("DTSTART")
        if ev.get("DTEND") is not None:
            seconds = (ev.decoded("DTEND") - start).total_seconds()
        elif ev.get("DURATION") is not None:
            seconds = ev.decoded("DURATION").total_seconds()
        else:
            seconds = 86400 if not isinstance(start, datetime.datetime) else 0
        summary = str(ev.get("SUMMARY"))
        cancelled = str(ev.get("STATUS", "")).upper() == "CANCELLED"
        if ev.get("RECURRENCE-ID") is not None:
            # An occurrence its series leaves out (EXDATE) stays out, as recurring_ical_events reads it.
            if key(ev.decoded("RECURRENCE-ID")) in excluded.get(str(ev.get("UID")), set()):
                continue
            if not cancelled and instant(start) < horizon:
                out.append([key(start), seconds, summary])
            continue
        if cancelled:
            continue
        starts = []
        if ev.get("RRULE") is not None:
            rules = rruleset()
            rules.rrule(rrulestr(ev.get("RRULE").to_ical().decode(), dtstart=as_datetime(start)))
            exdates = ev.get("EXDATE")
            for group in (exdates if isinstance(exdates, list) else [exdates] if exdates is not None else []):
                for item in group.dts:
                    rules.exdate(as_datetime(item.dt))
            for occurrence in rules:
                if instant(occurrence) >= horizon:
                    break
                starts.append(occurrence if isinstance(start, datetime.datetime) else occurrence.date())
        elif instant(start) < horizon:
            starts = [start]
        gone = set(replaced.get(str(ev.get("UID")), []))
        for occurrence in starts:
            if key(occurrence) not in gone:
                out.append([key(occurrence), seconds, summary])
    print(json.dumps(sorted(out)))
    """


    /// A calendar of `count` random recurring events, each with a rule synchronised with its
    /// DTSTART (as RFC 5545 asks), some EXDATEs, and overrides that move or cancel an occurrence.
    static func generated(seed: UInt64, count: Int) -> String {
        var random = DemoRandom(seed: seed)
        let codes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Brain tests//EN"]
        func stamp(_ day: Day, _ minutes: Int) -> String {
            let (y, m, d) = day.parts
            return String(format: "%04d%02d%02dT%02d%02d00", y, m, d, minutes / 60, minutes % 60)
        }
        func date(_ day: Day) -> String { String(stamp(day, 0).prefix(8)) }
        for index in 0..<count {
            let kind = ["utc", "floating", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Sydney", "date"]
                .randomElement(using: &random)!
            let day = Day("2026-01-01")!.adding(days: Int.random(in: 0..<330, using: &random))
            let minutes = Int.random(in: 24..<84, using: &random) * 15
            let allDay = kind == "date"
            func time(_ day: Day, _ minutes: Int) -> (parameters: String, value: String) {
                switch kind {
                case "utc": return ("", stamp(day, minutes) + "Z")
                case "floating": return ("", stamp(day, minutes))
                case "date": return (";VALUE=DATE", date(day))
                default: return (";TZID=" + kind, stamp(day, minutes))
                }
            }
            let weekly = Bool.random(using: &random)
            let interval = Int.random(in: 1...3, using: &random)
            var byDay: [Weekday] = []
            if weekly || Bool.random(using: &random) {
                byDay = [day.weekday] + Weekday.allCases.filter { _ in Int.random(in: 0..<4, using: &random) == 0 }
            }
            var rule = "FREQ=\(weekly ? "WEEKLY" : "DAILY")"
            if interval > 1 { rule += ";INTERVAL=\(interval)" }
            if !byDay.isEmpty { rule += ";BYDAY=" + Set(byDay).sorted { $0.rawValue < $1.rawValue }.map { codes[$0.rawValue - 1] }.joined(separator: ",") }
            if weekly && interval > 1 && Bool.random(using: &random) { rule += ";WKST=SU" }
            switch Int.random(in: 0..<3, using: &random) {
            case 0: rule += ";COUNT=\(Int.random(in: 1...25, using: &random))"
            case 1:
                let until = day.adding(days: Int.random(in: 0...120, using: &random))
                switch kind {
                case "date": rule += ";UNTIL=" + date(until)
                case "floating": rule += ";UNTIL=" + stamp(until, 23 * 60)
                default: rule += ";UNTIL=" + stamp(until, 23 * 60) + "Z"
                }
            default: break
            }
            let uid = "event-\(index)@brain"
            let (parameters, value) = time(day, minutes)
            lines += ["BEGIN:VEVENT", "UID:\(uid)", "SUMMARY:Event \(index)", "DTSTART\(parameters):\(value)"]
            if allDay {
                lines.append("DTEND;VALUE=DATE:" + date(day.adding(days: Int.random(in: 1...3, using: &random))))
            } else {
                let (endParameters, endValue) = time(day, minutes + Int.random(in: 1...8, using: &random) * 15)
                lines.append("DTEND\(endParameters):\(endValue)")
            }
            lines.append("RRULE:" + rule)
            // Occurrences for exceptions and overrides: the first days the rule certainly produces.
            let step = weekly ? 7 * interval : interval
            let candidates = (1...3).map { day.adding(days: $0 * step) }
                .filter { byDay.isEmpty || byDay.contains($0.weekday) }
            for exception in candidates where Int.random(in: 0..<3, using: &random) == 0 {
                let (exceptionParameters, exceptionValue) = time(exception, minutes)
                lines.append("EXDATE\(exceptionParameters):\(exceptionValue)")
            }
            lines.append("END:VEVENT")
            if let moved = candidates.last, Bool.random(using: &random) {
                let (idParameters, idValue) = time(moved, minutes)
                let (startParameters, startValue) = time(moved.adding(days: allDay ? 1 : 0), allDay ? 0 : minutes + 60)
                let (endParameters, endValue) = time(moved.adding(days: allDay ? 2 : 0), allDay ? 0 : minutes + 90)
                lines += ["BEGIN:VEVENT", "UID:\(uid)", "RECURRENCE-ID\(idParameters):\(idValue)", "SUMMARY:Event \(index) moved",
                          "DTSTART\(startParameters):\(startValue)", "DTEND\(endParameters):\(endValue)"]
                if Int.random(in: 0..<3, using: &random) == 0 { lines.append("STATUS:CANCELLED") }
                lines.append("END:VEVENT")
            }
        }
        lines.append("END:VCALENDAR")
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// Brain's occurrences in the script's form: UTC start (floating times read as UTC), seconds, summary.
    static func expanded(_ text: String) -> [String] {
        let utc = Tracking.utc
        let reader = ICalendarReader.read(text)
        #expect(reader.problems.isEmpty, "\(reader.problems)")
        let horizon = Int64(Day("2027-03-01")!.ordinal) * 86_400
        return CalendarExpansion.occurrences(of: reader.events, through: Day("2027-03-02")!, floatingIn: .system(utc)).occurrences.compactMap { occurrence in
            let instant = occurrence.start.instant(floatingIn: utc)
            guard instant < horizon else { return nil }
            let start: String
            if case .date(let day) = occurrence.start {
                start = "D:\(day)"
            } else {
                let date = Date(timeIntervalSince1970: Double(instant))
                let formatter = ISO8601DateFormatter()
                formatter.timeZone = utc
                start = formatter.string(from: date)
            }
            return "\(start) \(occurrence.duration) \(occurrence.summary)"
        }.sorted()
    }

    @Test(.enabled(if: CalendarParser.python != nil, "the icalendar cross-check: \(CalendarParser.problem)"),
          arguments: [UInt64(1), 2, 3, 4])
    func expansionAgreesWithIcalendarAndDateutil(seed: UInt64) throws {
        let python = try #require(CalendarParser.python)
        let text = Self.generated(seed: seed, count: 40)
        let folder = try TrackingFolder()
        let path = try folder.write("generated.ics", text)
        let run = Process()
        run.executableURL = URL(fileURLWithPath: python)
        run.arguments = ["-c", Self.script, path]
        let out = Pipe(), err = Pipe()
        run.standardOutput = out
        run.standardError = err
        try run.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let problem = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        run.waitUntilExit()
        #expect(run.terminationStatus == 0, "the icalendar script failed: \(problem)")
        let rows = try #require(try JSONSerialization.jsonObject(with: data) as? [[Any]])
        let theirs = rows.map { row in "\(row[0]) \(Int((row[1] as? Double) ?? Double(row[1] as? Int ?? 0))) \(row[2])" }.sorted()
        let ours = Self.expanded(text)
        #expect(theirs.count > 100, "the generated calendar has occurrences to compare")
        #expect(ours == theirs, "seed \(seed): only Brain \(Set(ours).subtracting(theirs).sorted().prefix(5)), only icalendar \(Set(theirs).subtracting(ours).sorted().prefix(5))")
    }
}
