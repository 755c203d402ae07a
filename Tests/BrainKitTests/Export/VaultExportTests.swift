import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// `brain export json|csv` and `brain import json` on vaults in memory.
@Suite struct VaultExportTests {
    let today = Day.sampleToday

    static func json(_ vault: Vault, since: Day? = nil, until: Day? = nil) throws -> String {
        let sink = MemorySink()
        _ = try VaultExport(index: VaultIndex.open(vault), since: since, until: until).writeJSON(to: sink)
        return sink.text
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Export a generated vault, import it into an empty one, export again: the same JSON, the
    /// same files byte for byte, the same analytics.
    @Test func jsonRoundTripOfADemoVault() throws {
        let source = MemoryFileSystem()
        _ = try DemoWriter.write(DemoOptions(years: 1, habits: 8, notes: 30, seed: 7, end: today), to: "/demo", fileSystem: source)
        let vault = Vault(root: "/demo", fileSystem: source)
        let first = try Self.json(vault)

        let target = MemoryFileSystem()
        let rebuilt = Vault(root: "/rebuilt", fileSystem: target)
        try target.makeDirectories("/rebuilt/.brain")
        let result = try rebuilt.perform(ImportVaultJSON(json: Array(first.utf8), source: "demo.json"))
        #expect(result.outcome.created > 360)
        let second = try Self.json(Vault(root: "/rebuilt", fileSystem: target))
        #expect(first == second)

        func files(_ fileSystem: MemoryFileSystem, _ root: String) -> [String: [UInt8]] {
            Dictionary(uniqueKeysWithValues: fileSystem.byteSnapshot.filter { !$0.key.contains("/.brain/cache") }
                .map { (String($0.key.dropFirst(root.count)), $0.value) })
        }
        #expect(files(source, "/demo") == files(target, "/rebuilt"))

        func analytics(_ vault: Vault) throws -> String {
            let journal = Journal(index: VaultIndex.open(vault))
            return try JSONOutput.string(HabitStatsTable(journal: journal, today: today, range: .year))
                + JSONOutput.string(GoalsView(journal: journal, today: today))
        }
        #expect(try analytics(vault) == analytics(Vault(root: "/rebuilt", fileSystem: target)))

        // A second import finds every file in place and writes nothing.
        let again = try rebuilt.perform(ImportVaultJSON(json: Array(first.utf8), source: "demo.json"))
        #expect(again.changes.isEmpty)
        #expect(again.outcome.created == 0)
    }

    /// Foundation's encoder, as the export wrote its records before the project's writer did.
    struct FoundationRecords: ExportRecordEncoding {
        func bytes<T: Encodable>(_ value: T) throws -> [UInt8] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return Array(try encoder.encode(value))
        }
    }

    /// Every record of the export is the bytes Foundation's encoder writes: a generated vault, the
    /// sample vault, and one of names, titles, tags, bodies and numbers at JSON's edges (each
    /// escape, control characters, quotes and backslashes, slashes, non-ASCII, U+2028, emoji,
    /// small, large and fractional amounts).
    @Test func jsonRecordsAreTheBytesOfFoundationsEncoder() throws {
        let generated = MemoryFileSystem()
        _ = try DemoWriter.write(DemoOptions(years: 1, habits: 12, notes: 60, seed: 11, end: today), to: "/demo", fileSystem: generated)
        let odd = "q\"uote b\\ack s/lash tab\t cr\r bell\u{07} nul-ish\u{1F} del\u{7F} é e\u{301} \u{2028}\u{2029} 🧠 \u{FEFF}"
        let (edges, _) = MemoryVault.make([
            "habits/read.md": "---\ntitle: \"Read \\\"slowly\\\" / \\\\ café 🧠\"\nevery: day\ntarget: 0.1\nunit: \"p/g \\t\"\ntags: [a/b, \"c\\\"d\"]\n---\n\(odd)\n",
            "habits/lift.md": "---\ntitle: Lift\nevery: 3/week\ntarget: 12345678.9\nunit: kg\n---\n",
            "goals/g.md": "---\ntitle: \"Goal \\u2028 x\"\nprogress: 0.3333333333333333\ntarget: 1e-7\n---\n- [x] one\n- [ ] two /\n",
            "notes/\u{1F9E0} brain.md": "---\ntitle: \"</script> & <b>\"\naliases: [\"x\\\\y\"]\n---\n\(odd) [[read]] #tag/sub\n",
            "daily/2026-11-20.md": "---\nmood: 3\nenergy: 2\n---\n- [x] [[read]] 0.25\n- [x] [[lift]] 99999999.5 \(odd)\n- [-] [[read]]\n",
            "daily/2026-11-21.md": "- [x] [[read]] 1e3\n",
        ])
        let vaults = [Vault(root: "/demo", fileSystem: generated), MemoryVault.sample().0, edges]
        for vault in vaults {
            let export = VaultExport(index: VaultIndex.open(vault))
            let ours = MemorySink(), foundations = MemorySink()
            _ = try export.writeJSON(to: ours)
            _ = try export.writeJSON(to: foundations, encoding: FoundationRecords())
            #expect(ours.text.utf8.count > 200)
            #expect(ours.text == foundations.text, "\(vault.root)")
        }
        // The edges are in the records, escaped.
        let sink = MemorySink()
        _ = try VaultExport(index: VaultIndex.open(edges)).writeJSON(to: sink)
        for escaped in ["q\\\"uote", "b\\\\ack", "s/lash", "tab\\t", "cr\\r", "\\u0007", "\\u001f", "\u{7F}", "\u{2028}", "🧠", "12345678.9", "0.25"] {
            #expect(sink.text.contains(escaped), "\(escaped)")
        }
    }

    @Test func jsonRecordsOfTheSampleVault() throws {
        let (vault, _) = MemoryVault.sample()
        let text = try Self.json(vault)
        #expect(text.hasPrefix("{\n  \"schemaVersion\" : 1,\n  \"areas\" : [\n    {"))
        let object = try Self.object(text)
        #expect(Set(object.keys) == ["schemaVersion", "areas", "checkIns", "config", "entries", "goals", "habits", "notes",
                                     "range", "templates"])
        let habits = try #require(object["habits"] as? [[String: Any]])
        let read = try #require(habits.first { $0["id"] as? String == "read" })
        #expect(read["every"] as? String == "day")
        #expect(read["target"] as? Double == 20)
        #expect(read["unit"] as? String == "pages")
        #expect(read["remind"] as? String == "21:30")
        #expect((read["text"] as? String)?.hasPrefix("---\n") == true)
        #expect(read["cue"] is String && read["stack"] is NSNull)
        let entries = try #require(object["entries"] as? [[String: Any]])
        let walk = try #require(entries.first { $0["habit"] as? String == "walk" && $0["note"] as? String != nil && ($0["note"] as! String).contains("auto") })
        #expect(walk["auto"] as? String == "health")
        let rest = try #require(entries.first { $0["state"] as? String == "rest" })
        #expect(rest["habit"] is NSNull)
        let checkIns = try #require(object["checkIns"] as? [[String: Any]])
        let day = try #require(checkIns.first { $0["date"] as? String == "2026-11-21" })
        #expect(day["mood"] as? Int == 4)
        #expect((day["intentions"] as? [String])?.isEmpty == false)
        // Every entry's line is a habit line of its file.
        let texts = Dictionary(uniqueKeysWithValues: checkIns.map { ($0["path"] as! String, $0["text"] as! String) })
        for entry in entries where entry["state"] as? String != "rest" {
            let lines = texts[entry["path"] as! String]!.split(separator: "\n", omittingEmptySubsequences: false)
            let line = lines[(entry["line"] as! Int) - 1]
            #expect(line.contains("[[") && line.contains("]]"), "\(entry)")
        }
    }

    @Test func sinceAndUntilLimitCheckInsAndEntries() throws {
        let (vault, _) = MemoryVault.sample()
        let object = try Self.object(try Self.json(vault, since: Day("2026-11-20"), until: Day("2026-11-21")))
        let dates = Set(((object["checkIns"] as? [[String: Any]]) ?? []).compactMap { $0["date"] as? String })
        #expect(dates == ["2026-11-20", "2026-11-21"])
        let entryDates = Set(((object["entries"] as? [[String: Any]]) ?? []).compactMap { $0["date"] as? String })
        #expect(entryDates == dates)
        #expect((object["habits"] as? [Any])?.count == 15, "notes of every kind are exported whatever the range")
        #expect((object["range"] as? [String: String]) == ["since": "2026-11-20", "until": "2026-11-21"])
    }

    @Test func anEmptyVaultExportsEmptyTables() throws {
        let (vault, _) = MemoryVault.make([:])
        let object = try Self.object(try Self.json(vault))
        for key in ["areas", "checkIns", "entries", "goals", "habits", "notes", "templates"] {
            #expect((object[key] as? [Any])?.isEmpty == true, "\(key)")
        }
        var tables: [String: MemorySink] = [:]
        let summary = try VaultExport(index: VaultIndex.open(vault)).writeCSV { name throws(ExportError) in
            let sink = MemorySink()
            tables[name] = sink
            return sink
        }
        #expect(summary.files == VaultExport.tables.map { $0 + ".csv" })
        for (name, sink) in tables {
            #expect(try CSVReader.records(sink.text).map(\.fields) == [VaultExport.columns[String(name.dropLast(4))]!])
        }
    }

    /// Each table is RFC 4180: a header, CRLF, and fields with commas, quotes, line breaks and
    /// Unicode read back exactly by a strict reader.
    @Test func csvTablesReadBack() throws {
        let body = "# Ideas, \"quoted\"\n\nLine two; 日本語 ☕\n"
        let (vault, _) = MemoryVault.make([
            "notes/ideas.md": "---\ntitle: 'Ideas, \"big\" ones'\ntags: [a, b]\n---\n" + body,
            "habits/read.md": "---\ntitle: Read\nevery: [mon, wed]\ntarget: 20\nunit: pages\n---\n",
            "daily/2026-11-20.md": "---\nmood: 3\nrest: true\nrest-reason: flu, bad\n---\n## Intentions\n- one, two\n- \"three\"\n\n## Habits\n- [x] [[read]] 24 pages — good, \"really\"\n\n## Reflection\nLine 1\nLine 2\n",
        ])
        var tables: [String: MemorySink] = [:]
        let summary = try VaultExport(index: VaultIndex.open(vault)).writeCSV { name throws(ExportError) in
            let sink = MemorySink()
            tables[name] = sink
            return sink
        }
        #expect(summary.entries == 2 && summary.checkIns == 1 && summary.notes == 1)
        func rows(_ table: String) throws -> [[String: String]] {
            let text = try #require(tables[table + ".csv"]).text
            #expect(text.hasSuffix("\r\n"))
            let records = try CSVReader.records(text)
            #expect(records.first?.fields == VaultExport.columns[table])
            return records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(records[0].fields, $0.fields)) }
        }
        let note = try #require(try rows("notes").first)
        #expect(note["title"] == "Ideas, \"big\" ones")
        #expect(note["body"] == body)
        #expect(note["tags"] == "a b")
        let habit = try #require(try rows("habits").first)
        #expect(habit["every"] == "[mon, wed]" && habit["target"] == "20")
        let checkIn = try #require(try rows("checkins").first)
        #expect(checkIn["intentions"] == "one, two\n\"three\"")
        #expect(checkIn["reflection"] == "Line 1\nLine 2")
        #expect(checkIn["restReason"] == "flu, bad" && checkIn["rest"] == "true" && checkIn["mood"] == "3")
        let entries = try rows("entries")
        #expect(entries.map { $0["state"] } == ["rest", "done"])
        #expect(entries[1]["note"] == "good, \"really\"" && entries[1]["value"] == "24" && entries[1]["line"] == "11")
    }

    /// A rule's pattern and per-day choice travel too: "running|cycling" is not any workout.
    @Test func anAutoRuleKeepsItsMatchAndPerDay() throws {
        let (vault, _) = MemoryVault.make([
            "habits/ride.md": "---\ntitle: Ride\nauto: {source: health, metric: workout-minutes, match: \"running|cycling\", per-day: max, at-least: 20}\n---\n",
        ])
        let object = try Self.object(try Self.json(vault))
        let habit = try #require((object["habits"] as? [[String: Any]])?.first)
        let auto = try #require(habit["auto"] as? [String: Any])
        #expect(auto["match"] as? String == "running|cycling" && auto["perDay"] as? String == "max" && auto["atLeast"] as? Double == 20)
        var tables: [String: MemorySink] = [:]
        _ = try VaultExport(index: VaultIndex.open(vault)).writeCSV { name throws(ExportError) in
            let sink = MemorySink()
            tables[name] = sink
            return sink
        }
        let records = try CSVReader.records(try #require(tables["habits.csv"]).text)
        let column = try #require(records[0].fields.firstIndex(of: "auto"))
        #expect(records[1].fields[column] == "health \"running|cycling\" workout-minutes (max per day) ≥ 20")
    }

    /// Step 25, point 3: a text cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage
    /// return is a formula to a spreadsheet (CSV injection). Such a cell gets a leading `'`, as
    /// OWASP advises; numbers in numeric columns (`-3`, `-0.5`) are written as they are, and the
    /// text reads back exactly once the one added quote is dropped.
    @Test func csvCellsThatStartAFormulaAreNeutralised() throws {
        let (vault, _) = MemoryVault.make([
            "notes/sum.md": "---\ntitle: \"=1+2\"\ntags: [a]\n---\n-1 is a list item\n",
            "notes/at.md": "---\ntitle: \"@SUM(A1)\"\n---\n+cmd|' /C calc'!A0\n",
            "notes/quoted.md": "---\ntitle: \"'=already quoted\"\n---\n\tindented\n",
            "habits/cut.md": "---\ntitle: \"-Cut sugar\"\nevery: day\ntarget: 3\nkind: quit\n---\n",
            "goals/debt.md": "---\ntitle: \"+Pay debt\"\ntarget: 10\ncurrent: -3\n---\n",
            "goals/weight.md": "---\ntitle: Weight\ntarget: 10\ncurrent: -0.5\n---\n@home\n",
            "daily/2026-11-20.md": "## Habits\n- [x] [[cut]] 2.5 — =HYPERLINK(\"http://x\")\n",
        ])
        var tables: [String: MemorySink] = [:]
        _ = try VaultExport(index: VaultIndex.open(vault)).writeCSV { name throws(ExportError) in
            let sink = MemorySink()
            tables[name] = sink
            return sink
        }
        func rows(_ table: String) throws -> [[String: String]] {
            let records = try CSVReader.records(try #require(tables[table + ".csv"]).text)
            return records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(records[0].fields, $0.fields)) }
        }
        let notes = Dictionary(uniqueKeysWithValues: try rows("notes").map { ($0["path"]!, $0) })
        #expect(notes["notes/sum.md"]?["title"] == "'=1+2")
        #expect(notes["notes/sum.md"]?["body"] == "'-1 is a list item\n")
        #expect(notes["notes/at.md"]?["title"] == "'@SUM(A1)")
        #expect(notes["notes/at.md"]?["body"] == "'+cmd|' /C calc'!A0\n")
        #expect(notes["notes/quoted.md"]?["title"] == "''=already quoted", "a leading quote before a formula is quoted again")
        #expect(notes["notes/quoted.md"]?["body"] == "'\tindented\n")
        let habit = try #require(try rows("habits").first)
        #expect(habit["title"] == "'-Cut sugar")
        #expect(habit["target"] == "3")
        let goals = Dictionary(uniqueKeysWithValues: try rows("goals").map { ($0["path"]!, $0) })
        #expect(goals["goals/debt.md"]?["current"] == "-3" && goals["goals/weight.md"]?["current"] == "-0.5", "numbers stay numbers")
        #expect(goals["goals/debt.md"]?["title"] == "'+Pay debt" && goals["goals/weight.md"]?["body"] == "'@home\n")
        let entry = try #require(try rows("entries").first)
        #expect(entry["value"] == "2.5")
        #expect(entry["note"] == "'=HYPERLINK(\"http://x\")")
        // No text cell of any table starts a formula.
        for (name, sink) in tables {
            for record in try CSVReader.records(sink.text).dropFirst() {
                for (column, field) in zip(VaultExport.columns[String(name.dropLast(4))]!, record.fields) {
                    guard let first = field.unicodeScalars.first else { continue }
                    let formula = "=+-@\t\r".unicodeScalars.contains(first)
                    #expect(!formula || (VaultExport.numericColumns.contains(column) && Double(field) != nil), "\(name) \(column): \(field)")
                }
            }
        }
        // The added quote is the only change, and it can be told apart from a quote of the text.
        for (text, written) in [("=1+2", "'=1+2"), ("''=x", "'''=x"), ("'x", "'x"), ("'", "'"), ("-", "'-"), ("plain", "plain"), ("", "")] {
            #expect(CSVWriter.text(text) == written)
            #expect(CSVWriter.plainText(written) == text)
        }
    }

    @Test func exportFilesNeverOverwriteSilently() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brain-export-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/out.json"
        try Data("mine".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: ExportError.self) { try ExportFile(path: path, replace: false) }
        let file = try ExportFile(path: path, replace: true)
        try file.write("new")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "mine", "nothing is in place before commit")
        try file.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        let abandoned = try ExportFile(path: folder + "/other.json", replace: false)
        try abandoned.write("x")
        abandoned.abandon()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.json"])
        // A CSV folder must be new or empty; a failed export leaves no folder behind.
        #expect(throws: ExportError.self) { try ExportFolder(path: folder, replace: false) }
        let csv = try ExportFolder(path: folder + "/csv", replace: false)
        try csv.file("a.csv").write("a")
        csv.abandon()
        #expect(!FileManager.default.fileExists(atPath: folder + "/csv"))
    }

    @Test func importRefusesFilesThatDifferAndWritesNothing() throws {
        let (vault, fileSystem) = MemoryVault.sample()
        let text = try Self.json(vault)
        let (target, targetFiles) = MemoryVault.make(["habits/read.md": "---\ntitle: Mine\n---\n"])
        let before = MemoryVault.notes(targetFiles)
        let error = #expect(throws: ActionError.self) { try target.perform(ImportVaultJSON(json: Array(text.utf8), source: "e.json")) }
        #expect(error?.code == .exists)
        #expect(error?.message.contains("habits/read.md") == true)
        #expect(MemoryVault.notes(targetFiles).filter { !$0.key.hasPrefix(".brain/") } == before.filter { !$0.key.hasPrefix(".brain/") })
        _ = fileSystem
        #expect(throws: ImportVaultJSON.Failure.self) { try ImportVaultJSON(json: Array("{\"schemaVersion\": 2}".utf8), source: "e.json") }
        #expect(throws: ImportVaultJSON.Failure.self) {
            try ImportVaultJSON(json: Array("{\"schemaVersion\": 1, \"notes\": [{\"path\": \"../x.md\", \"text\": \"\"}]}".utf8), source: "e.json")
        }
    }
}
