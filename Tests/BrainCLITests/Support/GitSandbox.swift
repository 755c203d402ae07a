import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// A folder for git tests: a HOME of its own (so the person's git config plays no part), an
/// identity, `main` as the first branch, and bare repositories as remotes on this machine.
final class GitSandbox {
    /// Whether `git` is installed; tests that need it are skipped without it (`.ci/run` installs it).
    static let gitInstalled = Git.isInstalled(environment: ProcessInfo.processInfo.environment)
    static let skipMessage: Comment = "git is not installed: install Debian's git package (bash .ci/run does) to run the git tests"

    let root: String
    var environment: [String: String]

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("brain-git-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
        try """
        [init]
        \tdefaultBranch = main
        [user]
        \tuseConfigOnly = true
        [advice]
        \tdetachedHead = false

        """.write(toFile: root + "/home/.gitconfig", atomically: true, encoding: .utf8)
        environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "HOME": root + "/home",
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_AUTHOR_NAME": "Brain Test", "GIT_AUTHOR_EMAIL": "test@example.com",
            "GIT_COMMITTER_NAME": "Brain Test", "GIT_COMMITTER_EMAIL": "test@example.com",
            "LC_ALL": "C", "TZ": "UTC",
        ]
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Runs git in `directory` and returns its output; a failure fails the test.
    @discardableResult
    func git(_ arguments: [String], in directory: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
        let runner = FoundationProcessRunner()
        let executable = try #require(runner.find("git", environment: environment), GitSandbox.skipMessage)
        let output = try runner.run(executable, arguments, in: directory, environment: environment)
        #expect(output.status == 0, "git \(arguments.joined(separator: " ")) failed: \(output.stderrText)", sourceLocation: sourceLocation)
        return output.stdoutText
    }

    /// A bare repository in the sandbox, as the remote both machines share.
    func bareRepository(_ name: String = "remote.git") throws -> String {
        let path = root + "/" + name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try git(["init", "--quiet", "--bare"], in: path)
        return path
    }

    /// An empty vault folder whose commands run with this sandbox's environment and the built `brain`.
    func machine() throws -> TestVault {
        let vault = try TestVault(sample: false)
        vault.environment = environment
        vault.executablePath = try ConcurrencyTests.executable().path
        return vault
    }
}
