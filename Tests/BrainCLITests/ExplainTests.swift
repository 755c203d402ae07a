import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore

/// `brain explain`: its printed terms add up to the numbers `brain stats` prints, for every
/// frequency kind of the sample vault.
@Suite struct ExplainTests {
    /// One habit of each frequency kind (and a measurable, an at-most and a periodic one).
    static let habits = ["read", "journal", "call-family", "run", "write", "guitar", "strength", "review-budget",
                         "meditate", "coffee", "no-doomscrolling", "walk"]
    static let dates = ["2026-11-22", "2026-10-01"]

    struct Case: Sendable, CustomTestStringConvertible {
        var habit: String
        var date: String
        var testDescription: String { "\(habit) on \(date)" }
    }

    static let cases = habits.flatMap { habit in dates.map { Case(habit: habit, date: $0) } }

    static func json(_ vault: TestVault, _ arguments: [String]) throws -> [String: Any] {
        let result = vault.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// What `stats` computes for the habit on the day, in-process from the same vault.
    static func stats(_ vault: TestVault, _ habit: String, _ date: String) throws -> HabitStats {
        let store = Vault(root: vault.root)
        let journal = Journal(index: VaultIndex.open(store))
        let found = try #require(journal.habits.first { $0.id == habit })
        return HabitStats(habit: found, history: journal.history(of: found.id), today: Day(date)!, weekStart: journal.weekStart)
    }

    /// Strength re-added from the printed m, v of every day (JSON: full precision; text: six
    /// decimals) equals stats' strength to 1e-6, and the percent printed is stats' percent.
    @Test(arguments: cases) func strengthReAdds(_ item: Case) throws {
        let vault = try TestVault()
        let explained = try Self.json(vault, ["explain", item.habit, "strength", "--date", item.date, "--json"])
        let account = try #require(explained["strength"] as? [String: Any])
        let m = try #require(account["multiplier"] as? Double)
        var s = try #require(account["initial"] as? Double)
        let days = try #require(account["days"] as? [[String: Any]])
        #expect(!days.isEmpty)
        var moved = 0
        for day in days {
            if let v = day["value"] as? Double {
                s = m * s + (1 - m) * v
                moved += 1
            }
        }
        #expect(moved > 0)
        let stats = try Self.stats(vault, item.habit, item.date)
        let strength = try #require(stats.strength)
        #expect(abs(s - strength) < 1e-6, "\(item): re-added \(s), stats \(strength)")

        // The text, every day listed: S before, then each day's v (six decimals).
        let text = vault.run(["explain", item.habit, "strength", "--date", item.date, "--days", "0"]).stdout
        let lines = text.split(separator: "\n").map(String.init)
        let mText = try #require(lines.first { $0.contains("m = 0.5^") }?.components(separatedBy: "= ")[3].split(separator: ";").first)
        let printedM = try #require(Double(mText))
        var t = try #require(lines.first { $0.hasPrefix("  S before") }.flatMap { Double($0.components(separatedBy: "= ").last!) })
        for line in lines where line.contains(" v = ") && line.hasPrefix("  2") {
            let v = try #require(Double(line.components(separatedBy: " v = ")[1].prefix(8)))
            t = printedM * t + (1 - printedM) * v
        }
        #expect(abs(t - strength) < 1e-6, "\(item): text re-added \(t), stats \(strength)")
        let percent = vault.run(["stats", item.habit, "--date", item.date]).stdout.split(separator: "\n")
            .first { $0.hasPrefix("strength") }.map { String($0.dropFirst(14).prefix { $0 != "·" }).trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains { $0.hasPrefix("strength \(percent ?? "?") = ") }, "\(item): \(percent ?? "none") not in \(lines.prefix(2))")
    }

    /// Momentum's shares add up to stats' momentum; the rate's counted days add up to the 30-day rate.
    @Test(arguments: cases) func momentumAndRateReAdd(_ item: Case) throws {
        let vault = try TestVault()
        let explained = try Self.json(vault, ["explain", item.habit, "--date", item.date, "--json"])
        let momentum = try #require(explained["momentum"] as? [String: Any])
        let days = try #require(momentum["days"] as? [[String: Any]])
        var sum = 0.0, weights = 0.0
        for day in days {
            let daysAgo = try #require(day["daysAgo"] as? Int)
            let weight = try #require(day["weight"] as? Double)
            #expect(abs(weight - pow(0.88, Double(daysAgo))) < 1e-12)
            if let v = day["value"] as? Double {
                sum += weight * v
                weights += weight
                #expect(abs((day["share"] as? Double ?? -1) - weight * v / (momentum["weights"] as? Double ?? 1)) < 1e-12)
            }
        }
        let report = try Self.json(vault, ["stats", item.habit, "--date", item.date, "--json"])
        if let expected = (report["momentum"] as? [String: Any])?["value"] as? Double {
            #expect(weights > 0)
            #expect(abs(sum / weights - expected) < 1e-4, "\(item): \(sum / weights) vs stats \(expected)")
            #expect(abs((momentum["value"] as? Double ?? -1) - sum / weights) < 1e-9)
        } else {
            #expect(momentum["value"] == nil || momentum["value"] is NSNull)
        }
        let rate = try #require(explained["rate"] as? [String: Any])
        let counted = try #require(rate["counted"] as? [[String: Any]])
        let done = counted.reduce(0) { $0 + ($1["done"] as? Int ?? 0) }
        let due = counted.reduce(0) { $0 + ($1["due"] as? Int ?? 0) }
        let stats = try Self.stats(vault, item.habit, item.date)
        #expect(done == stats.rates.month.done && due == stats.rates.month.due, "\(item): \(done)/\(due) vs \(stats.rates.month)")
    }

    /// The streak account lists stats' five best streaks and names the day each finished one broke:
    /// a due day not done (or a missed period) right after it.
    @Test(arguments: habits) func streakNamesBreaks(_ habit: String) throws {
        let vault = try TestVault()
        let explained = try Self.json(vault, ["explain", habit, "streak", "--json"])
        let streak = try #require(explained["streak"] as? [String: Any])
        let runs = try #require(streak["bestStreaks"] as? [[String: Any]])
        let report = try Self.json(vault, ["stats", habit, "--json"])
        let best = try #require(report["bestStreaks"] as? [[String: Any]])
        #expect(runs.map { $0["start"] as? String } == best.map { $0["start"] as? String })
        #expect(runs.map { $0["length"] as? Int } == best.map { $0["length"] as? Int })
        let store = Vault(root: vault.root)
        let journal = Journal(index: VaultIndex.open(store))
        let found = try #require(journal.habits.first { $0.id == habit })
        let schedule = try #require(Schedule(habit: found, history: journal.history(of: habit), today: Day("2026-11-22")!,
                                             weekStart: journal.weekStart))
        let text = vault.run(["explain", habit, "streak"]).stdout
        for run in runs where run["current"] as? Bool != true {
            let end = try #require((run["end"] as? String).flatMap { Day($0) })
            let broken = try #require((run["brokenOn"] as? String).flatMap { Day($0) }, "\(habit): a finished streak without its break")
            #expect(broken > end)
            if found.frequency.isPeriodic {
                #expect(schedule.periods().contains { $0.start == broken && $0.state == .missed })
            } else {
                #expect(schedule.status(on: broken) == .missed)
                // Nothing due between the streak's end and the break.
                var day = end.adding(days: 1)
                while day < broken {
                    #expect(schedule.status(on: day) != .missed && schedule.status(on: day) != .done)
                    day = day.adding(days: 1)
                }
            }
            #expect(text.contains("\(broken)"), "\(habit): the text does not name \(broken)")
        }
    }

    /// The words and figures of each account, as a user sees them (`explain.txt`), and its JSON
    /// (`explain-json.txt`): BRAIN_RECORD=1 re-records; review the diff.
    @Test func explainTranscripts() throws {
        let vault = try TestVault()
        try Golden.check("explain", [
            "explain read strength --date 2026-10-01 --days 10",
            "explain run strength --days 8",
            "explain read streak",
            "explain write streak",
            "explain walk momentum",
            "explain call-family rate",
            "explain strength rate --date 2026-10-01",
        ], vault: vault)
        try Golden.check("explain-json", [
            "explain read strength --date 2026-09-20 --json",
            "explain guitar streak --json",
        ], vault: vault)
    }
}
