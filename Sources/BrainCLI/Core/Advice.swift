import BrainKit

/// How the command line words what the library reports as data: an error's fact with the
/// commands a person types next (`run brain unarchive read …`). A web page or an app words the
/// same suggestion as a button; the library never names a command.
enum Advice {
    /// An action's error as the command line prints it.
    static func text(_ error: ActionError) -> String {
        guard let suggestion = error.suggestion else { return error.message }
        switch suggestion {
        case .unarchive(let habit, let path):
            return error.message + "; run brain unarchive \(habit) (or set status: active in \(path)) to log it again"
        case .archiveInstead(let id):
            return error.message + "\nto keep its history, archive it instead (brain archive \(id)); or delete anyway with --force"
        case .removeLinksFirst:
            return error.message + "\ntheir links would break; remove them first, or delete anyway with --force"
        case .deleteInstead:
            return error.message + " (brain delete removes a note)"
        case .createHabit:
            return error.message + ": brain new habit TITLE"
        case .importIntoEmptyFolder(let source):
            return error.message + "\nimport into an empty folder (brain import json \(source) DIR) or move them away"
        case .fixFrontMatter(let path):
            return error.message + "\n\(path) was not changed: brain does not write to a file whose front-matter it cannot read; "
                + "fix it (brain validate lists every problem), then try again"
        case .confirmWithForce:
            return error.message + "\nif that is what you meant, run the command again with --force"
        }
    }

    /// A git error as the command line prints it: what git needs, then the brain command that goes on.
    static func text(_ error: GitError) -> String {
        switch error {
        case .notARepository:
            return error.description + ": run `brain git-setup` to make it one (or `git clone` the vault from another machine)"
        case .noIdentity, .mergeInProgress:
            return error.description + ", then brain sync again"
        case .remoteUnreachable(_, _, _, let committed):
            return error.description + (committed ? " and the next brain sync sends them" : "")
        case .pushFailed:
            return error.description + ", run brain sync again"
        default:
            return error.description
        }
    }

    /// A sync's warning as the command line prints it.
    static func text(_ warning: GitSync.Warning) -> String {
        switch warning.code {
        case .noMergeDriver:
            "this repository has no brain merge driver registered; run `brain git-setup` (this sync used \(warning.executable ?? "brain"))"
        case .markdownNotRouted:
            "*.md files are not routed to the brain merge driver in .gitattributes; run `brain git-setup`"
        case .nothingCommitted:
            "nothing committed yet, so nothing to pull into or push"
        }
    }

    /// A refused export as the command line prints it.
    static func text(_ failure: ImportVaultJSON.Failure) -> String {
        failure.message + (failure.isNotAnExport ? "; make one with brain export json" : "")
    }

    /// A vault error as the command line prints it.
    static func text(_ error: VaultError) -> String {
        switch error {
        case .notFound:
            return error.description + ": run `brain init` to create one here, or pass --vault PATH or set BRAIN_VAULT"
        case .notAVault(let path):
            let plain = path.allSatisfy { $0.isLetter || $0.isNumber || "-_./~".contains($0) }
            return error.description + ": run brain init \(plain ? path : NewCommand.shellQuoted(path))"
        default:
            return error.description
        }
    }
}
