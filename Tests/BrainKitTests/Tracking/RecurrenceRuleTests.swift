import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainInterchange

/// RRULE parts, each on the examples of RFC 5545 (section 3.8.5.3), and what does not count.
@Suite struct RecurrenceRuleTests {
    /// (DTSTART day, RRULE, the days of the occurrences).
    static let examples: [(String, String, [String])] = [
        ("19970905", "FREQ=MONTHLY;COUNT=10;BYDAY=1FR",
         ["1997-09-05", "1997-10-03", "1997-11-07", "1997-12-05", "1998-01-02", "1998-02-06", "1998-03-06", "1998-04-03", "1998-05-01", "1998-06-05"]),
        ("19970922", "FREQ=MONTHLY;COUNT=6;BYDAY=-2MO", ["1997-09-22", "1997-10-20", "1997-11-17", "1997-12-22", "1998-01-19", "1998-02-16"]),
        ("19970928", "FREQ=MONTHLY;BYMONTHDAY=-3;COUNT=6", ["1997-09-28", "1997-10-29", "1997-11-28", "1997-12-29", "1998-01-29", "1998-02-26"]),
        ("20070115", "FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5", ["2007-01-15", "2007-01-30", "2007-02-15", "2007-03-15", "2007-03-30"]),
        ("19970519", "FREQ=YEARLY;BYDAY=20MO;COUNT=3", ["1997-05-19", "1998-05-18", "1999-05-17"]),
        ("19970512", "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO;COUNT=3", ["1997-05-12", "1998-05-11", "1999-05-17"]),
        ("19970313", "FREQ=YEARLY;BYMONTH=3;BYDAY=TH;COUNT=4", ["1997-03-13", "1997-03-20", "1997-03-27", "1998-03-05"]),
        ("19970929", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2;COUNT=3", ["1997-09-29", "1997-10-30", "1997-11-27"]),
        ("19970805", "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO", ["1997-08-05", "1997-08-10", "1997-08-19", "1997-08-24"]),
        ("19970805", "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU", ["1997-08-05", "1997-08-17", "1997-08-19", "1997-08-31"]),
        ("19970101", "FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200",
         ["1997-01-01", "1997-04-10", "1997-07-19", "2000-01-01", "2000-04-09", "2000-07-18", "2003-01-01", "2003-04-10", "2003-07-19", "2006-01-01"]),
        ("19980213", "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13;COUNT=3", ["1998-02-13", "1998-03-13", "1998-11-13"]),
        ("19970902", "FREQ=DAILY;INTERVAL=10;COUNT=5", ["1997-09-02", "1997-09-12", "1997-09-22", "1997-10-02", "1997-10-12"]),
        ("19960105", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;COUNT=3", ["1996-01-05", "1996-02-29", "2000-02-29"]),
        ("19971103", "FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13;COUNT=3", ["1997-11-03", "1997-11-08", "1997-12-13"]),
    ]

    @Test(arguments: examples)
    func rulePartsExpandAsRFC5545Says(_ example: (String, String, [String])) throws {
        let rule = try RecurrenceRule.parse(example.1).get()
        let start = try #require(CalendarTime.parse(example.0, parameters: [:]).time)
        let days = rule.expand(from: start, through: Int64(Day("2010-12-31")!.ordinal) * 86_400, floatingIn: .utc).starts
            .map { Day(ordinal: Int(LocalDays.floorDivide($0, 86_400))).description }
        #expect(days == example.2, "\(example.1)")
    }

    @Test func unsupportedAndBadPartsAreRefused() {
        for text in ["FREQ=HOURLY", "FREQ=MONTHLY;BYDAY=0MO", "FREQ=MONTHLY;BYMONTHDAY=32", "FREQ=YEARLY;BYMONTH=13", "FREQ=DAILY;X-SKIP=1",
                     "FREQ=DAILY;COUNT=2;UNTIL=20260101"] {
            #expect(throws: RuleProblem.self, "\(text)") { try RecurrenceRule.parse(text).get() }
        }
    }

    @Test func aRunawayRuleStopsAtTheLimitWithAWarning() {
        let text = ["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:x", "SUMMARY:x", "DTSTART;VALUE=DATE:17000101", "RRULE:FREQ=DAILY",
                    "END:VEVENT", "END:VCALENDAR"].joined(separator: "\r\n")
        let reader = ICalendarReader.read(text)
        let (occurrences, problems) = CalendarExpansion.occurrences(of: reader.events, through: Day("2026-12-31")!, floatingIn: .utc)
        #expect(occurrences.count == RecurrenceRule.occurrenceLimit)
        #expect(problems.map(\.severity) == [.warning])
    }

    /// Windows names, the file's own VTIMEZONE, and events that do not count.
    @Test func zonesAndEventsThatDoNotCount() throws {
        let text = ["BEGIN:VCALENDAR", "X-WR-CALNAME:jo@example.com",
                    "BEGIN:VEVENT", "UID:a", "SUMMARY:Windows", "DTSTART;TZID=W. Europe Standard Time:20260701T100000", "END:VEVENT",
                    "BEGIN:VEVENT", "UID:b", "SUMMARY:Own zone", "DTSTART;TZID=Custom:20260101T100000", "END:VEVENT",
                    "BEGIN:VEVENT", "UID:c", "SUMMARY:Declined", "DTSTART:20260101T100000Z",
                    "ATTENDEE;PARTSTAT=DECLINED:mailto:Jo@Example.com", "END:VEVENT",
                    "BEGIN:VEVENT", "UID:d", "SUMMARY:Free", "DTSTART:20260101T100000Z", "TRANSP:TRANSPARENT", "END:VEVENT",
                    "BEGIN:VEVENT", "UID:e", "SUMMARY:Cancelled", "DTSTART:20260101T100000Z", "STATUS:CANCELLED", "END:VEVENT",
                    "BEGIN:VEVENT", "UID:f", "SUMMARY:Others declined", "DTSTART:20260101T100000Z",
                    "ATTENDEE;PARTSTAT=DECLINED:mailto:sam@example.com", "END:VEVENT",
                    "BEGIN:VTIMEZONE", "TZID:Custom",
                    "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0545", "TZOFFSETTO:+0545", "END:STANDARD",
                    "END:VTIMEZONE", "END:VCALENDAR"].joined(separator: "\r\n")
        let reader = ICalendarReader.read(text)
        #expect(reader.problems.isEmpty, "\(reader.problems)")
        #expect(reader.owner == "jo@example.com")
        let instants = reader.events.map { $0.start.instant(floatingIn: .utc) }
        #expect(instants[0] == Int64(Day("2026-07-01")!.ordinal) * 86_400 + 8 * 3600, "10:00 in Berlin's summer is 08:00 UTC")
        #expect(instants[1] == Int64(Day("2026-01-01")!.ordinal) * 86_400 + 10 * 3600 - 5 * 3600 - 45 * 60)
        let counted = CalendarExpansion.occurrences(of: reader.events, through: Day("2026-12-31")!, floatingIn: .utc,
                                                    owners: [reader.owner!]).occurrences.map(\.summary)
        #expect(counted == ["Windows", "Own zone", "Others declined"])
        #expect(CalendarZone.named("Tokyo Standard Time") == .system(TimeZone(identifier: "Asia/Tokyo")!))
    }
}
