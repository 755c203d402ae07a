import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainInterchange

/// `brain import harsh|habitctl|beaver|habit-tracker-21|obsidian` on the tools' own fixtures: one
/// transaction, --dry-run, a second import that changes nothing, bad rows as file:line with the
/// rest imported (exit 2), a parity table with equal done days, and a round trip through
/// `export json` that keeps every day.
@Suite struct HistoryImportTests {
    static let fixtures = TestVault.packageRoot + "/Tests/BrainKitTests/Fixtures/"

    struct Source: Sendable, CustomTestStringConvertible {
        var format: String
        var path: String
        var extra: [String] = []
        var habits: Int
        /// The bad rows, as `file:line` suffixes.
        var bad: [String]
        var testDescription: String { "\(format) \((path as NSString).lastPathComponent)" }
    }

    static let sources = [
        Source(format: "harsh", path: fixtures + "harsh", habits: 10, bad: ["harsh/log:23"]),
        Source(format: "habitctl", path: fixtures + "habitctl", habits: 4, bad: []),
        Source(format: "habitctl", path: fixtures + "habitctl-bad-row", habits: 4, bad: ["habitctl-bad-row/log:21"]),
        Source(format: "beaver", path: fixtures + "beaver/export.json", habits: 3, bad: []),
        Source(format: "beaver", path: fixtures + "beaver/export-bad-row.json", habits: 2, bad: ["beaver/export-bad-row.json:23"]),
        Source(format: "habit-tracker-21", path: fixtures + "habit-tracker-21", habits: 5,
               bad: Array(repeating: "habit-tracker-21/invalid-dates.md", count: 7)),
    ]

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func files(_ root: String, under folder: String) -> [String: String] {
        var result: [String: String] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? [] {
            result[name] = try? String(contentsOfFile: root + "/" + folder + "/" + name, encoding: .utf8)
        }
        return result
    }

    /// The done rows of a fixture, counted from its text with nothing of the importer.
    static func doneInFixture(_ source: Source) -> Int {
        func text(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        func days(_ pattern: String, _ content: String) -> [String] {
            let regex = try! NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
            return regex.matches(in: content, range: NSRange(content.startIndex..., in: content)).map {
                String(content[Range($0.range(at: 1), in: content)!])
            }
        }
        switch source.format {
        case "harsh": return Set(days(#"^(\d{4}-\d{2}-\d{2} : [^:]+) : y "#, text(source.path + "/log"))).count
        case "habitctl":
            // The first line of a day and habit counts.
            var first: [String: Bool] = [:]
            for line in text(source.path + "/log").split(separator: "\n") {
                let parts = line.split(separator: "\t")
                guard parts.count == 3 else { continue }
                let key = "\(parts[0])\t\(parts[1])"
                if first[key] == nil { first[key] = parts[2] == "y" }
            }
            return first.values.filter { $0 }.count
        case "beaver": return days(#""day": "(\d{4}-\d{2}-(?:0[1-9]|[12]\d|3[01]))", "done": true"#, text(source.path)).count
        default:
            let files = (try? FileManager.default.contentsOfDirectory(atPath: source.path)) ?? []
            // invalid-dates.md holds only bad rows (2024-02-30 among them).
            return files.filter { $0.hasSuffix(".md") && $0 != "SOURCE.md" && $0 != "invalid-dates.md" }.reduce(0) {
                $0 + Set(days(#"^  - "?(20\d\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01]))"?$"#, text(source.path + "/" + $1))).count
            }
        }
    }

    @Test(arguments: sources) func importsWithParityAndRoundTrip(_ source: Source) throws {
        let vault = try ImportExportCommandTests.emptyVault()
        let status: Int32 = source.bad.isEmpty ? 0 : 2
        let dry = vault.run(["import", source.format, source.path, "--dry-run"] + source.extra)
        #expect(dry.status == status, "\(dry.stdout)\(dry.stderr)")
        #expect(dry.stdout.hasPrefix("would import \(Quantity.count(source.habits, "habit"))"), "\(dry.stdout)")
        #expect(Self.files(vault.root, under: "habits").isEmpty && Self.files(vault.root, under: "daily").isEmpty, "a dry run writes nothing")

        let first = vault.run(["import", source.format, source.path, "--json"] + source.extra)
        #expect(first.status == status, "\(first.stderr)")
        let outcome = try Self.object(first.stdout)
        let problems = outcome["problems"] as? [String] ?? []
        #expect(problems.count == source.bad.count, "\(problems)")
        for (problem, place) in zip(problems, source.bad) { #expect(problem.contains(place), "\(problem) is not at \(place)") }
        let parity = try #require(outcome["parity"] as? [[String: Any]])
        #expect(parity.count == source.habits)
        for row in parity {
            let done = (row["source"] as? [String: Any])?["done"] as? Int
            #expect(done == row["brainDone"] as? Int && row["doneEqual"] as? Bool == true, "\(row)")
        }
        #expect(parity.contains { ($0["brainDone"] as? Int ?? 0) > 0 })
        let total = parity.reduce(0) { $0 + ($1["brainDone"] as? Int ?? 0) }
        #expect(total == Self.doneInFixture(source), "done days in Brain against the fixture's own done rows")
        #expect(first.stderr.contains(source.bad.first ?? "\u{0}") || source.bad.isEmpty)

        // The text shows the table; a second import changes nothing.
        let second = vault.run(["import", source.format, source.path] + source.extra)
        #expect(second.status == status)
        #expect(second.stdout.contains("Parity") && second.stdout.contains("lines: 0 added"), "\(second.stdout)")
        let again = try Self.object(vault.run(["import", source.format, source.path, "--json"] + source.extra).stdout)
        #expect((again["changes"] as? [Any])?.isEmpty == true)

        // Round trip: export json, import into a new folder: every daily file the same.
        let out = vault.root + "/round.json"
        #expect(vault.run(["export", "json", "--out", out]).status == 0)
        let copy = vault.root + "-copy"
        defer { try? FileManager.default.removeItem(atPath: copy) }
        #expect(vault.run(["import", "json", out, copy]).status == 0)
        let days = Self.files(vault.root, under: "daily")
        #expect(!days.isEmpty && days == Self.files(copy, under: "daily"))
        #expect(Self.files(vault.root, under: "habits") == Self.files(copy, under: "habits"))
    }

    /// The fixture made by the real habitctl (its SOURCE.md): each habit's done days in Brain are the
    /// `━` cells habitctl itself printed for it in `habitctl log` (`log-view.txt`), and the parity
    /// table's habitctl column says the same.
    @Test func habitctlDoneDaysMatchItsOwnLogView() throws {
        let folder = Self.fixtures + "habitctl"
        let view = try String(contentsOfFile: folder + "/log-view.txt", encoding: .utf8)
        var cells: [String: Int] = [:]
        // A habit row: the name right-aligned in 25 columns, a space, one cell a day.
        for line in view.split(separator: "\n") where line.count > 26 && !line.hasPrefix("Yesterday") {
            let name = String(line.prefix(25)).trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { continue }
            cells[name] = line.dropFirst(26).filter { $0 == "━" }.count
        }
        #expect(cells.count == 4, "\(cells)")
        #expect(cells.values.reduce(0, +) > 20)
        let vault = try ImportExportCommandTests.emptyVault()
        let result = vault.run(["import", "habitctl", folder, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let parity = try #require(try Self.object(result.stdout)["parity"] as? [[String: Any]])
        #expect(Set(parity.compactMap { $0["habit"] as? String }) == Set(cells.keys))
        for row in parity {
            let name = row["habit"] as? String ?? ""
            #expect(row["brainDone"] as? Int == cells[name], "\(name): \(row)")
            #expect((row["source"] as? [String: Any])?["done"] as? Int == cells[name], "\(name): \(row)")
        }
    }

    /// The three Obsidian styles in one generated vault, its daily notes named in a Periodic Notes
    /// format, mapped onto three habits; the notes are left byte for byte as they were.
    @Test func obsidianThreeStylesInPlace() throws {
        let vault = try TestVault(sample: false)
        let notes = vault.root + "/Journal/2026/11"
        try FileManager.default.createDirectory(atPath: notes, withIntermediateDirectories: true)
        var expected = ["Exercise": 0, "Pushups": 0, "Meditate": 0]
        var written: [String: String] = [:]
        for number in 1...20 {
            let day = Day(year: 2026, month: 11, day: number)!
            let exercise = number % 3 != 0, pushups = number % 4 != 0, meditate = number % 2 == 0
            if exercise { expected["Exercise"]! += 1 }
            if pushups { expected["Pushups"]! += 1 }
            if meditate { expected["Meditate"]! += 1 }
            let text = """
            ---
            exercise: \(exercise)
            water: \(number % 5 + 1)
            ---
            # \(day)

            Went out. \(pushups ? "#pushups:\(10 + number)" : "")

            ## Habits
            - [\(meditate ? "x" : " ")] Meditate
            - [ ] Floss

            """
            let name = notes + "/\(day) \(day.weekday.name.capitalized).md"
            written[name] = text
            try text.write(toFile: name, atomically: true, encoding: .utf8)
        }
        try "---\nexercise: maybe\n---\n".write(toFile: notes + "/2026-11-21 Saturday.md", atomically: true, encoding: .utf8)
        written[notes + "/2026-11-21 Saturday.md"] = "---\nexercise: maybe\n---\n"
        #expect(vault.run(["init"]).status == 0)
        let arguments = ["import", "obsidian", ".", "--date-format", "YYYY/MM/YYYY-MM-DD dddd", "--map", "exercise=Exercise",
                         "--map", "#pushups=Pushups", "--map", "Meditate=Meditate", "--json"]
        let result = vault.run(arguments)
        #expect(result.status == 2, "\(result.stderr)")
        let outcome = try Self.object(result.stdout)
        #expect((outcome["problems"] as? [String])?.first?.contains("2026-11-21 Saturday.md:2") == true)
        let parity = try #require(outcome["parity"] as? [[String: Any]])
        #expect(Set(parity.compactMap { $0["habit"] as? String }) == Set(expected.keys), "water and Floss are not mapped")
        for row in parity {
            let name = row["habit"] as? String ?? ""
            #expect(row["brainDone"] as? Int == expected[name], "\(row)")
            #expect(row["doneEqual"] as? Bool == true)
        }
        for (path, text) in written { #expect((try? String(contentsOfFile: path, encoding: .utf8)) == text, "\(path) was changed") }
        #expect(vault.run(Array(arguments.dropLast())).stdout.contains("lines: 0 added"))
        let stats = try Self.object(vault.run(["stats", "pushups", "--json"]).stdout)
        #expect(stats["repetitions"] as? Int == expected["Pushups"])
    }

    /// Notes in Brain's own daily folder are Brain's: an in-place import leaves them out, and a
    /// second import with the default names reads the same notes and changes nothing.
    @Test func obsidianInPlaceSkipsBrainsOwnFiles() throws {
        let vault = try TestVault(sample: false)
        #expect(vault.run(["init"]).status == 0)
        try FileManager.default.createDirectory(atPath: vault.root + "/Notes", withIntermediateDirectories: true)
        let note = vault.root + "/Notes/2026-11-20.md"
        let text = "---\nexercise: true\nwater: 3\n---\n"
        try text.write(toFile: note, atomically: true, encoding: .utf8)
        let first = try Self.object(vault.run(["import", "obsidian", ".", "--json"]).stdout)
        #expect((first["habits"] as? [Any])?.count == 2)
        #expect((first["linesAdded"] as? Int) == 2)
        let second = try Self.object(vault.run(["import", "obsidian", ".", "--json"]).stdout)
        #expect((second["habits"] as? [Any])?.count == 2, "daily/2026-11-20.md, Brain's own, is not read as a note")
        #expect((second["changes"] as? [Any])?.isEmpty == true)
        #expect((try? String(contentsOfFile: note, encoding: .utf8)) == text)
    }

    /// Each import's printed summary and parity table (`import-history.txt`), each format into a
    /// vault of its own: the fixture is copied into it so the transcript names it by a relative
    /// path. The first format also shows its dry run and a second import. BRAIN_RECORD=1 re-records.
    @Test func importTranscripts() throws {
        let runs: [(folder: String, lines: [String])] = [
            ("harsh", ["import harsh .sources/harsh --dry-run", "import harsh .sources/harsh", "import harsh .sources/harsh"]),
            ("harsh-windowed", ["import harsh .sources/harsh-windowed"]),
            ("habitctl", ["import habitctl .sources/habitctl"]),
            ("habitctl-bad-row", ["import habitctl .sources/habitctl-bad-row"]),
            ("beaver", ["import beaver .sources/beaver/export.json"]),
            ("beaver", ["import beaver .sources/beaver/export-bad-row.json"]),
            ("habit-tracker-21", ["import habit-tracker-21 .sources/habit-tracker-21"]),
        ]
        var transcript = ""
        for run in runs {
            let vault = try ImportExportCommandTests.emptyVault()
            // A hidden folder: the vault's index does not read the fixture's notes as its own.
            try FileManager.default.createDirectory(atPath: vault.root + "/.sources", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Self.fixtures + run.folder, toPath: vault.root + "/.sources/" + run.folder)
            for line in run.lines {
                let arguments = TestVault.words(line)
                transcript += vault.run(arguments).transcript(arguments).replacingOccurrences(of: vault.root, with: "$VAULT")
            }
        }
        try Golden.compare("import-history", transcript)
    }
}
