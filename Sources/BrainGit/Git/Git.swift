import Foundation
import BrainFormat
import BrainStore

/// The `git` program, run in one folder with one environment.
package struct Git: Sendable {
    package let executable: String
    package let directory: String
    package let environment: [String: String]
    package let runner: any ProcessRunner

    /// Finds `git` in the environment's `PATH`.
    package init(directory: String, environment: [String: String], runner: any ProcessRunner = FoundationProcessRunner()) throws(GitError) {
        guard let executable = runner.find("git", environment: environment) else { throw .gitMissing }
        self.executable = executable
        self.directory = directory
        self.environment = environment
        self.runner = runner
    }

    /// Whether a `git` program is in `PATH`.
    package static func isInstalled(environment: [String: String], runner: any ProcessRunner = FoundationProcessRunner()) -> Bool {
        runner.find("git", environment: environment) != nil
    }

    /// Runs `git ARGUMENTS`, whatever its exit status, with `input` on its standard input. A list
    /// that can be long (paths, object names, a message) goes in `input`, never in the arguments.
    package func run(_ arguments: [String], input: [UInt8]? = nil, extraEnvironment: [String: String] = [:]) throws(GitError) -> ProcessOutput {
        do {
            return try runner.run(executable, arguments, in: directory,
                                  environment: environment.merging(extraEnvironment) { $1 }, input: input)
        } catch {
            throw .failed(command: "git " + (arguments.first ?? ""), message: String(describing: error))
        }
    }

    /// Runs `git ARGUMENTS` and returns its standard output without the final line break; a failure
    /// throws with git's own message.
    @discardableResult
    package func check(_ arguments: [String], input: [UInt8]? = nil, extraEnvironment: [String: String] = [:]) throws(GitError) -> String {
        let output = try run(arguments, input: input, extraEnvironment: extraEnvironment)
        guard output.status == 0 else {
            throw .failed(command: "git " + arguments.prefix(2).joined(separator: " "), message: Git.message(output))
        }
        return Git.trimmed(output.stdoutText)
    }

    /// Standard output when the command succeeded, else nil.
    package func value(_ arguments: [String]) throws(GitError) -> String? {
        let output = try run(arguments)
        return output.status == 0 ? Git.trimmed(output.stdoutText) : nil
    }

    /// git's message for a failure: its standard error (else output), hints left out, on one line.
    package static func message(_ output: ProcessOutput) -> String {
        let text = output.stderrText.isEmpty ? output.stdoutText : output.stderrText
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("hint:") }
        if lines.isEmpty { return "exit status \(output.status)" }
        return lines.joined(separator: " / ")
    }

    package static func trimmed(_ text: String) -> String {
        var text = text[...]
        while let last = text.last, last.isNewline { text = text.dropLast() }
        return String(text)
    }

    /// `text` quoted for the POSIX shell git runs a merge driver with.
    package static func shellQuoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || "-_./+:@%".contains($0) }
        if plain { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
