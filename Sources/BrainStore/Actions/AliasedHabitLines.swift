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
            var document = try transaction.document(record.path)
            var changed = false
            // The file as it is now (the index may be older): its own habit lines.
            for line in DailyEditor.habitLines(in: document) {
                guard let id = byAlias[line.habitKey], line.line >= 1, line.line <= document.lineCount else { continue }
                let bytes = Array(document.lineBytes(line.line - 1))
                let old = Array("[[\(line.habit)".utf8)
                guard let start = bytes.firstRange(of: old)?.lowerBound else { continue }
                var new = bytes
                new.replaceSubrange(start..<(start + old.count), with: Array("[[\(id)".utf8))
                document.replaceLine(line.line, withBytes: new)
                changed = true
                rewrites.append(Rewrite(path: record.path, line: line.line, alias: line.habit, id: id))
            }
            if changed { try transaction.write(document, to: record.path) }
        }
        return rewrites
    }
}
