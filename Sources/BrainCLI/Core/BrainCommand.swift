/// One `brain` command: its spec and what it does.
protocol BrainCommand {
    static var spec: CommandSpec { get }
    /// Runs the command; returns the exit status or throws a `CLIError`.
    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32
}
