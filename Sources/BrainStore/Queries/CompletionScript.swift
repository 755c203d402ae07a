import BrainFormat
import BrainAnalytics

/// `brain completions SHELL --json`: a shell completion script and the shell it is for.
package struct CompletionScript: Hashable, Sendable, Codable {
    package var shell: String
    package var script: String

    package init(shell: String, script: String) {
        self.shell = shell
        self.script = script
    }
}
