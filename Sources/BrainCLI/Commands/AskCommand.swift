import BrainKit
import Foundation

/// `brain ask [HABIT…] [--since D]`: one question per open habit of each day, answered from a
/// terminal or a pipe.
enum AskCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "ask",
        summary: "answer the day's open habits one question at a time: y, n, s REASON, a value or ⏎",
        discussion: """
        Asks about every habit due and still open on each day from --since (default today) to
        today, oldest day first: y checks it off, a number records that amount, s (or s REASON)
        skips it, n or an empty answer leaves it open, q stops. Days of rest and habits tracked
        automatically are not asked about. The answers are written as brain done and brain skip
        write them, one line each; it reads answers from a terminal or a pipe
        (printf 'y\\n12\\ns sick\\n' | brain ask), and stops at the end of its input.
        """,
        positionals: [.init(name: "HABIT", help: "only these habits (id, title, alias or a unique prefix)", optional: true,
                            variadic: true, completion: .habits)],
        options: [
            .value("since", "D", "the first day asked about: yesterday, -3, 2026-11-20 or a weekday name (default today)"),
            .flag("json", "ask on standard error; print what was written as JSON at the end (each action's result)"),
        ],
        examples: ["brain ask", "brain ask --since yesterday", "brain ask read run", "printf 'y\\n12\\ns sick\\n' | brain ask"])

    /// One answer, as typed.
    enum Answer: Equatable {
        case done
        case value(Double)
        case skip(String?)
        case open
        case quit

        /// The answer `text` stands for; nil when it is none of them.
        init?(_ text: String) {
            let words = text.split(separator: " ", maxSplits: 1).map(String.init)
            guard let first = words.first?.lowercased() else { self = .open; return }
            switch first {
            case "y", "yes": self = .done
            case "n", "no": self = .open
            case "q", "quit": self = .quit
            case "s", "skip": self = .skip(words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : nil)
            default:
                guard words.count == 1, let value = try? DailyLog.value(first) else { return nil }
                self = .value(value)
            }
        }
    }

    static let choices = "[y/n/s/value/⏎]"

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let today = try session.day("today")
        let since = try session.day(arguments.value("since") ?? "today")
        guard since <= today else { throw CLIError.usage("--since \(since) is after today (\(today))") }
        let journal = session.journal(try session.journalIndex())
        let only = try Set(arguments.positionals.map { try session.habit($0, in: journal).id })
        let style = session.style
        var day = since
        var asked = 0
        let json = arguments.flag("json")
        var results: [ActionResult<LogHabit.Outcome>] = []
        // With --json, the questions go to standard error and standard output holds only the JSON.
        let say: (String) -> Void = json ? { session.context.stderr.write($0 + "\n") } : { session.line($0) }
        func finish() throws -> Int32 {
            if json { return try session.printJSON(Report(since: since, date: today, asked: asked, results: results)) }
            return ExitCode.success
        }
        while day <= today {
            let overview = DayOverview(journal: session.journal(try session.journalIndex()), day: day, vault: try session.vault(), pinned: [])
            let open = overview.rest ? [] : overview.entries.filter {
                $0.due && $0.state == .open && !$0.auto && (only.isEmpty || only.contains($0.id))
            }
            if !open.isEmpty { say(style("\(day.weekday.name.capitalized) \(day)", .strong)) }
            for entry in open {
                asked += 1
                guard let answer = ask(entry, session, json: json) else {
                    say("")
                    return try finish()
                }
                let change: HabitChange
                switch answer {
                case .quit: return try finish()
                case .open: continue
                case .done: change = .done(value: nil, add: false, note: nil)
                case .value(let value): change = .done(value: value, add: false, note: nil)
                case .skip(let reason): change = .skip(reason: reason)
                }
                let result = try session.perform(LogHabit(habit: entry.id, change: change, day: day, today: today))
                results.append(result)
                if case .skip = answer {
                    let note = result.outcome.after?.note.map { " — \($0)" } ?? ""
                    say("  \(style(entry.id, .strong)): \(style("skipped", .warn)) on \(day)\(note)")
                } else {
                    say("  " + DoneCommand.describe(result.outcome, style))
                }
            }
            day = day.adding(days: 1)
        }
        if asked == 0 { say("nothing open to ask about") }
        return try finish()
    }

    /// `brain ask --json`: the days asked about, how many questions, and each write's result.
    struct Report: Encodable {
        var schemaVersion = 1
        var since: Day
        var date: Day
        var asked: Int
        var results: [ActionResult<LogHabit.Outcome>]
    }

    /// Asks about one habit until the answer is one; nil at the end of the input.
    static func ask(_ entry: DayOverview.Entry, _ session: Session, json: Bool) -> Answer? {
        let out = json ? session.context.stderr : session.context.stdout
        var question = "  " + entry.title
        if let target = entry.target {
            question += " (" + (entry.kind == .quit ? "at most " : "") + HabitLine.format(target) + (entry.unit.map { " " + $0 } ?? "") + ")"
        }
        question += " " + session.style(choices, .muted) + " "
        while true {
            out.write(question)
            out.flush()
            guard let line = session.context.stdin.readLine() else { return nil }
            // A pipe's answers are not echoed by a terminal: the transcript shows them.
            if !session.context.stdin.isTerminal { out.write(line + "\n") }
            if let answer = Answer(line.trimmingCharacters(in: .whitespaces)) { return answer }
            out.write(session.style("  answer y (done), n or ⏎ (leave open), s [REASON] (skip), a number (the amount) or q (stop)", .warn) + "\n")
        }
    }
}
