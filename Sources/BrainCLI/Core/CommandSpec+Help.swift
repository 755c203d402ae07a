import BrainKit

extension CommandSpec {
    /// The spec as `brain help NAME --json` prints it: the options as the help text lists them,
    /// the command's own first, then the global ones.
    var help: CommandHelp {
        CommandHelp(
            name: name, aliases: aliases, summary: summary, discussion: discussion, usage: usage,
            positionals: positionals.map { positional in
                CommandHelp.Positional(name: positional.name, help: positional.help, optional: positional.optional,
                                       variadic: positional.variadic, choices: positional.choices)
            },
            options: (options + Arguments.globalOptions).enumerated().map { offset, option in
                CommandHelp.Option(name: option.name, short: option.short.map(String.init), value: option.value, help: option.help,
                                   repeatable: option.repeatable, choices: option.choices,
                                   global: offset >= options.count)
            },
            examples: examples)
    }

    /// The command as `brain help --json` lists it.
    var entry: CommandList.Entry {
        CommandList.Entry(name: name, aliases: aliases, summary: summary)
    }
}
