import BrainFormat
import BrainAnalytics
import BrainStore

extension VaultExport {
    /// The columns of each CSV table (docs/EXPORT.md): the JSON record's fields, lists joined
    /// with spaces (tags, links) or line breaks (intentions, milestones, paused periods).
    package static let columns: [String: [String]] = [
        "habits": ["path", "id", "title", "every", "target", "unit", "kind", "area", "goals", "cue", "stack", "after", "remind",
                   "auto", "status", "paused", "archived", "created", "tags", "pinned", "weight", "aliases", "body"],
        "goals": ["path", "id", "title", "status", "area", "parent", "start", "due", "target", "current", "unit", "habits",
                  "milestones", "created", "tags", "pinned", "aliases", "body"],
        "areas": ["path", "id", "title", "weight", "identity", "color", "icon", "created", "tags", "pinned", "aliases", "body"],
        "notes": ["path", "id", "title", "type", "url", "source", "created", "tags", "pinned", "aliases", "body"],
        "checkins": ["date", "path", "mood", "energy", "eveningMood", "rest", "restReason", "intentions", "reflection", "tags"],
        "entries": ["date", "habit", "state", "value", "unit", "note", "auto", "path", "line"],
    ]

    /// The columns that hold numbers Brain writes (`-0.5`): kept as they are, while a text cell
    /// that starts a formula is neutralised (`CSVWriter.text`).
    package static let numericColumns: Set<String> = ["target", "current", "weight", "value", "mood", "energy", "eveningMood", "line"]

    /// One record of `table`: text cells made safe for a spreadsheet, numbers left as numbers.
    static func row(_ table: String, _ fields: [String]) -> String {
        let columns = VaultExport.columns[table]!
        return CSVWriter.record(fields.enumerated().map { position, field in
            numericColumns.contains(columns[position]) && CSVWriter.isNumber(field) ? field : CSVWriter.text(field)
        })
    }

    /// Writes one CSV file per table (RFC 4180: a header row, CRLF, fields quoted when needed),
    /// each through the sink `open` gives for its file name (`habits.csv`).
    package func writeCSV(open: (String) throws(ExportError) -> ExportSink) throws(ExportError) -> Summary {
        var summary = Summary(format: "csv", since: since, until: until)
        let areas = records(.area), goals = records(.goal), habits = records(.habit), notes = records(.note)
        let daily = dailyRecords()
        let total = areas.count + goals.count + habits.count + notes.count + daily.count
        var done = 0
        func table(_ name: String) throws(ExportError) -> ExportSink {
            let sink = try open(name + ".csv")
            try sink.write(CSVWriter.record(VaultExport.columns[name]!))
            summary.files.append(name + ".csv")
            return sink
        }
        func each(_ items: [Int], _ table: String, _ sink: ExportSink, _ row: (Int) throws(ExportError) -> [String]) throws(ExportError) {
            for item in items {
                try sink.write(VaultExport.row(table, row(item)))
                done += 1
                if done % 500 == 0 { progress?(done, total) }
            }
        }
        let n = VaultExport.number, b = VaultExport.flag, d = VaultExport.day
        try each(habits, "habits", try table("habits")) { position throws(ExportError) in
            let h = try habitRecord(position)
            return [h.path, h.id, h.title, h.every, n(h.target), h.unit ?? "", h.kind, h.area ?? "", h.goals.joined(separator: " "),
                    h.cue ?? "", h.stack ?? "", h.after ?? "", h.remind ?? "",
                    h.auto.map { auto in
                        // As a rule's summary reads: `health "running|cycling" workout-minutes (max per day) ≥ 20`.
                        auto.source + (auto.match.map { " \"\($0)\"" } ?? "") + " " + auto.metric
                            + (auto.perDay == AutoRule.PerDay.sum.rawValue ? "" : " (\(auto.perDay) per day)")
                            + (auto.atLeast.map { " ≥ " + n($0) } ?? "") + (auto.atMost.map { " ≤ " + n($0) } ?? "")
                    } ?? "",
                    h.status, h.paused.joined(separator: "\n"), d(h.archived), d(h.created), h.tags.joined(separator: " "),
                    b(h.pinned), n(h.weight), h.aliases.joined(separator: "\n"), h.body]
        }
        try each(goals, "goals", try table("goals")) { position throws(ExportError) in
            let g = try goalRecord(position)
            let milestones = g.milestones.map { "[\($0.state == "done" ? "x" : $0.state == "skipped" ? "-" : " ")] \($0.text)" }
            return [g.path, g.id, g.title, g.status, g.area ?? "", g.parent ?? "", d(g.start), d(g.due), n(g.target), n(g.current),
                    g.unit ?? "", g.habits.joined(separator: " "), milestones.joined(separator: "\n"), d(g.created),
                    g.tags.joined(separator: " "), b(g.pinned), g.aliases.joined(separator: "\n"), g.body]
        }
        try each(areas, "areas", try table("areas")) { position throws(ExportError) in
            let a = try areaRecord(position)
            return [a.path, a.id, a.title, n(a.weight), a.identity ?? "", a.color ?? "", a.icon ?? "", d(a.created),
                    a.tags.joined(separator: " "), b(a.pinned), a.aliases.joined(separator: "\n"), a.body]
        }
        try each(notes, "notes", try table("notes")) { position throws(ExportError) in
            let o = try noteRecord(position)
            return [o.path, o.id, o.title, o.type, o.url ?? "", o.source ?? "", d(o.created), o.tags.joined(separator: " "),
                    b(o.pinned), o.aliases.joined(separator: "\n"), o.body]
        }
        let checkIns = try table("checkins")
        let entries = try table("entries")
        var entryCount = 0
        try each(daily, "checkins", checkIns) { position throws(ExportError) in
            let (c, dayEntries) = try dailyRecords(position)
            for e in dayEntries {
                try entries.write(VaultExport.row("entries", [e.date.description, e.habit ?? "", e.state, n(e.value), e.unit ?? "", e.note ?? "",
                                                   e.auto ?? "", e.path, e.line.map(String.init) ?? ""]))
                entryCount += 1
            }
            return [c.date.description, c.path, c.mood.map(String.init) ?? "", c.energy.map(String.init) ?? "",
                    c.eveningMood.map(String.init) ?? "", b(c.rest), c.restReason ?? "", c.intentions.joined(separator: "\n"),
                    c.reflection ?? "", c.tags.joined(separator: " ")]
        }
        summary.areas = areas.count
        summary.goals = goals.count
        summary.habits = habits.count
        summary.notes = notes.count
        summary.checkIns = daily.count
        summary.entries = entryCount
        progress?(total, total)
        return summary
    }

    package static func number(_ value: Double?) -> String { value.map(Quantity.number) ?? "" }
    package static func flag(_ value: Bool) -> String { value ? "true" : "false" }
    package static func day(_ value: Day?) -> String { value?.description ?? "" }
}
