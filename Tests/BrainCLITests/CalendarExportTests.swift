import BrainTestSupport
import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// `brain export ics` read back by a real iCalendar parser, the `icalendar` package from PyPI
/// (installed by scripts/icalendar-venv.sh, which .ci/run calls), not only compared as strings.
@Suite struct CalendarExportTests {
    /// The venv's python with `icalendar`, installed on first use; nil (with the reason) when it cannot be.
    static var parser: (python: String?, problem: String) { CalendarParser.found }

    /// Parses a calendar with icalendar and lists what it read, with the first occurrences of each
    /// rule expanded by dateutil (icalendar's own dependency).
    static let script = """
    import sys, json, icalendar
    from dateutil.rrule import rrulestr
    cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
    out = {"version": str(cal.get("VERSION")), "prodid": str(cal.get("PRODID")), "events": []}
    for ev in cal.walk("VEVENT"):
        start = ev.decoded("DTSTART")
        rule = ev.get("RRULE")
        text = rule.to_ical().decode()
        occurrences = list(rrulestr(text, dtstart=start))[:10] if "UNTIL" in text or "COUNT" in text else []
        if not occurrences:
            it = rrulestr(text, dtstart=start)
            occurrences = [d for _, d in zip(range(10), it)]
        exdates = []
        for ex in ([ev.get("EXDATE")] if not isinstance(ev.get("EXDATE"), list) else ev.get("EXDATE")):
            if ex is not None: exdates += [d.dt.isoformat() for d in ex.dts]
        alarms = [{"action": str(a.get("ACTION")), "trigger": a.decoded("TRIGGER").total_seconds(),
                   "description": str(a.get("DESCRIPTION"))} for a in ev.walk("VALARM")]
        out["events"].append({
            "uid": str(ev.get("UID")), "summary": str(ev.get("SUMMARY")), "description": str(ev.get("DESCRIPTION")),
            "start": start.isoformat(), "floating": start.tzinfo is None,
            "stamp": ev.decoded("DTSTAMP").isoformat(), "duration": ev.decoded("DURATION").total_seconds(),
            "rule": text, "occurrences": [d.isoformat() for d in occurrences], "exdates": exdates, "alarms": alarms})
    print(json.dumps(out))
    """

    struct Parsed: Decodable {
        struct Event: Decodable {
            struct Alarm: Decodable { var action: String; var trigger: Double; var description: String }
            var uid: String, summary: String, description: String, start: String, floating: Bool, stamp: String
            var duration: Double, rule: String, occurrences: [String], exdates: [String], alarms: [Alarm]
        }
        var version: String
        var prodid: String
        var events: [Event]
    }

    static func parse(_ path: String) throws -> Parsed {
        let python = try #require(parser.python)
        let run = Process()
        run.executableURL = URL(fileURLWithPath: python)
        run.arguments = ["-c", script, path]
        let out = Pipe(), err = Pipe()
        run.standardOutput = out
        run.standardError = err
        try run.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let problem = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        run.waitUntilExit()
        #expect(run.terminationStatus == 0, "icalendar could not parse the file: \(problem)")
        return try JSONDecoder().decode(Parsed.self, from: data)
    }

    /// The sample vault plus a habit whose title and cue need escaping and folding, one on a
    /// weekday list, one every 3 days with a pause ahead, one 3/week, and check-in reminders.
    static func vault() throws -> TestVault {
        let vault = try TestVault()
        try vault.write("habits/tea.md", """
            ---
            title: Tea; green, hot \\\\ ☕ and a title long enough that its line must be folded somewhere
            every: every 3 days
            cue: "After lunch, in the kitchen; the blue cup"
            remind: "15:00"
            created: 2026-11-01
            paused:
              - "2026-12-01..2026-12-03"
            ---
            """)
        try vault.write("habits/gym.md", "---\ntitle: Gym\nevery: 3/week\nremind: \"07:00\"\n---\n")
        try vault.write("habits/old.md", "---\ntitle: Old\nevery: day\nremind: \"07:00\"\nstatus: archived\n---\n")
        let config = try vault.read(".brain/config.yml")
        try vault.write(".brain/config.yml", config + "\nremind:\n  morning: \"07:30\"\n  evening: \"21:45\"\n")
        return vault
    }

    @Test(.enabled(if: parser.python != nil, "\(parser.problem)"))
    func icalendarReadsEveryReminder() throws {
        let vault = try Self.vault()
        let path = vault.root + "/reminders.ics"
        let result = vault.run(["export", "ics", "--out", path])
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        // CRLF after every line, no line longer than 75 octets.
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        for line in text.components(separatedBy: "\r\n") { #expect(line.utf8.count <= 75, "\(line)") }
        #expect(text.contains("\r\n "), "the long title is folded")

        let parsed = try Self.parse(path)
        #expect(parsed.version == "2.0")
        #expect(parsed.prodid == "-//Brain//brain \(BrainCLI.version)//EN")
        let events = Dictionary(uniqueKeysWithValues: parsed.events.map { ($0.uid, $0) })
        #expect(Set(events.keys) == ["habit-meditate@brain", "habit-read@brain", "habit-run@brain", "habit-spanish@brain",
                                     "habit-tea@brain", "habit-gym@brain", "checkin-morning@brain", "checkin-evening@brain"])
        for event in parsed.events {
            #expect(event.floating, "\(event.uid): floating local time")
            #expect(event.stamp == "2026-11-22T09:00:00+00:00")
            #expect(event.alarms.count == 1 && event.alarms[0].action == "DISPLAY" && event.alarms[0].trigger == 0)
            #expect(event.duration == 900)
        }
        let tea = try #require(events["habit-tea@brain"])
        #expect(tea.summary == "Tea; green, hot \\\\ ☕ and a title long enough that its line must be folded somewhere")
        #expect(tea.description.hasPrefix("After lunch, in the kitchen; the blue cup\n"))
        // Every 3 days from 2026-11-01: 22nd is 21 days on, so the 22nd, the 25th, …; the pause is excluded.
        #expect(tea.occurrences.prefix(4) == ["2026-11-22T15:00:00", "2026-11-25T15:00:00", "2026-11-28T15:00:00", "2026-12-01T15:00:00"])
        // An EXDATE only where the rule has an occurrence (khal warns about the others): of the
        // paused 1st to 3rd, the 1st.
        #expect(tea.exdates == ["2026-12-01T15:00:00"])
        for event in parsed.events { #expect(event.exdates.allSatisfy(event.occurrences.contains), "\(event.uid): \(event.exdates)") }
        let run = try #require(events["habit-run@brain"])
        #expect(run.rule.contains("FREQ=WEEKLY") && run.rule.contains("BYDAY=MO,WE,FR"))
        #expect(run.occurrences.prefix(4) == ["2026-11-23T18:00:00", "2026-11-25T18:00:00", "2026-11-27T18:00:00", "2026-11-30T18:00:00"])
        let read = try #require(events["habit-read@brain"])
        #expect(read.summary == "Read 20 pages")
        #expect(read.occurrences.prefix(2) == ["2026-11-22T21:30:00", "2026-11-23T21:30:00"])
        #expect(read.description.contains("At least 20 pages"))
        let gym = try #require(events["habit-gym@brain"])
        #expect(gym.rule == "FREQ=DAILY")
        #expect(gym.description.hasPrefix("3 times a week"))
        #expect(events["checkin-evening@brain"]?.start == "2026-11-22T21:45:00")
    }

    /// UIDs and the events stay the same from one export to the next; only DTSTAMP moves.
    @Test func uidsAreStableAcrossExports() throws {
        let vault = try Self.vault()
        let first = vault.run(["export", "ics"]).stdout
        vault.now = vault.now.addingTimeInterval(3600)
        let second = vault.run(["export", "ics"]).stdout
        func withoutStamps(_ text: String) -> [String] { text.components(separatedBy: "\r\n").filter { !$0.hasPrefix("DTSTAMP:") } }
        #expect(withoutStamps(first) == withoutStamps(second))
        #expect(first != second)
        #expect(first.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }.count == 8)
    }

    @Test func textIsEscapedAndLinesFolded() {
        #expect(ICalendarText.escape("a,b;c\\d\ne\r\nf") == "a\\,b\\;c\\\\d\\ne\\nf")
        let long = String(repeating: "é", count: 100)
        let folded = ICalendarText.line("SUMMARY:" + long)
        let lines = folded.components(separatedBy: "\r\n").dropLast()
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(lines.enumerated().map { $0.offset == 0 ? $0.element : String($0.element.dropFirst()) }.joined() == "SUMMARY:" + long)
    }
}
