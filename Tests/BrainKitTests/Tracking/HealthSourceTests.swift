import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Apple Health exports: the real sample export, a generated zip as the Health app shares it, and
/// small files written to the letter of the export's DTD for each rule of reading.
@Suite struct HealthSourceTests {
    static let corpus = MemoryVault.packageRoot + "/../shared/corpora/apple-health-export-sample.xml"

    /// The records and workouts of an export as Foundation's XMLParser reads them: a reader that
    /// shares nothing with the byte-level scanner, to check it against.
    final class Reference: NSObject, XMLParserDelegate {
        var records: [[String: String]] = []
        var workouts: [[String: String]] = []
        private var correlation = 0

        static func read(_ data: Data) throws -> Reference {
            let reference = Reference()
            // swift-corelibs-foundation's XMLParser crashes on the export's DTD (its ATTLIST
            // declarations), so the reference reads the document without it.
            var text = String(decoding: data, as: UTF8.self)
            if let start = text.range(of: "<!DOCTYPE"), let end = text.range(of: "]>", range: start.upperBound..<text.endIndex) {
                text.removeSubrange(start.lowerBound..<end.upperBound)
            }
            let parser = XMLParser(data: Data(text.utf8))
            parser.delegate = reference
            #expect(parser.parse(), "XMLParser could not read the export: \(String(describing: parser.parserError))")
            return reference
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if name == "Correlation" { correlation += 1 }
            if name == "Record" && correlation == 0 { records.append(attributes) }
            if name == "Workout" { workouts.append(attributes) }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "Correlation" { correlation -= 1 }
        }

        static func instant(_ text: String?) -> Date? {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
            return text.flatMap(formatter.date)
        }

        static func day(_ date: Date, _ zone: TimeZone) -> Day {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            return Day(year: parts.year!, month: parts.month!, day: parts.day!)!
        }

        /// Per day (of its start), the sources' `value(record)` for records of `type` merged second
        /// by second: each second of a record counts 1/length of its value unless a source ranked
        /// before its own (a watch, then a phone, then the rest by name) has a record covering that
        /// second; an instant counts unless one covers it. Written apart from the scanner's merge.
        func totals(_ type: String, _ zone: TimeZone, value: ([String: String]) -> Double) -> [Day: Double] {
            struct Sample { var start: Int; var end: Int; var value: Double; var source: String }
            var byDay: [Day: [Sample]] = [:]
            for record in records where record["type"] == type {
                guard let start = Reference.instant(record["startDate"]), let end = Reference.instant(record["endDate"]) else { continue }
                byDay[Reference.day(start, zone), default: []].append(Sample(start: Int(start.timeIntervalSince1970),
                    end: max(Int(start.timeIntervalSince1970), Int(end.timeIntervalSince1970)), value: value(record),
                    source: record["sourceName"] ?? ""))
            }
            func rank(_ source: String) -> Int {
                let lower = source.lowercased()
                return lower.contains("watch") ? 0 : lower.contains("phone") ? 1 : 2
            }
            func before(_ a: String, _ b: String) -> Bool {
                rank(a) < rank(b) || (rank(a) == rank(b) && Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)))
            }
            return byDay.mapValues { samples in
                var total = 0.0
                for sample in samples {
                    let higher = samples.filter { before($0.source, sample.source) }
                    func covered(_ second: Int) -> Bool { higher.contains { $0.start <= second && second < $0.end } }
                    if sample.end == sample.start {
                        if !covered(sample.start) && !higher.contains(where: { $0.start == sample.start && $0.end == $0.start }) {
                            total += sample.value
                        }
                        continue
                    }
                    let free = (sample.start..<sample.end).filter { !covered($0) }.count
                    total += sample.value * Double(free) / Double(sample.end - sample.start)
                }
                return total
            }
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: HealthSourceTests.corpus),
                   "\(HealthSourceTests.corpus) is absent (the shared corpora are not checked out)"))
    func theRealSampleExportReadsAsXMLParserReadsIt() throws {
        let zone = TimeZone(identifier: "Europe/London")!
        let rules = [Tracking.rule("steps"), Tracking.rule("distance"), Tracking.rule("workout-minutes"), Tracking.rule("workouts"),
                     Tracking.rule("workout-minutes", match: "^other$"), Tracking.rule("workouts", match: "running")]
        let data = try Tracking.read("health", Self.corpus, rules: rules, zone: zone)
        let reference = try Reference.read(try Data(contentsOf: URL(fileURLWithPath: Self.corpus)))
        #expect(reference.records.count == 15 && reference.workouts.count == 1)
        let steps = reference.totals("HKQuantityTypeIdentifierStepCount", zone) { Double($0["value"]!)! }
        #expect(data.values(for: rules[0]) == steps)
        #expect(data.values(for: rules[0])?[Day("2014-09-13")!] == 2517)
        let distance = reference.totals("HKQuantityTypeIdentifierDistanceWalkingRunning", zone) { Double($0["value"]!)! }
        #expect(data.values(for: rules[1]) == distance.mapValues { ($0 * 100).rounded() / 100 })
        let workout = try #require(reference.workouts.first)
        let workoutDay = Reference.day(try #require(Reference.instant(workout["startDate"])), zone)
        #expect(data.values(for: rules[2]) == [workoutDay: Double(workout["duration"]!)!.rounded()])
        #expect(data.values(for: rules[3]) == [workoutDay: 1])
        #expect(data.values(for: rules[4]) == [workoutDay: 32], "the type Other matches ^other$")
        #expect(data.values(for: rules[5]) == [:], "no running workout")
        #expect(data.problems.isEmpty)
        #expect(data.files.first?.records == 16)
    }

    /// The zip the Health app shares, read as it streams, equals its export.xml unpacked whole by
    /// the in-memory zip reader, and both equal XMLParser's reading.
    @Test func theExportZipStreamsToTheSameValuesAsItsUnpackedXML() throws {
        let zipPath = Tracking.fixtures + "/export.zip"
        let archive = try ZipArchive(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: zipPath))))
        let entry = try #require(archive.entries.first { $0.name == "apple_health_export/export.xml" })
        let xml = try archive.data(entry)
        let folder = try TrackingFolder()
        let xmlPath = try folder.write("apple_health_export/export.xml", xml)
        let rules = [Tracking.rule("steps"), Tracking.rule("sleep-hours"), Tracking.rule("workout-minutes", match: "running"),
                     Tracking.rule("steps", perDay: .max)]
        let zone = Tracking.berlin
        let fromZip = try Tracking.read("health", zipPath, rules: rules, zone: zone)
        let fromXML = try Tracking.read("health", xmlPath, rules: rules, zone: zone)
        let fromFolder = try Tracking.read("health", folder.path, rules: rules, zone: zone)
        for rule in rules {
            #expect(fromZip.values(for: rule) == fromXML.values(for: rule), "\(rule.summary)")
            #expect(fromFolder.values(for: rule) == fromXML.values(for: rule), "\(rule.summary)")
        }
        #expect(fromZip.files.first?.path == "export.zip")
        let reference = try Reference.read(Data(xml))
        let steps = reference.totals("HKQuantityTypeIdentifierStepCount", zone) { Double($0["value"]!)! }
        #expect(steps.count == 45)
        // Merged by time as the reference merges them (brain writes whole steps).
        let read = try #require(fromZip.values(for: rules[0]))
        #expect(Set(read.keys) == Set(steps.keys))
        for (day, value) in steps { #expect(abs((read[day] ?? -1) - value) <= 0.5 + 1e-6, "\(day): \(read[day] ?? -1) against \(value)") }
        // Both devices counted every quarter hour: where they overlap one counts, never the sum.
        var both: [Day: Double] = [:]
        for record in reference.records where record["type"] == "HKQuantityTypeIdentifierStepCount" {
            both[Reference.day(Reference.instant(record["startDate"])!, zone), default: 0] += Double(record["value"]!)!
        }
        for (day, value) in fromZip.values(for: rules[0]) ?? [:] { #expect(value < both[day]!) }
        let sleep = try #require(fromZip.values(for: rules[1]))
        #expect(sleep.count == 45 && sleep.values.allSatisfy { (5...6.7).contains($0) })
        #expect(fromZip.values(for: rules[2])?.count == 15)
        #expect(fromZip.problems.isEmpty)
    }

    /// A record at 23:30 +0100 and one at 23:30 −0800 on the same date: in Berlin the second is
    /// already the next morning; in Los Angeles both are the same evening.
    @Test func recordsCountOnTheLocalDayOfTheirInstant() throws {
        let folder = try TrackingFolder()
        let path = try folder.write("export.xml", Tracking.export([
            Tracking.steps("2026-11-21 23:30:00 +0100", "2026-11-21 23:35:00 +0100", "100"),
            Tracking.steps("2026-11-21 23:30:00 -0800", "2026-11-21 23:35:00 -0800", "7"),
        ]))
        let rule = Tracking.rule("steps")
        #expect(Tracking.table(try Tracking.read("health", path, rules: [rule], zone: Tracking.berlin).values(for: rule))
                == ["2026-11-21: 100", "2026-11-22: 7"])
        #expect(Tracking.table(try Tracking.read("health", path, rules: [rule], zone: Tracking.losAngeles).values(for: rule))
                == ["2026-11-21: 107"])
        // With days starting at 04:00 a walk at 01:30 belongs to the evening before.
        let night = try folder.write("night.xml", Tracking.export([Tracking.steps("2026-11-22 01:30:00 +0100", nil, "40"),
                                                                   Tracking.steps("2026-11-22 04:30:00 +0100", nil, "2")]))
        #expect(Tracking.table(try Tracking.read("health", night, rules: [rule], zone: Tracking.berlin, dayStartsAt: 240).values(for: rule))
                == ["2026-11-21: 40", "2026-11-22: 2"])
    }

    /// Step 18, point 1: samples of several devices merged by time, checked against the
    /// reference's second-by-second merge on generated exports of a watch, a phone and an app
    /// (overlapping and apart, instants too), read whole and in parts.
    @Test(arguments: [UInt64(3), 5, 8])
    func generatedDevicesMergeAsTheReferenceDoes(seed: UInt64) throws {
        var random = DemoRandom(seed: seed)
        var records: [String] = []
        for day in 1...9 {
            for source in ["Jo’s Apple Watch", "Jo’s iPhone", "Pedometer++"] {
                for _ in 0..<Int.random(in: 0...14, using: &random) {
                    let start = Int.random(in: 6 * 60...21 * 60, using: &random)
                    let length = Int.random(in: 0...4, using: &random) == 0 ? 0 : Int.random(in: 1...45, using: &random)
                    func stamp(_ minute: Int) -> String { String(format: "2026-11-%02d %02d:%02d:00 +0000", day, minute / 60, minute % 60) }
                    records.append(Tracking.steps(stamp(start), stamp(start + length), String(Int.random(in: 1...3000, using: &random)),
                                                  source: source))
                }
            }
        }
        // One device's records of a type come together in an export, in time order by type.
        let folder = try TrackingFolder()
        let text = Tracking.export(records)
        let path = try folder.write("export.xml", text)
        let rule = Tracking.rule("steps")
        let reference = try Reference.read(Data(text.utf8)).totals("HKQuantityTypeIdentifierStepCount", Tracking.utc) { Double($0["value"]!)! }
        for parts in [1, 3] {
            var collector = TrackingCollector()
            try HealthSource.read(TrackingFile(source: "health", path: path, shown: "export.xml"), queries: [rule.query], into: &collector,
                                  context: TrackingContext(timeZone: Tracking.utc), parts: parts, partSize: 0)
            let read = try #require(collector.data.values(for: rule))
            #expect(Set(read.keys) == Set(reference.keys))
            for (day, value) in reference {
                #expect(abs((read[day] ?? -1) - value) <= 0.5 + 1e-6, "\(day), \(parts) parts: \(read[day] ?? -1) against \(value)")
            }
        }
    }

    /// The Health app's examples: a phone-only walk while the watch charged counts beside the
    /// watch's steps; Breathe 3 minutes and Headspace 12 minutes at other hours are 15.
    @Test func whatNoOtherDeviceSawCounts() throws {
        let folder = try TrackingFolder()
        let path = try folder.write("export.xml", Tracking.export([
            Tracking.steps("2026-11-20 08:00:00 +0000", "2026-11-20 09:00:00 +0000", "6000", source: "Jo’s Apple Watch"),
            Tracking.steps("2026-11-20 08:00:00 +0000", "2026-11-20 09:00:00 +0000", "5800", source: "Jo’s iPhone"),
            Tracking.steps("2026-11-20 19:00:00 +0000", "2026-11-20 19:40:00 +0000", "2600", source: "Jo’s iPhone"),
            "<Record type=\"HKCategoryTypeIdentifierMindfulSession\" sourceName=\"Breathe\" startDate=\"2026-11-20 07:00:00 +0000\" endDate=\"2026-11-20 07:03:00 +0000\" value=\"HKCategoryValueNotApplicable\"/>",
            "<Record type=\"HKCategoryTypeIdentifierMindfulSession\" sourceName=\"Headspace\" startDate=\"2026-11-20 21:00:00 +0000\" endDate=\"2026-11-20 21:12:00 +0000\" value=\"HKCategoryValueNotApplicable\"/>",
        ]))
        let steps = Tracking.rule("steps"), mindful = Tracking.rule("mindful-minutes")
        let data = try Tracking.read("health", path, rules: [steps, mindful], zone: Tracking.utc)
        #expect(Tracking.table(data.values(for: steps)) == ["2026-11-20: 8600"])
        #expect(Tracking.table(data.values(for: mindful)) == ["2026-11-20: 15"])
        // A rule's priority: the phone before the watch where both counted.
        var phoneFirst = steps
        phoneFirst.priority = ["iphone"]
        let again = try Tracking.read("health", path, rules: [phoneFirst], zone: Tracking.utc)
        #expect(Tracking.table(again.values(for: phoneFirst)) == ["2026-11-20: 8400"])
    }

    @Test func overlappingSamplesCountOnceByPriorityAndTheRestAddUp() throws {
        let folder = try TrackingFolder()
        let path = try folder.write("export.xml", Tracking.export([
            // The same walk seen by both: phone 3000 + 2000, watch 5600 in finer samples.
            Tracking.steps("2026-11-20 08:00:00 +0100", "2026-11-20 08:30:00 +0100", "3000", source: "Jo's iPhone"),
            Tracking.steps("2026-11-20 08:00:00 +0100", "2026-11-20 08:10:00 +0100", "1900", source: "Jo's Apple Watch"),
            Tracking.steps("2026-11-20 08:10:00 +0100", "2026-11-20 08:20:00 +0100", "1800", source: "Jo's Apple Watch"),
            Tracking.steps("2026-11-20 08:20:00 +0100", "2026-11-20 08:30:00 +0100", "1900", source: "Jo's Apple Watch"),
            Tracking.steps("2026-11-20 17:00:00 +0100", "2026-11-20 17:30:00 +0100", "2000", source: "Jo's iPhone"),
            // The watch left at home: the phone's day.
            Tracking.steps("2026-11-21 10:00:00 +0100", "2026-11-21 10:30:00 +0100", "4200", source: "Jo's iPhone"),
            // A tie is settled by name, never by order in the file.
            Tracking.steps("2026-11-22 10:00:00 +0100", nil, "300", source: "B"),
            Tracking.steps("2026-11-22 11:00:00 +0100", nil, "200", source: "B"),
            Tracking.steps("2026-11-22 10:00:00 +0100", nil, "250", source: "A"),
            Tracking.steps("2026-11-22 11:00:00 +0100", nil, "250", source: "A"),
        ]))
        let sum = Tracking.rule("steps"), largest = Tracking.rule("steps", perDay: .max), smallest = Tracking.rule("steps", perDay: .min)
        let data = try Tracking.read("health", path, rules: [sum, largest, smallest], zone: Tracking.berlin)
        // The walk once, by the watch, and the phone's evening walk the watch did not see: 5600 + 2000.
        // Instants of two apps at the same second are one: A's, whose name sorts first.
        #expect(Tracking.table(data.values(for: sum)) == ["2026-11-20: 7600", "2026-11-21: 4200", "2026-11-22: 500"])
        #expect(Tracking.table(data.values(for: largest)) == ["2026-11-20: 1900", "2026-11-21: 4200", "2026-11-22: 250"], "A ties B and sorts first")
        #expect(Tracking.table(data.values(for: smallest)) == ["2026-11-20: 1800", "2026-11-21: 4200", "2026-11-22: 250"])
    }

    /// A night from 23:00 to 06:40 counts on the day it ends, asleep values only, overlaps of one
    /// source merged; a nap that afternoon counts on that day too.
    @Test func sleepCountsAsleepTimeOnTheDayTheNightEnds() throws {
        let folder = try TrackingFolder()
        let path = try folder.write("export.xml", Tracking.export([
            Tracking.sleep("2026-11-20 22:30:00 +0100", "2026-11-21 06:45:00 +0100", "InBed", source: "Jo's iPhone"),
            Tracking.sleep("2026-11-20 23:00:00 +0100", "2026-11-21 02:00:00 +0100", "AsleepCore"),
            Tracking.sleep("2026-11-20 23:00:00 +0100", "2026-11-21 01:00:00 +0100", "AsleepUnspecified"),
            Tracking.sleep("2026-11-21 02:00:00 +0100", "2026-11-21 03:00:00 +0100", "AsleepDeep"),
            Tracking.sleep("2026-11-21 03:00:00 +0100", "2026-11-21 03:10:00 +0100", "Awake"),
            Tracking.sleep("2026-11-21 03:10:00 +0100", "2026-11-21 06:40:00 +0100", "AsleepREM"),
            Tracking.sleep("2026-11-21 14:00:00 +0100", "2026-11-21 14:30:00 +0100", "Asleep"),
            // The next night starts before midnight and ends on the 22nd.
            Tracking.sleep("2026-11-21 23:50:00 +0100", "2026-11-22 07:20:00 +0100", "AsleepCore"),
        ]))
        let rule = Tracking.rule("sleep-hours")
        let data = try Tracking.read("health", path, rules: [rule], zone: Tracking.berlin)
        #expect(Tracking.table(data.values(for: rule)) == ["2026-11-21: 8", "2026-11-22: 7.5"])
        let longest = Tracking.rule("sleep-hours", perDay: .max)
        #expect(Tracking.table(try Tracking.read("health", path, rules: [longest], zone: Tracking.berlin).values(for: longest))
                == ["2026-11-21: 4", "2026-11-22: 7.5"], "23:00–03:00 is one stretch: spans that touch are merged")
    }

    @Test func badRecordsAreReportedWithTheirLineAndTheRestIsTracked() throws {
        let folder = try TrackingFolder()
        let text = Tracking.export([
            Tracking.steps("2026-11-20 08:00:00 +0100", nil, "1000"),
            "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Phone\" unit=\"count\" endDate=\"2026-11-20 09:00:00 +0100\" value=\"5\"/>",
            Tracking.steps("2026-11-20 10:00:00 +0100", nil, "lots"),
            Tracking.steps("2026-13-45 10:00:00 +0100", nil, "5"),
            "<Record type=\"HKQuantityTypeIdentifierDistanceWalkingRunning\" sourceName=\"Phone\" unit=\"furlong\" "
                + "startDate=\"2026-11-20 10:00:00 +0100\" endDate=\"2026-11-20 10:00:00 +0100\" value=\"2\"/>",
            "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Phone\" unit=\"count\" startDate=2026 value=\"1\"/>",
            // A record no rule reads is never looked at, bad or not.
            "<Record type=\"HKQuantityTypeIdentifierHeartRate\" startDate=\"yesterday\"/>",
            Tracking.steps("2026-11-20 11:00:00 +0100", nil, "234"),
        ])
        let path = try folder.write("export.xml", text)
        let steps = Tracking.rule("steps"), distance = Tracking.rule("distance")
        let data = try Tracking.read("health", path, rules: [steps, distance], zone: Tracking.berlin)
        #expect(Tracking.table(data.values(for: steps)) == ["2026-11-20: 1234"])
        #expect(data.problems.map(\.description) == [
            "export.xml:9:2: error: HKQuantityTypeIdentifierStepCount record without a startDate",
            "export.xml:10:2: error: HKQuantityTypeIdentifierStepCount record: value \"lots\" is not a number of at least 0",
            "export.xml:11:2: error: HKQuantityTypeIdentifierStepCount record: startDate \"2026-13-45 10:00:00 +0100\" is not a date YYYY-MM-DD HH:MM:SS ±HHMM",
            "export.xml:12:2: error: HKQuantityTypeIdentifierDistanceWalkingRunning record: unknown unit \"furlong\"",
            "export.xml:13:2: error: a Record element whose attributes cannot be read",
        ])
        #expect(data.files.first?.problems == 5)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[8].contains("endDate=\"2026-11-20 09:00:00 +0100\" value=\"5\""), "line 9 is the record without a startDate")
    }

    @Test func valuesPastTheNumberLimitAreBadRecordsNeverSummed() throws {
        let folder = try TrackingFolder()
        func workout(_ duration: String) -> String {
            "<Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" duration=\"\(duration)\" durationUnit=\"min\" sourceName=\"W\" "
                + "startDate=\"2026-11-20 18:00:00 +0100\" endDate=\"2026-11-20 18:20:00 +0100\"/>"
        }
        let path = try folder.write("export.xml", Tracking.export([
            Tracking.steps("2026-11-20 08:00:00 +0100", nil, "1000"),
            Tracking.steps("2026-11-20 09:00:00 +0100", nil, "1e308"),
            Tracking.steps("2026-11-20 10:00:00 +0100", nil, "1e308"),
            Tracking.steps("2026-11-20 11:00:00 +0100", nil, "99999999999999999999"),
            Tracking.steps("2026-11-20 12:00:00 +0100", nil, "inf"),
            Tracking.steps("2026-11-20 13:00:00 +0100", nil, "NaN"),
            Tracking.steps("2026-11-20 14:00:00 +0100", nil, "1000000000001"),
            workout("20"),
            workout("2e12"),
            workout("1e309"),
        ]))
        let steps = Tracking.rule("steps"), minutes = Tracking.rule("workout-minutes")
        let data = try Tracking.read("health", path, rules: [steps, minutes], zone: Tracking.berlin)
        #expect(Tracking.table(data.values(for: steps)) == ["2026-11-20: 1000"])
        #expect(Tracking.table(data.values(for: minutes)) == ["2026-11-20: 20"])
        #expect(data.problems.map(\.description) == [
            "export.xml:9:2: error: HKQuantityTypeIdentifierStepCount record: value \"1e308\" is more than 10^12",
            "export.xml:10:2: error: HKQuantityTypeIdentifierStepCount record: value \"1e308\" is more than 10^12",
            "export.xml:11:2: error: HKQuantityTypeIdentifierStepCount record: value \"99999999999999999999\" is more than 10^12",
            "export.xml:12:2: error: HKQuantityTypeIdentifierStepCount record: value \"inf\" is not a number of at least 0",
            "export.xml:13:2: error: HKQuantityTypeIdentifierStepCount record: value \"NaN\" is not a number of at least 0",
            "export.xml:14:2: error: HKQuantityTypeIdentifierStepCount record: value \"1000000000001\" is more than 10^12",
            "export.xml:16:2: error: Workout: duration \"2e12\" is more than 10^12",
            "export.xml:17:2: error: Workout: duration \"1e309\" is not a number of at least 0",
        ])
    }

    @Test func anXMLFileWithoutTheHealthDataElementIsRefused() throws {
        let folder = try TrackingFolder()
        let rule = Tracking.rule("steps")
        for (name, text) in [
            ("feed.xml", "<?xml version=\"1.0\"?>\n<rss><channel><title>news</title></channel></rss>\n"),
            ("empty.xml", ""),
            ("commented.xml", "<?xml version=\"1.0\"?>\n<!-- <HealthData> -->\n<Other>" + Tracking.steps("2026-11-20 08:00:00 +0100", nil, "5") + "</Other>\n"),
        ] {
            let path = try folder.write(name, text)
            do {
                let data = try Tracking.read("health", path, rules: [rule])
                Issue.record("\(name) was read as a Health export: \(data.files)")
            } catch let error as TrackingError {
                #expect(error.message == "\(name): not an Apple Health export: no <HealthData> element")
            }
        }
    }

    @Test func recordsInsideCDATAOrInstructionsAreNotCounted() throws {
        let folder = try TrackingFolder()
        let text = Tracking.export([
            Tracking.steps("2026-11-20 08:00:00 +0100", nil, "1000"),
            "<Note><![CDATA[ " + Tracking.steps("2026-11-20 08:00:00 +0100", nil, "5000") + " ]]></Note>",
            // `<!--` inside a CDATA section starts no comment, and `]]>` inside a comment ends nothing.
            "<Note><![CDATA[ <!-- ]]]></Note>" + Tracking.steps("2026-11-20 09:00:00 +0100", nil, "7"),
            "<!-- ]]> <![CDATA[ -->" + Tracking.steps("2026-11-20 10:00:00 +0100", nil, "20"),
            "<?note " + Tracking.steps("2026-11-20 08:00:00 +0100", nil, "300") + " ?>",
            "<![CDATA[ a section that goes on",
            Tracking.steps("2026-11-20 08:00:00 +0100", nil, "40000"),
            "for lines ]] ] ]]>" + Tracking.steps("2026-11-20 11:00:00 +0100", nil, "200"),
        ])
        let path = try folder.write("export.xml", text)
        let rule = Tracking.rule("steps")
        #expect(Tracking.table(try Tracking.read("health", path, rules: [rule]).values(for: rule)) == ["2026-11-20: 1227"])
        // However the file is cut into blocks.
        let bytes = Array(text.utf8)
        for size in [1, 5, 13, 64] {
            var scanner = HealthScanner(shown: "export.xml", context: TrackingContext(timeZone: Tracking.utc))
            let index = scanner.collector.index(of: rule.query)
            scanner.target(.steps, index: index, match: nil)
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + size)
                bytes[offset..<end].withUnsafeBytes { scanner.scan($0) }
                offset = end
            }
            scanner.finish()
            scanner.collector.finished(TrackingFile(source: "health", path: "export.xml"), records: scanner.records, problems: 0)
            #expect(Tracking.table(scanner.collector.data.values(for: rule)) == ["2026-11-20: 1227"], "blocks of \(size)")
        }
    }

    /// A file cut short holds part of its last day (and none of the record types after the cut):
    /// none of its values are used, wherever it was cut, and it says so where it ends.
    @Test func aFileCutShortGivesNoValuesAndSaysSo() throws {
        let folder = try TrackingFolder()
        let whole = Tracking.export([Tracking.steps("2026-11-19 08:00:00 +0100", nil, "9000"),
                                     Tracking.steps("2026-11-20 08:00:00 +0100", nil, "1000"),
                                     Tracking.steps("2026-11-20 09:00:00 +0100", nil, "20")])
        let rule = Tracking.rule("steps")
        let complete = try Tracking.read("health", try folder.write("whole.xml", whole), rules: [rule], zone: Tracking.berlin)
        #expect(Tracking.table(complete.values(for: rule)) == ["2026-11-19: 9000", "2026-11-20: 1020"])
        #expect(complete.problems.isEmpty)

        let insideARecord = String(whole.prefix(upTo: whole.range(of: "value=\"20\"")!.lowerBound))
        let cutInside = try Tracking.read("health", try folder.write("export.xml", insideARecord), rules: [rule], zone: Tracking.berlin)
        #expect(cutInside.values(for: rule)?.isEmpty ?? true)
        #expect(cutInside.problems.map(\.description) == ["export.xml:10:2: error: " + HealthScanner.cutShort("inside this element")])

        let betweenRecords = String(whole.prefix(upTo: whole.range(of: "</HealthData>")!.lowerBound))
        let cutBetween = try Tracking.read("health", try folder.write("between.xml", betweenRecords), rules: [rule], zone: Tracking.berlin)
        #expect(cutBetween.values(for: rule)?.isEmpty ?? true)
        #expect(cutBetween.problems.map(\.message) == [HealthScanner.cutShort("before </HealthData>")])

        let insideTheDTD = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE HealthData [\n<!-- HealthKit Export Version: 3 -->\n<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>\n<!ATTLIST Hea"
        let error = #expect(throws: TrackingError.self) {
            try Tracking.read("health", try folder.write("dtd.xml", insideTheDTD), rules: [rule], zone: Tracking.berlin)
        }
        #expect(error?.message == "dtd.xml: " + HealthScanner.cutShort("before its <HealthData> element"))
    }

    @Test func recordsInsideACorrelationAreNotCountedTwice() throws {
        let folder = try TrackingFolder()
        let path = try folder.write("export.xml", Tracking.export([
            "<Correlation type=\"HKCorrelationTypeIdentifierFood\" sourceName=\"App\" startDate=\"2026-11-20 08:00:00 +0100\" endDate=\"2026-11-20 08:00:00 +0100\">",
            "  " + Tracking.steps("2026-11-20 08:00:00 +0100", nil, "999"),
            "</Correlation>",
            "<Correlation type=\"HKCorrelationTypeIdentifierBloodPressure\" sourceName=\"App\" startDate=\"2026-11-20 08:00:00 +0100\" endDate=\"2026-11-20 08:00:00 +0100\"/>",
            Tracking.steps("2026-11-20 08:00:00 +0100", nil, "999"),
            "<!-- a comment with <Record type=\"HKQuantityTypeIdentifierStepCount\" in it -->",
        ]))
        let rule = Tracking.rule("steps")
        #expect(Tracking.table(try Tracking.read("health", path, rules: [rule]).values(for: rule)) == ["2026-11-20: 999"])
    }

    @Test func unitsAreConvertedAndWorkoutsMatchedByType() throws {
        let folder = try TrackingFolder()
        func record(_ type: String, _ unit: String, _ value: String, _ time: String = "2026-11-20 08:00:00 +0000") -> String {
            "<Record type=\"HKQuantityTypeIdentifier\(type)\" sourceName=\"Phone\" unit=\"\(unit)\" startDate=\"\(time)\" endDate=\"\(time)\" value=\"\(value)\"/>"
        }
        let path = try folder.write("export.xml", Tracking.export([
            record("DistanceWalkingRunning", "mi", "1"), record("DistanceWalkingRunning", "m", "390.656"),
            record("ActiveEnergyBurned", "kJ", "418.4"), record("ActiveEnergyBurned", "kcal", "50"),
            record("AppleExerciseTime", "min", "12"), record("AppleExerciseTime", "s", "180"),
            record("FlightsClimbed", "count", "3"),
            "<Record type=\"HKCategoryTypeIdentifierMindfulSession\" sourceName=\"Breathe\" startDate=\"2026-11-20 07:00:00 +0000\" endDate=\"2026-11-20 07:10:30 +0000\" value=\"HKCategoryValueNotApplicable\"/>",
            "<Workout workoutActivityType=\"HKWorkoutActivityTypeYoga\" duration=\"0.5\" durationUnit=\"hr\" sourceName=\"Watch\" startDate=\"2026-11-20 18:00:00 +0000\" endDate=\"2026-11-20 18:30:00 +0000\"/>",
            "<Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" sourceName=\"Watch\" startDate=\"2026-11-20 07:00:00 +0000\" endDate=\"2026-11-20 07:25:00 +0000\">",
            "  <WorkoutEvent type=\"HKWorkoutEventTypePause\" date=\"2026-11-20 07:10:00 +0000\"/>",
            "</Workout>",
        ]))
        let rules = [Tracking.rule("distance"), Tracking.rule("active-energy"), Tracking.rule("exercise-minutes"), Tracking.rule("flights"),
                     Tracking.rule("mindful-minutes"), Tracking.rule("workout-minutes", match: "yoga|pilates"),
                     Tracking.rule("workout-minutes"), Tracking.rule("workouts", match: "Run")]
        let data = try Tracking.read("health", path, rules: rules)
        let day = Day("2026-11-20")!
        #expect(rules.map { data.values(for: $0)?[day] } == [2, 150, 15, 3, 10.5, 30, 55, 1])
    }

    /// The scanner gives the same values however the file is cut into blocks.
    @Test(arguments: [1, 2, 3, 7, 12, 13, 64, 509])
    func blockBoundariesChangeNothing(size: Int) throws {
        let text = Tracking.export([
            Tracking.steps("2026-11-20 08:00:00 +0100", nil, "1000", source: "Jo’s iPhone"),
            "<!-- a comment -- with dashes -->",
            Tracking.sleep("2026-11-20 23:00:00 +0100", "2026-11-21 06:00:00 +0100", "AsleepCore"),
            "<Record type=\"HKQuantityTypeIdentifierHeartRate\" sourceName=\"W\" unit=\"count/min\" startDate=\"2026-11-20 08:00:00 +0100\" endDate=\"2026-11-20 08:00:00 +0100\" value=\"60\">",
            "  <MetadataEntry key=\"HKMetadataKeyHeartRateMotionContext\" value=\"0\"/>",
            "</Record>",
            Tracking.steps("2026-11-21 08:00:00 +0100", nil, "12.5", source: "Jo’s iPhone"),
            Tracking.steps("2026-11-21 08:00:00 +0100", nil, "bad"),
        ])
        let bytes = Array(text.utf8)
        func scan(_ size: Int) -> (TrackingData, [Int64]) {
            var scanner = HealthScanner(shown: "export.xml", context: TrackingContext(timeZone: Tracking.berlin))
            let steps = scanner.collector.index(of: Tracking.rule("steps").query)
            scanner.target(.steps, index: steps, match: nil)
            let sleep = scanner.collector.index(of: Tracking.rule("sleep-hours").query, measuresSpans: true, spanScale: 1.0 / 3600)
            scanner.target(.sleep, index: sleep, match: nil)
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + size)
                bytes[offset..<end].withUnsafeBytes { scanner.scan($0) }
                offset = end
            }
            scanner.finish()
            scanner.collector.finished(TrackingFile(source: "health", path: "export.xml"), records: scanner.records, problems: scanner.problemCount)
            return (scanner.collector.data, scanner.problems.map(\.offset))
        }
        let (whole, wholeProblems) = scan(bytes.count)
        let (pieces, pieceProblems) = scan(size)
        for rule in [Tracking.rule("steps"), Tracking.rule("sleep-hours")] {
            #expect(pieces.values(for: rule) == whole.values(for: rule))
        }
        #expect(Tracking.table(whole.values(for: Tracking.rule("steps"))) == ["2026-11-20: 1000", "2026-11-21: 13"], "steps are whole")
        #expect(Tracking.table(whole.values(for: Tracking.rule("sleep-hours"))) == ["2026-11-21: 7"])
        #expect(pieceProblems == wholeProblems && wholeProblems.count == 1)
        #expect(pieces.files.first?.records == 3)
    }

    @Test func healthDatesReadTheirOffsets() {
        func seconds(_ text: String) -> Int64? {
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBufferPointer { HealthDate.seconds($0.baseAddress!, count: $0.count) }
        }
        #expect(seconds("1970-01-01 01:00:00 +0100") == 0)
        #expect(seconds("2026-11-21 23:30:00 -0800") == seconds("2026-11-22 07:30:00 +0000"))
        #expect(seconds("2026-11-22T07:30:00Z") == seconds("2026-11-22 07:30:00 +0000"))
        #expect(seconds("2026-11-22 07:30:00 +05:30") == seconds("2026-11-22 02:00:00 +0000"))
        for bad in ["2026-11-22", "2026-02-30 07:30:00 +0000", "2026-11-22 25:00:00 +0000", "2026-11-22 07:30:00", "2026-11-22 07:30:00 +01"] {
            #expect(seconds(bad) == nil, "\(bad)")
        }
    }

    @Test func numbersAreReadExactly() {
        func parse(_ text: String) -> Double? {
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBufferPointer { HealthNumber.parse(HealthScanner.Slice(start: $0.baseAddress!, count: $0.count)) }
        }
        for text in ["329", "0.00288", "139.3170000000021", "1e-05", "12345678901234567890", "-2.5", "0", "31.73680251737436"] {
            #expect(parse(text) == Double(text), "\(text)")
        }
        for bad in ["", "-", "1.2.3", "abc", "1,5"] { #expect(parse(bad) == nil, "\(bad)") }
    }

    @Test func aMissingOrWrongFileIsAnErrorThatNamesIt() throws {
        let folder = try TrackingFolder()
        let rule = Tracking.rule("steps")
        #expect(throws: TrackingError.self) { try Tracking.read("health", folder.path + "/nope.xml", rules: [rule]) }
        let empty = try folder.write("empty/readme.txt", "nothing here")
        _ = empty
        do {
            _ = try Tracking.read("health", folder.path + "/empty", rules: [rule])
            Issue.record("a folder without export.xml was read")
        } catch let error as TrackingError {
            #expect(error.message.hasSuffix("empty: no export.xml (Apple Health export) in this folder"))
        }
    }
}

/// Damaged files of every source: whatever the bytes, reading ends with values, problems or an
/// error that names the file, never a crash or a hang.
@Suite struct DamagedTrackingFilesTests {
    static let health = Tracking.export([
        Tracking.steps("2026-11-20 08:00:00 +0100", nil, "1000", source: "Jo’s iPhone"),
        "<!-- comment -->",
        Tracking.sleep("2026-11-20 23:00:00 +0100", "2026-11-21 06:00:00 +0100", "AsleepCore"),
        "<Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" duration=\"20\" durationUnit=\"min\" sourceName=\"W\" startDate=\"2026-11-20 18:00:00 +0100\" endDate=\"2026-11-20 18:20:00 +0100\"/>",
        "<Correlation type=\"X\" sourceName=\"A\" startDate=\"2026-11-20 08:00:00 +0100\" endDate=\"2026-11-20 08:00:00 +0100\">",
        "</Correlation>",
    ])

    @Test(arguments: [UInt64(11), 12, 13])
    func damagedHealthExportsNeverCrash(seed: UInt64) throws {
        var random = DemoRandom(seed: seed)
        let folder = try TrackingFolder()
        let rules = [Tracking.rule("steps"), Tracking.rule("sleep-hours"), Tracking.rule("workout-minutes", match: "run")]
        let original = Array(Self.health.utf8)
        for round in 0..<150 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let position = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes[position] = UInt8.random(in: 0...255, using: &random)
                case 1: bytes.remove(at: position)
                case 2: bytes.insert([0x3C, 0x22, 0x3E, 0x2F, 0x3D][Int.random(in: 0..<5, using: &random)], at: position)
                default: bytes = Array(bytes.prefix(position))
                }
                if bytes.isEmpty { bytes = [0x3C] }
            }
            let path = try folder.write("export-\(round).xml", bytes)
            let data: TrackingData
            do {
                data = try Tracking.read("health", path, rules: rules, zone: Tracking.berlin)
            } catch let error as TrackingError {
                // A file cut before its root element: cut inside its DTD, or no export at all.
                #expect(error.message == "export-\(round).xml: not an Apple Health export: no <HealthData> element"
                    || error.message == "export-\(round).xml: " + HealthScanner.cutShort("before its <HealthData> element"), "\(error.message)")
                continue
            }
            #expect(data.files.count == 1)
            #expect(data.problems.allSatisfy { $0.path == "export-\(round).xml" && $0.location.line >= 1 })
        }
    }

    @Test func damagedCalendarsAndCSVFilesNeverCrash() throws {
        var random = DemoRandom(seed: 99)
        let folder = try TrackingFolder()
        let calendar = Array(CalendarSourceTests.calendar.utf8)
        let csv = Array("date,metric,value\n2026-11-20,screen-minutes,48\n\"2026-11-21\",screen-minutes,\"1\"\n".utf8)
        for round in 0..<150 {
            for (name, original, source, rule) in [("c.ics", calendar, "calendar", CalendarSourceTests.minutes),
                                                   ("s.csv", csv, "csv", CSVSourceTests.screen)] {
                var bytes = original
                for _ in 0..<Int.random(in: 1...5, using: &random) where !bytes.isEmpty {
                    let position = Int.random(in: 0..<bytes.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: bytes[position] = [0x3A, 0x3B, 0x2C, 0x22, 0x0A, 0x20, 0x39, 0xFF][Int.random(in: 0..<8, using: &random)]
                    case 1: bytes.remove(at: position)
                    default: bytes = Array(bytes.prefix(max(1, position)))
                    }
                }
                let path = try folder.write("\(round)-\(name)", bytes)
                do {
                    _ = try Tracking.read(source, path, rules: [rule], days: Day("2026-01-01")!...Day("2026-12-31")!)
                } catch let error as TrackingError {
                    #expect(error.message.hasPrefix("\(round)-\(name)"), "\(error.message)")
                }
            }
        }
    }
}

/// A large export is read in parts on several threads; the values, records and problems are
/// those of one reading from start to end.
@Suite struct ParallelHealthReadingTests {
    @Test(arguments: [2, 3, 5])
    func partsGiveTheValuesOfOneReading(parts: Int) throws {
        let archive = try ZipArchive(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: Tracking.fixtures + "/export.zip"))))
        var xml = try archive.data(try #require(archive.entries.first { $0.name.hasSuffix("/export.xml") }))
        // Bad records near where the parts meet, so each part finds some.
        let bad = Array(" <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"X\" startDate=\"soon\" endDate=\"2026-10-02 08:00:00 +0100\" value=\"1\"/>\n".utf8)
        for fraction in [0.25, 0.5, 0.75] {
            var index = Int(Double(xml.count) * fraction)
            while !(xml[index] == 0x0A && xml[index + 1] == 0x20 && xml[index + 2] == 0x3C) { index += 1 }
            xml.insert(contentsOf: bad, at: index + 1)
        }
        let folder = try TrackingFolder()
        let path = try folder.write("export.xml", xml)
        let rules = [Tracking.rule("steps"), Tracking.rule("steps", perDay: .max), Tracking.rule("sleep-hours"),
                     Tracking.rule("workout-minutes", match: "running")]
        func read(parts: Int) throws -> TrackingData {
            var collector = TrackingCollector()
            let file = TrackingFile(source: "health", path: path, shown: "export.xml")
            try HealthSource.read(file, queries: Set(rules.map(\.query)).sorted(), into: &collector,
                                  context: TrackingContext(timeZone: Tracking.berlin), parts: parts, partSize: 0)
            return collector.data
        }
        let whole = try read(parts: 1)
        let split = try read(parts: parts)
        for rule in rules { #expect(split.values(for: rule) == whole.values(for: rule), "\(rule.summary)") }
        #expect(split.files == whole.files)
        #expect(split.problems == whole.problems)
        #expect(whole.problems.count == 3 && whole.problems.allSatisfy { $0.message.contains("startDate \"soon\"") })
        let input = try TrackingInput.open(TrackingFile(source: "health", path: path), wanted: { _ in true }, describe: "")
        #expect(try input.parts(parts, minimumSize: 0).count == parts)
    }

    /// Records with children (a heart rate's `<MetadataEntry>`, as every phone writes them): a part
    /// ends with a `</Record>` closing tag shorter than a tag's name takes to tell, which is no
    /// file cut short.
    @Test(arguments: [2, 3, 4, 7])
    func partsEndingWithAClosingTagAreWhole(parts: Int) throws {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_GB\">\n <ExportDate value=\"2026-11-22 08:00:00 +0100\"/>\n"
        for day in 1...28 {
            for hour in 6...21 {
                let stamp = String(format: "2026-10-%02d %02d:00:00 +0100", day, hour)
                xml += " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Phone\" unit=\"count\" startDate=\"\(stamp)\" "
                    + "endDate=\"\(stamp)\" value=\"\(100 + day + hour)\">\n  <MetadataEntry key=\"HKWasUserEntered\" value=\"0\"/>\n </Record>\n"
            }
        }
        xml += "</HealthData>\n"
        let folder = try TrackingFolder()
        let path = try folder.write("export.xml", xml)
        func read(parts: Int) throws -> TrackingData {
            var collector = TrackingCollector()
            try HealthSource.read(TrackingFile(source: "health", path: path, shown: "export.xml"), queries: [Tracking.rule("steps").query],
                                  into: &collector, context: TrackingContext(timeZone: Tracking.berlin), parts: parts, partSize: 0)
            return collector.data
        }
        let split = try read(parts: parts)
        #expect(split.problems.isEmpty, "\(split.problems.map(\.description))")
        #expect(split.values(for: Tracking.rule("steps")) == (try read(parts: 1)).values(for: Tracking.rule("steps")))
        #expect(split.values(for: Tracking.rule("steps"))?.count == 28)
    }
}
