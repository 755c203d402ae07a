import BrainFormat
import BrainAnalytics

/// Everything a rename changes, worked out from the index before anything is written: the file
/// move, the title, and every link that resolves to the note.
///
/// Link rules: a link written with the note's file name (`[[read]]`, `[[habits/read]]`,
/// `[t](read.md)`, `[t](../habits/read.md)`) gets the new file name in the same form, keeping its
/// folders, `.md`, `#heading`, `#^block`, `|label` and the `!` of an embed. A link written as the
/// note's old title gets the new file name (the old title no longer names the note). A link
/// written as an alias is left alone: aliases do not change, so it still resolves.
package struct RenamePlan: Hashable, Sendable {
    /// One link to rewrite: where the index saw it and what its target becomes.
    package struct LinkChange: Hashable, Sendable {
        /// The file holding the link, as indexed (before the move).
        package var path: String
        /// The index of that file in the index's records.
        package var source: Int
        package var link: Link
        /// The new note part of the target, before percent-encoding (`habits/read-30-pages`).
        package var newTarget: String
    }

    /// How the note's title is written, and so what the rename changes in the note itself.
    package struct TitleChange: Hashable, Sendable {
        /// Set `title:` in the front-matter.
        package var frontMatter: Bool
        /// Rewrite the text of this 1-based `# Heading` line (the old title written as the first heading).
        package var headingLine: Int?
    }

    /// The renamed note's index in the index's records.
    package var note: Int
    package var source: String
    package var destination: String
    package var oldTitle: String
    package var newTitle: String
    package var oldStem: String
    package var newStem: String
    package var title: TitleChange
    /// Another note elsewhere has the new file name: bare links get the folder too, so they stay unique.
    package var qualify = false
    /// Link changes, by file path then position in the file.
    package var changes: [LinkChange]
    /// Bare ids in front-matter reference keys that name the note, by file path.
    package var references: [ReferenceChange] = []
    /// A habit keeps its old id as an alias (`aliases:`), so a check-off written under the old
    /// name on a machine not yet synced still names it; nil when nothing is added.
    package var keptAlias: String?
    /// The note's aliases before the rename.
    package var aliases: [String] = []

    /// Files with link or reference changes, in path order.
    package var files: [String] {
        var seen = Set<String>()
        return (changes.map(\.path) + references.map(\.path)).sorted().filter { seen.insert($0).inserted }
    }

    /// Plans renaming note `note` of `index` to `newTitle`: the file becomes the title's slug in the same folder.
    package static func make(index: VaultIndex, note: Int, newTitle: String) throws(RenameError) -> RenamePlan {
        let title = newTitle.trimmingBlanks
        guard !title.isEmpty else { throw .emptyTitle }
        let record = index.records[note]
        if record.kind == .daily { throw .daily(record.path) }
        let stem = Slug.make(title)
        let folder = VaultPaths.directory(of: record.path)
        let destination = folder.isEmpty ? stem + ".md" : folder + "/" + stem + ".md"
        guard let normalized = try? VaultPaths.normalize(destination), normalized == destination else {
            throw .outsideVault(destination)
        }
        if destination == record.path { throw .sameName(record.path) }
        let caseOnly = destination.lowercased() == record.path.lowercased()
        if !caseOnly {
            if index.records.contains(where: { $0.path.lowercased() == destination.lowercased() })
                || index.vault.fileSystem.exists(VaultPaths.join(index.vault.root, destination)) {
                throw .exists(destination)
            }
        }

        let hasTitleKey = record.frontMatter["title"] != nil
        let firstHeading = record.headings.first { $0.level == 1 }
        var change = TitleChange(frontMatter: hasTitleKey, headingLine: nil)
        if let firstHeading, firstHeading.text == record.title {
            // The heading shows the title: keep the two in step.
            change.headingLine = firstHeading.line
        }

        var plan = RenamePlan(note: note, source: record.path, destination: destination, oldTitle: record.title,
                              newTitle: title, oldStem: record.stem, newStem: stem, title: change, changes: [])
        plan.qualify = index.records.contains { $0.path != record.path && $0.stem.lowercased() == stem.lowercased() }
        plan.aliases = record.aliases
        if record.kind == .habit, record.stem.lowercased() != stem.lowercased(),
           !record.aliases.contains(where: { $0.lowercased() == record.stem.lowercased() }) {
            plan.keptAlias = record.stem
        }
        for (source, resolutions) in index.resolutions.enumerated() {
            for (position, resolution) in resolutions.enumerated() where resolution == .note(note) {
                let link = index.records[source].links[position]
                // Bare ids in front-matter are the references below.
                if link.kind == .reference || link.kind == .optionalReference { continue }
                if let target = plan.newTarget(for: link) {
                    plan.changes.append(LinkChange(path: index.records[source].path, source: source, link: link, newTarget: target))
                }
            }
        }
        for (source, record) in index.records.enumerated() where !record.frontMatter.isEmpty {
            plan.references += plan.references(in: record.frontMatter, path: record.path, source: source, index: index)
        }
        plan.changes.sort { $0.path != $1.path ? $0.path < $1.path : $0.link.byteRange.lowerBound < $1.link.byteRange.lowerBound }
        return plan
    }

    /// The new target of a link that resolves to the note, or nil when it stays as written.
    package func newTarget(for link: Link) -> String? {
        let target = link.target.trimmingBlanks
        if target.isEmpty { return nil }
        var folders = ""
        var name = Substring(target)
        if let slash = target.lastIndex(of: "/") {
            folders = String(target[...slash])
            name = target[target.index(after: slash)...]
        }
        var ext = ""
        if name.lowercased().hasSuffix(".md") {
            ext = String(name.suffix(3))
            name = name.dropLast(3)
        }
        let bare = qualify ? String(destination.dropLast(3)) : newStem
        if name.lowercased() == oldStem.lowercased() {
            return folders.isEmpty ? bare + ext : folders + newStem + ext
        }
        if folders.isEmpty, ext.isEmpty, target.lowercased() == oldTitle.lowercased() {
            return bare
        }
        return nil
    }

    /// The link changes of one file after it changed since indexing: its current bytes are scanned
    /// again and the links resolved the way the index does.
    package func changes(rescanning bytes: [UInt8], path: String, source: Int, index: VaultIndex) -> [LinkChange] {
        let stamp = FileStamp(path: path, size: bytes.count, modified: 0)
        let record = NoteParser.parse(bytes, stamp: stamp, kind: index.vault.kind(of: path))
        var result: [LinkChange] = []
        for link in record.links where index.resolve(link, from: source) == .note(note) {
            if let target = newTarget(for: link) {
                result.append(LinkChange(path: path, source: source, link: link, newTarget: target))
            }
        }
        return result
    }
}
