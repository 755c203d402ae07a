import Foundation
import BrainFormat
import BrainAnalytics
import BrainStore

extension VaultExport {
    /// Writes the vault as one JSON object: `schemaVersion` first, then the arrays in key order,
    /// one record per line (its keys sorted), so the file streams, diffs and greps well.
    /// Each record is written by `encoding`: the project's writer (`JSONWriter.Compact`), the
    /// bytes Foundation's encoder writes with `[.sortedKeys, .withoutEscapingSlashes]` (which the
    /// tests put beside it).
    package func writeJSON(to sink: ExportSink, encoding: some ExportRecordEncoding = CompactRecords()) throws(ExportError) -> Summary {
        var summary = Summary(format: "json", since: since, until: until)
        func encode<T: Encodable>(_ value: T) throws(ExportError) -> String {
            do { return String(decoding: try encoding.bytes(value), as: UTF8.self) } catch {
                throw ExportError("cannot encode a record: \(error)")
            }
        }
        let areas = records(.area), goals = records(.goal), habits = records(.habit), notes = records(.note)
        let daily = dailyRecords()
        let templates = templatePaths()
        let total = areas.count + goals.count + habits.count + notes.count + daily.count + templates.count
        var done = 0
        func tick() {
            done += 1
            if done % 500 == 0 { progress?(done, total) }
        }
        /// An array of records, written as they are made.
        func array(_ key: String, _ items: [Int], _ make: (Int) throws(ExportError) -> String) throws(ExportError) {
            try sink.write("  \"\(key)\" : [")
            for (number, item) in items.enumerated() {
                try sink.write((number == 0 ? "\n    " : ",\n    ") + make(item))
                tick()
            }
            try sink.write(items.isEmpty ? "],\n" : "\n  ],\n")
        }
        try sink.write("{\n  \"schemaVersion\" : \(JSONOutput.schemaVersion),\n")
        try array("areas", areas) { position throws(ExportError) in try encode(areaRecord(position)) }
        // Check-ins and entries come from the same files: each daily file is read once, its
        // entries kept for the next array (a few lines per day).
        var entries: [ExportRecord.Entry] = []
        try array("checkIns", daily) { position throws(ExportError) in
            let (checkIn, dayEntries) = try dailyRecords(position)
            entries += dayEntries
            return try encode(checkIn)
        }
        try sink.write("  \"config\" : \(try encode(Nullable(wrappedValue: configText()))),\n")
        try sink.write("  \"entries\" : [")
        for (number, entry) in entries.enumerated() { try sink.write((number == 0 ? "\n    " : ",\n    ") + encode(entry)) }
        try sink.write(entries.isEmpty ? "],\n" : "\n  ],\n")
        try array("goals", goals) { position throws(ExportError) in try encode(goalRecord(position)) }
        try array("habits", habits) { position throws(ExportError) in try encode(habitRecord(position)) }
        try array("notes", notes) { position throws(ExportError) in try encode(noteRecord(position)) }
        try sink.write("  \"range\" : \(try encode(Range(since: since, until: until))),\n")
        try sink.write("  \"templates\" : [")
        for (number, path) in templates.enumerated() {
            let document = try document(path)
            try sink.write((number == 0 ? "\n    " : ",\n    ") + encode(ExportRecord.Template(path: path, text: document.text)))
            tick()
        }
        try sink.write(templates.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
        summary.areas = areas.count
        summary.goals = goals.count
        summary.habits = habits.count
        summary.notes = notes.count
        summary.checkIns = daily.count
        summary.entries = entries.count
        summary.templates = templates.count
        progress?(total, total)
        return summary
    }

    /// The days the check-ins and entries cover, as asked (null: no bound).
    package struct Range: Codable {
        @Nullable package var since: Day?
        @Nullable package var until: Day?
    }
}

/// How `writeJSON` writes one record as a line of compact JSON, keys sorted.
package protocol ExportRecordEncoding {
    func bytes<T: Encodable>(_ value: T) throws -> [UInt8]
}

/// The project's writer (`JSONWriter.Compact`).
package struct CompactRecords: ExportRecordEncoding {
    private let writer = JSONWriter.Compact()
    package init() {}
    package func bytes<T: Encodable>(_ value: T) throws -> [UInt8] { try writer.bytes(value) }
}
