import BrainFormat
import BrainStore

/// `brain sync resolve`: merges every conflict copy a sync engine left in the vault (Syncthing,
/// Dropbox, iCloud: `ConflictCopy`) into its file, two-way (`VaultMerge.mergeTwoWay`), and moves
/// the copy to `.brain/trash/DAY/PATH`, all in one transaction. Needs no git.
package struct ResolveConflictCopies: VaultAction {
    /// The day the copies are put away: their folder in the trash.
    package var day: Day

    package init(day: Day) {
        self.day = day
    }

    package var name: String { "sync resolve" }

    /// What became of one copy.
    package struct Entry: Codable, Sendable, Hashable {
        package enum Result: String, Codable, Sendable, Hashable {
            /// Merged into its file, no conflict.
            case merged
            /// Merged, with conflicts between markers in its file.
            case conflicts
            /// The file already held everything in the copy: left as it was.
            case nothingNew
            /// The file was gone: the copy's contents took its place.
            case restored
            /// Left as it was: its file cannot be written (`reason`).
            case refused
        }

        /// The copy, vault-relative.
        package var path: String
        /// The file it belongs to.
        package var original: String
        package var engine: ConflictCopy.Engine
        package var result: Result
        /// Where the copy went in the trash (empty when it was left in place).
        package var trash: String
        /// Conflicts written into `original`, at their lines there.
        package var conflicts: [MergeConflict]
        package var reason: String?
    }

    package struct Outcome: Codable, Sendable, Hashable {
        package var copies: [Entry]
        /// Whether conflicts were written into any file.
        package var hasConflicts: Bool { copies.contains { $0.result == .conflicts } }
    }

    package func plan(_ transaction: VaultTransaction) throws(ActionError) -> Outcome {
        let vault = transaction.vault
        var entries: [Entry] = []
        // Several copies of one file merge one after another, in the order of their names.
        for copy in transaction.index.conflictCopies.sorted(by: { $0.path < $1.path }) {
            var entry = Entry(path: copy.path, original: copy.original, engine: copy.engine, result: .merged, trash: "",
                              conflicts: [], reason: nil)
            do throws(ActionError) {
                let theirs = try transaction.document(copy.path).bytes
                if let ours = try transaction.document(ifExists: copy.original)?.bytes {
                    let kind: VaultMerge.Kind = vault.kind(of: copy.original) == .daily ? .daily : .note
                    let labels = MergeLabels(ours: Self.fileName(copy.original), theirs: Self.fileName(copy.path))
                    let merged = VaultMerge.mergeTwoWay(ours: ours, theirs: theirs, kind: kind, labels: labels)
                    if merged.bytes == ours {
                        entry.result = .nothingNew
                    } else {
                        try transaction.write(Document(bytes: merged.bytes), to: copy.original)
                        entry.result = merged.isClean ? .merged : .conflicts
                        entry.conflicts = merged.conflicts
                    }
                } else {
                    try transaction.write(Document(bytes: theirs), to: copy.original)
                    entry.result = .restored
                }
                var trash = "\(DeleteNote.trashFolder)/\(day)/\(copy.path)"
                var suffix = 2
                while try transaction.exists(trash) {
                    trash = "\(DeleteNote.trashFolder)/\(day)-\(suffix)/\(copy.path)"
                    suffix += 1
                }
                try transaction.trash(copy.path, to: trash)
                entry.trash = trash
            } catch {
                entry.result = .refused
                entry.conflicts = []
                entry.reason = error.message
            }
            entries.append(entry)
        }
        return Outcome(copies: entries)
    }

    /// The last part of a path: how a conflict's sides are named (`2026-11-22.md`).
    private static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
