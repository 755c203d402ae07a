import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// CSV files of metrics: `date,metric,value` with a header.
@Suite struct CSVSourceTests {
    static let screen = Tracking.rule("screen-minutes", source: "csv", atLeast: 0)

    @Test func rowsAreSummedPerLocalDayAndBadRowsReportedWithTheirPlace() throws {
        let folder = try TrackingFolder()
        let path = try folder.write("screen.csv", """
            \u{FEFF}Date, Metric ,Value,device
            2026-11-20,screen-minutes,48,phone
            2026-11-20,screen-minutes,12.5,tablet
            2026-11-21T23:30:00+01:00,screen-minutes,10,phone
            2026-11-21T23:30:00-08:00,screen-minutes,7,phone
            2026-11-22 01:30,screen-minutes,5,phone
            2026-11-22T08:00:00Z,location-visits,1,phone
            yesterday,screen-minutes,3,phone
            2026-11-22,screen-minutes,lots,phone
            2026-11-22,,3,phone
            2026-11-22,screen-minutes
            "2026-11-22,screen-minutes,3

            2026-11-22,"screen-minutes",20,phone

            """)
        let data = try Tracking.read("csv", path, rules: [Self.screen], zone: Tracking.berlin, dayStartsAt: 240)
        // 23:30 +01:00 is Berlin's evening of the 21st; 23:30 −08:00 is 08:30 on the 22nd in Berlin;
        // 01:30 without a zone is local, before day-starts-at: the 21st.
        #expect(Tracking.table(data.values(for: Self.screen)) == ["2026-11-20: 60.5", "2026-11-21: 15", "2026-11-22: 27"])
        #expect(data.problems.map(\.description) == [
            "screen.csv:8:1: error: \"yesterday\" is not a date YYYY-MM-DD or a date-time YYYY-MM-DDTHH:MM[:SS][Z|±HH:MM]",
            "screen.csv:9:27: error: \"lots\" is not a number (of at most 10^12)",
            "screen.csv:10:12: error: the metric is empty",
            "screen.csv:11:1: error: expected 3 fields (date, metric, value), found 2",
            "screen.csv:12:1: error: the quoted field opened here is never closed",
        ])
        #expect(data.files.first?.records == 6 && data.files.first?.problems == 5)
        let largest = Tracking.rule("screen-minutes", source: "csv", perDay: .max)
        #expect(try Tracking.read("csv", path, rules: [largest], zone: Tracking.berlin, dayStartsAt: 240).values(for: largest)?[Day("2026-11-20")!] == 48)
    }

    @Test func aFileWithoutTheHeaderIsRefused() throws {
        let folder = try TrackingFolder()
        let path = try folder.write("data.csv", "2026-11-20,screen-minutes,48\n")
        do {
            _ = try Tracking.read("csv", path, rules: [Self.screen])
            Issue.record("a CSV file without its header was read")
        } catch let error as TrackingError {
            #expect(error.message.hasPrefix("data.csv:1:1: the first line must name the columns date,metric,value"))
        }
        let empty = try folder.write("empty.csv", "")
        #expect(throws: TrackingError.self) { try Tracking.read("csv", empty, rules: [Self.screen]) }
    }

    @Test func twoFilesOfOneMetricCountTheLargerDayOnce() throws {
        let folder = try TrackingFolder()
        let phone = try folder.write("phone.csv", "date,metric,value\n2026-11-20,screen-minutes,40\n2026-11-21,screen-minutes,5\n")
        let laptop = try folder.write("laptop.csv", "date,metric,value\n2026-11-20,screen-minutes,30\n2026-11-21,screen-minutes,50\n")
        let data = try TrackingReader.read([TrackingFile(source: "csv", path: phone), TrackingFile(source: "csv", path: laptop)],
                                           rules: [Self.screen], context: TrackingContext(timeZone: Tracking.utc))
        #expect(Tracking.table(data.values(for: Self.screen)) == ["2026-11-20: 40", "2026-11-21: 50"])
    }

    @Test func dateTimesAreReadWithOrWithoutAZone() {
        let base = Int64(Day("2026-11-22")!.ordinal) * 86_400
        #expect(CSVSource.moment("2026-11-22T07:30")! == (base + 27_000, false))
        #expect(CSVSource.moment("2026-11-22 07:30:15.250")! == (base + 27_015, false))
        #expect(CSVSource.moment("2026-11-22T07:30:00Z")! == (base + 27_000, true))
        #expect(CSVSource.moment("2026-11-22T07:30:00+0130")! == (base + 21_600, true))
        #expect(CSVSource.moment("2026-11-22T07:30:00-02")! == (base + 34_200, true))
        for bad in ["2026-11-22", "2026-11-22T7:30", "2026-11-22T07:30:00+1", "2026-11-22T24:00", "2026-11-22T07:30Zulu"] {
            #expect(CSVSource.moment(bad) == nil, "\(bad)")
        }
    }
}
