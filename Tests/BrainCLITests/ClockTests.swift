import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// `BRAIN_NOW` and today's day are read without formatters and calendars: the same instants and
/// days as Foundation gives.
@Suite struct ClockTests {
    @Test func internetInstantsAsTheFormatterReadsThem() {
        let formatter = ISO8601DateFormatter()
        let texts = ["2026-11-22T09:00:00Z", "2026-11-22T23:59:59Z", "1970-01-01T00:00:00Z", "1969-12-31T23:59:59Z",
                     "2024-02-29T12:30:45Z", "2000-03-01T00:00:00+05:30", "2026-06-15T08:00:00-07:00",
                     "1600-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "2026-11-22T09:00:00+00:00", "2100-02-28T01:02:03-11:45"]
        for text in texts {
            #expect(Clock.internetInstant(text) == formatter.date(from: text), "\(text)")
            #expect(Clock.parseInstant(text) == formatter.date(from: text), "\(text)")
        }
        // Anything else is left to the formatters.
        for text in ["2026-11-22T09:00:00", "2026-02-30T09:00:00Z", "2026-11-22T24:00:00Z", "2026-11-22 09:00:00Z",
                     "2026-11-22T09:00:60Z", "1500-01-01T00:00:00Z", "2026-11-22T09:00:00z", "2026-11-22", "+2026-11-22T09:00:00Z"] {
            #expect(Clock.internetInstant(text) == nil, "\(text)")
        }
        #expect(Clock.parseInstant("2026-11-22") != nil)
    }

    @Test func daysAsTheCalendarCountsThem() throws {
        var instants: [Date] = []
        for seconds in stride(from: -2_000_000_000.0, to: 4_000_000_000.0, by: 7_777_777.7) {
            instants.append(Date(timeIntervalSince1970: seconds))
        }
        // Around midnight and a daylight-saving change.
        let base = ISO8601DateFormatter().date(from: "2026-03-29T00:00:00Z")!
        for minutes in stride(from: -180, through: 180, by: 15) { instants.append(base.addingTimeInterval(Double(minutes) * 60)) }
        for zone in ["UTC", "Europe/Berlin", "America/Los_Angeles", "Asia/Kolkata", "Pacific/Chatham", "Pacific/Kiritimati"] {
            let timeZone = try #require(TimeZone(identifier: zone))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            for instant in instants {
                for start in [0, 240] {
                    let parts = calendar.dateComponents([.year, .month, .day], from: instant.addingTimeInterval(Double(-start * 60)))
                    let expected = Day(year: parts.year!, month: parts.month!, day: parts.day!)
                    #expect(Clock.day(of: instant, timeZone: timeZone, dayStartsAt: start) == expected, "\(zone) \(instant)")
                }
            }
        }
    }
}
