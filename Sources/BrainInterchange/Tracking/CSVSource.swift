import Foundation
import BrainFormat
import BrainAnalytics
import BrainStore

/// Reading CSV files; the schema half (the metrics `auto:` may name) is in BrainFormat.
extension CSVSource: TrackingFileSource {
    package static func read(_ file: TrackingFile, queries: [TrackingQuery], into collector: inout TrackingCollector,
                            context: TrackingContext) throws(TrackingError) {
        let input = try TrackingInput.open(file, wanted: { $0.lowercased().hasSuffix(".csv") }, describe: "CSV file")
        var indices: [String: Int] = [:]
        for query in queries { indices[query.metric] = collector.index(of: query) }
        let origin = collector.origin("csv:" + input.shown)
        var days = LocalDays(timeZone: context.timeZone, dayStartsAt: context.dayStartsAt)
        var columns: (date: Int, metric: Int, value: Int)?
        var records = 0
        var problems = 0
        var local = collector
        collector = TrackingCollector()
        defer { collector = local }
        func bad(_ line: Int, _ column: Int, _ message: String) {
            problems += 1
            local.problem(Diagnostic(path: input.shown, line: line, column: column, message: message))
        }
        do {
            try input.forEachLine(progress: { done in context.progress?(done, input.size) }) { text, line in
                if text.allSatisfy({ $0 == " " || $0 == "\t" }) { return }
                let fields: [String]
                do {
                    let parsed = try CSVReader.records(text)
                    fields = parsed.first?.fields ?? []
                    if parsed.count > 1 {
                        bad(line, 1, "a quoted field goes on past the end of the line")
                        return
                    }
                } catch let failure as CSVReader.Failure {
                    bad(line, failure.column, failure.message)
                    return
                } catch {
                    bad(line, 1, "\(error)")
                    return
                }
                guard let found = columns else {
                    let names = fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                    guard let date = names.firstIndex(of: "date"), let metric = names.firstIndex(of: "metric"),
                          let value = names.firstIndex(of: "value") else {
                        throw TrackingError("\(input.shown):\(line):1: the first line must name the columns date,metric,value (it reads \"\(text.prefix(80))\")")
                    }
                    columns = (date, metric, value)
                    return
                }
                guard fields.count > max(found.date, found.metric, found.value) else {
                    bad(line, 1, "expected \(max(found.date, found.metric, found.value) + 1) fields (date, metric, value), found \(fields.count)")
                    return
                }
                let dateText = fields[found.date].trimmingCharacters(in: .whitespaces)
                let metric = fields[found.metric].trimmingCharacters(in: .whitespaces)
                let valueText = fields[found.value].trimmingCharacters(in: .whitespaces)
                let day: Day
                if let plain = Day(dateText) {
                    day = plain
                } else if let moment = CSVSource.moment(dateText) {
                    day = moment.zoned ? days.day(at: moment.seconds) : days.day(ofWallClock: moment.seconds)
                } else {
                    bad(line, CSVSource.column(of: found.date, in: text),
                        "\"\(dateText)\" is not a date YYYY-MM-DD or a date-time YYYY-MM-DDTHH:MM[:SS][Z|±HH:MM]")
                    return
                }
                guard !metric.isEmpty else {
                    bad(line, CSVSource.column(of: found.metric, in: text), "the metric is empty")
                    return
                }
                guard let value = Double(valueText), value.isFinite, abs(value) <= FieldReader.maximumNumber else {
                    bad(line, CSVSource.column(of: found.value, in: text), "\"\(valueText)\" is not a number (of at most 10^12)")
                    return
                }
                guard let index = indices[metric], context.days.map({ $0.contains(day) }) ?? true else { return }
                local.add(value, to: index, day: day, origin: origin)
                records += 1
            }
        } catch let error as TrackingError {
            throw error
        } catch {
            throw TrackingError("\(input.shown): \(error)")
        }
        if columns == nil { throw TrackingError("\(input.shown): empty; expected a header date,metric,value and rows") }
        local.finished(file, records: records, problems: problems)
    }

    /// The 1-based byte column where field `index` of a CSV line starts (quotes respected).
    package static func column(of index: Int, in line: String) -> Int {
        var field = 0
        var quoted = false
        for (offset, byte) in line.utf8.enumerated() {
            if field == index { return offset + 1 }
            if byte == 0x22 { quoted.toggle() } else if byte == 0x2C && !quoted { field += 1 }
        }
        return line.utf8.count + 1
    }

    /// `2026-11-22T07:30`, `…:00`, `….250`, then optionally `Z`, `+01:00` or `+0100` (a space may
    /// replace the `T`): Unix seconds when zoned, else local wall-clock seconds.
    package static func moment(_ text: String) -> (seconds: Int64, zoned: Bool)? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 16, let day = Day(String(decoding: bytes[0..<10], as: UTF8.self)),
              bytes[10] == 0x54 || bytes[10] == 0x20 || bytes[10] == 0x74, bytes[13] == 0x3A else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for index in range {
                guard bytes[index] >= 0x30, bytes[index] <= 0x39 else { return nil }
                value = value * 10 + Int(bytes[index] - 0x30)
            }
            return value
        }
        guard let hour = number(11..<13), let minute = number(14..<16), hour < 24, minute < 60 else { return nil }
        var second = 0
        var index = 16
        if index < bytes.count, bytes[index] == 0x3A {
            guard let value = number(17..<19), value < 61 else { return nil }
            second = value
            index = 19
            if index < bytes.count, bytes[index] == 0x2E {
                index += 1
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            }
        }
        let local = Int64(day.ordinal) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        if index == bytes.count { return (local, false) }
        if bytes[index] == 0x5A || bytes[index] == 0x7A { return index + 1 == bytes.count ? (local, true) : nil }
        guard bytes[index] == 0x2B || bytes[index] == 0x2D else { return nil }
        let sign: Int64 = bytes[index] == 0x2D ? -1 : 1
        let rest = bytes.count - index - 1
        let hours: Int?, minutes: Int?
        switch rest {
        case 2: (hours, minutes) = (number((index + 1)..<(index + 3)), 0)
        case 4: (hours, minutes) = (number((index + 1)..<(index + 3)), number((index + 3)..<(index + 5)))
        case 5 where bytes[index + 3] == 0x3A: (hours, minutes) = (number((index + 1)..<(index + 3)), number((index + 4)..<(index + 6)))
        default: return nil
        }
        guard let hours, let minutes, hours < 24, minutes < 60 else { return nil }
        return (local - sign * Int64(hours * 3600 + minutes * 60), true)
    }
}
