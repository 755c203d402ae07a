import BrainKit

/// Prints file changes the way `git diff` would summarise them: the path, then each line before
/// (`-`) and after (`+`) with its line number.
enum ChangeReport {
    static func print(_ changes: [FileChange], _ session: Session, dryRun: Bool = false) {
        let style = session.style
        for change in changes {
            let verb: String
            switch change.kind {
            case .created: verb = dryRun ? "would create" : "created"
            case .modified: verb = dryRun ? "would change" : "changed"
            case .moved: verb = dryRun ? "would move" : "moved"
            case .deleted: verb = dryRun ? "would delete" : "deleted"
            }
            var header = "\(verb) \(change.path)"
            if let from = change.from { header = "\(verb) \(from) → \(change.path)" }
            if let to = change.to { header += style(" (kept in \(to))", .muted) }
            session.line(header)
            guard change.kind == .modified || change.kind == .moved else { continue }
            for line in change.lines {
                if let before = line.before { session.line(style("  \(line.line): - \(before)", .bad)) }
                if let after = line.after { session.line(style("  \(line.line): + \(after)", .good)) }
            }
        }
    }
}
