import BrainFormat
import BrainAnalytics

/// `brain help --json`: the commands with their summaries, in the order help lists them.
package struct CommandList: Hashable, Sendable, Codable {
    package struct Entry: Hashable, Sendable, Codable {
        package var name: String
        package var aliases: [String]
        package var summary: String

        package init(name: String, aliases: [String], summary: String) {
            self.name = name
            self.aliases = aliases
            self.summary = summary
        }
    }

    /// The version of `brain`.
    package var version: String
    package var commands: [Entry]

    package init(version: String, commands: [Entry]) {
        self.version = version
        self.commands = commands
    }
}
