import BrainFormat
import BrainAnalytics

/// Renames a note to the slug of a new title and rewrites every link to it, each as a minimal
/// edit (see `RenamePlan`). All files change together, or none do.
public struct RenameNote: VaultAction {
    /// The note as the person named it (path, stem, title or alias).
    public var note: String
    public var newTitle: String
    /// Report the renamed note's own edits under its old path, as a preview lists them.
    public var preview: Bool

    public init(note: String, newTitle: String, preview: Bool = false) {
        self.note = note
        self.newTitle = newTitle
        self.preview = preview
    }

    public var name: String { "rename" }

    /// The file moved and the links rewritten to follow it.
    public struct Outcome: Codable, Sendable, Hashable {
        public var from: String
        public var to: String
        public var oldTitle: String
        public var newTitle: String
        /// Links and references rewritten, and the files holding them.
        public var links: Int
        public var files: Int
        package var edits: [RenameEdit]
    }

    public func plan(_ transaction: VaultTransaction) throws(ActionError) -> Outcome {
        // The new title is written into the note's `# heading` line.
        try LineText.check(newTitle, as: "new title")
        let index = transaction.index
        let position = try index.note(named: note)
        let plan: RenamePlan
        do {
            plan = try RenamePlan.make(index: index, note: position, newTitle: newTitle)
        } catch {
            if case .emptyTitle = error { throw ActionError(.invalidArgument, "NEW-TITLE is empty") }
            throw ActionError(.refused, error.description)
        }
        var edits: [RenameEdit] = []
        // Files in path order; the renamed note's edits are reported under its new name.
        var files = plan.files
        if !files.contains(plan.source) { files.append(plan.source) }
        files.sort()
        for path in files {
            var document = try transaction.document(path)
            let reportAs = path == plan.source && !preview ? plan.destination : path
            edits += plan.apply(to: &document, path: path, reportAs: reportAs, index: index)
            if path == plan.source {
                try transaction.move(plan.source, to: plan.destination)
                try transaction.write(document, to: plan.destination)
            } else {
                try transaction.write(document, to: path)
            }
        }
        let linkEdits = edits.filter { $0.kind != .title }
        return Outcome(from: plan.source, to: plan.destination, oldTitle: plan.oldTitle, newTitle: plan.newTitle,
                       links: linkEdits.count, files: Set(linkEdits.map(\.path)).count, edits: edits)
    }
}
