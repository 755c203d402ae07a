import BrainTestSupport
import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange

/// Step 16, "Done when", as printed: the two-year generated vault of `TwoYearAgreementTests`
/// (every frequency kind, habits begun late, archived and paused ones) written to disk, and the
/// commands run in-process as a user runs them. What `today`, `days`, `week`, `month`, `heatmap`,
/// `stats`, `status` and `review` print with `--json`, and what the report's HTML says, carry the
/// model's done, due and momentum (the days' statuses, `Momentum` over the schedules): every day
/// of the two years for the whole-range views (`days`, `month`, `heatmap`, the report's grid), and
/// a sample of days for the per-day ones — before every habit's first day, before a late habit's,
/// days of every weekday over both years, today and days after today.
@Suite(.serialized) struct PrintedAgreementTests {
    static let end = Day("2026-11-22")!

    static let generator = DemoGenerator(DemoOptions(years: 2, habits: 24, notes: 0, seed: 35, end: end))

    /// The model: the same files read in memory, the clock on `end`.
    static let journal: Journal = {
        let fileSystem = MemoryFileSystem()
        for index in 0..<generator.fileCount {
            let file = generator.file(index)
            try! fileSystem.writeAtomically(file.bytes, to: "/demo/" + file.path)
        }
        var journal = Journal(index: VaultIndex.open(Vault(root: "/demo", fileSystem: fileSystem)))
        journal.now = end
        return journal
    }()

    /// The vault on disk the commands read.
    static func writtenVault() throws -> TestVault {
        let vault = try TestVault(sample: false, now: "2026-11-22T09:00:00Z")
        for index in 0..<generator.fileCount {
            let file = generator.file(index)
            let url = URL(fileURLWithPath: vault.root + "/" + file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.bytes).write(to: url)
        }
        return vault
    }

    /// Runs `brain ARGUMENTS --json` and decodes what it printed.
    static func json(_ vault: TestVault, _ arguments: [String]) throws -> [String: Any] {
        let result = vault.run(arguments + ["--json"])
        #expect(result.status == 0, "brain \(arguments.joined(separator: " ")): \(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require(object as? [String: Any], "brain \(arguments.joined(separator: " ")) printed no JSON object")
    }

    /// `{done, due}` of a decoded object.
    static func tally(_ object: Any?) -> DayTally? {
        guard let object = object as? [String: Any], let done = object["done"] as? Int, let due = object["due"] as? Int else { return nil }
        return DayTally(done: done, due: due)
    }

    /// A printed momentum: `{value, …}`, a bare number, or null.
    static func momentum(_ object: Any?) -> Double? {
        if let number = object as? Double { return number }
        return (object as? [String: Any])?["value"] as? Double
    }

    static let schedules = Array(journal.schedules(today: end).values)

    /// The day's one status per habit, as of today: the count every view must print.
    static func reference(_ day: Day) -> DayTally { DayTally(schedules, on: day) }

    static func reference(from: Day, through: Day) -> DayTally {
        var total = DayTally()
        var cursor = from
        while cursor <= through {
            total = total + reference(cursor)
            cursor = cursor.adding(days: 1)
        }
        return total
    }

    /// Each habit's momentum as of `day`, from its schedule (nil before its first day).
    static func habitMomentum(_ day: Day) -> [String: Double] {
        journal.schedules(today: day).compactMapValues { Momentum(schedules: [$0], today: day)?.value }
    }

    static func close(_ printed: Double?, _ model: Double?) -> Bool {
        switch (printed, model) {
        case (nil, nil): return true
        // JSON prints momentum to four decimals.
        case let (printed?, model?): return abs(printed - (model * 10_000).rounded() / 10_000) < 1e-9
        default: return false
        }
    }

    /// The first and last days checked: before every habit, and a week after today.
    static var span: (first: Day, last: Day) {
        (schedules.map(\.first).min()!.adding(days: -3), end.adding(days: 7))
    }

    /// The per-day sample: before every habit's first day, the day before and the first day of the
    /// habit begun last, every 19th day (all weekdays over both years), today and after.
    static var sample: [Day] {
        let (first, _) = span
        let late = schedules.map(\.first).max()!
        var days: Set<Day> = [first, late.adding(days: -1), late, end, end.adding(days: 1), end.adding(days: 5)]
        var cursor = first.adding(days: 5)
        while cursor < end {
            days.insert(cursor)
            cursor = cursor.adding(days: 19)
        }
        return days.sorted()
    }

    @Test func wholeRangeViewsPrintEveryDaysCount() throws {
        let vault = try Self.writtenVault()
        let (first, last) = Self.span
        var checked = 0
        // `days`: every day of the range in one run, newest first.
        let days = try Self.json(vault, ["days", "--since", "\(first)", "--date", "\(last)"])
        for entry in days["days"] as? [[String: Any]] ?? [] {
            let date = try #require((entry["date"] as? String).flatMap({ Day($0) }))
            #expect(Self.tally(entry) == Self.reference(date), "days, \(date)")
            checked += 1
        }
        // It lists the days from the first daily file through today: every day a habit could count.
        #expect(checked == Self.schedules.map(\.first).min()!.distance(to: Self.end) + 1, "days lists every day from the first through today")
        // `month`: each month of the range, asked on its last day (or the range's last).
        var monthStart = first.startOfMonth
        while monthStart <= last {
            let monthEnd = min(monthStart.adding(days: Day.daysIn(month: monthStart.month, year: monthStart.year) - 1), last)
            let month = try Self.json(vault, ["month", "--date", "\(monthEnd)"])
            #expect(Self.tally(month) == Self.reference(from: monthStart, through: monthEnd), "month \(monthStart)")
            for entry in month["days"] as? [[String: Any]] ?? [] {
                let date = try #require((entry["date"] as? String).flatMap({ Day($0) }))
                #expect((Self.tally(entry) ?? DayTally()) == Self.reference(date), "month, \(date)")
                checked += 1
            }
            monthStart = monthEnd.adding(days: 1)
        }
        // `heatmap`: each calendar year, as of today.
        for year in first.year...last.year {
            let heatmap = try Self.json(vault, ["heatmap", "--year", "\(year)"])
            var seen = 0
            for entry in heatmap["days"] as? [[String: Any]] ?? [] {
                let date = try #require((entry["date"] as? String).flatMap({ Day($0) }))
                #expect((Self.tally(entry) ?? DayTally()) == Self.reference(date), "heatmap, \(date)")
                seen += 1
            }
            let january = Day(year: year, month: 1, day: 1)!
            #expect(seen == january.distance(to: min(Self.end, Day(year: year, month: 12, day: 31)!)) + 1, "heatmap \(year) lists its days through today")
            checked += seen
        }
        // The report's grid of all habits, a year at a time: each cell's title says the day's count.
        for date in [Self.end.adding(days: -365), Self.end] {
            let page = try Self.report(vault, date: date)
            let cells = Self.gridTitles(page)
            #expect(cells.count == 365, "the report of \(date) has a cell a day")
            for (cellDay, words) in cells {
                #expect(Self.parseCount(words) == Self.reference(cellDay), "report of \(date), \(cellDay): \(words)")
            }
            checked += cells.count
        }
        print("printed agreement, whole-range views: \(checked) day counts")
    }

    @Test func perDayViewsPrintTheModelsDoneDueAndMomentum() throws {
        let vault = try Self.writtenVault()
        var checked = 0
        for date in Self.sample {
            let reference = Self.reference(date)
            let habits = Self.habitMomentum(date)
            let overall = DayOverview(journal: Self.journal, day: date).momentum?.value
            // `today --json`: the day's count, its momentum and each habit's.
            let today = try Self.json(vault, ["today", "--date", "\(date)"])
            #expect(Self.tally(today) == reference, "today \(date): \(today["done"] ?? "-")/\(today["due"] ?? "-"), the model \(reference.done)/\(reference.due)")
            #expect(Self.close(Self.momentum(today["momentum"]), overall), "today \(date) momentum \(String(describing: today["momentum"])), the model \(String(describing: overall))")
            for habit in today["habits"] as? [[String: Any]] ?? [] {
                let id = habit["id"] as? String ?? ""
                #expect(Self.close(Self.momentum(habit["momentum"]), habits[id]), "today \(date) \(id) momentum")
            }
            // `stats --json`: each habit's momentum.
            let stats = try Self.json(vault, ["stats", "--date", "\(date)"])
            for habit in stats["habits"] as? [[String: Any]] ?? [] {
                let id = habit["id"] as? String ?? ""
                #expect(Self.close(Self.momentum(habit["momentum"]), habits[id]), "stats \(date) \(id) momentum \(String(describing: habit["momentum"])), the model \(String(describing: habits[id]))")
            }
            // `status --json`: the day's count and momentum.
            let status = try Self.json(vault, ["status", "--date", "\(date)"])
            #expect(Self.tally(status) == reference, "status \(date)")
            #expect(Self.close(Self.momentum(status["momentum"]), overall), "status \(date) momentum")
            // `week --json`: each day of the week holding the day, asked on it.
            let week = try Self.json(vault, ["week", "--date", "\(date)"])
            for entry in week["days"] as? [[String: Any]] ?? [] {
                let inWeek = try #require((entry["date"] as? String).flatMap({ Day($0) }))
                // Asked on the day, the week's later days have not happened yet.
                #expect((Self.tally(entry) ?? DayTally()) == (inWeek <= date ? Self.reference(inWeek) : DayTally()), "week of \(date), \(inWeek)")
            }
            // `review week --json`: the habits' done and due add up to the days' counts from the
            // week's first day through the day.
            let review = try #require(try Self.json(vault, ["review", "week", "--date", "\(date)"])["review"] as? [String: Any])
            let reviewed = (review["habits"] as? [[String: Any]] ?? []).reduce(DayTally()) { $0 + (Self.tally($1) ?? DayTally()) }
            let from = try #require((review["from"] as? String).flatMap({ Day($0) }))
            let through = try #require((review["through"] as? String).flatMap({ Day($0) }))
            #expect(reviewed == Self.reference(from: from, through: through), "review week of \(date)")
            checked += 1
        }
        // The report's day at a glance and each habit's momentum, on a few of the days.
        for date in [Self.sample[2], Self.end.adding(days: -200), Self.end] {
            let page = try Self.report(vault, date: date)
            let reference = Self.reference(date)
            #expect(page.contains("<span class=\"big\">\(reference.done) of \(reference.due) done</span>"), "report of \(date): the day's count")
            if let overall = DayOverview(journal: Self.journal, day: date).momentum {
                #expect(page.contains("momentum \(Quantity.percent(overall.value)) \(overall.label.rawValue)</span>"), "report of \(date): the day's momentum")
            }
            let habits = Self.habitMomentum(date)
            let printed = Self.reportHabitMomentum(page)
            #expect(!printed.isEmpty)
            for (id, words) in printed {
                let model = habits[id].map { "\(Quantity.percent($0)) \(Momentum.Label($0).rawValue)" }
                #expect(words == model, "report of \(date), \(id): \(words ?? "none"), the model \(model ?? "none")")
            }
        }
        #expect(checked == Self.sample.count && checked > 40)
        print("printed agreement, per-day views: \(checked) days")
    }

    // MARK: the report's HTML

    static func report(_ vault: TestVault, date: Day) throws -> String {
        let path = vault.root + "/../report-\(UUID().uuidString).html"
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try json(vault, ["report", "--date", "\(date)", "--out", path])
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    /// The "All habits" grid's cells: day and words (`8 of 9 done`, `nothing due`, `rest day, 1 done`).
    static func gridTitles(_ page: String) -> [(Day, String)] {
        guard let all = page.range(of: "<div class=\"habit all\">"),
              let close = page.range(of: "</svg>", range: all.upperBound..<page.endIndex) else { return [] }
        var cells: [(Day, String)] = []
        var rest = page[all.upperBound..<close.lowerBound]
        while let open = rest.range(of: "<title>"), let shut = rest.range(of: "</title>", range: open.upperBound..<rest.endIndex) {
            let title = rest[open.upperBound..<shut.lowerBound]
            rest = rest[shut.upperBound...]
            guard let space = title.firstIndex(of: " "), let date = Day(title[..<space]) else { continue }
            cells.append((date, String(title[title.index(after: space)...])))
        }
        return cells
    }

    /// `N of M done` → N/M; `nothing due` or `rest day`, with `, K done` → K/0.
    static func parseCount(_ words: String) -> DayTally? {
        let parts = words.split(separator: " ")
        if parts.count == 4, parts[1] == "of", parts[3] == "done", let done = Int(parts[0]), let due = Int(parts[2]) {
            return DayTally(done: done, due: due)
        }
        guard words.hasPrefix("nothing due") || words.hasPrefix("rest day") else { return nil }
        guard let comma = words.range(of: ", ") else { return DayTally() }
        return Int(words[comma.upperBound...].split(separator: " ").first ?? "").map { DayTally(done: $0, due: 0) }
    }

    /// Each habit section's id and the `momentum P % label` of its facts (nil when it prints none).
    static func reportHabitMomentum(_ page: String) -> [(String, String?)] {
        var result: [(String, String?)] = []
        var rest = page[...]
        while let open = rest.range(of: "<div class=\"habit\" id=\"habit-") {
            rest = rest[open.upperBound...]
            guard let quote = rest.firstIndex(of: "\"") else { break }
            let id = String(rest[..<quote])
            guard let facts = rest.range(of: "<div class=\"row facts\"><span>"),
                  let shut = rest.range(of: "</span>", range: facts.upperBound..<rest.endIndex) else { break }
            let line = rest[facts.upperBound..<shut.lowerBound]
            let momentum = line.range(of: "momentum ").map { String(line[$0.upperBound...]) }
            result.append((id, momentum))
        }
        return result
    }
}
