import BrainTestSupport
import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainInterchange

/// The days and minutes the real `brain track` counts from calendars, against an independent
/// count in Python: PyPI's `icalendar` reads the file and `recurring_ical_events` expands it
/// (python-dateutil's rrule underneath); the script then applies Brain's documented rules of what
/// counts (not cancelled, not TRANSP:TRANSPARENT, not declined by `me:`, all-day only with
/// `all-day: true`; a timed event on the local day it starts, with its minutes). Calendars are
/// generated at random (every RRULE part, zones IANA, Windows and VTIMEZONE-defined, EXDATE,
/// RDATE, RECURRENCE-ID, declined, cancelled, free, all-day), and also taken from the two
/// packages' own test suites, which their wheels ship (read from the venv, never copied here).
@Suite(.serialized) struct CalendarAgreementTests {
    /// Prints one JSON list of counted occurrences: [day, summary, minutes, all-day].
    static let script = """
    import sys, json, datetime, zoneinfo, icalendar, recurring_ical_events
    path, tz, first, last, owners = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5]
    zone = zoneinfo.ZoneInfo(tz)
    UTC = datetime.timezone.utc
    first = datetime.date.fromisoformat(first); last = datetime.date.fromisoformat(last)
    owners = {o.lower() for o in owners.split(",") if o}
    cal = icalendar.Calendar.from_ical(open(path, "rb").read())
    name = str(cal.get("X-WR-CALNAME", "")).strip().lower()
    if name.startswith("mailto:"): name = name[7:]
    if "@" in name and " " not in name: owners.add(name)
    def address(value):
        text = str(value).strip().lower()
        return text[7:] if text.startswith("mailto:") else text
    rows = []
    query = recurring_ical_events.of(cal, components=["VEVENT"])
    for ev in query.between(first - datetime.timedelta(days=3), last + datetime.timedelta(days=3)):
        if str(ev.get("STATUS", "")).upper() == "CANCELLED": continue
        if str(ev.get("TRANSP", "")).upper() == "TRANSPARENT": continue
        attendees = ev.get("ATTENDEE", [])
        if not isinstance(attendees, list): attendees = [attendees]
        if any(str(a.params.get("PARTSTAT", "")).upper() == "DECLINED" and address(a) in owners for a in attendees): continue
        start = ev["DTSTART"].dt
        end = ev["DTEND"].dt if ev.get("DTEND") is not None else start
        summary = str(ev.get("SUMMARY", ""))
        if not isinstance(start, datetime.datetime):
            days = max(1, (end - start).days) if not isinstance(end, datetime.datetime) else 1
            for offset in range(days):
                day = start + datetime.timedelta(days=offset)
                if first <= day <= last: rows.append([day.isoformat(), summary, 1440, True])
            continue
        if start.tzinfo is None:
            day = start.date()
            seconds = (end.replace(tzinfo=None) - start).total_seconds()
        else:
            day = start.astimezone(zone).date()
            seconds = (end.astimezone(UTC) - start.astimezone(UTC)).total_seconds()
        if first <= day <= last: rows.append([day.isoformat(), summary, seconds / 60, False])
    print(json.dumps(rows))
    """

    /// The habits of the test vault: (id, auto rule, pattern, minutes, all-day).
    static let habits: [(id: String, rule: String, pattern: String?, minutes: Bool, allDay: Bool)] = [
        ("gym-minutes", "{source: calendar, match: \"gym\", metric: minutes, at-least: 1}", "gym", true, false),
        ("all-events", "{source: calendar}", nil, false, false),
        ("yoga-days", "{source: calendar, match: \"yoga\", all-day: true}", "yoga", false, true),
        ("all-minutes", "{source: calendar, metric: minutes, at-least: 1, all-day: true}", nil, true, true),
    ]

    struct Run {
        var brain: [String: [String: Double]]
        var python: [String: [String: Double]]
        var occurrences: Int
        var status: Int32
        var problem: String
    }

    /// Runs `brain track --dry-run --json` and the script on one calendar; values per habit per day.
    static func compare(_ calendar: String, zone: String, first: String, last: String) throws -> Run {
        let python = try #require(CalendarParser.python)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("brain-agreement-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        for folder in [".brain", "habits", "daily"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        try "day-starts-at: \"00:00\"\nme: [me@example.com]\n".write(toFile: root + "/.brain/config.yml", atomically: true, encoding: .utf8)
        for habit in habits {
            try "---\ntitle: \(habit.id)\nevery: day\ncreated: \(first)\nauto: \(habit.rule)\n---\n"
                .write(toFile: root + "/habits/\(habit.id).md", atomically: true, encoding: .utf8)
        }
        let path = root + "/calendar.ics"
        try calendar.write(toFile: path, atomically: true, encoding: .utf8)

        func run(_ executable: URL, _ arguments: [String], environment: [String: String]) throws -> (Data, String, Int32) {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            process.environment = environment
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            let problem = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (data, problem, process.terminationStatus)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["BRAIN_NOW"] = last + "T12:00:00Z"
        environment["TZ"] = zone
        environment["NO_COLOR"] = "1"
        let (brainData, brainProblem, status) = try run(try ConcurrencyTests.executable(),
            ["--vault", root, "track", "--source", "calendar=" + path, "--since", first, "--dry-run", "--json"], environment: environment)
        var brain: [String: [String: Double]] = [:]
        if let object = try? JSONSerialization.jsonObject(with: brainData) as? [String: Any],
           let reports = object["habits"] as? [[String: Any]] {
            for report in reports {
                let id = report["id"] as? String ?? ""
                for entry in report["entries"] as? [[String: Any]] ?? [] {
                    brain[id, default: [:]][entry["date"] as? String ?? ""] = (entry["value"] as? NSNumber)?.doubleValue
                }
            }
        }
        let (pythonData, pythonProblem, pythonStatus) = try run(URL(fileURLWithPath: python),
            ["-c", script, path, zone, first, last, "me@example.com"], environment: ProcessInfo.processInfo.environment)
        guard pythonStatus == 0, let rows = try JSONSerialization.jsonObject(with: pythonData) as? [[Any]] else {
            return Run(brain: brain, python: [:], occurrences: -1, status: status, problem: "python: " + String(pythonProblem.suffix(300)))
        }
        var expected: [String: [String: Double]] = [:]
        for row in rows {
            let day = row[0] as? String ?? "", summary = row[1] as? String ?? ""
            let minutes = (row[2] as? NSNumber)?.doubleValue ?? 0, allDay = (row[3] as? Bool) ?? false
            for habit in habits where (!allDay || habit.allDay)
                && (habit.pattern.map { summary.range(of: $0, options: [.caseInsensitive, .regularExpression]) != nil } ?? true) {
                expected[habit.id, default: [:]][day, default: 0] += habit.minutes ? minutes : 1
            }
        }
        for (id, days) in expected { expected[id] = days.mapValues { ($0 * 1000).rounded() / 1000 } }
        return Run(brain: brain, python: expected, occurrences: rows.count, status: status, problem: String(brainProblem.suffix(600)))
    }

    // MARK: - Generated calendars

    /// Outlook's own VTIMEZONE for a name no zone database knows, and a made-up zone with odd offsets.
    static let outlookZone = "(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna"
    static let zoneBlocks = [
        "BEGIN:VTIMEZONE", "TZID:\(outlookZone)",
        "BEGIN:STANDARD", "DTSTART:16010101T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
        "RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=10", "END:STANDARD",
        "BEGIN:DAYLIGHT", "DTSTART:16010101T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
        "RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT", "END:VTIMEZONE",
        "BEGIN:VTIMEZONE", "TZID:Brainland Time",
        "BEGIN:STANDARD", "DTSTART:20001001T030000", "TZOFFSETFROM:+0630", "TZOFFSETTO:+0530",
        "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU", "END:STANDARD",
        "BEGIN:DAYLIGHT", "DTSTART:20000409T020000", "TZOFFSETFROM:+0530", "TZOFFSETTO:+0630",
        "RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=2SU", "END:DAYLIGHT", "END:VTIMEZONE",
    ]

    /// A random rule: its text and the parsed rule to place DTSTART on one of its occurrences.
    static func randomRule(_ random: inout DemoRandom, anchor: Day) -> String {
        let codes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        func pick<T>(_ items: [T]) -> T { items.randomElement(using: &random)! }
        func some<T>(_ items: [T], _ most: Int) -> [T] { Array(items.shuffled(using: &random).prefix(Int.random(in: 1...most, using: &random))) }
        let frequency = pick(["DAILY", "WEEKLY", "MONTHLY", "MONTHLY", "YEARLY", "YEARLY"])
        var parts = ["FREQ=" + frequency]
        if Int.random(in: 0..<3, using: &random) == 0 { parts.append("INTERVAL=\(Int.random(in: 2...3, using: &random))") }
        switch frequency {
        case "DAILY":
            if Bool.random(using: &random) { parts.append("BYDAY=" + some(codes, 4).joined(separator: ",")) }
            if Int.random(in: 0..<4, using: &random) == 0 { parts.append("BYMONTH=" + some((1...12).map(String.init), 6).joined(separator: ",")) }
            if Int.random(in: 0..<5, using: &random) == 0 { parts.append("BYMONTHDAY=" + some(["1", "15", "-1", "28", "31"], 3).joined(separator: ",")) }
        case "WEEKLY":
            let days = some(codes, 4)
            if Bool.random(using: &random) { parts.append("BYDAY=" + days.joined(separator: ",")) }
            if days.count > 1, Int.random(in: 0..<4, using: &random) == 0 { parts.append("BYSETPOS=" + pick(["1", "-1"])) }
            if Bool.random(using: &random) { parts.append("WKST=" + pick(["MO", "SU", "WE"])) }
        case "MONTHLY":
            switch Int.random(in: 0..<5, using: &random) {
            case 0: parts.append("BYMONTHDAY=" + some(["1", "5", "15", "29", "30", "31", "-1", "-2"], 3).joined(separator: ","))
            case 1: parts.append("BYDAY=" + some(["1MO", "2TU", "3WE", "-1FR", "-2SU", "4TH", "5SA"], 2).joined(separator: ","))
            case 2:
                parts.append("BYDAY=" + some(["MO", "TU", "WE", "TH", "FR"], 5).joined(separator: ","))
                parts.append("BYSETPOS=" + pick(["1", "-1", "2", "1,-1"]))
            case 3:
                parts.append("BYDAY=" + some(codes, 3).joined(separator: ","))
                parts.append("BYMONTHDAY=" + some(["1", "2", "3", "4", "5", "6", "7", "13", "-1"], 7).joined(separator: ","))
            default: break
            }
            if Int.random(in: 0..<4, using: &random) == 0 { parts.append("BYMONTH=" + some((1...12).map(String.init), 6).joined(separator: ",")) }
        default:
            switch Int.random(in: 0..<6, using: &random) {
            case 0:
                parts.append("BYMONTH=" + some((1...12).map(String.init), 3).joined(separator: ","))
                parts.append("BYDAY=" + pick(["1MO", "-1SU", "2WE", "4TH", "-1FR"]))
            case 1: parts.append("BYYEARDAY=" + some(["1", "100", "200", "-1", "-100", "366", "60"], 3).joined(separator: ","))
            case 2:
                parts.append("BYWEEKNO=" + some(["1", "10", "20", "30", "52", "-1"], 2).joined(separator: ","))
                parts.append("BYDAY=" + some(codes, 2).joined(separator: ","))
            case 3:
                parts.append("BYMONTH=" + some((1...12).map(String.init), 3).joined(separator: ","))
                parts.append("BYMONTHDAY=" + some(["1", "29", "30", "31", "-1"], 2).joined(separator: ","))
            case 4: parts.append("BYDAY=" + pick(["20MO", "-1FR", "1SU", "53TH"]))
            default: break
            }
            if Int.random(in: 0..<4, using: &random) == 0 { parts.append("WKST=SU") }
        }
        return parts.joined(separator: ";")
    }

    /// A calendar of `count` random events between 2026 and mid 2027.
    static func generated(seed: UInt64, count: Int) -> String {
        var random = DemoRandom(seed: seed)
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Brain tests//EN"] + zoneBlocks
        func stamp(_ wall: Int64) -> String {
            let day = Day(ordinal: Int(LocalDays.floorDivide(wall, 86_400)))
            let seconds = Int(wall - Int64(day.ordinal) * 86_400)
            let (y, m, d) = day.parts
            return String(format: "%04d%02d%02dT%02d%02d%02d", y, m, d, seconds / 3600, seconds % 3600 / 60, seconds % 60)
        }
        let names = ["Gym", "Yoga", "Work", "Gym class", "yoga nidra", "Standup"]
        for index in 0..<count {
            let kind = ["utc", "floating", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Sydney",
                        "W. Europe Standard Time", "Eastern Standard Time", "Tokyo Standard Time", outlookZone, "Brainland Time",
                        "date", "date"].randomElement(using: &random)!
            let allDay = kind == "date"
            func property(_ name: String, _ wall: Int64) -> String {
                switch kind {
                case "utc": return "\(name):\(stamp(wall))Z"
                case "floating": return "\(name):\(stamp(wall))"
                case "date": return "\(name);VALUE=DATE:\(stamp(wall).prefix(8))"
                default: return "\(name);TZID=\(kind.contains(",") ? "\"\(kind)\"" : kind):\(stamp(wall))"
                }
            }
            let anchorDay = Day("2026-01-01")!.adding(days: Int.random(in: 0..<360, using: &random))
            let anchor = Int64(anchorDay.ordinal) * 86_400 + (allDay ? 0 : Int64(Int.random(in: 24..<84, using: &random) * 900))
            var text = Int.random(in: 0..<6, using: &random) == 0 ? nil : randomRule(&random, anchor: anchorDay)
            var start = anchor
            var occurrences: [Int64] = [anchor]
            if let rule = text, case .success(let parsed) = RecurrenceRule.parse(rule) {
                let time: CalendarTime = allDay ? .date(anchorDay) : .local(anchor, zone: nil)
                let found = parsed.expand(from: time, through: anchor + 500 * 86_400, floatingIn: .utc).starts
                if found.count > 1 {
                    // DTSTART on the rule's first occurrence, as RFC 5545 asks.
                    start = found[1]
                    occurrences = Array(found.dropFirst())
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: text! += ";COUNT=\(Int.random(in: 1...30, using: &random))"
                    case 1:
                        let until = found[min(found.count - 1, Int.random(in: 1...20, using: &random))]
                        text! += ";UNTIL=" + (allDay ? String(stamp(until).prefix(8)) : kind == "floating" ? stamp(until) : stamp(until - 3600) + "Z")
                    default: break
                    }
                } else {
                    text = nil
                }
            } else {
                text = nil
            }
            let uid = "event-\(index)@brain"
            let summary = names.randomElement(using: &random)! + " \(index)"
            lines += ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z", "SUMMARY:\(summary)", property("DTSTART", start)]
            let length: Int64 = allDay ? Int64(Int.random(in: 1...3, using: &random)) * 86_400 : Int64(Int.random(in: 1...8, using: &random)) * 900
            lines.append(property("DTEND", start + length))
            if let text { lines.append("RRULE:" + text) }
            switch Int.random(in: 0..<12, using: &random) {
            case 0: lines.append("STATUS:CANCELLED")
            case 1: lines.append("TRANSP:TRANSPARENT")
            case 2: lines.append("ATTENDEE;CN=Me;PARTSTAT=DECLINED:mailto:Me@Example.com")
            case 3: lines += ["ORGANIZER:mailto:boss@example.com", "ATTENDEE;PARTSTAT=ACCEPTED:mailto:me@example.com",
                              "ATTENDEE;PARTSTAT=DECLINED:mailto:someone@example.com"]
            default: lines.append("TRANSP:OPAQUE")
            }
            if text != nil {
                let later = occurrences.dropFirst().prefix(6)
                for exception in later where Int.random(in: 0..<4, using: &random) == 0 { lines.append(property("EXDATE", exception)) }
                if Int.random(in: 0..<4, using: &random) == 0 {
                    lines.append(property("RDATE", start + Int64(Int.random(in: 2...40, using: &random)) * 86_400 + (allDay ? 0 : 1800)))
                }
                lines.append("END:VEVENT")
                if let moved = later.last, Bool.random(using: &random) {
                    // Moved by days and at most two hours, so no time falls in a gap of summer time: RFC 5545
                    // reads such a time with the offset before the gap, icalendar's VTIMEZONE zones with the one after.
                    let shift: Int64 = allDay ? 86_400 : 86_400 * Int64(Int.random(in: 0...2, using: &random)) + 3600 * Int64(Int.random(in: 1...2, using: &random))
                    lines += ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z", property("RECURRENCE-ID", moved),
                              "SUMMARY:\(summary) moved", property("DTSTART", moved + shift), property("DTEND", moved + shift + length)]
                    switch Int.random(in: 0..<6, using: &random) {
                    case 0: lines.append("STATUS:CANCELLED")
                    case 1: lines.append("ATTENDEE;PARTSTAT=DECLINED:mailto:me@example.com")
                    case 2: lines.append("TRANSP:TRANSPARENT")
                    default: break
                    }
                    lines.append("END:VEVENT")
                }
            } else {
                lines.append("END:VEVENT")
            }
        }
        lines.append("END:VCALENDAR")
        return lines.map(ICalendarText.line).joined()
    }


    static let zones = ["UTC", "Europe/Berlin", "America/Los_Angeles", "Asia/Tokyo", "Australia/Sydney"]

    @Test(.enabled(if: CalendarParser.python != nil, "the recurring_ical_events agreement test: \(CalendarParser.problem)"),
          arguments: Array(UInt64(1)...UInt64(24)))
    func generatedCalendarsAgreeWithRecurringIcalEvents(seed: UInt64) throws {
        let calendar = Self.generated(seed: seed, count: 40)
        if let folder = ProcessInfo.processInfo.environment["BRAIN_AGREEMENT_KEEP"] {
            try calendar.write(toFile: folder + "/seed-\(seed).ics", atomically: true, encoding: .utf8)
        }
        let zone = Self.zones[Int(seed) % Self.zones.count]
        let run = try Self.compare(calendar, zone: zone, first: "2026-01-01", last: "2027-06-30")
        #expect(run.status == 0, "brain track: \(run.problem)")
        #expect(run.occurrences > 50, "seed \(seed): \(run.problem)")
        for habit in Self.habits {
            let ours = run.brain[habit.id] ?? [:], theirs = run.python[habit.id] ?? [:]
            let differing = Set(ours.keys).union(theirs.keys).filter { ours[$0] != theirs[$0] }.sorted()
            #expect(differing.isEmpty, "seed \(seed) in \(zone), \(habit.id): \(differing.count) days differ, first \(differing.prefix(4).map { "\($0): brain \(ours[$0].map { "\($0)" } ?? "-") python \(theirs[$0].map { "\($0)" } ?? "-")" })")
        }
        print("calendar agreement: seed \(seed) zone \(zone): \(run.occurrences) occurrences counted by python, days per habit \(Self.habits.map { run.brain[$0.id]?.count ?? 0 })")
    }

    // MARK: - The packages' own calendars

    /// The .ics files of icalendar's and recurring_ical_events' test suites, as their wheels install them.
    static func suiteCalendars() throws -> [String] {
        let python = try #require(CalendarParser.python)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", "import icalendar, recurring_ical_events, os; print(os.path.dirname(icalendar.__file__)); print(os.path.dirname(recurring_ical_events.__file__))"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var files: [String] = []
        for folder in text.split(separator: "\n").map(String.init) {
            guard let walk = FileManager.default.enumerator(atPath: folder) else { continue }
            while let path = walk.nextObject() as? String {
                if path.hasSuffix(".ics") { files.append(folder + "/" + path) }
            }
        }
        return files.sorted()
    }

    /// Calendars of the suites where Brain and recurring_ical_events differ, and why.
    static let knownDifferences: [String: String] = [
        "tests/calendars/period_with_timezone.ics": "RDATE;VALUE=PERIOD is left out with a warning",
        "test/calendars/issue_113_period_in_rdate.ics": "RDATE;VALUE=PERIOD is left out with a warning",
        "test/calendars/issue_113_period_rdate_duration.ics": "RDATE;VALUE=PERIOD is left out with a warning",
        "test/calendars/end_before_start_event.ics": "DTEND before DTSTART is an error and the event is left out",
        "test/calendars/issue_132_swapped_start_and_end.ics": "DTEND before DTSTART is an error and the event is left out",
        "test/calendars/issue_75_range_parameter.ics": "RECURRENCE-ID;RANGE=THISANDFUTURE is read as this occurrence only (a warning)",
        "test/calendars/multiple_rrule.ics": "only the first of several RRULEs is used (a warning)",
        "test/calendars/issue_164_duplicated_event.ics": "the last of several events with one UID counts; recurring_ical_events picks by SEQUENCE",
        "test/calendars/issue_201_test_matrix.ics": "events whose UID repeats without RECURRENCE-ID: the last one counts",
        "test/calendars/issue_253_additional_recurrence_id.ics": "an override of no occurrence of its series still counts",
        "tests/calendars/rfc_7265_appendix_example_2_ical.ics": "the last of several events with one UID counts",
    ]

    @Test(.enabled(if: CalendarParser.python != nil, "the recurring_ical_events agreement test: \(CalendarParser.problem)"))
    func theSuitesCalendarsAgreeWithRecurringIcalEvents() throws {
        let files = try Self.suiteCalendars()
        #expect(files.count > 100, "the wheels ship their test calendars")
        var agreed = 0, compared = 0, occurrences = 0
        var unreadable: [String] = []
        var differing: [String] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            // Brain reads whole calendars; icalendar's suite also has bare VEVENTs.
            guard text.uppercased().contains("BEGIN:VCALENDAR") else { continue }
            let run = try Self.compare(text, zone: "Europe/Berlin", first: "2000-01-01", last: "2030-12-31")
            let name = file.components(separatedBy: "/").suffix(3).joined(separator: "/")
            guard run.occurrences >= 0 else {
                unreadable.append(name)
                continue
            }
            compared += 1
            occurrences += run.occurrences
            let same = Self.habits.allSatisfy { (run.brain[$0.id] ?? [:]) == (run.python[$0.id] ?? [:]) }
            if same {
                agreed += 1
            } else {
                let habit = Self.habits.first { (run.brain[$0.id] ?? [:]) != (run.python[$0.id] ?? [:]) }!
                let ours = run.brain[habit.id] ?? [:], theirs = run.python[habit.id] ?? [:]
                let days = Set(ours.keys).union(theirs.keys).filter { ours[$0] != theirs[$0] }.sorted()
                differing.append("\(name) (\(habit.id), \(days.count) days, first \(days.first ?? ""): brain \(days.first.flatMap { ours[$0] }.map { "\($0)" } ?? "-") python \(days.first.flatMap { theirs[$0] }.map { "\($0)" } ?? "-"))")
            }
        }
        print("calendar agreement, the suites' calendars: \(agreed) of \(compared) agree (\(occurrences) occurrences counted by python); \(unreadable.count) python cannot read")
        for line in differing { print("  differs: " + line) }
        let unexplained = differing.filter { line in !Self.knownDifferences.keys.contains { line.hasPrefix($0 + " ") } }
        #expect(unexplained.isEmpty, "calendars of the suites where Brain and recurring_ical_events differ, not known: \(unexplained)")
        #expect(compared >= 150 && agreed >= 155, "\(agreed) of \(compared) agree")
    }
}
