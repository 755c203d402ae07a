/// Errors thrown by commands; `BrainCLI.run` turns them into a message and an exit status.
package enum CLIError: Error, Equatable, CustomStringConvertible {
    /// Wrong use of the command line: exit status 64 (EX_USAGE).
    case usage(String)
    /// The command could not do its job: exit status 1.
    case failure(String)

    package var description: String {
        switch self {
        case .usage(let message), .failure(let message): return message
        }
    }

    package var exitCode: Int32 {
        switch self {
        case .usage: return ExitCode.usage
        case .failure: return ExitCode.failure
        }
    }
}

/// Exit statuses of `brain`.
package enum ExitCode {
    package static let success: Int32 = 0
    package static let failure: Int32 = 1
    /// `brain validate` found errors.
    package static let invalid: Int32 = 2
    package static let usage: Int32 = 64
}
