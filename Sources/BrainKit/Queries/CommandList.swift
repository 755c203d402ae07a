/// `brain help --json`: the commands with their summaries, in the order help lists them.
public struct CommandList: Hashable, Sendable, Codable {
    public struct Entry: Hashable, Sendable, Codable {
        public var name: String
        public var aliases: [String]
        public var summary: String

        public init(name: String, aliases: [String], summary: String) {
            self.name = name
            self.aliases = aliases
            self.summary = summary
        }
    }

    /// The version of `brain`.
    public var version: String
    public var commands: [Entry]

    public init(version: String, commands: [Entry]) {
        self.version = version
        self.commands = commands
    }
}
