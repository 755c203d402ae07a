import BrainFormat
import BrainStore

/// Why a git operation of `brain` (set-up, sync) could not be done.
public enum GitError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No `git` program in `PATH`.
    case gitMissing
    /// The folder is not inside a git work tree.
    case notARepository(String)
    /// HEAD is not on a branch, so there is nothing to pull into or push from.
    case detachedHead
    /// git does not know the author's name and e-mail.
    case noIdentity
    /// The remote could not be reached (fetch failed).
    case remoteUnreachable(remote: String, url: String?, message: String, committed: Bool)
    /// The push was refused or failed.
    case pushFailed(remote: String, branch: String, message: String)
    /// Another `brain` process holds the vault lock.
    case locked(String)
    /// A `git merge` stopped and was not finished.
    case mergeInProgress
    /// A rebase stopped for a reason other than a conflict in the vault; it is left for git.
    case rebaseStopped(String)
    /// A git command failed in a way none of the above names.
    case failed(command: String, message: String)

    public var description: String {
        switch self {
        case .gitMissing:
            return "git is not installed (or not in PATH): install it (Debian and Ubuntu: sudo apt-get install git; macOS: xcode-select --install) and try again"
        case .notARepository(let path):
            return "\(path) is not in a git repository"
        case .detachedHead:
            return "the repository is not on a branch (detached HEAD): check out the branch to sync, e.g. git switch main"
        case .noIdentity:
            return "git does not know who you are: run git config --global user.name \"Your Name\" and git config --global user.email you@example.com"
        case .remoteUnreachable(let remote, let url, let message, let committed):
            let place = url.map { "\(remote) (\($0))" } ?? remote
            let kept = committed ? "; your changes are committed here" : ""
            return "cannot reach the remote \(place): \(message)\(kept)"
        case .pushFailed(let remote, let branch, let message):
            return "push to \(remote)/\(branch) failed: \(message); your changes are committed here"
        case .locked(let message):
            return message
        case .mergeInProgress:
            return "a git merge is in progress: finish it (resolve the files, git add them, git commit) or undo it with git merge --abort"
        case .rebaseStopped(let message):
            return "the pull stopped mid-rebase: \(message); the repository is in the middle of a rebase: finish it with git (resolve, git add, git rebase --continue) or undo it with git rebase --abort"
        case .failed(let command, let message):
            return "\(command) failed: \(message)"
        }
    }
}
