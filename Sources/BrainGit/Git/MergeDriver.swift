import BrainFormat
import BrainStore

/// What `brain merge-driver %O %A %B %P` does for git: reads the base, ours and theirs versions of
/// one file, merges them (``VaultMerge``) and writes the result over ours, where git looks for it.
package struct MergeDriver: Sendable {
    /// Absolute paths of git's temporary files: the base (`%O`), ours (`%A`, overwritten with the
    /// result) and theirs (`%B`).
    package var base: String
    package var ours: String
    package var theirs: String
    /// The file's path in the repository (`%P`), relative to the top of the work tree.
    package var path: String
    /// The folder git runs the driver in: the top of the work tree.
    package var directory: String
    package var labels: MergeLabels
    package var markerSize: Int
    package var fileSystem: any FileSystem

    package init(base: String, ours: String, theirs: String, path: String, directory: String,
                labels: MergeLabels = MergeLabels(), markerSize: Int = 7, fileSystem: any FileSystem = POSIXFileSystem()) {
        self.base = base
        self.ours = ours
        self.theirs = theirs
        self.path = path
        self.directory = directory
        self.labels = labels
        self.markerSize = markerSize
        self.fileSystem = fileSystem
    }

    package struct Outcome: Codable, Sendable, Hashable {
        /// The path in the repository.
        package var path: String
        package var kind: VaultMerge.Kind
        package var clean: Bool
        package var conflicts: [MergeConflict]
    }

    /// Merges and writes the result to `ours`. Throws when a file cannot be read or written; ours
    /// is then left as it was.
    /// A day's lines that name a renamed habit by its old id (an alias) are merged as lines of
    /// that habit, under its id: the three versions are read with their aliases renamed.
    package func run() throws(ActionError) -> Outcome {
        let absolute = VaultLocator.absolute(path, from: directory)
        let kind = MergeDriver.kind(of: absolute, fileSystem: fileSystem)
        do {
            var versions = [try fileSystem.read(base), try fileSystem.read(ours), try fileSystem.read(theirs)]
            if kind == .daily, let root = VaultLocator.enclosingVault(from: VaultPaths.directory(of: absolute), fileSystem: fileSystem) {
                let byAlias = AliasedHabitLines.habitAliases(in: Vault(root: root, fileSystem: fileSystem))
                if !byAlias.isEmpty {
                    versions = versions.map { bytes in
                        var document = Document(bytes: bytes)
                        return AliasedHabitLines.rename(&document, byAlias: byAlias).isEmpty ? bytes : document.bytes
                    }
                }
            }
            let merged = VaultMerge.merge(base: versions[0], ours: versions[1],
                                          theirs: versions[2], kind: kind, labels: labels, markerSize: markerSize)
            try fileSystem.writeAtomically(merged.bytes, to: ours)
            return Outcome(path: path, kind: kind, clean: merged.isClean, conflicts: merged.conflicts)
        } catch {
            throw ActionError(error)
        }
    }

    /// How the file at absolute `path` is merged: a daily file by the rules of days, another
    /// Markdown file as a note, anything else as text. The kind comes from the vault the file is in
    /// (its `.brain/config.yml` may move the daily folder); outside a vault, a file named
    /// `YYYY-MM-DD.md` is a day.
    package static func kind(of path: String, fileSystem: any FileSystem = POSIXFileSystem()) -> VaultMerge.Kind {
        guard path.lowercased().hasSuffix(".md") else { return .text }
        if let folder = VaultLocator.enclosingVault(from: VaultPaths.directory(of: path), fileSystem: fileSystem) {
            let relative = String(path.dropFirst(folder == "/" ? 1 : folder.count + 1))
            if relative.hasPrefix(".brain/") { return .text }
            let vault = Vault(root: folder, fileSystem: fileSystem)
            return vault.kind(of: relative) == .daily ? .daily : .note
        }
        return Day(VaultPaths.stem(of: path)) != nil ? .daily : .note
    }
}
