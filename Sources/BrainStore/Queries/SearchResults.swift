import BrainFormat
import BrainAnalytics

/// `brain search TEXT`: every line holding a phrase, file by file, as grep prints them.
package struct SearchResults: Hashable, Sendable, Codable {
    package struct Match: Hashable, Sendable, Codable {
        /// Vault-relative.
        package var path: String
        package var line: Int
        /// 1-based, in UTF-8 bytes, of the first occurrence on the line.
        package var column: Int
        /// The whole line.
        package var text: String
    }

    /// In the order of `paths`, then by line.
    package var matches: [Match]

    /// Searches the vault-relative `paths` of `vault` (every Markdown file but the templates when
    /// nil) for `text`, case-insensitively; at most `limit` matching lines.
    package init(_ text: String, in vault: Vault, paths: [String]? = nil, limit: Int? = nil) {
        let paths = paths ?? vault.notePaths()
        let found = TextSearch(text).search(files: paths, under: vault.root, in: vault.fileSystem)
        var remaining = limit ?? Int.max
        var matches: [Match] = []
        outer: for (position, fileMatches) in found.enumerated() {
            for match in fileMatches {
                if remaining <= 0 { break outer }
                remaining -= 1
                matches.append(Match(path: paths[position], line: match.line, column: match.column, text: match.text))
            }
        }
        self.matches = matches
    }

    /// The notes of `index` whose tags match every expression and whose kind is `kind` (any when nil), by path.
    package static func paths(in index: VaultIndex, tags: [TagExpression], kind: NoteKind?) -> [String] {
        var selected = Array(index.records.indices)
        for expression in tags {
            selected = selected.filter { expression.matches(index.records[$0].tags) }
        }
        if let kind {
            selected = selected.filter { index.records[$0].kind == kind }
        }
        return selected.map { index.records[$0].path }
    }
}
