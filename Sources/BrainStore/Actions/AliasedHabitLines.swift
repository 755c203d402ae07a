import BrainFormat
import BrainAnalytics

/// Daily lines that name a habit by one of its `aliases:` — its old id after a rename, written
/// on a machine that had not synced the rename yet (`- [x] [[write]] 600 words` once `write` is
/// `writing`) — rewritten to name it by its id. The line still counted (aliases resolve); this
/// makes the files say it plainly again. Only the link's target changes.
package enum AliasedHabitLines {
    /// One line renamed.
    package struct Rewrite: Hashable, Sendable, Codable {
        package var path: String
        package var line: Int
        /// The name the line used, and the habit's id it now uses.
        package var alias: String
        package var id: String
    }

    /// Stages the rewrites in `transaction`, reading `index` (of the journal's files at least).
    /// An alias that is also another note's file name is left alone: the line may mean that note.
    package static func stage(_ transaction: VaultTransaction, index: VaultIndex) throws(ActionError) -> [Rewrite] {
        let stems = Set(index.records.map { $0.stem.lowercased() })
        var byAlias: [String: String] = [:]
        for record in index.records where record.kind == .habit {
            for alias in record.aliases where !stems.contains(alias.lowercased()) { byAlias[alias.lowercased()] = record.stem }
        }
        guard !byAlias.isEmpty else { return [] }
        var rewrites: [Rewrite] = []
        for record in index.records where record.kind == .daily {
            guard record.habitLines.contains(where: { byAlias[$0.habitKey] != nil }) else { continue }
            // The file as it is now (the index may be older).
            var document = try transaction.document(record.path)
            let renamed = rename(&document, byAlias: byAlias)
            if renamed.isEmpty { continue }
            rewrites += renamed.map { Rewrite(path: record.path, line: $0.line, alias: $0.alias, id: $0.id) }
            try transaction.write(document, to: record.path)
        }
        return rewrites
    }

    /// Renames in `document` the habit lines whose habit is a key of `byAlias` (lower-cased) to
    /// the id it maps to, touching only the link's target; the lines renamed.
    package static func rename(_ document: inout Document, byAlias: [String: String]) -> [(line: Int, alias: String, id: String)] {
        var renamed: [(line: Int, alias: String, id: String)] = []
        for line in DailyEditor.habitLines(in: document) {
            guard let id = byAlias[line.habitKey], line.line >= 1, line.line <= document.lineCount else { continue }
            let bytes = Array(document.lineBytes(line.line - 1))
            let old = Array("[[\(line.habit)".utf8)
            guard let start = bytes.firstRange(of: old)?.lowerBound else { continue }
            var new = bytes
            new.replaceSubrange(start..<(start + old.count), with: Array("[[\(id)".utf8))
            document.replaceLine(line.line, withBytes: new)
            renamed.append((line.line, line.habit, id))
        }
        return renamed
    }

    /// The aliases of the habits in `vault`'s habit folder (lower-cased) to the habit's id, read
    /// from the files' front-matter alone; an alias that is another habit's file name is left out.
    package static func habitAliases(in vault: Vault) -> [String: String] {
        let folder = vault.config.folders.habits
        guard let absolute = try? vault.absolute(folder) else { return [:] }
        let names = vault.fileSystem.names(in: absolute).filter { $0.lowercased().hasSuffix(".md") }
        let stems = Set(names.map { String($0.dropLast(3)).lowercased() })
        var byAlias: [String: String] = [:]
        for name in names {
            let path = folder.isEmpty ? name : folder + "/" + name
            guard let bytes = try? vault.fileSystem.read(VaultPaths.join(absolute, name)) else { continue }
            let record = NoteParser.parse(bytes, stamp: FileStamp(path: path, size: bytes.count, modified: 0), kind: .habit)
            for alias in record.aliases where !stems.contains(alias.lowercased()) { byAlias[alias.lowercased()] = record.stem }
        }
        return byAlias
    }
}
