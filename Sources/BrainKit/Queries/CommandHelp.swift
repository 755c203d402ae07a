/// `brain help COMMAND --json`: what one command accepts, as its help text shows it.
public struct CommandHelp: Hashable, Sendable, Codable {
    public struct Positional: Hashable, Sendable, Codable {
        public var name: String
        public var help: String
        public var optional: Bool
        /// Takes every remaining word.
        public var variadic: Bool
        /// The only values accepted; empty for any.
        public var choices: [String]

        public init(name: String, help: String, optional: Bool, variadic: Bool, choices: [String]) {
            self.name = name
            self.help = help
            self.optional = optional
            self.variadic = variadic
            self.choices = choices
        }
    }

    public struct Option: Hashable, Sendable, Codable {
        /// Without the leading `--`.
        public var name: String
        /// The one-letter form, without the `-`.
        @Nullable public var short: String?
        /// The value's placeholder (`N`, `EXPR`); null for a flag.
        @Nullable public var value: String?
        public var help: String
        public var repeatable: Bool
        public var choices: [String]
        /// True for the options every command takes (`--vault`, `--no-color`, `--help`).
        public var global: Bool

        public init(name: String, short: String?, value: String?, help: String, repeatable: Bool, choices: [String], global: Bool) {
            self.name = name
            self.short = short
            self.value = value
            self.help = help
            self.repeatable = repeatable
            self.choices = choices
            self.global = global
        }
    }

    public var name: String
    public var aliases: [String]
    public var summary: String
    public var discussion: String
    /// `brain NAME ARGS [options]`.
    public var usage: String
    public var positionals: [Positional]
    public var options: [Option]
    public var examples: [String]

    public init(name: String, aliases: [String], summary: String, discussion: String, usage: String,
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
