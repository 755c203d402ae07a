import BrainFormat
import BrainAnalytics

/// Deletes a note by moving it to `.brain/trash/DAY/PATH`, from where `RestoreNote` brings it back.
/// While other notes link to it (or name it in front-matter, as `area: health` does) it is
/// refused, with the linking notes listed, unless `force` is set.
public struct DeleteNote: VaultAction {
    public static let trashFolder = ".brain/trash"

    public var note: String
    public var force: Bool
    /// The day of deletion: the trash folder it goes to.
    public var day: Day

    public init(note: String, force: Bool = false, day: Day) {
        self.note = note
        self.force = force
        self.day = day
    }

    public var name: String { "delete" }

    /// The note moved to the trash, where it went, and the notes that still link to it.
    public struct Outcome: Codable, Sendable, Hashable {
        public var path: String
        /// Where the file was kept.
        public var trash: String
        /// Notes that linked to it (deleted anyway with `force`).
        public var linkedFrom: [String]
    }

    public func plan(_ transaction: VaultTransaction) throws(ActionError) -> Outcome {
        let index = transaction.index
        let position = try index.note(named: note)
        let record = index.records[position]
        let linking = DeleteNote.linkingNotes(to: position, in: index)
        if !linking.isEmpty && !force {
            let shown = linking.prefix(10).map { "  " + $0 }.joined(separator: "\n")
            let more = linking.count > 10 ? "\n  … and \(linking.count - 10) more" : ""
            let noun = linking.count == 1 ? "1 note links" : "\(linking.count) notes link"
            let keeps = record.kind == .habit || record.kind == .goal
            throw ActionError(.refused, "\(noun) to \(record.path):\n\(shown)\(more)", path: record.path,
                              suggestion: keeps ? .archiveInstead(id: record.stem) : .removeLinksFirst)
        }
        var trash = "\(DeleteNote.trashFolder)/\(day)/\(record.path)"
        var suffix = 2
        while try transaction.exists(trash) {
            trash = "\(DeleteNote.trashFolder)/\(day)-\(suffix)/\(record.path)"
            suffix += 1
        }
        try transaction.trash(record.path, to: trash)
        return Outcome(path: record.path, trash: trash, linkedFrom: linking)
    }

    /// Paths of the other notes that link to the note or name it by id in front-matter.
    public static func linkingNotes(to position: Int, in index: VaultIndex) -> [String] {
        var sources = Set(index.backlinks(of: position).map(\.source))
        for (source, record) in index.records.enumerated() where source != position {
            for key in RenamePlan.referenceKeys {
                guard let values = record.frontMatter[key]?.stringList else { continue }
                for value in values where !value.contains("[[") {
                    if index.resolve(target: value.trimmingBlanks, from: source) == .note(position) { sources.insert(source) }
                }
            }
        }
        sources.remove(position)
        return sources.map { index.records[$0].path }.sorted()
    }
}

/// Brings a deleted note back from `.brain/trash/` to where it was; the newest copy when it was
/// deleted more than once. Refused when another file has taken its place.
public struct RestoreNote: VaultAction {
    /// The note's old path (`notes/idea.md`, with or without `.md`) or file name.
    public var note: String

    public init(note: String) {
        self.note = note
    }

    public var name: String { "restore" }

    /// The note brought back from the trash.
    public struct Outcome: Codable, Sendable, Hashable {
        public var path: String
        public var from: String
    }

    public func plan(_ transaction: VaultTransaction) throws(ActionError) -> Outcome {
        let entries = RestoreNote.trashed(in: transaction.vault)
        let wanted = note.lowercased().hasSuffix(".md") ? note.lowercased() : note.lowercased() + ".md"
        let matches = entries.filter { $0.path.lowercased() == wanted }
            + entries.filter { $0.path.lowercased() != wanted && VaultPaths.stem(of: $0.path).lowercased() + ".md" == wanted }
        guard let chosen = matches.first else {
            if entries.isEmpty { throw ActionError(.notFound, "the trash is empty") }
            var message = "no deleted note \"\(note)\" in \(DeleteNote.trashFolder)"
            if let suggestion = Suggestion.closest(to: note, in: Array(Set(entries.map(\.path)))) { message += "; did you mean \"\(suggestion)\"?" }
            throw ActionError(.notFound, message)
        }
        let paths = Set(matches.map(\.path))
        if paths.count > 1 {
            throw ActionError(.ambiguous, "\"\(note)\" could be several deleted notes:\n"
                + paths.sorted().map { "  " + $0 }.joined(separator: "\n") + "\nname it by path to choose one")
        }
        if try transaction.exists(chosen.path) {
            throw ActionError(.exists, "\(chosen.path) exists again; rename or delete it before restoring", path: chosen.path)
        }
        try transaction.move(chosen.trash, to: chosen.path)
        return Outcome(path: chosen.path, from: chosen.trash)
    }

    /// Every trashed file: where it was and where it is, newest deletion first.
    public static func trashed(in vault: Vault) -> [(path: String, trash: String)] {
        let root = VaultPaths.join(vault.root, DeleteNote.trashFolder)
        var result: [(folder: String, path: String, trash: String)] = []
        for stamp in vault.fileSystem.markdownFiles(under: root, stamps: false) {
            guard let slash = stamp.path.firstIndex(of: "/") else { continue }
            let folder = String(stamp.path[..<slash])
            result.append((folder, String(stamp.path[stamp.path.index(after: slash)...]), DeleteNote.trashFolder + "/" + stamp.path))
        }
        // Folders are `DAY` then `DAY-2`, `DAY-3`…: newest is the latest day, highest suffix.
        func order(_ folder: String) -> (String, Int) {
            let day = String(folder.prefix(10))
            return (day, Int(folder.dropFirst(11)) ?? 1)
        }
        return result.sorted { order($0.folder) > order($1.folder) }.map { ($0.path, $0.trash) }
    }
}
