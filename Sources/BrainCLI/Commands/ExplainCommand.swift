import BrainKit
import Foundation

/// `brain explain HABIT [strength|streak|momentum|rate]`: the calculation behind the numbers
/// `brain stats HABIT` prints, day by day, from the same analytics.
enum ExplainCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "explain",
        summary: "the calculation behind a habit's strength, streak, momentum and rate, day by day",
        discussion: """
        Prints how each number of brain stats HABIT came about, from the same code, so the figures
        are the ones stats prints. strength: Loop's S = m·S + (1−m)·v with m, the window and each
        day's v (a skip, a rest or a paused day not done keeps S); the last --days days are listed
        (default 30, 0 for all) after the score they start from. streak: the current streak and
        the five best, where each started, the rest, skipped, paused and off days inside it that
        kept it, and the day that broke it. momentum: each day's weight 0.88^d, value and share
        (the shares add up to the momentum). rate: the due days (or periods) of the last 30 days
        and the done/due of every window. --json has every day from the first. docs/ANALYTICS.md.
        """,
        positionals: [
            .init(name: "HABIT", help: "a habit (id, title, alias or a unique prefix)", completion: .habits),
            .init(name: "NUMBER", help: "strength, streak, momentum or rate (default all four)", optional: true,
                  choices: ["strength", "streak", "momentum", "rate"]),
        ],
        options: [
            .value("date", "DAY", "explain as of this day (default today)", completion: .days),
            .value("days", "N", "strength: the days listed (default 30, 0 for all)"),
            .flag("json", "print JSON (every day from the first)"),
        ],
        examples: ["brain explain read", "brain explain read strength --days 10", "brain explain read streak --json"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        guard let name = arguments.positional(0) else { throw CLIError.usage("brain explain needs a habit: brain explain HABIT") }
        let which = arguments.positional(1)
        if let which, !["strength", "streak", "momentum", "rate"].contains(which) {
            throw CLIError.usage("brain explain: \(which) is not strength, streak, momentum or rate")
        }
        var shown = 30
        if let text = arguments.value("days") {
            guard let number = Int(text), number >= 0 else { throw CLIError.usage("--days takes a whole number, 0 for all") }
            shown = number
        }
        let (journal, today) = try session.analyticsJournal()
        let habit = try session.habit(name, in: journal)
        var explanation = HabitExplanation(habit: habit, history: journal.history(of: habit.id), today: today, weekStart: journal.weekStart)
        if let which {
            if which != "strength" { explanation.strength = nil }
            if which != "streak" { explanation.streak = nil }
            if which != "momentum" { explanation.momentum = nil }
            if which != "rate" { explanation.rate = nil }
        }
        if arguments.flag("json") { return try session.printJSON(explanation) }
        session.line(session.style(habit.title, .strong) + session.style("  \(habit.id) · every: \(habit.frequency.description) · as of \(today)", .muted))
        guard explanation.first != nil else {
            session.line("nothing due yet on \(today)")
            return ExitCode.success
        }
        if let strength = explanation.strength { render(strength, shown: shown, session) }
        if let streak = explanation.streak { render(streak, session) }
        if let momentum = explanation.momentum { render(momentum, session) }
        if let rate = explanation.rate { render(rate, session) }
        return ExitCode.success
    }

    /// A share with six decimals, so a reader can redo the sums.
    static func six(_ value: Double) -> String { String(format: "%.6f", value) }

    static func render(_ account: HabitExplanation.StrengthAccount, shown: Int, _ session: Session) {
        let style = session.style
        session.line("")
        session.line(style("strength", .strong) + " \(Quantity.percent(account.score)) = \(six(account.score))")
        let n = account.windowNumerator, d = account.windowDays
        var rule: String
        if let target = account.target {
            let required = Quantity.number(target * Double(n))
            rule = account.atMost
                ? "v = clamp(1 − (sum − \(required)) / \(required), 0, 1), sum the amounts of the last \(d) days (at most \(Quantity.number(target)) a day, \(n) of \(d))"
                : "v = min(1, sum / \(required)), sum the amounts of the last \(d) days (target \(Quantity.number(target)), \(n) of \(d))"
        } else {
            rule = "v = min(1, done days in the last \(d) / \(n))"
        }
        session.line("  S = m·S + (1−m)·v each day, m = 0.5^(√f/13) = \(String(format: "%.9f", account.multiplier)); \(rule)")
        session.line(style("  a skipped day, or a rest or paused day not done, keeps S (it stays in the window as not done)", .muted))
        let days = shown == 0 ? account.days[...] : account.days.suffix(shown)
        let startIndex = account.days.count - days.count
        let before = startIndex > 0 ? account.days[startIndex - 1].score : account.initial
        session.line("  S before \(days.first.map { $0.day.description } ?? "") = \(six(before))"
                     + (startIndex > 0 ? style(" (\(startIndex) earlier days: brain explain HABIT strength --days 0)", .muted) : ""))
        for day in days {
            let what = day.done ? "done" : day.kind == "due" ? "not done" : day.kind
            let change: String
            if let value = day.value {
                change = "window \(Layout.pad(Quantity.number(day.window), 5)) v = \(six(value))  S = \(six(day.score))"
            } else {
                change = "kept" + String(repeating: " ", count: 23) + "S = \(six(day.score))"
            }
            session.line("  \(day.day) \(Layout.pad(what, 9)) \(change)")
        }
    }

    static func render(_ account: HabitExplanation.StreakAccount, _ session: Session) {
        let style = session.style
        func count(_ n: Int) -> String { Streaks.describe(n, unit: account.unit, blockDays: account.blockDays) }
        session.line("")
        session.line(style("streak", .strong) + " \(count(account.current))" + (account.currentSince.map { " since \($0)" } ?? "")
                     + " · best \(count(account.best))")
        let counted = account.unit == .days ? "each due day done adds one; a past due day not done breaks it"
            : "each \(String(account.unit.rawValue.dropLast())) met adds one; one missed breaks it"
        session.line("  " + counted + style("; rest, skipped, paused and off days neither count nor break; today still open breaks nothing", .muted))
        for run in account.best5 {
            var kept: [String] = []
            if run.restDays > 0 { kept.append(Quantity.count(run.restDays, "rest day")) }
            if run.skippedDays > 0 { kept.append(Quantity.count(run.skippedDays, "skipped day")) }
            if run.pausedDays > 0 { kept.append(Quantity.count(run.pausedDays, "paused day")) }
            if run.offDays > 0 { kept.append(Quantity.count(run.offDays, "off day")) }
            var text = "  \(Layout.pad(count(run.length), 12)) \(run.start) → \(run.end)"
            text += kept.isEmpty ? "" : ", kept over " + kept.joined(separator: ", ")
            if run.current {
                text += "; still running"
            } else if let broken = run.brokenOn {
                text += account.unit == .days ? "; broken on \(broken), due and not done"
                    : "; broken by the \(String(account.unit.rawValue.dropLast())) from \(broken), missed"
            }
            session.line(text)
        }
    }

    static func render(_ account: HabitExplanation.MomentumAccount, _ session: Session) {
        let style = session.style
        session.line("")
        guard let value = account.value, let label = account.label else {
            session.line(style("momentum", .strong) + " — (nothing counted in the window)")
            return
        }
        session.line(style("momentum", .strong) + " \(Quantity.percent(value)) \(label.rawValue) = \(six(value)) = Σ w·v / Σ w, w = 0.88^d, Σ w = \(six(account.weights))")
        for day in account.days {
            let v = day.value.map { six($0) } ?? "—"
            let share = day.value == nil ? style("counts for nothing", .muted) : "share \(six(day.share))"
            session.line("  \(day.day)  d=\(Layout.pad(String(day.daysAgo), 3)) w = \(six(day.weight))  v = \(Layout.pad(v, 8))  \(share)")
        }
    }

    static func render(_ account: HabitExplanation.RateAccount, _ session: Session) {
        let style = session.style
        session.line("")
        session.line(style("rate", .strong) + " " + account.windows.map { window in
            "\(window.name) \(Quantity.percent(window.rate)) (\(window.done)/\(window.due))"
        }.joined(separator: "  "))
        session.line(style("  done / due; an open today is left out until it is done; a week or month counts once met or over", .muted))
        session.line("  the last 30 days counted:")
        for item in account.counted {
            if let end = item.end {
                session.line("  \(item.day) → \(end)  \(item.done) of \(item.due)")
            } else {
                session.line("  \(item.day)  \(item.done == 1 ? "done" : "missed")")
            }
        }
    }
}
