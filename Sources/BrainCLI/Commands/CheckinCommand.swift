import BrainKit

/// `brain checkin morning|evening`: mood, energy, intentions and reflection of a day.
enum CheckinCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "checkin",
        summary: "record the morning (mood, energy, intentions) or evening (mood, reflection) check-in",
        discussion: """
            morning sets mood and energy in the day's front-matter and adds each --intention under
            ## Intentions, after the last intention; evening sets evening-mood and appends --reflection
            (one line or several) under ## Reflection. What is already there is kept. In a terminal and
            without options it asks question by question (Enter skips; the reflection takes lines until
            an empty one); otherwise it never waits for input.
            """,
        positionals: [.init(name: "PART", help: "morning or evening", choices: ["morning", "evening"])],
        options: [
            .value("mood", "1-5", "mood (morning: mood, evening: evening-mood)"),
            .value("energy", "1-5", "energy (morning)"),
            .value("intention", "TEXT", "an intention for the day (morning; repeatable)", repeatable: true),
            .value("reflection", "TEXT", "a few lines on the day (evening)"),
            DailyLog.dateOption,
            DailyLog.jsonOption,
            DailyLog.dryRunOption,
        ],
        examples: ["brain checkin morning --mood 4 --energy 3 --intention \"Ship the parser\"",
                   "brain checkin evening --mood 5 --reflection \"Slow start, good afternoon.\"",
                   "brain checkin morning"])

    /// The answers of one check-in.
    struct Answers {
        var mood: Int?
        var energy: Int?
        var intentions: [String] = []
        var reflection: String?

        var isEmpty: Bool { mood == nil && energy == nil && intentions.isEmpty && reflection == nil }
    }

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let morning = arguments.positional(0) == "morning"
        if morning, arguments.value("reflection") != nil {
            throw CLIError.usage("--reflection belongs to the evening check-in: brain checkin evening --reflection TEXT")
        }
        if !morning, arguments.value("energy") != nil || !arguments.all("intention").isEmpty {
            throw CLIError.usage("--energy and --intention belong to the morning check-in: brain checkin morning …")
        }
        var answers = Answers()
        answers.mood = try arguments.int("mood", in: 1...5)
        answers.energy = try arguments.int("energy", in: 1...5)
        answers.intentions = arguments.all("intention").map(trimmed).filter { !$0.isEmpty }
        answers.reflection = arguments.value("reflection").map(trimmed).flatMap { $0.isEmpty ? nil : $0 }
        let (day, today) = try DailyLog.days(session)
        try DailyFile.checkLoggable(day, today: today)
        let hasFlags = ["mood", "energy", "intention", "reflection"].contains { arguments.value($0) != nil }
        if !hasFlags {
            guard session.context.stdin.isTerminal, session.context.stdout.isTerminal, !arguments.flag("json") else {
                let flags = morning ? "--mood 1-5, --energy 1-5 and/or --intention TEXT"
                                    : "--mood 1-5 and/or --reflection TEXT"
                throw CLIError.usage("brain checkin \(morning ? "morning" : "evening") is not in a terminal, so it cannot ask; pass \(flags)")
            }
            answers = ask(morning: morning, session)
        }
        let action = RecordCheckIn(part: morning ? .morning : .evening, day: day, today: today, mood: answers.mood,
                                   energy: answers.energy, intentions: answers.intentions, reflection: answers.reflection)
        if action.isEmpty && !arguments.flag("json") {
            session.line("nothing to record")
            return ExitCode.success
        }
        let result = try session.perform(action, dryRun: arguments.flag("dry-run"))
        if let code = try DailyLog.dryRun(result, arguments, session) { return code }
        if arguments.flag("json") { return try session.printJSON(result) }
        guard let path = result.outcome.path else { return ExitCode.success }
        if result.outcome.created { session.line(session.style("created", .muted) + " \(path)") }
        var parts: [String] = []
        if let mood = answers.mood { parts.append("\(morning ? "mood" : "evening mood") \(mood)") }
        if let energy = answers.energy { parts.append("energy \(energy)") }
        if !answers.intentions.isEmpty {
            parts.append("\(answers.intentions.count) intention\(answers.intentions.count == 1 ? "" : "s") added")
        }
        if answers.reflection != nil { parts.append("reflection added") }
        session.line("\(morning ? "morning" : "evening") check-in for \(day): " + parts.joined(separator: ", "))
        session.line(session.style("  \(path)", .muted))
        return ExitCode.success
    }

    /// Asks the questions one by one; Enter skips, end of input stops.
    static func ask(morning: Bool, _ session: Session) -> Answers {
        var answers = Answers()
        let input = session.context.stdin
        func score(_ question: String) -> Int?? {
            while true {
                session.out(question + " (1-5, Enter to skip): ")
                guard let answer = input.readLine() else { return .none }
                let text = trimmed(answer)
                if text.isEmpty { return .some(nil) }
                if let number = Int(text), (1...5).contains(number) { return .some(number) }
                session.line(session.style("please answer with a whole number from 1 to 5, or press Enter to skip", .warn))
            }
        }
        if morning {
            guard let mood = score("Mood") else { return answers }
            answers.mood = mood
            guard let energy = score("Energy") else { return answers }
            answers.energy = energy
            while true {
                session.out("Intention (Enter to finish): ")
                guard let answer = input.readLine() else { return answers }
                let text = trimmed(answer)
                if text.isEmpty { break }
                answers.intentions.append(text)
            }
        } else {
            guard let mood = score("Evening mood") else { return answers }
            answers.mood = mood
            // Several lines, as many as the day needs: an empty line ends it.
            session.out("Reflection (an empty line ends it; Enter now to skip): ")
            var lines: [String] = []
            while let answer = input.readLine(), !trimmed(answer).isEmpty {
                lines.append(trimmed(answer))
                session.out("  ")
            }
            if !lines.isEmpty { answers.reflection = lines.joined(separator: "\n") }
        }
        return answers
    }

    static func trimmed(_ text: String) -> String {
        var slice = Substring(text)
        while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return String(slice)
    }
}
