/// `brain completions SHELL --json`: a shell completion script and the shell it is for.
public struct CompletionScript: Hashable, Sendable, Codable {
    public var shell: String
    public var script: String

    public init(shell: String, script: String) {
        self.shell = shell
        self.script = script
    }
}
