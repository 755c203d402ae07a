import Foundation
import BrainFormat
import BrainStore

/// Makes a vault a git repository that merges with `brain merge-driver`: `git init` when needed,
/// `.gitattributes` routing `*.md` to the driver, the driver registered in the repository's own
/// config, and `.brain/cache/` and `.brain/trash/` ignored. Each step is done only when missing, so
/// running it again changes nothing.
public struct GitSetup: Sendable {
    /// The `.gitattributes` line that routes Markdown files to the driver.
    public static let attributesLine = "*.md merge=brain"
    /// The driver's description in `.git/config` (`merge.brain.name`).
    package static let driverDescription = "brain: habit lines by habit, front-matter by key"

    /// Absolute path of the vault folder.
    public var root: String
    /// Absolute path of the `brain` program git should run; recorded in `.git/config`.
    public var executable: String
    public var environment: [String: String]
    package var runner: any ProcessRunner
    public var fileSystem: any FileSystem

    package init(root: String, executable: String, environment: [String: String],
                runner: any ProcessRunner = FoundationProcessRunner(), fileSystem: any FileSystem = POSIXFileSystem()) {
        self.root = root
        self.executable = executable
        self.environment = environment
        self.runner = runner
        self.fileSystem = fileSystem
    }

    /// The command git runs for a merge: `%O %A %B %P` are the base, ours (where the result goes),
    /// theirs and the path in the repository; `%L` is the conflict marker size.
    public static func driverCommand(executable: String) -> String {
        Git.shellQuoted(executable) + " merge-driver %O %A %B %P --marker-size %L"
    }

    /// What one step did.
    public enum Step: String, Codable, Sendable, Hashable {
        case created, updated, kept
    }

    /// What each step of the set-up did.
    public struct Outcome: Codable, Sendable, Hashable {
        /// The top folder of the repository's work tree (the vault or a folder above it).
        public var repository: String
        /// Whether `git init` made the repository now.
        public var initialized: Bool
        /// `.gitattributes` in the vault.
        public var attributes: Step
        /// `.brain/.gitignore`.
        public var ignore: Step
        /// `merge.brain.name` and `merge.brain.driver` in the repository's config.
        public var driver: Step
        /// The driver command recorded.
        public var driverCommand: String
    }

    public func run() throws(GitError) -> Outcome {
        let git = try Git(directory: root, environment: environment, runner: runner)
        var initialized = false
        let probe = try git.run(["rev-parse", "--show-toplevel"], extraEnvironment: ["LC_ALL": "C"])
        if probe.status != 0 {
            guard probe.stderrText.contains("not a git repository") else {
                throw .failed(command: "git rev-parse", message: Git.message(probe))
            }
            // A new repository's first branch is `main` unless the person chose another default.
            let chosen = try git.value(["config", "--get", "init.defaultBranch"])
            try git.check((chosen == nil ? ["-c", "init.defaultBranch=main"] : []) + ["init", "--quiet"])
            initialized = true
        }
        let repository = try git.check(["rev-parse", "--show-toplevel"])

        let attributes = try ensureLines(".gitattributes", [GitSetup.attributesLine]) { line, wanted in
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            return fields.first == "*.md" && fields.dropFirst().contains("merge=brain")
        }
        let ignore = try ensureLines(Vault.ignorePath, ["cache/", "trash/", "journal*"]) { line, wanted in
            let bare = wanted.hasSuffix("/") ? String(wanted.dropLast()) : wanted
            return [bare, wanted, "/" + bare, "/" + wanted].contains(line)
        }

        let command = GitSetup.driverCommand(executable: executable)
        let currentName = try git.value(["config", "--local", "--get", "merge.brain.name"])
        let currentDriver = try git.value(["config", "--local", "--get", "merge.brain.driver"])
        let driver: Step
        if currentName == GitSetup.driverDescription && currentDriver == command {
            driver = .kept
        } else {
            try git.check(["config", "--local", "merge.brain.name", GitSetup.driverDescription])
            try git.check(["config", "--local", "merge.brain.driver", command])
            driver = currentDriver == nil ? .created : .updated
        }
        return Outcome(repository: repository, initialized: initialized, attributes: attributes, ignore: ignore,
                       driver: driver, driverCommand: command)
    }

    /// Makes sure the vault file `relative` has each of `lines` (as `present` judges a line),
    /// appending the missing ones with the file's own line ending and keeping every other byte.
    private func ensureLines(_ relative: String, _ lines: [String],
                             present: (String, String) -> Bool) throws(GitError) -> Step {
        let path = VaultPaths.join(root, relative)
        do {
            guard fileSystem.exists(path) else {
                try fileSystem.makeDirectories(VaultPaths.directory(of: path))
                try fileSystem.createNew(Array(lines.map { $0 + "\n" }.joined().utf8), at: path)
                return .created
            }
            let bytes = try fileSystem.read(path)
            let existing = MergeLine.split(bytes[...]).map { $0.text.trimmingCharacters(in: .whitespaces) }
            let missing = lines.filter { wanted in !existing.contains { present($0, wanted) } }
            if missing.isEmpty { return .kept }
            let ending: [UInt8] = MergeLine.split(bytes[...]).first(where: { !$0.ending.isEmpty })?.ending ?? [10]
            var updated = bytes
            if let last = updated.last, last != 10 { updated += ending }
            for line in missing { updated += Array(line.utf8) + ending }
            try fileSystem.writeAtomically(updated, to: path)
            return .updated
        } catch {
            throw .failed(command: "writing \(relative)", message: error.description)
        }
    }
}
