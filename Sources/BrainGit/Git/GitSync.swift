import Foundation
import BrainFormat
import BrainStore

/// `brain sync`: commits the vault's changes with a message that says what changed, pulls with
/// rebase (the merge driver combining habit lines), and pushes when there is a remote. It holds the
/// vault lock throughout, so no `brain` write lands between the commit and the push.
///
/// A conflict the driver could not resolve leaves the repository mid-rebase: the outcome lists each
/// conflict, and running sync again once the markers are gone finishes the rebase and pushes.
public struct GitSync: Sendable {
    public var vault: Vault
    /// The commit message; nil for one made from the changes.
    public var message: String?
    public var push: Bool
    public var environment: [String: String]
    /// The `brain` program to run as the merge driver when the repository has none registered.
    public var executable: String?
    package var runner: any ProcessRunner
    /// How long to wait for the vault lock, in seconds.
    public var lockTimeout: Double

    /// How the sides are named in conflict markers during the pull: the remote branch is "ours"
    /// in a rebase (it is what the local commits are replayed onto), and this machine's commits
    /// are "theirs".
    package static let localLabel = "this machine"

    package init(vault: Vault, message: String? = nil, push: Bool = true, environment: [String: String],
                executable: String? = nil, runner: any ProcessRunner = FoundationProcessRunner(), lockTimeout: Double = 10) {
        self.vault = vault
        self.message = message
        self.push = push
        self.environment = environment
        self.executable = executable
        self.runner = runner
        self.lockTimeout = lockTimeout
    }

    /// A commit `brain sync` made: its message and files.
    public struct Commit: Codable, Sendable, Hashable {
        public var message: String
        /// Vault-relative paths in the commit.
        public var files: [String]
    }

    /// A conflict left in a file of the work tree.
    public struct Conflict: Codable, Sendable, Hashable {
        /// Vault-relative path.
        public var path: String
        /// 1-based line of the `<<<<<<<` marker.
        public var line: Int
        public var reason: String
        public var ours: [String]
        public var theirs: [String]
    }

    /// What a sync did: its status, the commits pulled and pushed, and any conflicts.
    public struct Outcome: Codable, Sendable, Hashable {
        /// How a sync ended.
        public enum Status: String, Codable, Sendable, Hashable {
            /// Committed, pulled and pushed as far as there was anything to do.
            case synced
            /// Conflicts remain; the repository is mid-rebase.
            case conflict
        }

        public var status: Status
        /// The top folder of the repository's work tree.
        public var repository: String
        public var branch: String
        /// The remote synced with, nil when the repository has none.
        @Nullable package var remote: String?
        /// The remote branch synced with (`origin/main`).
        @Nullable package var upstream: String?
        /// The commit made of the vault's changes, nil when there were none.
        @Nullable package var committed: Commit?
        /// Whether a rebase left by an earlier sync was finished.
        public var continued: Bool
        /// Commits brought in from the remote.
        public var pulled: Int
        /// Commits sent to the remote.
        public var pushed: Int
        public var conflicts: [Conflict]
        public var warnings: [Warning]
        /// Lines that came in naming a renamed habit by its old id, rewritten to its id (and
        /// committed: `namedAnew`).
        package var renamedLines: [AliasedHabitLines.Rewrite] = []
        /// The commit of those rewrites.
        @Nullable package var namedAnew: Commit?
    }

    /// Something a person should know about a sync that went through, as data: the client words it
    /// (the CLI adds "run `brain git-setup`"; a page could offer a button).
    public struct Warning: Codable, Sendable, Hashable {
        /// What kind of warning.
        public enum Code: String, Codable, Sendable, Hashable {
            /// The repository has no merge driver registered; `executable` ran as the driver for this sync.
            case noMergeDriver = "no-merge-driver"
            /// `.gitattributes` does not route `*.md` files to the merge driver.
            case markdownNotRouted = "markdown-not-routed"
            /// Nothing is committed yet, so there is nothing to pull into or push.
            case nothingCommitted = "nothing-committed"
        }

        package var code: Code
        /// The `brain` that ran as the merge driver (`noMergeDriver`), else nil.
        @Nullable package var executable: String?

        package init(_ code: Code, executable: String? = nil) {
            self.code = code
            self.executable = executable
        }
    }

    public func run() throws(GitError) -> Outcome {
        let git = try Git(directory: vault.root, environment: environment, runner: runner)
        guard let repository = try git.value(["rev-parse", "--show-toplevel"]) else {
            throw .notARepository(vault.root)
        }
        let lock: VaultLock
        do { lock = try VaultLock(vault: vault, timeout: lockTimeout) } catch { throw .locked(error.description) }
        defer { withExtendedLifetime(lock) {} }

        var outcome = Outcome(status: .synced, repository: repository, branch: "", remote: nil, upstream: nil, committed: nil,
                              continued: false, pulled: 0, pushed: 0, conflicts: [], warnings: [])
        let command = try driverCommand(git, &outcome.warnings)

        if try rebaseInProgress(git) {
            outcome.conflicts = try conflicts(git)
            if !outcome.conflicts.isEmpty {
                outcome.status = .conflict
                outcome.branch = try rebasingBranch(git)
                return outcome
            }
            let driver = driverOptions(command, remote: try rebaseOnto(git))
            guard try continueRebase(git, driver: driver, into: &outcome) else { return outcome }
            outcome.continued = true
        }
        if let gitDir = try git.value(["rev-parse", "--absolute-git-dir"]),
           FileManager.default.fileExists(atPath: gitDir + "/MERGE_HEAD") {
            throw .mergeInProgress
        }
        guard let branch = try git.value(["symbolic-ref", "--quiet", "--short", "HEAD"]) else { throw .detachedHead }
        outcome.branch = branch
        outcome.committed = try commit(git)

        guard let (remote, remoteBranch) = try upstream(git, branch: branch) else { return outcome }
        outcome.remote = remote
        outcome.upstream = remote + "/" + remoteBranch
        guard try git.value(["rev-parse", "--verify", "--quiet", "HEAD"]) != nil else {
            outcome.warnings.append(Warning(.nothingCommitted))
            return outcome
        }
        let driver = driverOptions(command, remote: remote + "/" + remoteBranch)
        // Someone may push between our pull and our push: pull again and retry a few times.
        for attempt in 1...3 {
            let fetch = try git.run(["fetch", "--quiet", remote])
            if fetch.status != 0 {
                let url = try git.value(["remote", "get-url", remote])
                throw .remoteUnreachable(remote: remote, url: url, message: Git.message(fetch), committed: outcome.committed != nil)
            }
            let tracking = "refs/remotes/\(remote)/\(remoteBranch)"
            let remoteExists = try git.value(["rev-parse", "--verify", "--quiet", tracking]) != nil
            if remoteExists {
                let incoming = Int(try git.check(["rev-list", "--count", "HEAD.." + tracking])) ?? 0
                if incoming > 0 {
                    let rebase = try git.run(driver + ["rebase", "--autostash", tracking], extraEnvironment: ["GIT_EDITOR": "true"])
                    if rebase.status != 0 {
                        guard try rebaseInProgress(git) else {
                            throw .failed(command: "git rebase", message: Git.message(rebase))
                        }
                        outcome.conflicts = try conflicts(git)
                        if outcome.conflicts.isEmpty { throw .rebaseStopped(Git.message(rebase)) }
                        outcome.status = .conflict
                        return outcome
                    }
                    outcome.pulled += incoming
                    try nameRenamedHabitsAnew(git, into: &outcome)
                }
            }
            guard push else { return outcome }
            let outgoing = remoteExists ? Int(try git.check(["rev-list", "--count", tracking + "..HEAD"])) ?? 0
                                        : Int(try git.check(["rev-list", "--count", "HEAD"])) ?? 0
            if outgoing == 0 { return outcome }
            let hasUpstream = try git.value(["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{u}"]) != nil
            let pushed = try git.run(["push", "--porcelain"] + (hasUpstream ? [] : ["--set-upstream"])
                                     + [remote, "HEAD:refs/heads/" + remoteBranch])
            if pushed.status == 0 {
                outcome.pushed = outgoing
                return outcome
            }
            // `!` marks a refused ref in porcelain output (someone pushed first): pull again and retry.
            let rejected = pushed.stdoutText.split(separator: "\n").contains { $0.hasPrefix("!") }
            if !rejected || attempt == 3 {
                throw .pushFailed(remote: remote, branch: remoteBranch, message: Git.message(pushed))
            }
        }
        return outcome
    }

    // MARK: - Steps

    /// The merge driver command for this run: the registered one, else this `brain` (with a
    /// warning); nil when there is neither. Warns when `*.md` is not routed to it.
    private func driverCommand(_ git: Git, _ warnings: inout [Warning]) throws(GitError) -> String? {
        var command = try git.value(["config", "--get", "merge.brain.driver"])
        if command == nil, let executable {
            command = GitSetup.driverCommand(executable: executable)
            warnings.append(Warning(.noMergeDriver, executable: executable))
        }
        let routed = try git.value(["check-attr", "merge", "--", "daily/2000-01-01.md"]) ?? ""
        if !routed.hasSuffix(": brain") {
            warnings.append(Warning(.markdownNotRouted))
        }
        return command
    }

    /// `-c` options that run the driver with labels saying which side is which.
    private func driverOptions(_ command: String?, remote: String) -> [String] {
        guard let command else { return [] }
        return ["-c", "merge.brain.name=" + GitSetup.driverDescription,
                "-c", "merge.brain.driver=" + command + " --ours-label " + Git.shellQuoted(remote)
                    + " --theirs-label " + Git.shellQuoted(GitSync.localLabel)]
    }

    private func rebaseInProgress(_ git: Git) throws(GitError) -> Bool {
        guard let gitDir = try git.value(["rev-parse", "--absolute-git-dir"]) else { return false }
        return FileManager.default.fileExists(atPath: gitDir + "/rebase-merge")
            || FileManager.default.fileExists(atPath: gitDir + "/rebase-apply")
    }

    /// The branch a rebase in progress replays onto, for conflict labels (`origin/main`).
    private func rebaseOnto(_ git: Git) throws(GitError) -> String {
        guard let gitDir = try git.value(["rev-parse", "--absolute-git-dir"]),
              let onto = try? String(contentsOfFile: gitDir + "/rebase-merge/onto", encoding: .utf8),
              let name = try git.value(["name-rev", "--name-only", "--refs=refs/remotes/*", Git.trimmed(onto)]),
              !name.isEmpty, name != "undefined" else { return "the remote" }
        return name.replacingOccurrences(of: "remotes/", with: "")
    }

    /// The branch a rebase in progress is for.
    private func rebasingBranch(_ git: Git) throws(GitError) -> String {
        guard let gitDir = try git.value(["rev-parse", "--absolute-git-dir"]) else { return "" }
        for folder in ["rebase-merge", "rebase-apply"] {
            if let name = try? String(contentsOfFile: gitDir + "/" + folder + "/head-name", encoding: .utf8) {
                return Git.trimmed(name).replacingOccurrences(of: "refs/heads/", with: "")
            }
        }
        return ""
    }

    /// Paths git still counts as unmerged, relative to the vault, each with whether both sides
    /// still have the file (false: removed on one side and changed on the other).
    private func unmerged(_ git: Git) throws(GitError) -> [(path: String, bothSides: Bool)] {
        // `mode object stage<TAB>path`, one entry per stage present.
        let output = try git.check(["ls-files", "--unmerged", "-z", "--", "."])
        var stages: [String: Set<Substring>] = [:]
        var order: [String] = []
        for entry in output.split(separator: "\0") {
            guard let tab = entry.firstIndex(of: "\t") else { continue }
            let path = String(entry[entry.index(after: tab)...])
            let stage = entry[..<tab].split(separator: " ").last ?? ""
            if stages[path] == nil { order.append(path) }
            stages[path, default: []].insert(stage)
        }
        return order.map { ($0, stages[$0]!.isSuperset(of: ["2", "3"])) }
    }

    /// The conflicts left in the vault's unmerged files: the marked blocks of each (a file whose
    /// markers are gone has been resolved), and each file removed on one side and changed on the
    /// other until it is added or removed.
    private func conflicts(_ git: Git) throws(GitError) -> [Conflict] {
        var result: [Conflict] = []
        for (path, bothSides) in try unmerged(git) {
            let absolute = VaultPaths.join(vault.root, path)
            guard bothSides, let bytes = try? vault.fileSystem.read(absolute) else {
                result.append(Conflict(path: path, line: 1, reason: "removed on one side, changed on the other: keep it with "
                                       + "git add \(Git.shellQuoted(path)) or remove it with git rm \(Git.shellQuoted(path))",
                                       ours: [], theirs: []))
                continue
            }
            let found = ConflictScan.conflicts(in: bytes, kind: MergeDriver.kind(of: absolute, fileSystem: vault.fileSystem))
            result += found.map { Conflict(path: path, line: $0.line, reason: $0.reason, ours: $0.ours, theirs: $0.theirs) }
        }
        return result
    }

    /// Finishes a rebase whose conflicts were resolved by hand: adds the resolved files and continues.
    /// False (with the outcome's conflicts set) when the next commit conflicts again.
    private func continueRebase(_ git: Git, driver: [String], into outcome: inout Outcome) throws(GitError) -> Bool {
        let paths = try unmerged(git).map(\.path)
        if !paths.isEmpty {
            // The paths go on standard input, each exactly as named (no pathspec: git matches a
            // pathspec list against every file of the index, in time the product of the two). A
            // file that is gone is removed, as `git add --all` would.
            try git.check(["update-index", "--add", "--remove", "-z", "--stdin"],
                          input: paths.flatMap { Array($0.utf8) + [0] })
        }
        // The commit holds what the person kept, which may not be what its message said before
        // the conflict: it is committed here with a message made from what it holds, and the
        // rebase goes on from it.
        if let (text, _) = try stagedMessage(git) {
            let committed = try git.run(["commit", "--quiet", "--file=-"], input: Array(text.utf8))
            if committed.status != 0 { throw .failed(command: "git commit", message: Git.message(committed)) }
        }
        let result = try git.run(driver + ["rebase", "--continue"], extraEnvironment: ["GIT_EDITOR": "true"])
        if result.status == 0 { return true }
        if try rebaseInProgress(git) {
            outcome.conflicts = try conflicts(git)
            if !outcome.conflicts.isEmpty {
                outcome.status = .conflict
                outcome.branch = try rebasingBranch(git)
                return false
            }
        }
        throw .rebaseStopped(Git.message(result))
    }

    /// Commits every change under the vault folder, with a message that says what changed.
    ///
    /// On a vault of any size this costs about what `git status` costs: one `git add` of the vault
    /// folder, one comparison of the index with the last commit, one `git cat-file` for the bytes
    /// before of at most `CommitSummary.detailLimit` files (more are counted, not read), and a
    /// commit of what was added. No list of paths, and not the message, is ever an argument.
    private func commit(_ git: Git, message given: String? = nil) throws(GitError) -> Commit? {
        // The cache (with the lock) and the trash stay on this machine even where no .gitignore says
        // so; the change journal always does (one from elsewhere is never replayed).
        var pathspec = [".", ":(exclude).brain/journal*"]
        for folder in [".brain/cache", ".brain/trash"] where try git.run(["check-ignore", "--quiet", folder + "/x"]).status != 0 {
            pathspec.append(":(exclude)" + folder)
        }
        try git.check(["add", "--all", "--"] + pathspec)
        guard let (text, changes) = try stagedMessage(git, given: given ?? message) else { return nil }
        // A plain commit of the index, unless something outside the vault is staged as well (a
        // vault inside a larger repository): then only the vault's folder, which makes git look
        // at every file of it again.
        var arguments = ["commit", "--quiet", "--file=-"]
        if try !git.check(["rev-parse", "--show-prefix"]).isEmpty,
           try git.run(["diff", "--cached", "--quiet", "--", ":/", ":(exclude)."]).status != 0 {
            arguments += ["--", "."]
        }
        let result = try git.run(arguments, input: Array(text.utf8))
        if result.status != 0 {
            let message = Git.message(result)
            if message.contains("user.email") || message.contains("user.name") || message.contains("tell me who you are") {
                throw .noIdentity
            }
            throw .failed(command: "git commit", message: message)
        }
        return Commit(message: text, files: changes.map(\.path))
    }

    /// After a pull: daily lines that name a renamed habit by its old id (written where the
    /// rename had not arrived) are rewritten to its id and committed, under the lock this sync
    /// holds (`AliasedHabitLines`).
    private func nameRenamedHabitsAnew(_ git: Git, into outcome: inout Outcome) throws(GitError) {
        let transaction = VaultTransaction(vault: vault)
        transaction.actionName = "name renamed habits anew"
        let rewrites: [AliasedHabitLines.Rewrite]
        do {
            rewrites = try AliasedHabitLines.stage(transaction, index: VaultIndex.open(vault, scope: .journal))
            if rewrites.isEmpty { return }
            try transaction.commit()
        } catch {
            throw .failed(command: "brain sync", message: error.message)
        }
        var names: [String] = []
        for rewrite in rewrites where !names.contains("\(rewrite.alias) → \(rewrite.id)") { names.append("\(rewrite.alias) → \(rewrite.id)") }
        let days = Set(rewrites.map(\.path)).count
        let text = "name renamed habits by their ids: \(names.joined(separator: ", ")) in \(days == 1 ? "1 day" : "\(days) days")"
        outcome.renamedLines += rewrites
        outcome.namedAnew = try commit(git, message: text)
    }

    /// What is staged in the vault's folder against `HEAD`, and the message for it: `given`, or
    /// one made from the changes; nil when nothing is staged.
    private func stagedMessage(_ git: Git, given: String? = nil) throws(GitError) -> (String, [CommitSummary.Change])? {
        let status = try git.run(["diff", "--cached", "--raw", "-z", "--no-abbrev", "--find-renames", "--relative", "--", "."])
        guard status.status == 0 else { throw .failed(command: "git diff", message: Git.message(status)) }
        let staged = GitSync.parseStatus(status.stdout)
        if staged.isEmpty { return nil }
        var changes = staged.map(\.change)
        if given == nil && changes.count <= CommitSummary.detailLimit {
            try readContents(of: &changes, before: staged.map(\.before), git)
        }
        return (given ?? CommitSummary.message(for: changes, vault: vault), changes)
    }

    /// `git diff --raw -z --no-abbrev` output as changes (without their bytes), each with the
    /// object name of its bytes before when it had some.
    package static func parseStatus(_ output: [UInt8]) -> [(change: CommitSummary.Change, before: String?)] {
        let fields = output.split(separator: 0, omittingEmptySubsequences: true).map { String(decoding: $0, as: UTF8.self) }
        var changes: [(change: CommitSummary.Change, before: String?)] = []
        var index = 0
        while index < fields.count {
            // `:old-mode new-mode old-object new-object status`, then the path (two for a rename or copy).
            let header = fields[index].split(separator: " ")
            index += 1
            guard header.count == 5, let code = header[4].first else { continue }
            let object = String(header[2])
            let before = object.allSatisfy({ $0 == "0" }) ? nil : object
            if code == "R" || code == "C", index + 1 < fields.count {
                let from = fields[index], to = fields[index + 1]
                index += 2
                changes.append((.init(path: to, status: code == "R" ? .renamed(from: from) : .added, before: nil, after: nil), before))
                continue
            }
            guard index < fields.count else { break }
            let path = fields[index]
            index += 1
            switch code {
            case "A": changes.append((.init(path: path, status: .added, before: nil, after: nil), nil))
            case "D": changes.append((.init(path: path, status: .deleted, before: nil, after: nil), before))
            default: changes.append((.init(path: path, status: .modified, before: nil, after: nil), before))
            }
        }
        return changes
    }

    /// Fills in each change's bytes: before from the last commit (all of them through one
    /// `git cat-file --batch`), after from the work tree.
    private func readContents(of changes: inout [CommitSummary.Change], before objects: [String?], _ git: Git) throws(GitError) {
        var names: [String] = []
        var seen = Set<String>()
        for case let object? in objects where seen.insert(object).inserted { names.append(object) }
        var blobs: [String: [UInt8]] = [:]
        if !names.isEmpty {
            let output = try git.run(["cat-file", "--batch"], input: Array((names.joined(separator: "\n") + "\n").utf8))
            if output.status == 0 { blobs = GitSync.parseBatch(output.stdout) }
        }
        for index in changes.indices {
            changes[index].before = objects[index].flatMap { blobs[$0] }
            if changes[index].status != .deleted {
                changes[index].after = try? vault.fileSystem.read(VaultPaths.join(vault.root, changes[index].path))
            }
        }
    }

    /// `git cat-file --batch` output (`name type size`, the bytes, a line break; `name missing`
    /// for an unknown name) as the bytes of each blob by object name.
    package static func parseBatch(_ output: [UInt8]) -> [String: [UInt8]] {
        var blobs: [String: [UInt8]] = [:]
        var index = 0
        while index < output.count, let end = output[index...].firstIndex(of: 10) {
            let header = output[index..<end].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
            index = end + 1
            guard header.count == 3, let size = Int(header[2]), size >= 0, size <= output.count - index else { continue }
            if header[1] == "blob" { blobs[header[0]] = Array(output[index..<index + size]) }
            index += size + 1
        }
        return blobs
    }

    /// The remote and branch to sync with: the branch's upstream, else `origin` (or the only
    /// remote) and a branch of the same name. Nil when the repository has no remote.
    private func upstream(_ git: Git, branch: String) throws(GitError) -> (String, String)? {
        if let remote = try git.value(["config", "--get", "branch.\(branch).remote"]), remote != ".",
           let merge = try git.value(["config", "--get", "branch.\(branch).merge"]) {
            return (remote, merge.replacingOccurrences(of: "refs/heads/", with: ""))
        }
        let remotes = try git.check(["remote"]).split(separator: "\n").map(String.init)
        if remotes.isEmpty { return nil }
        let remote = remotes.contains("origin") ? "origin" : remotes.sorted()[0]
        return (remote, branch)
    }
}

/// Finds the conflict blocks git or the merge driver left in a file.
package enum ConflictScan {
    package static func conflicts(in bytes: [UInt8], kind: VaultMerge.Kind) -> [MergeConflict] {
        var content = bytes[...]
        if bytes.starts(with: MergeLine.byteOrderMark) { content = bytes.dropFirst(3) }
        let lines = MergeLine.split(content).map(\.text)
        var result: [MergeConflict] = []
        var index = 0
        // Where the front-matter ends, to name the keys of a conflict inside it.
        var frontMatterEnd = 0
        if lines.first == "---", let closing = lines.dropFirst().firstIndex(where: { $0 == "---" || $0 == "..." }) {
            frontMatterEnd = closing
        }
        func isMarker(_ line: String, _ character: Character) -> Bool {
            let run = line.prefix { $0 == character }.count
            return run >= 7 && (run == line.count || line.dropFirst(run).first == " ")
        }
        while index < lines.count {
            guard isMarker(lines[index], "<") else { index += 1; continue }
            let start = index
            func label(_ line: String, _ fallback: String) -> String {
                let text = line.drop { $0 == "<" || $0 == ">" }.trimmingCharacters(in: .whitespaces)
                return text.isEmpty ? fallback : text
            }
            let oursLabel = label(lines[index], "ours")
            var theirsLabel = "theirs"
            var ours: [String] = [], theirs: [String] = []
            var part = 0
            index += 1
            while index < lines.count {
                let line = lines[index]
                if part == 0 && isMarker(line, "|") { part = 1 }
                else if part < 2 && isMarker(line, "=") { part = 2 }
                else if part == 2 && isMarker(line, ">") { theirsLabel = label(line, theirsLabel); break }
                else if part == 0 { ours.append(line) }
                else if part == 2 { theirs.append(line) }
                index += 1
            }
            let labels = MergeLabels(ours: oursLabel, theirs: theirsLabel)
            var why = reason(ours, theirs, kind: kind, labels: labels)
            if start < frontMatterEnd {
                var keys: [String] = []
                for line in ours + theirs where line.first.map({ !$0.isWhitespace && $0 != "#" && $0 != "-" }) ?? false {
                    let key = String(line.prefix { $0 != ":" })
                    if key.count < line.count, !keys.contains(key) { keys.append(key) }
                }
                if !keys.isEmpty { why = "both sides changed " + keys.joined(separator: ", ") }
            }
            result.append(MergeConflict(line: start + 1, reason: why, ours: ours, theirs: theirs))
            index += 1
        }
        return result
    }

    /// Why two sides conflict, when it can be said in a few words.
    private static func reason(_ ours: [String], _ theirs: [String], kind: VaultMerge.Kind, labels: MergeLabels) -> String {
        if kind == .daily, ours.count == 1, theirs.count == 1,
           let a = HabitLine.parse(ours[0][...], lineNumber: 1), let b = HabitLine.parse(theirs[0][...], lineNumber: 1),
           a.habitKey == b.habitKey,
           case .conflict(let reason) = HabitLineMerge.merge(base: nil, ours: a, theirs: b, oursText: ours[0], theirsText: theirs[0],
                                                              labels: labels) {
            return reason
        }
        if ours.isEmpty || theirs.isEmpty { return "removed on one side, changed on the other" }
        return "both sides changed these lines"
    }
}
