import BrainKit
import BrainServer

/// Entry point of the `brain` command line.
package enum BrainCLI {
    package static let version = "0.1.0"

    /// Every command, in the order `brain help` lists them.
    static var commands: [any BrainCommand.Type] { [
        InitCommand.self,
        NewCommand.self,
        TodayCommand.self,
        StatusCommand.self,
        DoneCommand.self,
        UndoCommand.self,
        SkipCommand.self,
        RestCommand.self,
        CheckinCommand.self,
        AskCommand.self,
        TuiCommand.self,
        LogCommand.self,
        DaysCommand.self,
        StatsCommand.self,
        ExplainCommand.self,
        HeatmapCommand.self,
        WeekCommand.self,
        MonthCommand.self,
        ReportCommand.self,
        GoalsCommand.self,
        GoalCommand.self,
        AreasCommand.self,
        CoachCommand.self,
        ReviewCommand.self,
        ListCommand.self,
        ShowCommand.self,
        SearchCommand.self,
        TagsCommand.self,
        PinsCommand.self,
        PinCommand.self,
        UnpinCommand.self,
        LinksCommand.self,
        BacklinksCommand.self,
        OrphansCommand.self,
        GraphCommand.self,
        RenameCommand.self,
        EditCommand.self,
        ArchiveCommand.self,
        UnarchiveCommand.self,
        DeleteCommand.self,
        RestoreCommand.self,
        ValidateCommand.self,
        IndexCommand.self,
        SyncCommand.self,
        GitSetupCommand.self,
        MergeDriverCommand.self,
        DemoCommand.self,
        ExportCommand.self,
        ImportCommand.self,
        TrackCommand.self,
        HelpCommand.self,
        CompletionsCommand.self,
        LspCommand.self,
        McpCommand.self,
        ServeCommand.self,
        WatchCommand.self,
        RemindCommand.self,
        CompleteCommand.self,
    ] }

    static func command(named name: String) -> (any BrainCommand.Type)? {
        commands.first { $0.spec.name == name || $0.spec.aliases.contains(name) }
    }

    /// Runs `brain` with `arguments` (without the program name) and returns the exit status.
    package static func run(_ arguments: [String], context: Context) -> Int32 {
        defer { context.stdout.flush() }
        var words = arguments
        if words.isEmpty { words = ["help"] }
        if words == ["--version"] || words == ["-V"] || words == ["version"] {
            context.stdout.write("brain \(version)\n")
            return ExitCode.success
        }
        // Global options may come before the command name.
        var leading: [String] = []
        while let first = words.first, first.hasPrefix("-") {
            if first == "--help" || first == "-h" {
                words.removeFirst()
                words = ["help"] + words
                break
            }
            if first == "--version" {
                context.stdout.write("brain \(version)\n")
                return ExitCode.success
            }
            leading.append(words.removeFirst())
            if first == "--vault" || first == "--theme", let value = words.first {
                leading.append(value)
                words.removeFirst()
            }
        }
        guard let name = words.first else {
            return fail(CLIError.usage("missing command; see brain help"), context: context, color: false)
        }
        let rest = leading + words.dropFirst()
        guard let command = command(named: name) else {
            var message = "unknown command \"\(name)\""
            if let suggestion = Suggestion.closest(to: name, in: commands.flatMap { [$0.spec.name] + $0.spec.aliases }) {
                message += "; did you mean \(suggestion)?"
            }
            return fail(CLIError.usage(message + " (see brain help)"), context: context, color: false)
        }
        var color = true
        var session: Session?
        do {
            let parsed = try Arguments.parse(Array(rest), spec: command.spec)
            if parsed.flag("no-color") { color = false }
            if parsed.flag("help") {
                context.stdout.write(HelpCommand.help(for: command.spec))
                return ExitCode.success
            }
            if context.isProcess {
                // Commands ask the vault's watcher (`brain watch`), when one runs, what changed.
                let environment = context.environment
                VaultIndex.changeSources = { vault in WatchClient.ifListening(root: vault.root, environment: environment) }
            }
            let opened = Session(context: context, arguments: parsed)
            session = opened
            if context.isProcess { _ = Unmanaged.passRetained(opened) }
            return try command.run(parsed, opened)
        } catch {
            return fail(error, context: context, color: color, config: session?.colorConfig)
        }
    }

    /// Prints `error` on standard error and returns its exit status; `color: false` (`--no-color`)
    /// keeps it plain, as do `NO_COLOR` and a standard error that is no terminal.
    /// `config`, when a vault was opened, gives the theme.
    static func fail(_ error: Error, context: Context, color: Bool, config: VaultConfig? = nil) -> Int32 {
        let style = Style(isTerminal: context.stderr.isTerminal, environment: context.environment, noColorFlag: !color,
                          config: config ?? VaultConfig())
        let code: Int32
        let message: String
        switch error {
        case let error as CLIError:
            code = error.exitCode
            message = error.description
        case let error as ActionError:
            code = error.code == .invalidArgument ? ExitCode.usage : ExitCode.failure
            message = Advice.text(error)
        case let error as VaultError:
            code = ExitCode.failure
            message = Advice.text(error)
        case let error as GitError:
            code = ExitCode.failure
            message = Advice.text(error)
        case let error as Diagnostic:
            code = ExitCode.failure
            message = error.description
        case let error as ImportVaultJSON.Failure:
            code = ExitCode.failure
            message = Advice.text(error)
        default:
            code = ExitCode.failure
            message = String(describing: error)
        }
        // Messages that name the command ("brain graph needs …") would read "brain: brain graph".
        var text = message.hasPrefix("brain ") ? String(message.dropFirst(6)) : message
        // A problem in a file comes first in the compiler's format, so editors jump to it.
        if case .fixFrontMatter? = (error as? ActionError)?.suggestion, let newline = text.firstIndex(of: "\n") {
            context.stderr.write(String(text[..<newline]) + "\n")
            text = String(text[text.index(after: newline)...])
        }
        context.stderr.write(style("brain: ", .bad) + text + "\n")
        return code
    }
}
