import BrainFormat
import BrainAnalytics

extension VaultIndex {
    /// What `updating` did.
    package struct Update: Hashable, Sendable {
        /// Vault-relative paths parsed again, added or removed.
        package var changed: [String] = []
        /// Whether a file was added or removed, or a title or alias changed: links anywhere in the
        /// vault may now point elsewhere, so every link was resolved again (unless deferred).
        package var namesChanged = false
        /// Whether the other files' links were left as they pointed before a title or alias
        /// changed (`resolveOthers: false`); `resolvingAllLinks()` brings them up to date.
        package var othersPending = false

        package init() {}
    }

    /// This index with some files' contents replaced by the bytes given (nil: the file is gone),
    /// without reading any file: an editor's unsaved buffers, or files a watcher reported changed.
    /// Templates are left out, as `open` leaves them out.
    ///
    /// When paths, titles and aliases stay the same, only the changed files are parsed and only
    /// their links resolved (the cost of one file); otherwise every link of the vault is resolved
    /// again, in memory. The records of changed files carry a stamp no file on disk has
    /// (modification time -1), so a cache saved from this index reads those files again.
    ///
    /// With `resolveOthers: false`, a change of titles or aliases resolves only the changed files'
    /// links at once (an editor needs the diagnostics of the file being typed in a few
    /// milliseconds) and leaves the others for `resolvingAllLinks()` (`Update.othersPending`).
    package func updating(_ contents: [String: [UInt8]?], resolveOthers: Bool = true) -> (index: VaultIndex, update: Update) {
        var update = Update()
        var records = self.records
        var changedPositions: [Int] = []
        var added: [NoteRecord] = []
        var removed = Set<Int>()
        var copies = conflictCopies
        for path in contents.keys.sorted() where !vault.isTemplate(path) {
            // A sync engine's conflict copy is listed as one, never read as a note.
            let present = { (other: String) in (contents[other].map { $0 != nil } ?? false) || self.recordByPath[other] != nil }
            if let copy = ConflictCopy.recognise(path, exists: present) {
                copies.removeAll { $0.path == path }
                if contents[path] ?? nil != nil { copies.append(copy) }
                if copies != conflictCopies { update.changed.append(path) }
                continue
            }
            let position = recordByPath[path]
            guard let bytes = contents[path] ?? nil else {
                if let position {
                    removed.insert(position)
                    update.changed.append(path)
                }
                continue
            }
            let stamp = FileStamp(path: path, size: bytes.count, modified: -1, changed: -1)
            let record = NoteParser.parse(bytes, stamp: stamp, kind: vault.kind(of: path))
            update.changed.append(path)
            if let position {
                let old = records[position]
                if old.title != record.title || old.aliases != record.aliases { update.namesChanged = true }
                records[position] = record
                changedPositions.append(position)
            } else {
                added.append(record)
            }
        }
        if update.changed.isEmpty { return (self, update) }
        var report = self.report
        report.reread = update.changed.count - removed.count
        if added.isEmpty && removed.isEmpty && (!update.namesChanged || !resolveOthers) {
            // The same paths: the resolver stays valid, or takes the new names in place; only the
            // changed files' links move (and, later, the others' if names changed).
            var resolver = self.resolver
            if update.namesChanged {
                for position in changedPositions { resolver.rename(position, from: self.records[position], to: records[position]) }
                update.othersPending = true
            }
            var resolutions = self.resolutions
            for position in changedPositions {
                resolutions[position] = records[position].links.map { resolver.resolve($0, from: position) }
            }
            let index = VaultIndex(vault: vault, records: records, resolutions: resolutions, report: report,
                                   recordByPath: recordByPath, habitStems: habitStems)
            index.resolver = resolver
            index.cachedNameTwins = cachedNameTwins
            index.conflictCopies = copies.sorted { $0.path < $1.path }
            return (index, update)
        }
        update.namesChanged = true
        var all = records.indices.filter { !removed.contains($0) }.map { records[$0] }
        for record in added {
            // The order of a walk of the folders: depth-first, each folder's entries by name.
            let parts = record.path.split(separator: "/")
            var low = 0, high = all.count
            while low < high {
                let middle = (low + high) / 2
                if all[middle].path.split(separator: "/").lexicographicallyPrecedes(parts) { low = middle + 1 } else { high = middle }
            }
            all.insert(record, at: low)
        }
        report.files = all.count
        let resolver = LinkResolver(records: all)
        let index = VaultIndex(vault: vault, records: all, resolutions: VaultIndex.resolveAll(all, resolver: resolver), report: report)
        index.resolver = resolver
        index.conflictCopies = copies.sorted { $0.path < $1.path }
        return (index, update)
    }

    /// This index with every link resolved again (after `updating(_:resolveOthers: false)`).
    package func resolvingAllLinks() -> VaultIndex {
        let resolver = self.resolver
        let index = VaultIndex(vault: vault, records: records, resolutions: VaultIndex.resolveAll(records, resolver: resolver),
                               report: report, recordByPath: recordByPath, habitStems: habitStems)
        index.resolver = resolver
        index.cachedNameTwins = cachedNameTwins
        return index
    }
}
