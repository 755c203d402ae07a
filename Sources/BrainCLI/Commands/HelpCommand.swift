import BrainKit

/// `brain help [COMMAND]`.
enum HelpCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "help",
        summary: "show the commands, or the help of one command",
        positionals: [.init(name: "COMMAND", help: "a command name", optional: true, completion: .values)],
        options: [.flag("json", "print JSON: the command list, or the spec of COMMAND")],
        examples: ["brain help", "brain help list", "brain help list --json"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        if let name = arguments.positional(0) {
            guard let command = BrainCLI.command(named: name) else {
                var message = "unknown command \"\(name)\""
                if let suggestion = Suggestion.closest(to: name, in: BrainCLI.commands.map { $0.spec.name }) {
                    message += "; did you mean \(suggestion)?"
                }
                throw CLIError.usage(message)
            }
            if arguments.flag("json") { return try session.printJSON(command.spec.help) }
            session.out(help(for: command.spec))
            return ExitCode.success
        }
        if arguments.flag("json") {
            return try session.printJSON(CommandList(version: BrainCLI.version, commands: listed.map(\.entry)))
        }
        session.out(overview())
        return ExitCode.success
    }

    /// The commands `brain help` lists: all but the hidden helpers (`__complete`).
    static var listed: [CommandSpec] {
        BrainCLI.commands.map { $0.spec }.filter { !$0.name.hasPrefix("_") }
    }

    static func overview() -> String {
        var text = """
        brain \(BrainCLI.version) — habits, goals and a journal in plain Markdown files

        usage: brain [--vault PATH] COMMAND [ARGUMENTS] [OPTIONS]

        commands:

        """
        let width = BrainCLI.commands.map { $0.spec.name.count }.max() ?? 10
        for spec in listed {
            text += "  " + spec.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + spec.summary + "\n"
        }
        text += """

        global options:
          --vault PATH   the vault folder (default: $BRAIN_VAULT, else the nearest folder with .brain/)
          --no-color     plain output (NO_COLOR is honoured too)
          --theme THEME  colours for this run: ember, ocean, forest, aurora or sand (default: the vault's theme:)
          --help, -h     help for a command
          --version      print the version

        exit status: 0 success, 1 failure, 2 validate found errors, 64 usage error.
        Run `brain help COMMAND` for a command's options.

        """
        return text
    }

    static func help(for spec: CommandSpec) -> String {
        var text = "brain \(spec.name) — \(spec.summary)\n\nusage: \(spec.usage)\n"
        if !spec.aliases.isEmpty { text += "alias: \(spec.aliases.joined(separator: ", "))\n" }
        if !spec.discussion.isEmpty { text += "\n" + spec.discussion + "\n" }
        if !spec.positionals.isEmpty {
            text += "\narguments:\n"
            for positional in spec.positionals {
                var help = positional.help
                if !positional.choices.isEmpty { help += " (\(positional.choices.joined(separator: ", ")))" }
                text += "  " + positional.name.padding(toLength: 16, withPad: " ", startingAt: 0) + help + "\n"
            }
        }
        let options = spec.options + Arguments.globalOptions
        text += "\noptions:\n"
        for option in options {
            var left = (option.short.map { "-\($0), " } ?? "") + "--" + option.name
            if let value = option.value { left += " " + value }
            var help = option.help
            if !option.choices.isEmpty { help += " (\(option.choices.joined(separator: "|")))" }
            if option.repeatable { help += "; repeatable" }
            let padded = left.count < 22 ? left.padding(toLength: 22, withPad: " ", startingAt: 0) : left + "  "
            text += "  " + padded + help + "\n"
        }
        if !spec.examples.isEmpty {
            text += "\nexamples:\n" + spec.examples.map { "  " + $0 + "\n" }.joined()
        }
        return text
    }
}
