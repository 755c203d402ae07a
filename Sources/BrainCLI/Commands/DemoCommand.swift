import BrainKit

/// `brain demo DIR`: writes a realistic, reproducible vault to try brain on (and to benchmark it).
enum DemoCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "demo",
        summary: "write a made-up but realistic vault: habits, goals, notes and years of daily check-ins",
        discussion: """
        DIR must be missing or empty. The same options and seed give the same bytes on every
        machine. The daily files end on --date (default: today) and cover 365 days per year,
        with mood and energy that follow a few habits, streaks and slumps, skips with reasons,
        rest days, intentions and reflections. Notes link to each other, to habits and goals.
        """,
        positionals: [.init(name: "DIR", help: "the folder to create (must be missing or empty)", completion: .files)],
        options: [
            .value("years", "N", "years of daily files (default 1)"),
            .value("habits", "N", "number of habits (default 12)"),
            .value("notes", "N", "number of notes (default 200)"),
            .value("seed", "S", "seed of the random choices (default 1)"),
            .value("date", "DAY", "the last daily file (default: today)", completion: .days),
            .flag("json", "print what was written as JSON"),
        ],
        examples: ["brain demo /tmp/demo", "brain demo big --years 10 --habits 40 --notes 100000"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        guard let given = arguments.positional(0) else { throw CLIError.usage("brain demo needs a folder: brain demo DIR") }
        let years = try arguments.int("years", in: 0...100) ?? 1
        let habits = try arguments.int("habits", in: 0...1000) ?? 12
        let notes = try arguments.int("notes", in: 0...10_000_000) ?? 200
        var seed: UInt64 = 1
        if let text = arguments.value("seed") {
            guard let value = UInt64(text) else { throw CLIError.usage("--seed takes a whole number ≥ 0, not \"\(text)\"") }
            seed = value
        }
        let today = session.context.today(dayStartsAt: VaultConfig().dayStartsAt)
        var end = today
        if let text = arguments.value("date") {
            guard let day = DayExpression.parse(text, today: today) else {
                throw CLIError.usage("--date takes today, yesterday, -N, YYYY-MM-DD or a weekday name, not \"\(text)\"")
            }
            end = day
        }
        let root = VaultLocator.absolute(given, from: session.context.currentDirectory)
        let options = DemoOptions(years: years, habits: habits, notes: notes, seed: seed, end: end)
        let result = Result { () throws(VaultError) -> DemoWriter.Summary in try DemoWriter.write(options, to: root) }
        let summary: DemoWriter.Summary
        switch result {
        case .success(let value):
            summary = value
        case .failure(.exists(root)):
            throw CLIError.failure("\(given) is not empty; brain demo writes only into a new or empty folder")
        case .failure(.notADirectory(root)):
            throw CLIError.failure("\(given) is not a folder")
        case .failure(let error):
            throw error
        }
        if arguments.flag("json") { return try session.printJSON(summary) }
        session.line("wrote \(summary.files) files to \(given): \(summary.habits) habits, \(summary.goals) goals, "
                     + "\(summary.notes) notes, \(summary.days) days")
        return ExitCode.success
    }
}

