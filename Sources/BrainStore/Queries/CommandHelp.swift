import BrainFormat
import BrainAnalytics

/// `brain help COMMAND --json`: what one command accepts, as its help text shows it.
package struct CommandHelp: Hashable, Sendable, Codable {
    package struct Positional: Hashable, Sendable, Codable {
        package var name: String
        package var help: String
        package var optional: Bool
        /// Takes every remaining word.
        package var variadic: Bool
        /// The only values accepted; empty for any.
        package var choices: [String]

        package init(name: String, help: String, optional: Bool, variadic: Bool, choices: [String]) {
            self.name = name
            self.help = help
            self.optional = optional
            self.variadic = variadic
            self.choices = choices
        }
    }

    package struct Option: Hashable, Sendable, Codable {
        /// Without the leading `--`.
        package var name: String
        /// The one-letter form, without the `-`.
        @Nullable package var short: String?
        /// The value's placeholder (`N`, `EXPR`); null for a flag.
        @Nullable package var value: String?
        package var help: String
        package var repeatable: Bool
        package var choices: [String]
        /// True for the options every command takes (`--vault`, `--no-color`, `--help`).
        package var global: Bool

        package init(name: String, short: String?, value: String?, help: String, repeatable: Bool, choices: [String], global: Bool) {
            self.name = name
            self.short = short
            self.value = value
            self.help = help
            self.repeatable = repeatable
            self.choices = choices
            self.global = global
        }
    }

    package var name: String
    package var aliases: [String]
    package var summary: String
    package var discussion: String
    /// `brain NAME ARGS [options]`.
    package var usage: String
    package var positionals: [Positional]
    package var options: [Option]
    package var examples: [String]

    package init(name: String, aliases: [String], summary: String, discussion: String, usage: String,
                positionals: [Positional], options: [Option], examples: [String]) {
        self.name = name
        self.aliases = aliases
        self.summary = summary
        self.discussion = discussion
        self.usage = usage
        self.positionals = positionals
        self.options = options
        self.examples = examples
    }
}
